#include "CliCommon.h"

#include "model/generator/Generator.h"
#include "model/json/CatalogFile.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Metrics.h"
#include "model/scenarios/ScenarioEdit.h"

#include <QDate>
#include <QRegularExpression>

#include <cmath>

namespace cds::cli {

namespace {

QCommandLineOption opt(const char* name, const char* help, const char* value = nullptr,
                       const char* def = nullptr) {
    QCommandLineOption o(QString::fromLatin1(name), QString::fromLatin1(help));
    if (value)
        o.setValueName(QString::fromLatin1(value));
    if (def)
        o.setDefaultValue(QString::fromLatin1(def));
    return o;
}

int usageError(const QString& msg) {
    err() << "cluster-studio-cli generate: " << msg << "\n";
    err().flush();
    return BadInput;
}

/// The what-if of --cpo: the same cluster on pluggable optics, kept as a scenario of the CPO
/// design so the studio compares them, and the difference told on standard error.
bool keepPluggableScenario(GenerateParams g, const Catalog& catalog, GenerateResult& cpo) {
    g.cpo = false;
    const GenerateResult pluggable = generateCluster(g, catalog);
    if (!pluggable.ok) {
        cpo.error = pluggable.error;
        return false;
    }
    const Metrics a = computeMetrics(pluggable.design), b = computeMetrics(cpo.design);
    cpo.design.scenarios.push_back(
        {QStringLiteral("Pluggable optics"), scenarioSnapshot(pluggable.design)});
    cpo.notes << QStringLiteral("--cpo: %1 pluggable transceivers instead of %2, optics %3 kW "
                                "instead of %4 kW, $%5 instead of $%6 (kept as scenario "
                                "'Pluggable optics')")
                     .arg(b.pluggableOptics)
                     .arg(a.pluggableOptics)
                     .arg(b.opticsPowerW / 1000, 0, 'f', 1)
                     .arg(a.opticsPowerW / 1000, 0, 'f', 1)
                     .arg(b.opticsCostUsd, 0, 'f', 0)
                     .arg(a.opticsCostUsd, 0, 'f', 0);
    return true;
}

/// --it-mw / --site-mw: the number of GPUs that fits, told on stderr; an error, empty when fine.
QString sizeToBudgetFlags(const QCommandLineParser& p, const Catalog& lib, GenerateParams& g) {
    const bool site = p.isSet(QStringLiteral("site-mw"));
    const char* flag = site ? "site-mw" : "it-mw";
    QString error;
    const auto mw = megawatts(p, flag, error);
    if (!mw)
        return error;
    const BudgetSizing s =
        site ? sizeToBudget(g, lib, 0, *mw * 1000) : sizeToBudget(g, lib, *mw * 1000);
    if (!s.ok)
        return QStringLiteral("--%1 %2: %3")
            .arg(QLatin1String(flag), p.value(QLatin1String(flag)), s.error);
    g.gpus = s.gpus;
    g.siteBudgetKw = site ? *mw * 1000 : 0;
    // A facility budget gives the IT budget through the design's PUE (facility / IT).
    g.itBudgetKw = site ? *mw * 1000 * s.itKw / std::max(1e-9, s.facilityKw) : *mw * 1000;
    err() << "note: --" << flag << " " << p.value(QLatin1String(flag)) << ": " << s.why << "\n";
    return {};
}

/// @brief --phases, --phase-start and --phase-weeks as read.
struct Phasing {
    int count = 0; ///< 0: no phases
    QDate start;
    int weeks = 8;
};

/// The phasing flags, or nullopt after saying on stderr what is wrong.
std::optional<Phasing> readPhasing(const QCommandLineParser& p) {
    Phasing out;
    bool ok = false;
    auto bad = [](const QString& why) {
        usageError(why);
        return std::optional<Phasing>();
    };
    if (p.isSet(QStringLiteral("phases"))) {
        out.count = p.value(QStringLiteral("phases")).toInt(&ok);
        if (!ok || out.count < 1 || out.count > kMaxBuildPhases)
            return bad(QStringLiteral("--phases expects a number from 1 to %1, not '%2'")
                           .arg(kMaxBuildPhases)
                           .arg(p.value(QStringLiteral("phases"))));
    }
    if (p.isSet(QStringLiteral("phase-start"))) {
        const QString date = p.value(QStringLiteral("phase-start"));
        out.start = QDate::fromString(date, Qt::ISODate);
        if (!out.start.isValid() || date.size() != 10)
            return bad(
                QStringLiteral("--phase-start expects a date YYYY-MM-DD, not '%1'").arg(date));
        if (out.count == 0)
            return bad(QStringLiteral("--phase-start needs --phases N"));
    }
    out.weeks = p.value(QStringLiteral("phase-weeks")).toInt(&ok);
    if (!ok || out.weeks < 0 || out.weeks > 520)
        return bad(QStringLiteral("--phase-weeks expects weeks from 0 to 520, not '%1'")
                       .arg(p.value(QStringLiteral("phase-weeks"))));
    return out;
}

} // namespace

std::optional<double> megawatts(const QCommandLineParser& p, const char* name, QString& error) {
    bool ok = false;
    const QString text = p.value(QString::fromLatin1(name));
    const double mw = text.toDouble(&ok);
    if (!ok || !std::isfinite(mw) || mw <= 0 || mw > 10000) {
        error = QStringLiteral("--%1 expects megawatts, a number above 0 and at most 10000, not "
                               "'%2'")
                    .arg(QLatin1String(name), text);
        return std::nullopt;
    }
    return mw;
}

QString readPowerRedundancy(const QCommandLineParser& p, PowerBuildOptions& o) {
    const QString scheme = p.value(QStringLiteral("power-redundancy"));
    const auto s = powerSchemeFromKey(scheme);
    if (!s)
        return QStringLiteral("--power-redundancy expects 2N, N+1, block (or 4N/3) or single, not "
                              "'%1'")
            .arg(scheme);
    o.scheme = *s;
    if (*s == PowerScheme::Block && scheme.contains(QLatin1Char('N'))) {
        const int blocks = scheme.section(QLatin1Char('N'), 0, 0).toInt();
        const int reserve = scheme.section(QLatin1Char('/'), 1).toInt();
        if (blocks < 3 || reserve != blocks - 1)
            return QStringLiteral("--power-redundancy %1: a block-redundant scheme is xN/(x-1) "
                                  "with at least 3 blocks, e.g. 4N/3")
                .arg(scheme);
        o.blocks = blocks;
    }
    o.dc800 = p.isSet(QStringLiteral("dc-800v"));
    return {};
}

int runGenerate(const QStringList& args) {
    QCommandLineParser p;
    p.addOption(opt("gpus", "Number of GPUs (a multiple of the server's GPU count).", "N"));
    p.addOption(opt("it-mw",
                    "Instead of --gpus: the IT load budget in MW; the design gets the largest "
                    "whole number of scalable units whose IT load fits.",
                    "MW"));
    p.addOption(opt("site-mw",
                    "Instead of --gpus: the facility budget in MW (IT load times each rack's "
                    "cooling PUE); the largest whole number of scalable units that fits.",
                    "MW"));
    p.addOption(opt("power-redundancy",
                    "Power chain redundancy: 2N (default), N+1, block (4N/3, or xN/(x-1)) or "
                    "single.",
                    "S", "2N"));
    p.addOption(opt("dc-800v",
                    "Feed rack-scale liquid-cooled systems (NVL72) at 800 V DC from power racks "
                    "beside their rows."));
    p.addOption(opt("server", "GPU server catalog id.", "ID", "nvidia-dgx-h100"));
    p.addOption(opt("switch",
                    "Compute-fabric switch catalog id (default: the first of nvidia-qm9700, "
                    "nvidia-q3400, nvidia-sn5600, nvidia-sn5610 that carries the server's NICs).",
                    "ID"));
    p.addOption(opt("topology", "rail-optimized (default) or fat-tree.", "T", "rail-optimized"));
    p.addOption(
        opt("tiers", "auto (default), 1 (one switch or a switch pair), 2 or 3.", "T", "auto"));
    p.addOption(
        opt("oversubscription", "Leaf downlink:uplink, e.g. 1:1 (default), 2:1.", "D:U", "1:1"));
    p.addOption(opt("su-nodes",
                    "Servers per scalable unit (default: NVIDIA's, 32 nodes or 8 NVL72 racks).",
                    "N"));
    p.addOption(opt("pod-gpus",
                    "GPUs per pod of a 3-tier fabric, whole scalable units (default: as many as "
                    "a spine takes; Meta's 24k RoCE cluster: 3072).",
                    "N"));
    p.addOption(opt("planes",
                    "Parallel compute planes: each NIC's bandwidth split N ways, one fabric per "
                    "plane (default 1; Spectrum-X twin-plane: 2).",
                    "N"));
    p.addOption(opt("servers-per-rack",
                    "GPU servers per compute rack, for a rack power budget (default: as many as "
                    "the rack's cooling allows, at most 4 on air or rear doors).",
                    "N"));
    p.addOption(opt("storage-tb",
                    "Usable parallel-file-system capacity in TB (default: what the bandwidth "
                    "needs brings).",
                    "TB"));
    p.addOption(opt("storage-gbps-per-gpu",
                    "Storage read bandwidth per GPU in Gb/s (default 4: NVIDIA DGX SuperPOD "
                    "enhanced storage, 125 GB/s per 256 GPUs).",
                    "G"));
    p.addOption(opt("checkpoint-minutes",
                    "Minutes a full model-state checkpoint may take to write: storage gets the "
                    "write bandwidth for it (default: sized by read bandwidth only).",
                    "MIN"));
    p.addOption(opt("hall",
                    "Hall size in mm, e.g. 30000x20000 (default: sized to fit); with --halls, "
                    "each hall's.",
                    "WxD"));
    p.addOption(opt("halls",
                    "A campus: split the scalable units over N halls, each with its own rows "
                    "and CDUs, side by side in a grid 24 m apart on the site (default 1).",
                    "N"));
    p.addOption(opt("hall-mw",
                    "A campus sized to a power budget per hall: the fewest halls of whole "
                    "scalable units whose every hall's IT load is at most MW (not with "
                    "--halls).",
                    "MW"));
    p.addOption(opt("cooling",
                    "Force one cooling type: air, rear-door-hx, direct-liquid, "
                    "immersion (default: chosen per rack).",
                    "TYPE"));
    p.addOption(opt("title", "Design title.", "TEXT"));
    p.addOption(opt("cpo",
                    "Co-packaged optics: use the catalog's CPO switch of the same technology and "
                    "port speed; the pluggable design is kept as scenario 'Pluggable optics'."));
    p.addOption(opt("phases",
                    "Split the build into N phases by scalable unit (spine, core, storage and "
                    "management racks in the first).",
                    "N"));
    p.addOption(opt("phase-start", "With --phases: the first phase's date, YYYY-MM-DD.", "DATE"));
    p.addOption(
        opt("phase-weeks", "With --phase-start: weeks between phases (default 8).", "W", "8"));
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Design file to write ('-': standard output)."),
                 QStringLiteral("FILE")});
    if (auto code = parse(p, args,
                          QStringLiteral("Generate a complete cluster design: servers, compute, "
                                         "storage and management fabrics, racks, cables.")))
        return *code;
    if (!p.positionalArguments().isEmpty())
        return usageError(
            QStringLiteral("unexpected argument '%1'").arg(p.positionalArguments().first()));
    const int sizings = int(p.isSet(QStringLiteral("gpus"))) +
                        int(p.isSet(QStringLiteral("it-mw"))) +
                        int(p.isSet(QStringLiteral("site-mw")));
    if (sizings == 0)
        return usageError(QStringLiteral("--gpus N (or --it-mw MW, or --site-mw MW) is required"));
    if (sizings > 1)
        return usageError(QStringLiteral("give one of --gpus, --it-mw and --site-mw"));
    if (!p.isSet(QStringLiteral("output")))
        return usageError(QStringLiteral("-o FILE is required"));

    GenerateParams g;
    bool ok = false;
    if (p.isSet(QStringLiteral("gpus"))) {
        g.gpus = p.value(QStringLiteral("gpus")).toInt(&ok);
        if (!ok || g.gpus <= 0)
            return usageError(QStringLiteral("--gpus expects a positive number, not '%1'")
                                  .arg(p.value(QStringLiteral("gpus"))));
    } else {
        QString error; // checked before the catalog loads, so a typo fails fast
        if (!megawatts(p, p.isSet(QStringLiteral("it-mw")) ? "it-mw" : "site-mw", error))
            return usageError(error);
    }
    if (const QString e = readPowerRedundancy(p, *g.power); !e.isEmpty())
        return usageError(e);
    g.serverId = p.value(QStringLiteral("server"));
    g.switchId = p.value(QStringLiteral("switch"));
    const QString topo = p.value(QStringLiteral("topology"));
    if (topo == QLatin1String("rail-optimized"))
        g.topology = Topology::RailOptimized;
    else if (topo == QLatin1String("fat-tree"))
        g.topology = Topology::FatTree;
    else
        return usageError(
            QStringLiteral("--topology expects rail-optimized or fat-tree, not '%1'").arg(topo));
    const QString tiers = p.value(QStringLiteral("tiers"));
    if (tiers == QLatin1String("auto"))
        g.tiers = 0;
    else if (tiers == QLatin1String("1") || tiers == QLatin1String("2") ||
             tiers == QLatin1String("3"))
        g.tiers = tiers.toInt();
    else
        return usageError(QStringLiteral("--tiers expects auto, 1, 2 or 3, not '%1'").arg(tiers));
    static const QRegularExpression ratio(
        QStringLiteral("^(\\d+(?:\\.\\d+)?):(\\d+(?:\\.\\d+)?)$"));
    const auto m = ratio.match(p.value(QStringLiteral("oversubscription")));
    if (!m.hasMatch() || m.captured(2).toDouble() <= 0 ||
        m.captured(1).toDouble() < m.captured(2).toDouble())
        return usageError(QStringLiteral("--oversubscription expects D:U with D >= U, e.g. 2:1, "
                                         "not '%1'")
                              .arg(p.value(QStringLiteral("oversubscription"))));
    g.oversubscription = m.captured(1).toDouble() / m.captured(2).toDouble();
    if (p.isSet(QStringLiteral("su-nodes"))) {
        g.suNodes = p.value(QStringLiteral("su-nodes")).toInt(&ok);
        if (!ok || g.suNodes < 1)
            return usageError(QStringLiteral("--su-nodes expects a positive number"));
    }
    if (p.isSet(QStringLiteral("pod-gpus"))) {
        g.podGpus = p.value(QStringLiteral("pod-gpus")).toInt(&ok);
        if (!ok || g.podGpus < 1)
            return usageError(QStringLiteral("--pod-gpus expects a positive number of GPUs"));
    }
    if (p.isSet(QStringLiteral("planes"))) {
        g.planes = p.value(QStringLiteral("planes")).toInt(&ok);
        if (!ok || (g.planes != 1 && g.planes != 2 && g.planes != 4))
            return usageError(QStringLiteral("--planes expects 1, 2 or 4, not '%1'")
                                  .arg(p.value(QStringLiteral("planes"))));
    }
    if (p.isSet(QStringLiteral("servers-per-rack"))) {
        g.serversPerRack = p.value(QStringLiteral("servers-per-rack")).toInt(&ok);
        if (!ok || g.serversPerRack < 1)
            return usageError(QStringLiteral("--servers-per-rack expects a positive number, not "
                                             "'%1'")
                                  .arg(p.value(QStringLiteral("servers-per-rack"))));
    }
    if (p.isSet(QStringLiteral("storage-tb"))) {
        g.storageTb = p.value(QStringLiteral("storage-tb")).toDouble(&ok);
        if (!ok || g.storageTb < 0 || !std::isfinite(g.storageTb) ||
            g.storageTb > GenerateParams::kMaxStorageTb)
            return usageError(QStringLiteral("--storage-tb expects a number of TB from 0 to %1, "
                                             "not '%2'")
                                  .arg(GenerateParams::kMaxStorageTb, 0, 'g', 3)
                                  .arg(p.value(QStringLiteral("storage-tb"))));
    }
    if (p.isSet(QStringLiteral("storage-gbps-per-gpu"))) {
        g.storageGbpsPerGpu = p.value(QStringLiteral("storage-gbps-per-gpu")).toDouble(&ok);
        if (!ok || g.storageGbpsPerGpu < 0 || g.storageGbpsPerGpu > 1e4)
            return usageError(
                QStringLiteral("--storage-gbps-per-gpu expects Gb/s per GPU >= 0, not '%1'")
                    .arg(p.value(QStringLiteral("storage-gbps-per-gpu"))));
    }
    if (p.isSet(QStringLiteral("checkpoint-minutes"))) {
        g.checkpointMinutes = p.value(QStringLiteral("checkpoint-minutes")).toDouble(&ok);
        if (!ok || !(g.checkpointMinutes > 0 && g.checkpointMinutes <= 1440))
            return usageError(
                QStringLiteral("--checkpoint-minutes expects minutes from 0 to 1440, not '%1'")
                    .arg(p.value(QStringLiteral("checkpoint-minutes"))));
    }
    if (p.isSet(QStringLiteral("hall"))) {
        static const QRegularExpression wxd(QStringLiteral("^(\\d+)x(\\d+)$"));
        const auto h = wxd.match(p.value(QStringLiteral("hall")));
        if (!h.hasMatch() || h.captured(1).toDouble() <= 0 || h.captured(2).toDouble() <= 0)
            return usageError(QStringLiteral("--hall expects WxD in mm, e.g. 30000x20000"));
        g.hallWidthMm = h.captured(1).toDouble();
        g.hallDepthMm = h.captured(2).toDouble();
    }
    if (p.isSet(QStringLiteral("halls"))) {
        g.halls = p.value(QStringLiteral("halls")).toInt(&ok);
        if (!ok || g.halls < 1 || g.halls > GenerateParams::kMaxHalls)
            return usageError(QStringLiteral("--halls expects a number from 1 to %1, not '%2'")
                                  .arg(GenerateParams::kMaxHalls)
                                  .arg(p.value(QStringLiteral("halls"))));
    }
    std::optional<double> hallMw;
    if (p.isSet(QStringLiteral("hall-mw"))) {
        QString error;
        hallMw = megawatts(p, "hall-mw", error);
        if (!hallMw)
            return usageError(error);
        if (p.isSet(QStringLiteral("halls")))
            return usageError(QStringLiteral("give one of --halls and --hall-mw"));
    }
    if (p.isSet(QStringLiteral("cooling"))) {
        g.cooling = coolingFromKey(p.value(QStringLiteral("cooling")));
        if (!g.cooling)
            return usageError(QStringLiteral("--cooling expects air, rear-door-hx, "
                                             "direct-liquid or immersion"));
    }
    g.title = p.value(QStringLiteral("title"));
    g.cpo = p.isSet(QStringLiteral("cpo"));
    const std::optional<Phasing> phasing = readPhasing(p);
    if (!phasing)
        return BadInput; // readPhasing said why
    g.phases = phasing->count;
    g.phaseStart = phasing->start.isValid() ? phasing->start.toString(Qt::ISODate) : QString();
    g.phaseWeeks = phasing->weeks;

    const CatalogLibrary lib = CatalogLibrary::loadDefault();
    for (const FileError& e : lib.errors())
        err() << "cluster-studio-cli: warning: " << e.toString() << "\n";
    if (!p.isSet(QStringLiteral("gpus")))
        if (const QString e = sizeToBudgetFlags(p, lib.catalog(), g); !e.isEmpty())
            return usageError(e);
    GenerateResult r = hallMw ? generateForHallBudget(g, lib.catalog(), *hallMw * 1000)
                              : generateCluster(g, lib.catalog());
    if (!r.ok)
        return usageError(hallMw ? QStringLiteral("--hall-mw %1: %2")
                                       .arg(p.value(QStringLiteral("hall-mw")), r.error)
                                 : r.error);
    g.halls = std::max(1, int(r.design.halls.size()));
    if (g.cpo && !keepPluggableScenario(g, lib.catalog(), r))
        return usageError(r.error);
    const QString output = p.value(QStringLiteral("output"));
    if (output == QLatin1String("-")) {
        if (!writeOutput(output, DesignFile::toBytes(r.design)))
            return BadInput; // standardOutputWritten tells why, once
    } else if (QString error; !DesignFile::save(r.design, output, &error)) {
        return usageError(error);
    }
    for (const QString& n : r.notes)
        err() << "note: " << n << "\n";
    err().flush();
    return Ok;
}

} // namespace cds::cli
