#pragma once
// A stand-in for cds::generateCluster: DGX H100 servers, four per DLC rack, eight racks per
// hall row, a QM9700 leaf per rack, spines above, and a core tier from coreFrom GPUs up.
// Enough structure for Metrics to see tiers, rows, power and bisection change with size.

#include "../TestDesigns.h"
#include "model/generator/Generator.h"

namespace cds::test {

inline DesignData fakeCluster(int gpus, int coreFrom = 1024) {
    Builder b;
    const FabricId compute = b.fabric(FabricKind::Compute);
    b.d.fabrics[compute.value()].railOptimized = true;
    const int servers = gpus / 8;
    const int racks = (servers + 3) / 4;
    const bool core = gpus >= coreFrom;
    const int rows = (racks + 7) / 8;
    b.d.hall.widthMm = 8 * 600 + 2000;
    b.d.hall.depthMm = rows * 3600 + 2000;
    for (int r = 0; r < rows; ++r)
        b.d.hall.rows.push_back(
            {QStringLiteral("Row %1").arg(r + 1), {500, 500 + r * 3600.0, 8 * 600.0, 1200}, true});
    std::vector<DeviceId> leaves;
    int s = 0;
    for (int r = 0; r < racks; ++r) {
        const RackId rack = b.rack(QStringLiteral("R%1").arg(r + 1), 800 + (r % 8) * 600.0,
                                   1100 + (r / 8) * 3600.0, CoolingType::DirectLiquid);
        const DeviceId leaf = b.device(QStringLiteral("leaf%1").arg(r + 1), "nvidia-qm9700", rack,
                                       40, Tier::Leaf, compute);
        leaves.push_back(leaf);
        for (int k = 0; k < 4 && s < servers; ++k, ++s) {
            const DeviceId srv =
                b.device(QStringLiteral("dgx%1").arg(s + 1), "nvidia-dgx-h100", rack, 2 + 8 * k);
            for (int p = 0; p < 8; ++p)
                b.link(srv, p, leaf, k * 8 + p, compute);
        }
    }
    if (leaves.size() < 2)
        return b.d;
    // 32 uplinks per leaf, spread round-robin; a spine takes 64 (2-tier) or 32 down + 32 up.
    const int spineDown = core ? 32 : 64;
    const int spines = int(leaves.size()) * 32 / spineDown;
    const RackId netRack = b.rack(QStringLiteral("N1"), 800, 500, CoolingType::Air);
    std::vector<DeviceId> spineIds;
    std::vector<int> used(std::size_t(spines), 0);
    for (int i = 0; i < spines; ++i)
        spineIds.push_back(b.device(QStringLiteral("spine%1").arg(i + 1), "nvidia-qm9700", netRack,
                                    1 + i % 40, Tier::Spine, compute));
    int next = 0;
    for (DeviceId leaf : leaves)
        for (int u = 0; u < 32; ++u, ++next) {
            const int sp = next % spines;
            b.link(leaf, 32 + u, spineIds[std::size_t(sp)], used[std::size_t(sp)]++, compute);
        }
    if (!core)
        return b.d;
    const int cores = spines / 2;
    std::vector<int> coreUsed(std::size_t(cores), 0);
    std::vector<DeviceId> coreIds;
    for (int i = 0; i < cores; ++i)
        coreIds.push_back(b.device(QStringLiteral("core%1").arg(i + 1), "nvidia-qm9700", netRack,
                                   1 + i % 40, Tier::Core, compute));
    next = 0;
    for (DeviceId sp : spineIds)
        for (int u = 0; u < 32; ++u, ++next) {
            const int c = next % cores;
            b.link(sp, 32 + u, coreIds[std::size_t(c)], coreUsed[std::size_t(c)]++, compute);
        }
    return b.d;
}

/// A GeneratorFn over fakeCluster: refuses counts that are not a multiple of 8 GPUs.
inline GenerateResult fakeGenerate(const GenerateParams& p, const Catalog&, const Progress& pr) {
    GenerateResult r;
    if (p.gpus <= 0 || p.gpus % 8 != 0) {
        r.error = QStringLiteral("--gpus %1 is not a multiple of 8 GPUs per server").arg(p.gpus);
        return r;
    }
    if (pr && !pr(50))
        return r;
    r.design = fakeCluster(p.gpus);
    r.ok = true;
    return r;
}

} // namespace cds::test
