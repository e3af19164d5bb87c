#pragma once
// The size of a training checkpoint, shared by the generator (storage sized for a checkpoint
// time) and the reliability figures (checkpoint write time, Young/Daly interval).

#include <algorithm>

namespace cds {

/// Model state of Llama 3 405B: 405e9 parameters x 16 bytes (Dubey et al. 2024, "The Llama 3
/// Herd of Models", arXiv:2407.21783, section 3.1: ZeRO model state).
inline constexpr double kDefaultCheckpointBytes = 405e9 * 16;

/// A full model-state checkpoint of a job on @p jobGpus GPUs of @p gpuMemoryGb each: Llama 3
/// 405B's, or 90 % of the job's GPU memory when that is smaller (the largest model it trains).
inline double defaultCheckpointBytes(int jobGpus, double gpuMemoryGb) {
    const double memory = 0.9 * jobGpus * gpuMemoryGb * 1e9;
    return memory > 0 ? std::min(kDefaultCheckpointBytes, memory) : kDefaultCheckpointBytes;
}

/// Seconds to write @p bytes at @p gbps (gigabits per second).
inline double writeSeconds(double bytes, double gbps) {
    return bytes * 8 / (gbps * 1e9);
}

/// Gigabits per second that write @p bytes in @p seconds.
inline double writeGbps(double bytes, double seconds) {
    return bytes * 8 / seconds / 1e9;
}

} // namespace cds
