#include "AllReduceEstimate.h"

#include <algorithm>

namespace cds {

AllReduceEstimate estimateRingAllReduce(const Metrics& m, const AllReduceParams& p) {
    AllReduceEstimate e;
    e.gpus = m.gpus;
    if (m.gpus < 2 || m.injectionGbpsPerGpu <= 0 || p.messageBytes <= 0)
        return e;
    const double oversub = std::max({1.0, m.leafOversubscription, m.spineOversubscription});
    e.effectiveGbps = m.injectionGbpsPerGpu / oversub;
    const double n = m.gpus;
    const double bits = p.messageBytes * 8.0;
    e.bandwidthS = 2.0 * (n - 1.0) / n * bits / (e.effectiveGbps * 1e9);
    e.latencyS = 2.0 * (n - 1.0) * std::max(0.0, p.stepLatencyUs) * 1e-6;
    e.valid = true;
    return e;
}

} // namespace cds
