#include "../../fabric/FabricGraph.h"
#include "../FindingCodes.h"
#include "FabricRules.h"

namespace cds {

QStringList OversubscriptionRule::codes() const {
    return {codes::kFabricOversubscription, codes::kFabricNotNonBlocking};
}

void OversubscriptionRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    for (std::size_t fi = 0; fi < d.fabrics.size(); ++fi) {
        const Fabric& fab = d.fabrics[fi];
        const FabricId f(static_cast<FabricId::Rep>(fi));
        FabricGraph own;
        if (!ctx.graphs)
            own = buildFabricGraph(d, f);
        const FabricGraph& g = ctx.graphs ? ctx.graphs->graph(d, f) : own;
        for (Tier tier : {Tier::Leaf, Tier::Spine}) {
            const Tier above = tier == Tier::Leaf ? Tier::Spine : Tier::Core;
            if (g.switches[std::size_t(above)].empty())
                continue;
            // Upper tiers are built 1:1; the target applies at the leaves.
            const double target = tier == Tier::Leaf ? fab.targetOversubscription : 1.0;
            std::vector<ObjectRef> over{ObjectRef::fabric(f)};
            double worst = 0;
            QString worstName;
            for (DeviceId id : g.switches[std::size_t(tier)]) {
                const FabricGraph::Node& n = g.nodes[id.value()];
                if (n.upGbps <= 0 || n.downGbps <= 0)
                    continue; // no uplinks at all: WiringBalanceRule reports it
                const double r = n.downGbps / n.upGbps;
                if (r > target + 1e-6) {
                    over.push_back(ObjectRef::device(id));
                    if (r > worst) {
                        worst = r;
                        worstName = d.devices[id].name;
                    }
                }
            }
            if (over.size() == 1)
                continue;
            const bool claim = target <= 1.0 + 1e-9;
            out.push_back(
                {claim ? codes::kFabricNotNonBlocking : codes::kFabricOversubscription,
                 claim ? Severity::Error : Severity::Warning,
                 QStringLiteral("%1: %2 %3 switch(es) above %4:1 downlink:uplink (worst %5:1 at "
                                "%6)")
                     .arg(fab.name)
                     .arg(over.size() - 1)
                     .arg(tierKey(tier))
                     .arg(target)
                     .arg(worst, 0, 'f', 2)
                     .arg(worstName),
                 std::move(over), name(),
                 QStringLiteral("%1 target %2:1, from the links' bandwidth")
                     .arg(tierKey(tier))
                     .arg(target)});
        }
    }
}

} // namespace cds
