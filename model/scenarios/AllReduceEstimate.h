#pragma once

#include "../Metrics.h"

namespace cds {

/// Inputs of the all-reduce estimate: the message each GPU contributes and the fixed cost of
/// one ring step (NIC + switch latency + software), which dominates small messages.
struct AllReduceParams {
    double messageBytes = 1e9; ///< e.g. 1 GB of BF16 gradients
    double stepLatencyUs = 5.0;
};

/// @brief Estimated time of one all-reduce over every GPU of the design.
struct AllReduceEstimate {
    bool valid = false; ///< false when the design has no GPUs or no compute links
    int gpus = 0;
    double effectiveGbps = 0; ///< per-GPU bandwidth the estimate assumes
    double bandwidthS = 0;    ///< time spent moving data
    double latencyS = 0;      ///< time spent in per-step latency
    double totalS() const { return bandwidthS + latencyS; }
};

/// Ring all-reduce (the bandwidth-optimal algorithm NCCL uses for large messages): with N GPUs
/// each one sends and receives 2(N-1)/N of the message, in 2(N-1) steps. So
///   time = 2(N-1)/N * S / B  +  2(N-1) * latency,
/// where B is the per-GPU fabric injection bandwidth divided by the worst oversubscription of
/// the compute fabric (conservative: it assumes each ring neighbour sits under another leaf,
/// and it ignores the faster NVLink hops inside a server).
AllReduceEstimate estimateRingAllReduce(const Metrics& m, const AllReduceParams& p);

} // namespace cds
