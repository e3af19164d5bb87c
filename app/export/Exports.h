#pragma once

#include "model/DesignData.h"
#include "model/Progress.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

/// @file The one export seam: what File > Export in the studio and `cluster-studio-cli export`
/// (and `bom`) write, named once and written by one function.
namespace cds::exports {

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
    Monitoring, ///< a folder: Prometheus scrape config, file_sd targets, GPU Operator values
    BuildPlan,  ///< a folder: per-phase BOM and cabling, orders by date (model/phases)
    IpPlanCsv,  ///< the IP plan (model/addressing), one row per address
    IpPlanJson,
    Html, ///< the customer's interactive deliverable, one self-contained file
};

struct ExportInfo {
    ExportKind kind;
    QString format;      ///< `export --format` value ("pdf", "svg"), empty when `export` has none
    QString view;        ///< `export --view` of a drawing ("floorplan", "racks"), else empty
    QString menuText;    ///< "&PDF report…"
    QString filter;      ///< file dialog filter, empty for a folder
    QString suffix;      ///< added when the chosen name lacks it
    bool folder = false; ///< writes a folder, which it creates
    bool draws = false;  ///< paints (drawings, report): needs a QGuiApplication
    /// The work paints widgets (the report's charts), so it runs on the UI thread.
    bool needsUiThread = false;
};
const std::vector<ExportInfo>& exportKinds();
const ExportInfo& exportInfo(ExportKind kind);

/// The distinct `export --format` values, in menu order.
QStringList exportFormats();
/// The kind `export --format @p format --view @p view` names (the view matters only for the
/// drawings); nullopt when none does.
std::optional<ExportKind> exportKind(const QString& format, const QString& view);
/// As exportKind(), where one format has several files (ip-plan as CSV or JSON): the kind
/// whose suffix @p path ends with, else the first.
std::optional<ExportKind> exportKind(const QString& format, const QString& view,
                                     const QString& path);

struct ExportOptions {
    double pixelsPerMetre = 0; ///< drawings: 0 is the drawing's default
    int widthPx = 0;           ///< floorplan drawings: the width in pixels; 0: from the scale
    QString netboxSite;        ///< NetBox site name; empty is the hall's name
};

/// True for the exports that are one text file (the CSVs and the Slurm topologies).
bool isText(ExportKind kind);
/// The bytes of a text export; nullopt with @p error (the problem, no path) when the design
/// cannot be written that way (a Slurm topology without a compute fabric).
std::optional<QByteArray> exportText(const DesignData& d, ExportKind kind, QString* error);

/// Writes @p d as @p kind to @p path (a folder for NetBox, Kubernetes, monitoring and the build
/// plan). Every file is written atomically, so a failure or a cancel through @p progress leaves any
/// existing file as it was. Returns false with @p error naming the path and the problem, or saying
/// it was cancelled. The drawings and the report need a QGuiApplication, and a build with the GUI.
bool writeExport(const DesignData& d, ExportKind kind, const QString& path,
                 const ExportOptions& options, const Progress& progress, QString* error);

} // namespace cds::exports
