#include "StudioExport.h"

#include "views/dashboard/ReportCharts.h"
#include "views/render/DrawingExport.h"

#include "model/AtomicFile.h"
#include "model/Bom.h"
#include "model/export/BomXlsx.h"
#include "model/export/CablingSchedule.h"
#include "model/export/KubernetesExport.h"
#include "model/export/NetBoxExport.h"
#include "model/export/Reports.h"
#include "model/export/SlurmTopology.h"
#include "model/export/SlurmTopologyYaml.h"

namespace cds::studio {

const std::vector<ExportInfo>& exportKinds() {
    static const std::vector<ExportInfo> kinds = {
        {ExportKind::PdfReport, QStringLiteral("&PDF report…"), QStringLiteral("PDF (*.pdf)"),
         QStringLiteral(".pdf"), true},
        {ExportKind::FloorplanSvg, QStringLiteral("&Floorplan as SVG…"),
         QStringLiteral("SVG drawing (*.svg)"), QStringLiteral(".svg")},
        {ExportKind::FloorplanPng, QStringLiteral("Floorplan as P&NG…"),
         QStringLiteral("PNG image (*.png)"), QStringLiteral(".png")},
        {ExportKind::ElevationsSvg, QStringLiteral("Rack &elevations as SVG…"),
         QStringLiteral("SVG drawing (*.svg)"), QStringLiteral(".svg")},
        {ExportKind::ElevationsPng, QStringLiteral("Rack elevations as PN&G…"),
         QStringLiteral("PNG image (*.png)"), QStringLiteral(".png")},
        {ExportKind::BomXlsx, QStringLiteral("&Bill of materials (Excel)…"),
         QStringLiteral("Excel workbook (*.xlsx)"), QStringLiteral(".xlsx")},
        {ExportKind::BomCsv, QStringLiteral("Bill of materials (&CSV)…"),
         QStringLiteral("CSV (*.csv)"), QStringLiteral(".csv")},
        {ExportKind::CablingCsv, QStringLiteral("Cabling &schedule (CSV)…"),
         QStringLiteral("CSV (*.csv)"), QStringLiteral(".csv")},
        {ExportKind::NetBox, QStringLiteral("&NetBox import (folder)…"), QString(), QString()},
        {ExportKind::Slurm, QStringLiteral("S&lurm topology.conf…"),
         QStringLiteral("Slurm topology (*.conf)"), QStringLiteral(".conf")},
        {ExportKind::SlurmYaml, QStringLiteral("Slurm topology.&yaml (25.05+)…"),
         QStringLiteral("Slurm topology (*.yaml)"), QStringLiteral(".yaml")},
        {ExportKind::Kubernetes, QStringLiteral("&Kubernetes labels and Kueue topology (folder)…"),
         QString(), QString()},
    };
    return kinds;
}

const ExportInfo& exportInfo(ExportKind kind) {
    for (const ExportInfo& i : exportKinds())
        if (i.kind == kind)
            return i;
    return exportKinds().front();
}

bool writeExport(const DesignData& d, ExportKind kind, const QString& path,
                 const Progress& progress, QString* error) {
    // Each export computes its content, then writes it in one step: the one point to cancel
    // is between the two (the report also cancels between pages).
    auto cancelled = [&](int percent) {
        if (!progress || progress(percent))
            return false;
        if (error)
            *error = QStringLiteral("%1: the export was cancelled; nothing was written").arg(path);
        return true;
    };
    if (cancelled(0))
        return false;
    bool ok = false;
    switch (kind) {
    case ExportKind::PdfReport:
        return views::writeCustomerReport(d, path, error, progress);
    case ExportKind::FloorplanSvg:
    case ExportKind::FloorplanPng:
    case ExportKind::ElevationsSvg:
    case ExportKind::ElevationsPng: {
        render::DrawingOptions o;
        o.drawing = kind == ExportKind::FloorplanSvg || kind == ExportKind::FloorplanPng
                        ? render::Drawing::Floorplan
                        : render::Drawing::Elevations;
        const bool png = kind == ExportKind::FloorplanPng || kind == ExportKind::ElevationsPng;
        ok = render::writeDrawing(d, o, path, png, error);
        break;
    }
    case ExportKind::BomXlsx: {
        const Bom bom = computeBom(d);
        if (cancelled(50))
            return false;
        ok = writeBomXlsx(d, bom, path, error);
        break;
    }
    case ExportKind::BomCsv: {
        const QByteArray bytes = bomCsv(d, computeBom(d));
        if (cancelled(50))
            return false;
        ok = writeFileAtomically(path, bytes, error);
        break;
    }
    case ExportKind::CablingCsv: {
        const QByteArray bytes = cablingCsv(d);
        if (cancelled(80))
            return false;
        ok = writeFileAtomically(path, bytes, error);
        break;
    }
    case ExportKind::NetBox: {
        const NetBoxExport e = netboxExport(d, d.hall.name);
        if (cancelled(60))
            return false;
        ok = writeNetBoxFolder(e, path, error);
        break;
    }
    case ExportKind::Slurm:
    case ExportKind::SlurmYaml: {
        const SlurmTopology t = kind == ExportKind::Slurm ? slurmTopology(d) : slurmTopologyYaml(d);
        if (!t.ok) {
            if (error)
                *error = QStringLiteral("%1: %2").arg(path, t.error);
            return false;
        }
        if (cancelled(60))
            return false;
        ok = writeFileAtomically(path, t.text, error);
        break;
    }
    case ExportKind::Kubernetes: {
        const KubernetesExport e = kubernetesExport(d);
        if (!e.ok) {
            if (error)
                *error = QStringLiteral("%1: %2").arg(path, e.error);
            return false;
        }
        if (cancelled(60))
            return false;
        ok = writeKubernetesFolder(e, path, error);
        break;
    }
    }
    if (ok && progress)
        progress(100);
    return ok;
}

} // namespace cds::studio
