#pragma once

#include "SlurmTopology.h"

#include "../NvlinkDomains.h"

namespace cds {

/// topology.yaml for Slurm 25.05 and later: a tree topology ("fabric", the cluster default)
/// with the same switches as topology.conf, and, when the design has NVLink domains larger
/// than one server or a rack-scale system, a block topology ("nvlink") with one block per
/// domain and block_sizes the smallest domain's node count (18 for NVL72 racks of compute trays).
SlurmTopology slurmTopologyYaml(const DesignData& d);

} // namespace cds
