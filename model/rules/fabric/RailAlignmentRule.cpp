#include "../FindingCodes.h"
#include "FabricRules.h"

#include "../../PortTable.h"

#include <algorithm>

namespace cds {

QStringList RailAlignmentRule::codes() const {
    return {codes::kFabricRailMisaligned};
}

void RailAlignmentRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    d.links.forEach([&](LinkId id, const Link& l) {
        const Fabric* fab = d.fabric(l.fabric);
        if (!fab || !fab->railOptimized)
            return;
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (!a || !b)
            return;
        const bool aIsLeaf = a->tier == Tier::Leaf;
        const Device& leaf = aIsLeaf ? *a : *b;
        const Device& node = aIsLeaf ? *b : *a;
        const PortRef& nodePort = aIsLeaf ? l.b : l.a;
        if (leaf.tier != Tier::Leaf || node.tier != Tier::None || leaf.rail < 0)
            return;
        const CatalogItem& t = d.typeOf(node);
        if (t.category != Category::Server)
            return; // a UFM appliance takes whichever leaf port is left over
        const int first = firstLogicalPort(t, node.breakout, PortRole::Compute);
        // A NIC split over parallel planes keeps its rail on every plane.
        const int off = int(nodePort.port) - first;
        const int nic = off < 0 ? -1 : off / std::max(1, int(node.breakout));
        if (first < 0 || nic < 0 || nic >= t.portCount(PortRole::Compute) || nic == leaf.rail)
            return;
        out.push_back({codes::kFabricRailMisaligned,
                       Severity::Error,
                       QStringLiteral("%1 NIC %2 is cabled to %3, the leaf of rail %4")
                           .arg(node.name)
                           .arg(nic)
                           .arg(leaf.name)
                           .arg(leaf.rail),
                       {ObjectRef::link(id), ObjectRef::device(nodePort.device)},
                       name(),
                       QStringLiteral("rail-optimized: NIC i on rail leaf i")});
    });
}

} // namespace cds
