#pragma once

#include "../DesignData.h"

#include <QByteArray>
#include <QString>

#include <utility>
#include <vector>

namespace cds {

/// Prometheus label names and exporter ports of the monitoring hand-off.
namespace monitoring {
inline constexpr const char* kNode = "node";
inline constexpr const char* kHall = "hall";
inline constexpr const char* kRack = "rack";
inline constexpr const char* kScalableUnit = "scalable_unit";
inline constexpr const char* kNvlinkDomain = "nvlink_domain";
inline constexpr int kDcgmPort = 9400; ///< NVIDIA DCGM exporter's default port
inline constexpr int kNodePort = 9100; ///< Prometheus node exporter's default port
} // namespace monitoring

/// @brief One GPU host to monitor and the failure domains it belongs to; an empty value is
/// a domain the design does not give (an unplaced host has no rack).
struct MonitoredHost {
    QString node; ///< the host name, as the design names it
    QString hall;
    QString rack;
    QString scalableUnit;
    QString nvlinkDomain; ///< NvlinkDomain::name: the NVL72 rack, or the server itself
};

/// @brief A monitoring hand-off: a Prometheus configuration scraping the DCGM and node
/// exporters of every GPU host, whose file_sd targets carry the hosts' failure domains as
/// labels, and NVIDIA GPU Operator values that attach the same labels in Kubernetes.
struct MonitoringExport {
    bool ok = false;
    QString error;
    std::vector<MonitoredHost> hosts; ///< rack, then U order, every GPU host once
    QByteArray prometheusYml;         ///< prometheus.yml: jobs "dcgm" and "node" (file_sd)
    QByteArray dcgmTargets;           ///< targets/dcgm.json: host:9400, one entry per host
    QByteArray nodeTargets;           ///< targets/node.json: host:9100, one entry per host
    QByteArray gpuOperatorValues;     ///< gpu-operator-values.yaml: dcgmExporter and relabelings
    QByteArray readme;                ///< README.md: the files, the steps, the labels
};

/// The hand-off for every GPU host of @p d: each compute tray of a rack-scale system is a
/// host. Labels: the hall, the rack, the scalable unit (the generator's, Device::group, as
/// "su01"; else the host's leaf-level block in the compute fabric, as Slurm names it), the
/// NVLink domain (nvlinkDomains()) and the host name. Fails, naming the object, when the
/// design has no GPU host or a host name is not a host name (names::hostNameProblem) or is
/// used twice.
MonitoringExport monitoringExport(const DesignData& d);

/// The files of @p e, {relative path, bytes}.
std::vector<std::pair<QString, QByteArray>> monitoringFiles(const MonitoringExport& e);

/// Writes the files under @p dir (created if needed); false with @p error on failure.
bool writeMonitoringFolder(const MonitoringExport& e, const QString& dir, QString* error);

} // namespace cds
