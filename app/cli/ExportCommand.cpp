#include "CliCommon.h"

#include "export/Exports.h"

#ifdef CDS_HAVE_VIEWS
#include <QApplication>
#endif
#include <QDir>
#include <QFileInfo>

#include <cmath>
#include <cstring>

namespace cds::cli {

namespace {

using exports::ExportKind;

bool isDrawingFormat(const QString& f) {
    const std::optional<ExportKind> k = exports::exportKind(f, QStringLiteral("floorplan"));
    return k && exports::exportInfo(*k).draws;
}

/// Pixels per metre: a 1 m rack row at this scale is already past any drawing's size limit.
constexpr int kMaxScale = 100000;
/// Pixels: beyond this no viewer opens the drawing (the drawing's own limit is checked too).
constexpr int kMaxWidthPx = 100000;

int fail(const QString& message) {
    err() << "cluster-studio-cli export: " << message << "\n";
    err().flush();
    return BadInput;
}

/// A file output needs an existing folder; the folder exports make their own folder.
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
    p.addOption(
        {QStringLiteral("format"),
         QStringLiteral("One of: %1.").arg(exports::exportFormats().join(QStringLiteral(", "))),
         QStringLiteral("FORMAT")});
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Output file (netbox, kubernetes, monitoring, build-plan: output "
                                "folder; "
                                "ip-plan: CSV, or JSON when PATH ends in .json). Required."),
                 QStringLiteral("PATH")});
    p.addOption({QStringLiteral("view"), QStringLiteral("svg/png: floorplan (default) or racks."),
                 QStringLiteral("VIEW"), QStringLiteral("floorplan")});
    p.addOption({QStringLiteral("scale"),
                 QStringLiteral("svg/png: pixels per metre (default: floorplan 60, racks 400)."),
                 QStringLiteral("PX"), QStringLiteral("0")});
    p.addOption({QStringLiteral("width"),
                 QStringLiteral("svg/png floorplan: the drawing's width in pixels, instead of "
                                "--scale (default: at least 1920)."),
                 QStringLiteral("PX"), QStringLiteral("0")});
    p.addOption({QStringLiteral("site"),
                 QStringLiteral("netbox: the NetBox site name (default: the hall name)."),
                 QStringLiteral("SITE")});
    if (auto code = parse(
            p, args,
            QStringLiteral(
                "Export a design: customer report (pdf), drawings (svg, png), BOM "
                "workbook (xlsx), cabling schedule, NetBox import, Slurm topology (conf, yaml), "
                "Kubernetes labels and Kueue topology, monitoring hand-off (Prometheus, DCGM), "
                "build plan by phase, IP address plan.")))
        return *code;
    if (p.positionalArguments().size() != 1)
        return fail(QStringLiteral("expected one FILE"));
    const QString format = p.value(QStringLiteral("format"));
    if (format.isEmpty())
        return fail(QStringLiteral("--format is required (%1)")
                        .arg(exports::exportFormats().join(QStringLiteral(", "))));
    if (!exports::exportFormats().contains(format))
        return fail(QStringLiteral("unknown --format '%1' (%2)")
                        .arg(format, exports::exportFormats().join(QStringLiteral(", "))));
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
    bool widthOk = false;
    const int width = p.value(QStringLiteral("width")).toInt(&widthOk);
    if (!widthOk || width < 0 || width > kMaxWidthPx)
        return fail(QStringLiteral("--width '%1' is not a number of pixels from 0 (the default) "
                                   "to %2")
                        .arg(p.value(QStringLiteral("width")))
                        .arg(kMaxWidthPx));
    if (width > 0 && (view != QLatin1String("floorplan") ||
                      (format != QLatin1String("png") && format != QLatin1String("svg"))))
        return fail(QStringLiteral("--width applies to svg and png drawings of the floorplan"));
    if (width > 0 && p.value(QStringLiteral("scale")).toDouble() > 0)
        return fail(QStringLiteral("--width and --scale both set the scale: give one"));
    const ExportKind kind = *exports::exportKind(format, view, outPath);
    const exports::ExportInfo& info = exports::exportInfo(kind);
    const bool toStdout = outPath == QLatin1String("-");
    if (toStdout && !exports::isText(kind))
        return fail(
            QStringLiteral("--format %1 needs -o PATH (it is not one text file)").arg(format));
    if (!toStdout && !info.folder && !parentExists(outPath))
        return fail(QStringLiteral("%1: cannot write: the folder does not exist").arg(outPath));
#ifndef CDS_HAVE_VIEWS
    if (info.draws)
        return fail(
            QStringLiteral("--format %1 needs a build with the GUI (CDS_BUILD_GUI)").arg(format));
#endif

    const QString file = p.positionalArguments().first();
    auto d = openDesign(file);
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
    if (exports::isText(kind)) {
        const std::optional<QByteArray> bytes = exports::exportText(*d, kind, &error);
        if (!bytes)
            return fail(QStringLiteral("%1: %2").arg(file, error));
        return writeOutput(outPath, *bytes) ? Ok : BadInput;
    }
    exports::ExportOptions options;
    options.pixelsPerMetre = scale;
    options.widthPx = width;
    if (p.isSet(QStringLiteral("site")))
        options.netboxSite = p.value(QStringLiteral("site"));
    return exports::writeExport(*d, kind, outPath, options, {}, &error) ? Ok : fail(error);
}

} // namespace cds::cli
