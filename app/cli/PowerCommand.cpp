#include "CliCommon.h"

#include "model/Design.h"
#include "model/edits/PowerOps.h"
#include "model/json/CatalogFile.h"
#include "model/json/DesignFile.h"

#include <array>

namespace cds::cli {

namespace {

int powerError(const QString& msg) {
    err() << "cluster-studio-cli power: " << msg << "\n";
    err().flush();
    return BadInput;
}

/// "2 utility, 2 transformer, ... 6 busway": the chain's elements by kind, units counted.
QString elementsByKind(const PowerChain& c) {
    std::array<int, kPowerKindCount> n{};
    c.elements.forEach(
        [&n](PowerElementId, const PowerElement& e) { n[std::size_t(e.kind)] += e.units; });
    QStringList parts;
    for (int k = 0; k < kPowerKindCount; ++k)
        if (n[std::size_t(k)] > 0)
            parts << QStringLiteral("%1 %2").arg(n[std::size_t(k)]).arg(powerKindKey(PowerKind(k)));
    return parts.join(QStringLiteral(", "));
}

/// --it-mw into @p o; an error message, empty when fine.
QString readBudget(const QCommandLineParser& p, edits::PowerChainOptions& o) {
    if (!p.isSet(QStringLiteral("it-mw")))
        return {};
    QString error;
    const std::optional<double> mw = megawatts(p, "it-mw", error);
    if (mw)
        o.itBudgetKw = *mw * 1000;
    return error;
}

} // namespace

int runPower(const QStringList& args) {
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Design file (*.cds.json)."));
    p.addOption({QStringLiteral("power-redundancy"),
                 QStringLiteral("Redundancy: 2N (default), N+1, block (4N/3, or xN/(x-1)) or "
                                "single."),
                 QStringLiteral("S"), QStringLiteral("2N")});
    p.addOption({QStringLiteral("dc-800v"),
                 QStringLiteral("Feed rack-scale liquid-cooled systems (NVL72) at 800 V DC from "
                                "power racks beside their rows.")});
    p.addOption({QStringLiteral("it-mw"),
                 QStringLiteral("The IT budget to record with the chain, MW."),
                 QStringLiteral("MW")});
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Write the design with its chain here (may be FILE itself)."),
                 QStringLiteral("OUT")});
    if (auto code = parse(p, args,
                          QStringLiteral("Build (or rebuild) a design's power chain for its racks, "
                                         "as the studio's Power > Build power chain does: the "
                                         "chain the generator gives those racks, every rack's "
                                         "A and B feeds on it.\nExit status: 0 written, 2 the "
                                         "file or a flag is wrong or the chain cannot be "
                                         "built (nothing written).")))
        return *code;
    if (p.positionalArguments().size() != 1)
        return powerError(QStringLiteral("expected one FILE"));
    if (!p.isSet(QStringLiteral("output")))
        return powerError(QStringLiteral("-o OUT is required (it may be FILE itself)"));
    edits::PowerChainOptions o;
    if (QString e = readPowerRedundancy(p, o.build); !e.isEmpty())
        return powerError(e);
    if (QString e = readBudget(p, o); !e.isEmpty())
        return powerError(e);
    const QString file = p.positionalArguments().first();
    auto d = openDesign(file);
    if (!d)
        return BadInput;
    const CatalogLibrary lib = CatalogLibrary::loadDefault();
    for (const FileError& e : lib.errors())
        err() << "cluster-studio-cli: warning: " << e.toString() << "\n";
    edits::Result r = edits::buildPowerChain(*d, lib.catalog(), o);
    if (!r)
        return powerError(QStringLiteral("%1: %2").arg(file, r.refusal));
    Design design(std::move(*d));
    r.edit->apply(design);
    err() << "note: " << r.edit->text() << ": " << elementsByKind(design.data().power) << "\n";
    if (!writeOutput(p.value(QStringLiteral("output")), DesignFile::toBytes(design.data())))
        return BadInput;
    return Ok;
}

} // namespace cds::cli
