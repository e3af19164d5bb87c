#pragma once

#include "../Checkpoint.h"
#include "../DesignData.h"
#include "../FailureRates.h"
#include "../metrics/Metrics.h"

#include <memory>

namespace cds {

/// Job restart after an interruption, beyond reading the checkpoint back (estimate: detection,
/// rescheduling onto spares, process-group setup).
inline constexpr double kRestartMinutes = 10;

/// @brief What the rates need of a design (or of a nominal cluster).
struct ReliabilityInputs {
    int gpus = 0;
    int servers = 0;
    double computeLinks = 0;
    double gpuMemoryGb = 0;      ///< per GPU
    double storageWriteGbps = 0; ///< the design's storage write bandwidth, 0: none
    int jobGpus = 0;             ///< 0: the whole cluster
    double checkpointBytes = 0;  ///< 0: the default (see README, "Failure domains")
    /// The failure rates (catalogs/failure-rates.json as loaded); null: those of the default
    /// catalogs, bundled + user folder (CatalogLibrary::defaultFailureRates).
    std::shared_ptr<const FailureRateTable> rates;
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
    QString ratesFile;     ///< the failure-rate file used; empty: none could be read (all 0)
};

Reliability reliabilityFor(const ReliabilityInputs& in);
/// The inputs of a design: its GPUs, servers, compute links, storage write bandwidth, the
/// failure rates of its catalog (null when it has none), and @p jobGpus (0: the design
/// setting, else the whole cluster).
ReliabilityInputs reliabilityInputs(const DesignData& d, const Metrics& m, int jobGpus = 0);
Reliability reliabilityOf(const DesignData& d, const Metrics& m);

} // namespace cds
