#include "../../fabric/FabricGraph.h"
#include "../FindingCodes.h"
#include "FabricRules.h"

#include <algorithm>

namespace cds {

QStringList WiringBalanceRule::codes() const {
    return {codes::kFabricUnbalanced, codes::kFabricSingleUplink};
}

namespace {

/// Links from one switch to each switch above it: {distinct peers, min, max per peer}.
struct Spread {
    int peers = 0, minLinks = 0, maxLinks = 0;
};

Spread spreadOf(std::vector<FabricGraph::Edge> up) {
    Spread s;
    std::sort(up.begin(), up.end(), [](const auto& a, const auto& b) { return a.other < b.other; });
    for (std::size_t i = 0; i < up.size();) {
        std::size_t j = i;
        while (j < up.size() && up[j].other == up[i].other)
            ++j;
        const int n = int(j - i);
        s.minLinks = s.peers ? std::min(s.minLinks, n) : n;
        s.maxLinks = std::max(s.maxLinks, n);
        ++s.peers;
        i = j;
    }
    return s;
}

} // namespace

void WiringBalanceRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    for (std::size_t fi = 0; fi < d.fabrics.size(); ++fi) {
        const FabricId f(static_cast<FabricId::Rep>(fi));
        FabricGraph own;
        if (!ctx.graphs)
            own = buildFabricGraph(d, f);
        const FabricGraph& g = ctx.graphs ? ctx.graphs->graph(d, f) : own;
        for (Tier tier : {Tier::Leaf, Tier::Spine}) {
            const Tier above = tier == Tier::Leaf ? Tier::Spine : Tier::Core;
            if (g.switches[std::size_t(above)].empty())
                continue;
            std::vector<std::pair<DeviceId, Spread>> spreads;
            int peersMax = 0;
            for (DeviceId id : g.switches[std::size_t(tier)]) {
                const Spread s = spreadOf(g.nodes[id.value()].up);
                spreads.push_back({id, s});
                peersMax = std::max(peersMax, s.peers);
            }
            for (const auto& [id, s] : spreads) {
                const Device& v = d.devices[id];
                if (tier == Tier::Leaf && s.peers < 2 && g.nodes[id.value()].downGbps > 0)
                    out.push_back({codes::kFabricSingleUplink,
                                   Severity::Error,
                                   QStringLiteral("%1 reaches %2 spine(s): a single point of "
                                                  "failure")
                                       .arg(v.name)
                                       .arg(s.peers),
                                   {ObjectRef::device(id)},
                                   name(),
                                   QStringLiteral("at least 2 uplink paths per leaf")});
                if (s.peers > 0 && (s.minLinks != s.maxLinks || s.peers < peersMax))
                    out.push_back({codes::kFabricUnbalanced,
                                   Severity::Warning,
                                   QStringLiteral("%1 reaches %2 of %3 %4s with %5-%6 links each")
                                       .arg(v.name)
                                       .arg(s.peers)
                                       .arg(peersMax)
                                       .arg(tierKey(above))
                                       .arg(s.minLinks)
                                       .arg(s.maxLinks),
                                   {ObjectRef::device(id)},
                                   name(),
                                   QStringLiteral("equal links to every %1 its peers reach")
                                       .arg(tierKey(above))});
            }
        }
    }
}

} // namespace cds
