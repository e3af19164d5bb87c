#include "CliCommon.h"

#include "model/Bom.h"
#include "model/export/BomXlsx.h"
#include "model/export/CablingSchedule.h"
#include "model/export/KubernetesExport.h"
#include "model/export/NetBoxExport.h"
#include "model/export/SlurmTopology.h"
#include "model/export/SlurmTopologyYaml.h"
#ifdef CDS_HAVE_VIEWS
#include "views/dashboard/ReportCharts.h"
#include "views/render/DrawingExport.h"

#include <QApplication>
#endif

#include <QDir>
#include <QFileInfo>

#include <cmath>
#include <cstring>

namespace cds::cli {

namespace {

const QStringList kFormats = {
    QStringLiteral("pdf"),   QStringLiteral("svg"),         QStringLiteral("png"),
    QStringLiteral("xlsx"),  QStringLiteral("cabling-csv"), QStringLiteral("netbox"),
    QStringLiteral("slurm"), QStringLiteral("slurm-yaml"),  QStringLiteral("kubernetes")};

/// Formats that write a folder, which they create.
bool isFolderFormat(const QString& f) {
    return f == QLatin1String("netbox") || f == QLatin1String("kubernetes");
}

bool isDrawingFormat(const QString& f) {
    return f == QLatin1String("pdf") || f == QLatin1String("svg") || f == QLatin1String("png");
}

/// Pixels per metre: a 1 m rack row at this scale is already past any drawing's size limit.
constexpr int kMaxScale = 100000;

int fail(const QString& message) {
    err() << "cluster-studio-cli export: " << message << "\n";
    err().flush();
    return BadInput;
}

/// A file output needs an existing folder; netbox and kubernetes make their own folder.
bool parentExists(const QString& path) {
    return QFileInfo(path).absoluteDir().exists();
}

} // namespace

std::unique_ptr<QCoreApplication> makeApplication(int& argc, char** argv) {
    bool gui = false;
    if (argc > 1 && std::strcmp(argv[1], "export") == 0)
        for (int i = 2; i < argc; ++i) {
            const QString a = QString::fromLocal8Bit(argv[i]);
            QString f;
            if (a.startsWith(QLatin1String("--format=")))
                f = a.mid(9);
            else if (a == QLatin1String("--format") && i + 1 < argc)
                f = QString::fromLocal8Bit(argv[i + 1]);
            gui |= isDrawingFormat(f);
        }
    if (!gui)
        return std::make_unique<QCoreApplication>(argc, argv);
#ifdef CDS_HAVE_VIEWS
    // Drawing needs fonts and a paint engine, not a screen: headless runs use offscreen.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QApplication>(argc, argv); // the report's charts are widgets
#else
    return std::make_unique<QCoreApplication>(argc, argv);
#endif
}

int runExport(const QStringList& args) {
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Design file (*.cds.json)."));
    p.addOption({QStringLiteral("format"),
                 QStringLiteral("One of: %1.").arg(kFormats.join(QStringLiteral(", "))),
                 QStringLiteral("FORMAT")});
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Output file (netbox, kubernetes: output folder). Required."),
                 QStringLiteral("PATH")});
    p.addOption({QStringLiteral("view"), QStringLiteral("svg/png: floorplan (default) or racks."),
                 QStringLiteral("VIEW"), QStringLiteral("floorplan")});
    p.addOption({QStringLiteral("scale"),
                 QStringLiteral("svg/png: pixels per metre (default: floorplan 60, racks 400)."),
                 QStringLiteral("PX"), QStringLiteral("0")});
    p.addOption({QStringLiteral("site"),
                 QStringLiteral("netbox: the NetBox site name (default: the hall name)."),
                 QStringLiteral("SITE")});
    if (auto code = parse(
            p, args,
            QStringLiteral(
                "Export a design: customer report (pdf), drawings (svg, png), BOM "
                "workbook (xlsx), cabling schedule, NetBox import, Slurm topology (conf, yaml), "
                "Kubernetes labels and Kueue topology.")))
        return *code;
    if (p.positionalArguments().size() != 1)
        return fail(QStringLiteral("expected one FILE"));
    const QString format = p.value(QStringLiteral("format"));
    if (format.isEmpty())
        return fail(
            QStringLiteral("--format is required (%1)").arg(kFormats.join(QStringLiteral(", "))));
    if (!kFormats.contains(format))
        return fail(QStringLiteral("unknown --format '%1' (%2)")
                        .arg(format, kFormats.join(QStringLiteral(", "))));
    const QString outPath = p.value(QStringLiteral("output"));
    if (outPath.isEmpty())
        return fail(QStringLiteral("-o PATH is required"));
    const QString view = p.value(QStringLiteral("view"));
    if (view != QLatin1String("floorplan") && view != QLatin1String("racks"))
        return fail(QStringLiteral("unknown --view '%1' (floorplan or racks)").arg(view));
    bool scaleOk = false;
    const double scale = p.value(QStringLiteral("scale")).toDouble(&scaleOk);
    if (!scaleOk || !std::isfinite(scale) || scale < 0 || scale > kMaxScale)
        return fail(QStringLiteral("--scale '%1' is not a number of pixels per metre from 0 "
                                   "(the default) to %2")
                        .arg(p.value(QStringLiteral("scale")))
                        .arg(kMaxScale));
    if (!isFolderFormat(format) && !parentExists(outPath))
        return fail(QStringLiteral("%1: cannot write: the folder does not exist").arg(outPath));

    auto d = openDesign(p.positionalArguments().first());
    if (!d)
        return BadInput;
    int noMedium = 0;
    d->links.forEach([&](LinkId, const Link& l) { noMedium += !(l.pinnedMedium || l.medium); });
    if (noMedium > 0) {
        err() << "cluster-studio-cli export: warning: " << noMedium
              << " link(s) have no cable or optic that reaches (validate reports them as "
                 "link.no-medium); they are written with medium 'none' and are missing from "
                 "the BOM\n";
        err().flush();
    }
    QString error;
    bool ok = true;
    if (format == QLatin1String("cabling-csv")) {
        ok = writeOutput(outPath, cablingCsv(*d));
        return ok ? Ok : BadInput;
    }
    if (format == QLatin1String("slurm") || format == QLatin1String("slurm-yaml")) {
        const SlurmTopology t =
            format == QLatin1String("slurm") ? slurmTopology(*d) : slurmTopologyYaml(*d);
        if (!t.ok)
            return fail(QStringLiteral("%1: %2").arg(p.positionalArguments().first(), t.error));
        return writeOutput(outPath, t.text) ? Ok : BadInput;
    }
    if (format == QLatin1String("xlsx")) {
        ok = writeBomXlsx(*d, computeBom(*d), outPath, &error);
    } else if (format == QLatin1String("netbox")) {
        const QString site =
            p.isSet(QStringLiteral("site")) ? p.value(QStringLiteral("site")) : d->hall.name;
        ok = writeNetBoxFolder(netboxExport(*d, site), outPath, &error);
    } else if (format == QLatin1String("kubernetes")) {
        const KubernetesExport k = kubernetesExport(*d);
        if (!k.ok)
            return fail(QStringLiteral("%1: %2").arg(p.positionalArguments().first(), k.error));
        ok = writeKubernetesFolder(k, outPath, &error);
    } else {
#ifdef CDS_HAVE_VIEWS
        if (format == QLatin1String("pdf")) {
            // With the dashboard's own charts, so the report shows what the studio shows.
            ok = views::writeCustomerReport(*d, outPath, &error);
        } else {
            render::DrawingOptions o;
            o.drawing = view == QLatin1String("racks") ? render::Drawing::Elevations
                                                       : render::Drawing::Floorplan;
            o.pixelsPerMetre = scale;
            ok = render::writeDrawing(*d, o, outPath, format == QLatin1String("png"), &error);
        }
#else
        return fail(
            QStringLiteral("--format %1 needs a build with the GUI (CDS_BUILD_GUI)").arg(format));
#endif
    }
    return ok ? Ok : fail(error);
}

} // namespace cds::cli
