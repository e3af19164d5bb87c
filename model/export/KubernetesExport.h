#pragma once

#include "../DesignData.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace cds {

/// @brief A Kubernetes hand-off: topology labels for every GPU server and a Kueue Topology
/// whose levels are those labels, for topology-aware scheduling.
struct KubernetesExport {
    bool ok = false;
    QString error;
    QStringList levels;           ///< the Kueue levels, coarsest first, ending in hostname
    QByteArray nodeLabelsYaml;    ///< node-labels.yaml: one partial Node object per server
    QByteArray labelScript;       ///< label-nodes.sh: the same labels as `kubectl label` lines
    QByteArray kueueTopologyYaml; ///< kueue-topology.yaml: Topology + ResourceFlavor
    QByteArray readme;            ///< README.md: the label keys, their sources, and the steps
};

/// Label keys. Zone is Kubernetes' well-known label; accelerator (NVLink domain), leaf and
/// spine are the labels NVIDIA Topograph writes and KAI Scheduler and Kueue read; rack and
/// row have no common key, so they carry this tool's prefix.
namespace k8s {
inline constexpr const char* kZone = "topology.kubernetes.io/zone";
inline constexpr const char* kSpine = "network.topology.nvidia.com/spine";
inline constexpr const char* kLeaf = "network.topology.nvidia.com/leaf";
inline constexpr const char* kAccelerator = "network.topology.nvidia.com/accelerator";
inline constexpr const char* kRack = "topology.cluster-design-studio.io/rack";
inline constexpr const char* kRow = "topology.cluster-design-studio.io/row";
inline constexpr const char* kHostname = "kubernetes.io/hostname";
/// A valid label value: [A-Za-z0-9._-], at most 63 characters, alphanumeric at both ends.
QString labelValue(const QString& s);
/// The node name a server registers under (RFC 1123 subdomain): @p device in lower case,
/// anything but [a-z0-9.-] made '-', alphanumeric at both ends.
QString nodeName(const QString& device);
} // namespace k8s

/// Labels from the compute fabric (leaf and spine block as in Slurm's topology), the NVLink
/// domains (CatalogItem::nvlinkDomainGpus), the racks and rows, and the hall as the zone.
/// Node names are the server names in lower case, anything but [a-z0-9.-] made '-'. Fails without a
/// cabled compute fabric.
KubernetesExport kubernetesExport(const DesignData& d);

/// The files of @p e, {relative path, bytes}.
std::vector<std::pair<QString, QByteArray>> kubernetesFiles(const KubernetesExport& e);

/// Writes the files under @p dir (created if needed); false with @p error on failure.
bool writeKubernetesFolder(const KubernetesExport& e, const QString& dir, QString* error);

} // namespace cds
