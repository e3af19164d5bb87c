#pragma once

#include "SlurmTopology.h"

namespace cds {

/// @brief One NVLink domain: the GPU servers whose GPUs share one NVLink fabric.
struct NvlinkDomain {
    QString name;                ///< the rack for rack-scale systems ("R01"), else the server
    std::vector<DeviceId> nodes; ///< in rack, then U order
    bool multiNode = false;      ///< spans a rack-scale system or several servers
};

/// The NVLink domains of the design's GPU servers, from CatalogItem::nvlinkDomainGpus():
/// servers of one type in one rack are grouped, in U order, into domains of
/// nvlinkDomainGpus / gpuCount servers (an NVL72 rack is one domain; an HGX server is its own).
std::vector<NvlinkDomain> nvlinkDomains(const DesignData& d);

/// topology.yaml for Slurm 25.05 and later: a tree topology ("fabric", the cluster default)
/// with the same switches as topology.conf, and, when the design has NVLink domains larger
/// than one server or a rack-scale system, a block topology ("nvlink") with one block per
/// domain and block_sizes from the smallest domain.
SlurmTopology slurmTopologyYaml(const DesignData& d);

} // namespace cds
