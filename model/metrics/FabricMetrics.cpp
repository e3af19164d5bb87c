#include "MetricContributor.h"

#include "../PortTable.h"

namespace cds {

namespace {

/// 0 node-leaf, 1 leaf-spine, 2 spine-core, 3 anything else.
int levelOf(Tier a, Tier b) {
    if (a > b)
        std::swap(a, b);
    if (a == Tier::None && b == Tier::Leaf)
        return 0;
    if (a == Tier::Leaf && b == Tier::Spine)
        return 1;
    if (a == Tier::Spine && b == Tier::Core)
        return 2;
    return 3;
}

template <typename C> void countLevel(C& c, int level) {
    (level == 0 ? c.nodeLeaf : level == 1 ? c.leafSpine : level == 2 ? c.spineCore : c.other)++;
}

void countTier(TierCounts& c, Tier t) {
    (t == Tier::Leaf ? c.leaf : t == Tier::Spine ? c.spine : c.core)++;
}

/// Half the smallest aggregate bandwidth of the tier levels a fabric has, in Tb/s.
double bisectionOf(const std::array<double, 3>& gbps, const TierCounts& switches) {
    double low = gbps[0];
    if (switches.spine > 0)
        low = std::min(low, gbps[1]);
    if (switches.core > 0)
        low = std::min(low, gbps[2]);
    return low / 2.0 / 1000.0;
}

/// The compute planes, and each fabric's plane index (-1: not a compute fabric).
std::vector<int> addPlanes(const DesignData& d, Metrics& m) {
    std::vector<int> planeOf(d.fabrics.size(), -1);
    for (std::size_t i = 0; i < d.fabrics.size(); ++i)
        if (d.fabrics[i].kind == FabricKind::Compute) {
            planeOf[i] = int(m.computePlanes.size());
            PlaneMetrics pm;
            pm.fabric = FabricId(static_cast<FabricId::Rep>(i));
            pm.name = d.fabrics[i].name;
            m.computePlanes.push_back(pm);
        }
    return planeOf;
}

} // namespace

void FabricMetrics::contribute(const MetricInputs& in, Metrics& m) const {
    const DesignData& d = in.design;
    const std::vector<int> planeOf = addPlanes(d, m);
    auto planeIndex = [&](FabricId f) {
        return f.isValid() && f.value() < planeOf.size() ? planeOf[f.value()] : -1;
    };
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (d.catalog[v.type].category != Category::Switch || v.tier == Tier::None)
            return;
        const Fabric* f = d.fabric(v.fabric);
        countTier(m.switches[std::size_t(f ? f->kind : FabricKind::Compute)], v.tier);
        if (const int pl = planeIndex(v.fabric); pl >= 0)
            countTier(m.computePlanes[std::size_t(pl)].switches, v.tier);
    });

    // Links by tier level; bandwidth per level for the compute fabric.
    std::vector<std::array<double, 3>> planeGbps(m.computePlanes.size(), {0.0, 0.0, 0.0});
    std::array<double, 3> levelGbps{};
    PortTable ports(d.catalog);
    d.links.forEach([&](LinkId, const Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (!a || !b)
            return;
        const Fabric* f = d.fabric(l.fabric);
        const FabricKind kind = f ? f->kind : FabricKind::Compute;
        int level = levelOf(a->tier, b->tier);
        // Node-leaf counts GPU servers' links; a UFM appliance on a leaf port is "other".
        if (level == 0 && d.catalog[(a->tier == Tier::None ? a : b)->type].gpuCount() == 0 &&
            kind == FabricKind::Compute)
            level = 3;
        countLevel(m.links[std::size_t(kind)], level);
        const int pl = planeIndex(l.fabric);
        if (pl >= 0)
            countLevel(m.computePlanes[std::size_t(pl)].links, level);
        if (kind == FabricKind::Compute && level < 3) {
            const double s =
                std::min(ports.info(*a, l.a.port).speedGbps, ports.info(*b, l.b.port).speedGbps);
            levelGbps[std::size_t(level)] += s;
            if (pl >= 0)
                planeGbps[std::size_t(pl)][std::size_t(level)] += s;
        }
    });
    const TierCounts& ct = m.switches[std::size_t(FabricKind::Compute)];
    m.bisectionTbps = bisectionOf(levelGbps, ct);
    for (std::size_t i = 0; i < m.computePlanes.size(); ++i) {
        PlaneMetrics& pm = m.computePlanes[i];
        pm.bisectionTbps = bisectionOf(planeGbps[i], pm.switches);
        pm.injectionGbpsPerGpu = m.gpus ? planeGbps[i][0] / m.gpus : 0;
    }
    m.tierGbps = levelGbps;
    m.injectionGbpsPerGpu = m.gpus ? levelGbps[0] / m.gpus : 0;
    if (ct.spine > 0 && levelGbps[1] > 0)
        m.leafOversubscription = levelGbps[0] / levelGbps[1];
    if (ct.core > 0 && levelGbps[2] > 0)
        m.spineOversubscription = levelGbps[1] / levelGbps[2];
}

} // namespace cds
