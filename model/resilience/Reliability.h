#pragma once

#include "../Checkpoint.h"
#include "../DesignData.h"
#include "../metrics/Metrics.h"

#include <vector>

namespace cds {

/// What a failure rate scales with.
enum class RateBasis : std::uint8_t { PerGpu, PerServer, PerComputeLink };

/// @brief One cause of unexpected job interruptions, with how often it struck a reference run
/// and where that figure comes from.
struct FailureRate {
    QString cause;    ///< "Faulty GPU"
    QString category; ///< the source's category: "GPU", "Host", "Network", ...
    int interruptions = 0;
    RateBasis basis = RateBasis::PerGpu;
    QString source;
    /// Interruptions per day for one unit of its basis (one GPU, server or compute link).
    double perUnitDay() const;
};

/// The reference run every rate comes from: Llama 3 405B pre-training, 419 unexpected
/// interruptions in a 54-day snapshot on 16,384 H100 GPUs in 2,048 eight-GPU servers
/// ("The Llama 3 Herd of Models", arXiv:2407.21783, section 3.3.4 and table 5).
inline constexpr int kReferenceGpus = 16384;
inline constexpr int kReferenceServers = 2048;
inline constexpr double kReferenceDays = 54;
/// Compute links of the reference run (estimate): the paper does not count them; a three-tier
/// non-blocking Clos carries one link per GPU at each tier.
inline constexpr double kReferenceComputeLinks = 3.0 * kReferenceGpus;
/// Job restart after an interruption, beyond reading the checkpoint back (estimate: detection,
/// rescheduling onto spares, process-group setup).
inline constexpr double kRestartMinutes = 10;

/// Every cause of table 5, as data: the rates the reliability figures use.
const std::vector<FailureRate>& failureRates();

/// @brief What the rates need of a design (or of a nominal cluster).
struct ReliabilityInputs {
    int gpus = 0;
    int servers = 0;
    double computeLinks = 0;
    double gpuMemoryGb = 0;      ///< per GPU
    double storageWriteGbps = 0; ///< the design's storage write bandwidth, 0: none
    int jobGpus = 0;             ///< 0: the whole cluster
    double checkpointBytes = 0;  ///< 0: the default (see README, "Failure domains")
};

/// @brief Expected interruptions and what they cost a training job.
struct Reliability {
    double interruptionsPerDay = 0; ///< whole cluster
    double clusterMtbfHours = 0;
    int jobGpus = 0;
    double jobMtbfHours = 0;
    double checkpointGb = 0;
    double checkpointWriteS = 0;
    QString checkpointPath;           ///< "storage" or "local NVMe (estimate)"
    double checkpointIntervalMin = 0; ///< Young/Daly optimum
    double restartMin = 0;
    double goodputPct = 0; ///< share of wall-clock time doing new work
};

Reliability reliabilityFor(const ReliabilityInputs& in);
/// The inputs of a design: its GPUs, servers, compute links, storage write bandwidth, and
/// @p jobGpus (0: the design setting, else the whole cluster).
ReliabilityInputs reliabilityInputs(const DesignData& d, const Metrics& m, int jobGpus = 0);
Reliability reliabilityOf(const DesignData& d, const Metrics& m);

} // namespace cds
