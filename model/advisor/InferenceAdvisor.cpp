#include "InferenceAdvisor.h"

#include "TrainingAdvisor.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {

/// GPU counts a replica may use: powers of two inside the NVLink domain, then whole domains
/// (pipeline parallel across them), up to 64 domains.
std::vector<int> replicaSizes(const ServerFigures& s) {
    std::vector<int> out;
    for (int g = 1; g < s.nvlinkDomain; g *= 2)
        out.push_back(g);
    for (int k = 1; k <= 64; ++k)
        out.push_back(k * s.nvlinkDomain);
    return out;
}

} // namespace

InferenceEstimate estimateInference(const InferenceWorkload& w, const ServerFigures& s) {
    InferenceEstimate e;
    if (!(w.params > 0))
        e.reason = QStringLiteral("the parameter count must be positive");
    else if (w.context <= 0 || w.concurrency <= 0)
        e.reason = QStringLiteral("context and concurrency must be positive");
    else if (w.tokensPerSecond < 0)
        e.reason = QStringLiteral("the target tokens/s cannot be negative");
    else if (s.gpusPerServer <= 0 || s.nvlinkDomain <= 0)
        e.reason = QStringLiteral("the server has no GPUs");
    if (!e.reason.isEmpty())
        return e;
    const ModelShape shape = w.modelShape();
    const double bytes = weightBytes(w.precision);
    e.weightsGb = w.params * bytes / 1e9;
    // K and V per token and layer: 2 x KV heads x head dim elements (grouped-query attention).
    const double kvPerToken = 2.0 * shape.layers * shape.kvHeads * shape.headDim() * bytes;
    e.kvPerTokenMb = kvPerToken / 1e6;
    e.kvCacheGb = kvPerToken * w.context * double(w.concurrency) / 1e9;
    e.capacityGb = s.memoryGb * kUsableMemoryShare;
    for (int g : replicaSizes(s))
        if ((e.weightsGb + e.kvCacheGb) / g <= e.capacityGb) {
            e.gpusPerReplica = g;
            break;
        }
    if (e.gpusPerReplica == 0) {
        e.reason = QStringLiteral("%1 GB of weights and KV cache fit no replica of up to %2 %3 "
                                  "GPUs")
                       .arg(e.weightsGb + e.kvCacheGb, 0, 'f', 0)
                       .arg(64 * s.nvlinkDomain)
                       .arg(s.gpuModel);
        return e;
    }
    const int g = e.gpusPerReplica;
    e.memoryPerGpuGb = (e.weightsGb + e.kvCacheGb) / g;
    // One decode step makes a token for every sequence in flight. It reads the weights and
    // the KV cache (half full on average) from HBM, and needs 2 N FLOPs per token at most
    // at kDefaultMfu of the peak; the slower of the two sets the pace.
    const double readBytes = (e.weightsGb + e.kvCacheGb / 2) * 1e9;
    const double memS = readBytes / (g * s.hbmTBps * 1e12 * kDecodeBandwidthShare);
    const double peak = s.bf16Tflops * 1e12 * peakFactor(w.precision);
    const double flopS = 2.0 * w.params * w.concurrency / (g * peak * kDefaultMfu);
    const double stepS = std::max(memS, flopS);
    e.tokensPerSecondPerReplica = w.concurrency / stepS;
    e.replicas =
        w.tokensPerSecond > 0 ? int(std::ceil(w.tokensPerSecond / e.tokensPerSecondPerReplica)) : 1;
    e.ok = true;
    e.reasoning << QStringLiteral("Weights: %1 params x %2 bytes (%3) = %4 GB.")
                       .arg(w.params, 0, 'g', 3)
                       .arg(bytes)
                       .arg(precisionKey(w.precision))
                       .arg(e.weightsGb, 0, 'f', 1)
                << QStringLiteral(
                       "KV cache: 2 x %1 layers x %2 KV heads x %3 x %4 bytes = %5 MB/token; "
                       "x %6 tokens x %7 sequences = %8 GB.")
                       .arg(shape.layers)
                       .arg(shape.kvHeads)
                       .arg(shape.headDim())
                       .arg(bytes)
                       .arg(e.kvPerTokenMb, 0, 'f', 3)
                       .arg(w.context)
                       .arg(w.concurrency)
                       .arg(e.kvCacheGb, 0, 'f', 1)
                << QStringLiteral("Replica: %1 GPUs (%2 GB each of %3 GB usable).")
                       .arg(g)
                       .arg(e.memoryPerGpuGb, 0, 'f', 1)
                       .arg(e.capacityGb, 0, 'f', 0)
                << QStringLiteral(
                       "Decode: about %1 tokens/s per replica (%2-bound); %3 replica(s).")
                       .arg(e.tokensPerSecondPerReplica, 0, 'f', 0)
                       .arg(memS >= flopS ? QStringLiteral("memory") : QStringLiteral("compute"))
                       .arg(e.replicas);
    return e;
}

} // namespace cds
