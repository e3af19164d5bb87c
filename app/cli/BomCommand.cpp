#include "CliCommon.h"

#include "model/Bom.h"
#include "model/export/Reports.h"

namespace cds::cli {

int runBom(const QStringList& args) {
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Design file (*.cds.json)."));
    p.addOption({QStringLiteral("format"), QStringLiteral("csv (default) or json."),
                 QStringLiteral("FORMAT"), QStringLiteral("csv")});
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Write to OUT instead of standard output."),
                 QStringLiteral("OUT")});
    if (auto code = parse(
            p, args, QStringLiteral("Print the bill of materials: one line per catalog item.")))
        return *code;
    if (p.positionalArguments().size() != 1) {
        err() << "cluster-studio-cli bom: expected one FILE\n";
        return BadInput;
    }
    const QString format = p.value(QStringLiteral("format"));
    if (format != QLatin1String("csv") && format != QLatin1String("json")) {
        err() << "cluster-studio-cli bom: unknown --format '" << format << "' (csv or json)\n";
        return BadInput;
    }
    auto d = openDesign(p.positionalArguments().first());
    if (!d)
        return BadInput;
    const Bom bom = computeBom(*d);
    const QByteArray bytes = format == QLatin1String("json") ? bomJson(*d, bom) : bomCsv(*d, bom);
    return writeOutput(p.value(QStringLiteral("output")), bytes) ? Ok : BadInput;
}

} // namespace cds::cli
