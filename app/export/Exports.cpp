#include "Exports.h"

#ifdef CDS_HAVE_VIEWS
#include "views/dashboard/ReportCharts.h"
#include "views/render/DrawingExport.h"
#endif

#include "model/AtomicFile.h"
#include "model/export/BomXlsx.h"
#include "model/export/BuildPlanExport.h"
#include "model/export/CablingSchedule.h"
#include "model/export/HtmlDeliverable.h"
#include "model/export/IpPlanExport.h"
#include "model/export/KubernetesExport.h"
#include "model/export/MonitoringExport.h"
#include "model/export/NetBoxExport.h"
#include "model/export/Reports.h"
#include "model/export/SlurmTopology.h"
#include "model/export/SlurmTopologyYaml.h"
#include "model/metrics/Bom.h"

#include <functional>

namespace cds::exports {

const std::vector<ExportInfo>& exportKinds() {
    static const std::vector<ExportInfo> kinds = {
        {ExportKind::PdfReport, QStringLiteral("pdf"), QString(), QStringLiteral("&PDF report…"),
         QStringLiteral("PDF (*.pdf)"), QStringLiteral(".pdf"), false, true, true},
        {ExportKind::FloorplanSvg, QStringLiteral("svg"), QStringLiteral("floorplan"),
         QStringLiteral("&Floorplan as SVG…"), QStringLiteral("SVG drawing (*.svg)"),
         QStringLiteral(".svg"), false, true},
        {ExportKind::FloorplanPng, QStringLiteral("png"), QStringLiteral("floorplan"),
         QStringLiteral("Floorplan as P&NG…"), QStringLiteral("PNG image (*.png)"),
         QStringLiteral(".png"), false, true},
        {ExportKind::ElevationsSvg, QStringLiteral("svg"), QStringLiteral("racks"),
         QStringLiteral("Rack &elevations as SVG…"), QStringLiteral("SVG drawing (*.svg)"),
         QStringLiteral(".svg"), false, true},
        {ExportKind::ElevationsPng, QStringLiteral("png"), QStringLiteral("racks"),
         QStringLiteral("Rack elevations as PN&G…"), QStringLiteral("PNG image (*.png)"),
         QStringLiteral(".png"), false, true},
        {ExportKind::BomXlsx, QStringLiteral("xlsx"), QString(),
         QStringLiteral("&Bill of materials (Excel)…"), QStringLiteral("Excel workbook (*.xlsx)"),
         QStringLiteral(".xlsx")},
        {ExportKind::BomCsv, QString(), QString(), QStringLiteral("Bill of materials (&CSV)…"),
         QStringLiteral("CSV (*.csv)"), QStringLiteral(".csv")},
        {ExportKind::CablingCsv, QStringLiteral("cabling-csv"), QString(),
         QStringLiteral("Cabling &schedule (CSV)…"), QStringLiteral("CSV (*.csv)"),
         QStringLiteral(".csv")},
        {ExportKind::NetBox, QStringLiteral("netbox"), QString(),
         QStringLiteral("&NetBox import (folder)…"), QString(), QString(), true},
        {ExportKind::Slurm, QStringLiteral("slurm"), QString(),
         QStringLiteral("S&lurm topology.conf…"), QStringLiteral("Slurm topology (*.conf)"),
         QStringLiteral(".conf")},
        {ExportKind::SlurmYaml, QStringLiteral("slurm-yaml"), QString(),
         QStringLiteral("Slurm topology.&yaml (25.05+)…"),
         QStringLiteral("Slurm topology (*.yaml)"), QStringLiteral(".yaml")},
        {ExportKind::Kubernetes, QStringLiteral("kubernetes"), QString(),
         QStringLiteral("&Kubernetes labels and Kueue topology (folder)…"), QString(), QString(),
         true},
        {ExportKind::Monitoring, QStringLiteral("monitoring"), QString(),
         QStringLiteral("&Monitoring hand-off (Prometheus, DCGM) (folder)…"), QString(), QString(),
         true},
        {ExportKind::BuildPlan, QStringLiteral("build-plan"), QString(),
         QStringLiteral("B&uild plan by phase (folder)…"), QString(), QString(), true},
        {ExportKind::IpPlanCsv, QStringLiteral("ip-plan"), QString(),
         QStringLiteral("&IP address plan (CSV)…"), QStringLiteral("CSV (*.csv)"),
         QStringLiteral(".csv")},
        {ExportKind::IpPlanJson, QStringLiteral("ip-plan"), QString(),
         QStringLiteral("IP address plan (&JSON)…"), QStringLiteral("JSON (*.json)"),
         QStringLiteral(".json")},
        {ExportKind::Html, QStringLiteral("html"), QString(),
         QStringLiteral("Interactive &HTML for the customer…"),
         QStringLiteral("HTML page (*.html)"), QStringLiteral(".html")},
    };
    return kinds;
}

const ExportInfo& exportInfo(ExportKind kind) {
    for (const ExportInfo& i : exportKinds())
        if (i.kind == kind)
            return i;
    return exportKinds().front();
}

QStringList exportFormats() {
    QStringList formats;
    for (const ExportInfo& i : exportKinds())
        if (!i.format.isEmpty() && !formats.contains(i.format))
            formats << i.format;
    return formats;
}

std::optional<ExportKind> exportKind(const QString& format, const QString& view) {
    for (const ExportInfo& i : exportKinds())
        if (i.format == format && (i.view.isEmpty() || i.view == view))
            return i.kind;
    return std::nullopt;
}

std::optional<ExportKind> exportKind(const QString& format, const QString& view,
                                     const QString& path) {
    for (const ExportInfo& i : exportKinds())
        if (i.format == format && (i.view.isEmpty() || i.view == view) && !i.suffix.isEmpty() &&
            path.endsWith(i.suffix, Qt::CaseInsensitive))
            return i.kind;
    return exportKind(format, view);
}

bool isText(ExportKind kind) {
    return kind == ExportKind::BomCsv || kind == ExportKind::CablingCsv ||
           kind == ExportKind::Slurm || kind == ExportKind::SlurmYaml ||
           kind == ExportKind::IpPlanCsv || kind == ExportKind::IpPlanJson ||
           kind == ExportKind::Html;
}

std::optional<QByteArray> exportText(const DesignData& d, ExportKind kind, QString* error) {
    switch (kind) {
    case ExportKind::BomCsv:
        return bomCsv(d, computeBom(d));
    case ExportKind::CablingCsv:
        return cablingCsv(d);
    case ExportKind::IpPlanCsv:
        return ipPlanCsv(d, error);
    case ExportKind::IpPlanJson:
        return ipPlanJson(d, error);
    case ExportKind::Html:
        return htmlDeliverable(d);
    case ExportKind::Slurm:
    case ExportKind::SlurmYaml: {
        const SlurmTopology t = kind == ExportKind::Slurm ? slurmTopology(d) : slurmTopologyYaml(d);
        if (t.ok)
            return t.text;
        if (error)
            *error = t.error;
        return std::nullopt;
    }
    default:
        if (error)
            *error = QStringLiteral("%1 is not a text export").arg(exportInfo(kind).menuText);
        return std::nullopt;
    }
}

namespace {

/// The files of a folder export held in memory (all but NetBox, which streams), or nullopt
/// with @p problem (no path) when the design cannot be written that way.
std::optional<std::vector<FolderFile>> folderFiles(const DesignData& d, ExportKind kind,
                                                   QString* problem) {
    switch (kind) {
    case ExportKind::Kubernetes: {
        const KubernetesExport e = kubernetesExport(d);
        *problem = e.error;
        return e.ok ? std::optional(kubernetesFiles(e)) : std::nullopt;
    }
    case ExportKind::Monitoring: {
        const MonitoringExport e = monitoringExport(d);
        *problem = e.error;
        return e.ok ? std::optional(monitoringFiles(e)) : std::nullopt;
    }
    case ExportKind::BuildPlan: {
        BuildPlanExport e = buildPlanExport(d);
        *problem = e.error;
        return e.ok ? std::optional(std::move(e.files)) : std::nullopt;
    }
    default:
        *problem = QStringLiteral("%1 is not a folder export").arg(exportInfo(kind).menuText);
        return std::nullopt;
    }
}

#ifdef CDS_HAVE_VIEWS
bool writeDrawing(const DesignData& d, ExportKind kind, const QString& path,
                  const ExportOptions& options, QString* error) {
    render::DrawingOptions o;
    o.drawing = kind == ExportKind::FloorplanSvg || kind == ExportKind::FloorplanPng
                    ? render::Drawing::Floorplan
                    : render::Drawing::Elevations;
    o.pixelsPerMetre = options.pixelsPerMetre;
    o.widthPx = options.widthPx;
    const bool png = kind == ExportKind::FloorplanPng || kind == ExportKind::ElevationsPng;
    return render::writeDrawing(d, o, path, png, error);
}
#endif

/// The NetBox bundle, streamed: each file is staged as its rows are produced, and all are
/// renamed into place only when every one is written and the export was not cancelled.
bool writeNetBoxExport(const DesignData& d, const QString& path, const ExportOptions& options,
                       const std::function<bool(int)>& cancelled, QString* error) {
    StagedFolder folder(path);
    QString problem;
    if (!writeNetBox(d, options.netboxSite.isEmpty() ? d.hall.name : options.netboxSite, folder,
                     &problem)) {
        if (error)
            *error =
                problem.isEmpty() ? folder.error() : QStringLiteral("%1: %2").arg(path, problem);
        return false;
    }
    if (cancelled(60))
        return false; // the staged files go with the folder
    if (folder.commit())
        return true;
    if (error)
        *error = folder.error();
    return false;
}

} // namespace

bool writeExport(const DesignData& d, ExportKind kind, const QString& path,
                 const ExportOptions& options, const Progress& progress, QString* error) {
    // Each export computes its content, then writes it in one step: the one point to cancel
    // is between the two (the report also cancels between pages; the NetBox bundle, which
    // stages its files as it produces them, before it renames them into place).
    auto cancelled = [&](int percent) {
        if (!progress || progress(percent))
            return false;
        if (error)
            *error = QStringLiteral("%1: the export was cancelled; nothing was written").arg(path);
        return true;
    };
    if (cancelled(0))
        return false;
#ifndef CDS_HAVE_VIEWS
    if (exportInfo(kind).draws) {
        if (error)
            *error = QStringLiteral("%1: --format %2 needs a build with the GUI (CDS_BUILD_GUI)")
                         .arg(path, exportInfo(kind).format);
        return false;
    }
#endif
    bool ok = false;
    if (isText(kind)) {
        QString problem;
        const std::optional<QByteArray> bytes = exportText(d, kind, &problem);
        if (!bytes) {
            if (error)
                *error = QStringLiteral("%1: %2").arg(path, problem);
            return false;
        }
        if (cancelled(60))
            return false;
        ok = writeFileAtomically(path, *bytes, error);
    } else if (kind == ExportKind::BomXlsx) {
        const Bom bom = computeBom(d);
        if (cancelled(50))
            return false;
        ok = writeBomXlsx(d, bom, path, error);
    } else if (kind == ExportKind::NetBox) {
        ok = writeNetBoxExport(d, path, options, cancelled, error);
    } else if (exportInfo(kind).folder) {
        QString problem;
        const std::optional<std::vector<FolderFile>> files = folderFiles(d, kind, &problem);
        if (!files) {
            if (error)
                *error = QStringLiteral("%1: %2").arg(path, problem);
            return false;
        }
        if (cancelled(60))
            return false;
        ok = writeFilesAtomically(path, *files, error);
    }
#ifdef CDS_HAVE_VIEWS
    else if (kind == ExportKind::PdfReport) {
        // With the dashboard's own charts, so the report shows what the studio shows.
        return views::writeCustomerReport(d, path, error, progress);
    } else {
        ok = writeDrawing(d, kind, path, options, error);
    }
#endif
    if (ok && progress)
        progress(100);
    return ok;
}

} // namespace cds::exports
