#pragma once

#include "../metrics/Metrics.h"

#include <vector>

namespace cds {

enum class AllReduceAlgorithm : std::uint8_t { Ring, Tree };

/// @brief The assumptions of the all-reduce estimate, per fabric technology.
struct AllReduceModel {
    double stepLatencyUs = 0; ///< per algorithm step: NIC, PCIe and software (estimate)
    double hopLatencyUs = 0;  ///< per switch crossed
    double efficiency = 1;    ///< share of the line rate the transport delivers
    static AllReduceModel of(Technology t);
};

/// @brief An all-reduce time estimate and the figures it came from.
struct AllReduceEstimate {
    double seconds = 0;
    double perGpuGbps = 0;    ///< effective bandwidth per GPU after efficiency and oversubscription
    double stepLatencyUs = 0; ///< alpha: per step, including the switch hops of the diameter
    int gpus = 0;
    int switchHops = 0;
};

/// Estimated time of an all-reduce of @p messageBytes over every GPU of the compute fabric.
/// Model (alpha-beta, one NIC per GPU as NCCL uses a rail-optimized fabric):
///   beta  = per-GPU injection bandwidth x efficiency / worst tier oversubscription;
///   alpha = stepLatency + switch hops of the fabric diameter x hopLatency;
///   ring  = 2 (N-1) alpha + 2 (N-1)/N x S / beta;
///   tree  = 2 ceil(log2 N) alpha + 2 S / beta (pipelined double binary tree).
/// Intra-node NVLink stages are ignored, so this is the fabric's share of the time.
AllReduceEstimate estimateAllReduce(const DesignData& d, const Metrics& m, double messageBytes,
                                    AllReduceAlgorithm algorithm);

/// The message sizes the dashboard plots all-reduce time against: 64 kB to 16.8 GB, x4 steps.
std::vector<double> allReduceMessageSizes();

/// One point of an all-reduce curve: time (s) for a message size (bytes).
struct AllReducePoint {
    double messageBytes = 0;
    double seconds = 0;
};

/// estimateAllReduce() at each of @p messageBytes, in that order; empty when the design has no
/// compute fabric to estimate (fewer than two GPUs or no injection bandwidth).
std::vector<AllReducePoint> allReduceCurve(const DesignData& d, const Metrics& m,
                                           const std::vector<double>& messageBytes,
                                           AllReduceAlgorithm algorithm);

} // namespace cds
