#include "AllReduce.h"

#include <algorithm>
#include <cmath>

namespace cds {

AllReduceModel AllReduceModel::of(Technology t) {
    // Estimates: Quantum-2 port-to-port ~130 ns, Spectrum-4 ~600 ns; InfiniBand RDMA steps
    // ~2 us, RoCEv2 ~3 us; transport efficiency 95% (IB) and 90% (RoCE with its headers).
    if (t == Technology::Ethernet)
        return {3.0, 0.6, 0.90};
    return {2.0, 0.13, 0.95};
}

AllReduceEstimate estimateAllReduce(const DesignData& d, const Metrics& m, double messageBytes,
                                    AllReduceAlgorithm algorithm) {
    AllReduceEstimate e;
    e.gpus = m.gpus;
    const FabricId f = d.findFabric(FabricKind::Compute);
    if (!f || m.gpus < 2 || m.injectionGbpsPerGpu <= 0)
        return e;
    const AllReduceModel model = AllReduceModel::of(d.fabrics[f.value()].technology);
    const TierCounts& sw = m.switches[std::size_t(FabricKind::Compute)];
    const int tiers = sw.core > 0 ? 3 : sw.spine > 0 ? 2 : 1;
    e.switchHops = 2 * tiers - 1;
    const double over = std::max({1.0, m.leafOversubscription, m.spineOversubscription});
    e.perGpuGbps = m.injectionGbpsPerGpu * model.efficiency / over;
    e.stepLatencyUs = model.stepLatencyUs + e.switchHops * model.hopLatencyUs;
    const double n = m.gpus;
    e.domains = std::max(1, m.nvlinkDomains);
    e.domainGpus = std::max(1, m.gpus / e.domains);
    const double domains = e.domains;
    if (e.domains < 2)
        return e; // one NVLink domain: the all-reduce never crosses the fabric
    const double alpha = e.stepLatencyUs * 1e-6;
    const double bytesTime = messageBytes * 8.0 / (e.perGpuGbps * 1e9 * e.domainGpus);
    if (algorithm == AllReduceAlgorithm::Ring)
        e.seconds = 2 * (domains - 1) * alpha + 2 * (n - 1) / n * bytesTime;
    else
        e.seconds = 2 * std::ceil(std::log2(domains)) * alpha + 2 * bytesTime;
    return e;
}

std::vector<double> allReduceMessageSizes() {
    std::vector<double> sizes;
    for (double b = 64e3; b < 17e9; b *= 4) // 64 kB ... 16.8 GB
        sizes.push_back(b);
    return sizes;
}

std::vector<AllReducePoint> allReduceCurve(const DesignData& d, const Metrics& m,
                                           const std::vector<double>& messageBytes,
                                           AllReduceAlgorithm algorithm) {
    std::vector<AllReducePoint> curve;
    for (double bytes : messageBytes) {
        const AllReduceEstimate e = estimateAllReduce(d, m, bytes, algorithm);
        if (e.seconds <= 0)
            return {};
        curve.push_back({bytes, e.seconds});
    }
    return curve;
}

} // namespace cds
