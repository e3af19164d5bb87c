#pragma once

#include "model/DesignData.h"
#include "model/Progress.h"

#include <QString>

#include <vector>

namespace cds::studio {

/// What File > Export writes. Each one is what `cluster-studio-cli export` (or `bom`) writes
/// for the same design, through the same functions.
enum class ExportKind : std::uint8_t {
    PdfReport,
    FloorplanSvg,
    FloorplanPng,
    ElevationsSvg,
    ElevationsPng,
    BomXlsx,
    BomCsv,
    CablingCsv,
    NetBox, ///< a folder of CSVs and device-type YAML
    Slurm,
    SlurmYaml,  ///< topology.yaml for Slurm 25.05+ (tree and NVLink blocks)
    Kubernetes, ///< a folder of node labels and a Kueue Topology
};

struct ExportInfo {
    ExportKind kind;
    QString menuText; ///< "&PDF report…"
    QString filter;   ///< file dialog filter, empty for a folder
    QString suffix;   ///< added when the chosen name lacks it
    /// The work paints widgets (the report's charts), so it runs on the UI thread.
    bool needsUiThread = false;
};
const std::vector<ExportInfo>& exportKinds();
const ExportInfo& exportInfo(ExportKind kind);

/// Writes @p d as @p kind to @p path (a folder for NetBox and Kubernetes). Every file is written
/// atomically, so a failure or a cancel through @p progress leaves any existing file as it
/// was. Returns false with @p error naming the path and the problem, or saying it was
/// cancelled. Needs a QGuiApplication for the drawings and the report.
bool writeExport(const DesignData& d, ExportKind kind, const QString& path,
                 const Progress& progress, QString* error);

} // namespace cds::studio
