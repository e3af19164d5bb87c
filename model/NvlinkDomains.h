#pragma once

#include "DesignData.h"

#include <vector>

namespace cds {

/// @brief One NVLink domain: the GPU hosts whose GPUs share one NVLink fabric. An NVL72 rack's
/// 18 compute trays are one domain; an 8-GPU HGX server is a domain of its own.
struct NvlinkDomain {
    QString name;                ///< the rack for multi-host domains ("R01"), else the host
    std::vector<DeviceId> nodes; ///< in rack, then U order
    bool multiNode = false;      ///< spans several hosts (or a rack-scale system kept whole)
    int gpus = 0;                ///< GPUs of its hosts
};

/// The NVLink domains of the design's GPU hosts, from CatalogItem::nvlinkDomainGpus(): hosts
/// of one type in one rack are grouped, in U order, into domains of nvlinkDomainGpus /
/// gpuCount hosts (18 compute trays of an NVL72 rack are one domain; an HGX server is its
/// own). The metrics, the all-reduce estimate, Slurm's block topology and the Kubernetes
/// accelerator label all read these.
std::vector<NvlinkDomain> nvlinkDomains(const DesignData& d);

} // namespace cds
