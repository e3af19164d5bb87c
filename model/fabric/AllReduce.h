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
    int domains = 0;    ///< NVLink domains the fabric joins (M)
    int domainGpus = 0; ///< GPUs per domain (D), each with its own NIC
};

/// Estimated time of an all-reduce of @p messageBytes over every GPU of the compute fabric,
/// hierarchical over the NVLink domains (NvlinkDomains.h) as NCCL runs it: inside a domain
/// over NVLink, across the M domains over the fabric, each of a domain's D GPUs carrying
/// 1/D of the message on its own NIC. Model (alpha-beta, one NIC per GPU):
///   beta  = per-GPU injection bandwidth x efficiency / worst tier oversubscription;
///   alpha = stepLatency + switch hops of the fabric diameter x hopLatency;
///   ring  = 2 (M-1) alpha + 2 (N-1)/N x S / (D beta);
///   tree  = 2 ceil(log2 M) alpha + 2 S / (D beta) (pipelined double binary tree).
/// The NVLink stages are ignored (NVLink is many times the NIC's bandwidth), so this is the
/// fabric's share of the time; a design of one domain never crosses the fabric (0 s).
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
