#include "../FindingCodes.h"
#include "FabricRules.h"

#include "../../SiteHalls.h"
#include "../../cabling/CableRouting.h"

namespace cds {

QStringList CableReachRule::codes() const {
    return {codes::kLinkReach, codes::kLinkNoMedium};
}

void CableReachRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    std::vector<LinkId> all = ctx.design.links.ids();
    checkLinks(ctx.design, all, out);
}

void CableReachRule::checkLinks(const DesignData& d, const std::vector<LinkId>& links,
                                std::vector<Finding>& out) const {
    // The racks' halls, found on the first link with no medium of a campus: such a link, if it
    // runs between halls, had only single-mode optics to choose from, and the finding says so.
    std::vector<int> rackHall;
    auto hallsOf = [&](const Device& a, const Device& b) -> std::pair<int, int> {
        if (d.halls.size() < 2)
            return {-1, -1};
        if (rackHall.empty())
            rackHall = rackHalls(d, d.halls);
        return {hallOfRack(rackHall, a.rack), hallOfRack(rackHall, b.rack)};
    };
    for (LinkId id : links) {
        const Link* l = d.links.find(id);
        if (!l || l->lengthM <= 0) // unplaced or not routed yet
            continue;
        const Device* a = d.devices.find(l->a.device);
        const Device* b = d.devices.find(l->b.device);
        if (!a || !b)
            continue;
        if (l->pinnedMedium && d.catalog.contains(l->pinnedMedium)) {
            const CatalogItem& m = d.catalog[l->pinnedMedium];
            const double reach = m.media ? m.media->maxReachM : 0;
            if (l->lengthM > reach + 1e-6)
                out.push_back(
                    {codes::kLinkReach,
                     Severity::Error,
                     QStringLiteral("%1 to %2 runs %3 m but the pinned %4 reaches %5 m")
                         .arg(a->name, b->name)
                         .arg(double(l->lengthM), 0, 'f', 1)
                         .arg(m.id)
                         .arg(reach),
                     {ObjectRef::link(id), ObjectRef::rack(a->rack), ObjectRef::rack(b->rack)},
                     name(),
                     QStringLiteral("max reach %1 m (%2)").arg(reach).arg(m.id)});
        } else if (!l->medium) {
            const auto [ha, hb] = hallsOf(*a, *b);
            if (ha >= 0 && hb >= 0 && ha != hb) {
                out.push_back({codes::kLinkNoMedium,
                               Severity::Error,
                               QStringLiteral("no single-mode optic of the catalog carries %1 to "
                                              "%2 between %3 and %4 over %5 m")
                                   .arg(a->name, b->name, d.halls[std::size_t(ha)].name,
                                        d.halls[std::size_t(hb)].name)
                                   .arg(double(l->lengthM), 0, 'f', 1),
                               {ObjectRef::link(id)},
                               name(),
                               QStringLiteral("between halls single-mode only: SMF 100-2000 m")});
                continue;
            }
            out.push_back({codes::kLinkNoMedium,
                           Severity::Error,
                           QStringLiteral("no catalog cable or optic carries %1 to %2 over %3 m")
                               .arg(a->name, b->name)
                               .arg(double(l->lengthM), 0, 'f', 1),
                           {ObjectRef::link(id)},
                           name(),
                           QStringLiteral("media by reach: DAC 3 m, ACC 5 m, AOC 100 m, "
                                          "MMF 50 m, SMF 100-2000 m")});
        }
    }
}

std::vector<Finding> recheckMovedRack(DesignData& d, const DesignIndex& index, RackId rack) {
    const std::vector<LinkId> touched = linksOfRack(index, rack);
    rerouteLinks(d, index, touched);
    std::vector<Finding> out;
    CableReachRule().checkLinks(d, touched, out);
    return out;
}

} // namespace cds
