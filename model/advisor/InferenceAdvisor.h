#pragma once

#include "ClusterFacts.h"
#include "Workload.h"

#include <QStringList>

namespace cds {

/// @brief A serving deployment sized on a server type: the figures `advise infer --json`
/// prints, and the throughput estimate behind the replica count.
struct InferenceEstimate {
    bool ok = false;
    QString reason;
    double weightsGb = 0;
    double kvCacheGb = 0;    ///< for `concurrency` sequences of `context` tokens, per replica
    double kvPerTokenMb = 0; ///< 2 x layers x KV heads x head dim x bytes
    int gpusPerReplica = 0;  ///< tensor parallel inside the NVLink domain, whole domains beyond
    int replicas = 0;
    double memoryPerGpuGb = 0; ///< (weights + KV cache) / GPUs per replica
    double capacityGb = 0;     ///< usable per GPU
    double tokensPerSecondPerReplica = 0;
    QStringList reasoning;
};

/// Decode reads every weight and the KV cache once per step; the share of the HBM bandwidth it
/// reaches is an estimate (memory-bound GEMV and attention kernels reach 60-80 %).
inline constexpr double kDecodeBandwidthShare = 0.7;

/// Sizes @p w on GPUs of @p server: the smallest replica that holds the weights and the KV
/// cache, its decode rate, and the replicas the target tokens/s needs.
InferenceEstimate estimateInference(const InferenceWorkload& w, const ServerFigures& server);

} // namespace cds
