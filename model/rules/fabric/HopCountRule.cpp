#include "../FindingCodes.h"
#include "FabricRules.h"

#include <numeric>

namespace cds {

namespace {
int findRoot(std::vector<std::uint32_t>& parent, std::uint32_t x) {
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return int(x);
}
} // namespace

QStringList HopCountRule::codes() const {
    return {codes::kFabricPartitioned, codes::kFabricDiameter};
}

void HopCountRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    const FabricId f = d.findFabric(FabricKind::Compute);
    if (!f)
        return;
    // Components of the switch graph: servers are endpoints, not transit (a path between
    // two rails through a server's NVLink is not fabric connectivity).
    std::vector<std::uint32_t> parent(d.devices.capacity());
    std::iota(parent.begin(), parent.end(), 0u);
    int topTier = 0;
    d.links.forEach([&](LinkId, const Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (l.fabric != f || !a || !b)
            return;
        topTier = std::max({topTier, int(a->tier), int(b->tier)});
        if (a->tier == Tier::None || b->tier == Tier::None)
            return;
        const int ra = findRoot(parent, l.a.device.value());
        const int rb = findRoot(parent, l.b.device.value());
        if (ra != rb)
            parent[std::size_t(ra)] = std::uint32_t(rb);
    });
    // The components that servers attach to; two or more means some GPUs cannot meet.
    std::vector<char> used(parent.size(), 0);
    DeviceId sample[2], sampleLeaf[2];
    int components = 0;
    d.links.forEach([&](LinkId, const Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (l.fabric != f || !a || !b || (a->tier == Tier::None) == (b->tier == Tier::None))
            return;
        const DeviceId server = a->tier == Tier::None ? l.a.device : l.b.device;
        const DeviceId leaf = a->tier == Tier::None ? l.b.device : l.a.device;
        const int r = findRoot(parent, leaf.value());
        if (used[std::size_t(r)])
            return;
        used[std::size_t(r)] = 1;
        if (components < 2) {
            sample[components] = server;
            sampleLeaf[components] = leaf;
        }
        ++components;
    });
    if (components > 1) {
        // One server can sit in two parts (its rails on unconnected leaves): then the parts are
        // named by their leaves, never as a device that cannot reach itself.
        const QString& leaf0 = d.devices[sampleLeaf[0]].name;
        const QString& leaf1 = d.devices[sampleLeaf[1]].name;
        const QString apart =
            sample[0] == sample[1]
                ? QStringLiteral("the GPUs of %1 on %2 cannot reach those on %3")
                      .arg(d.devices[sample[0]].name, leaf0, leaf1)
                : QStringLiteral("%1 (on %2) cannot reach %3 (on %4)")
                      .arg(d.devices[sample[0]].name, leaf0, d.devices[sample[1]].name, leaf1);
        std::vector<ObjectRef> objects = {ObjectRef::fabric(f), ObjectRef::device(sample[0])};
        if (sample[1] != sample[0])
            objects.push_back(ObjectRef::device(sample[1]));
        objects.push_back(ObjectRef::device(sampleLeaf[0]));
        objects.push_back(ObjectRef::device(sampleLeaf[1]));
        out.push_back({codes::kFabricPartitioned, Severity::Error,
                       QStringLiteral("the compute fabric falls apart into %1 parts: %2")
                           .arg(components)
                           .arg(apart),
                       std::move(objects), name(),
                       QStringLiteral("every GPU reaches every other")});
    }
    // In a folded Clos the longest path climbs to the top tier and back down.
    const int hops = topTier > 0 ? 2 * topTier - 1 : 0;
    if (hops > m_maxHops)
        out.push_back(
            {codes::kFabricDiameter,
             Severity::Warning,
             QStringLiteral("GPU-to-GPU paths cross up to %1 switches").arg(hops),
             {ObjectRef::fabric(f)},
             name(),
             QStringLiteral("at most %1 switch hops (3-tier fat tree: 5)").arg(m_maxHops)});
}

} // namespace cds
