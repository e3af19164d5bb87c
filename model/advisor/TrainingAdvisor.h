#pragma once

#include "ClusterFacts.h"
#include "Workload.h"

#include <QStringList>

#include <functional>

namespace cds {

/// @brief How the GPUs split the work: tensor parallel inside the NVLink domain, pipeline
/// stages, and data-parallel replicas (tp x pp x dp = GPUs).
struct ParallelPlan {
    int tp = 1, pp = 1, dp = 1;
    double fullRecomputeShare = 0; ///< layers fully recomputed; the others selectively
    int microBatches = 1;          ///< per replica and step
};

/// @brief Memory one GPU holds during training, in GB.
struct TrainingMemory {
    double weightsAndGradsGb = 0; ///< bf16 weights and gradients of its shard (4 B/param)
    double optimizerGb = 0;       ///< fp32 master weights and Adam moments (12 B/param) / dp
    double activationsGb = 0;
    double capacityGb = 0; ///< usable: 90 % of the GPU's memory
    double totalGb() const { return weightsAndGradsGb + optimizerGb + activationsGb; }
};

/// @brief A training run sized on a cluster: the figures `advise train --json` prints, the
/// step-time parts they come from, and the reasoning in words.
struct TrainingEstimate {
    bool ok = false;
    QString reason; ///< why not, when !ok
    double flops = 0;
    int gpus = 0;
    /// Wall-clock days, interruptions included: computeDays / (goodput / 100).
    double days = 0;
    double computeDays = 0; ///< the steps alone, as if nothing failed
    /// The job's expected interruptions (model/resilience/Reliability.h) with its own model
    /// state as the checkpoint; goodputPct is 100 when the cluster has no failure figures.
    Reliability reliability;
    double modelStateGb = 0; ///< 16 bytes per parameter, whole model
    TrainingMemory memory;   ///< per GPU
    ParallelPlan plan;
    double stepTimeS = 0;
    double computeS = 0, bubbleS = 0;             ///< per step
    double tpCommS = 0, ppCommS = 0, dpCommS = 0; ///< per step, not hidden behind compute
    double dpAllReduceS = 0;                      ///< the whole gradient all-reduce per step
    double commFraction = 0;                      ///< (tp + pp + dp exposed) / step
    double tokensPerStep = 0;
    double effectiveMfu = 0;      ///< flops / (GPUs x peak x time)
    double computeEfficiency = 0; ///< share of peak while computing, derived from the MFU
    double energyMwh = 0; ///< over the wall-clock days; 0 when the power is unknown (nominal)
    double energyCostUsd = 0;
    double capexUsd = 0; ///< share of the design's capex the run uses
    double costUsd = 0;  ///< capex + energy
    QStringList reasoning;
};

/// Smallest share of a GPU's memory that must stay free (CUDA context, NCCL buffers,
/// fragmentation): an estimate, the same 10 % vLLM leaves by default.
inline constexpr double kUsableMemoryShare = 0.90;
/// Model state of mixed-precision Adam training: 16 bytes per parameter (fp16/bf16 weights and
/// gradients 2 + 2, fp32 master weights, momentum and variance 4 + 4 + 4), Rajbhandari et al.
/// 2020, "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models", section 3.1.
inline constexpr double kModelStateBytesPerParam = 16;

/// Training compute: 6 N D FLOPs (Kaplan et al. 2020, "Scaling Laws for Neural Language
/// Models", section 2.1: 2 N per token forward, 4 N backward).
double trainingFlops(double params, double tokens);

/// Why @p w cannot be sized whatever the cluster (zero tokens...), or empty.
QString trainingInputError(const TrainingWorkload& w);

/// Sizes @p w on @p facts: with w.gpus (at most facts.gpus) or all of facts.gpus, the fastest
/// parallel plan that fits memory, its step time on the fabric, days, energy and cost. w.mfu is
/// taken as end to end on a non-blocking fabric (as published); a slower fabric lengthens the
/// step by the communication it cannot hide. The days include the expected interruptions of
/// the job's share of the cluster (facts.reliability): compute days / goodput.
TrainingEstimate estimateTraining(const TrainingWorkload& w, const ClusterFacts& facts);

/// Smallest GPU count (whole servers) that fits @p w in memory on @p server, or 0 when none
/// up to @p maxGpus does.
int minimumTrainingGpus(const TrainingWorkload& w, const ServerFigures& server,
                        int maxGpus = 1 << 20);

/// Smallest GPU count (whole servers, at most @p maxGpus) that trains @p w within w.days
/// (interruptions included), each count timed on @p factsAt(gpus). 0 when none does.
int gpusForDays(const TrainingWorkload& w, const ServerFigures& server,
                const std::function<ClusterFacts(int gpus)>& factsAt, int maxGpus = 1 << 20);

} // namespace cds
