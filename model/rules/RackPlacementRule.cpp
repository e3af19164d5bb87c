#include "FindingCodes.h"
#include "FoundationRules.h"
#include "RuleText.h"

#include "../RackGeometry.h"

#include <algorithm>

namespace cds {

QStringList RackPlacementRule::codes() const {
    return {codes::kRackOutsideHall, codes::kRackOnObstacle, codes::kRackOverlap};
}

void RackPlacementRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    const RectMm hall{0, 0, d.hall.widthMm, d.hall.depthMm};
    struct Placed {
        RackId id;
        RectMm f;
    };
    std::vector<Placed> placed;
    placed.reserve(d.racks.size());
    d.racks.forEach([&](RackId id, const Rack& r) {
        const RectMm f = footprint(d, r);
        placed.push_back({id, f});
        if (!hall.contains(f))
            out.push_back({codes::kRackOutsideHall,
                           Severity::Error,
                           QStringLiteral("%1 stands outside the hall (%2 of a %3 x %4 mm hall)")
                               .arg(r.name, rectText(f))
                               .arg(d.hall.widthMm, 0, 'f', 0)
                               .arg(d.hall.depthMm, 0, 'f', 0),
                           {ObjectRef::rack(id)},
                           name(),
                           QStringLiteral("the hall's floor")});
        for (const Obstacle& o : d.hall.obstacles)
            if (f.intersects(o.area))
                out.push_back({codes::kRackOnObstacle,
                               Severity::Error,
                               QStringLiteral("%1 stands on obstacle %2").arg(r.name, o.name),
                               {ObjectRef::rack(id)},
                               name(),
                               QStringLiteral("obstacle %1: %2").arg(o.name, rectText(o.area))});
    });
    // Sweep along x: only racks whose x spans meet are compared, so 10,000 racks stay cheap.
    std::vector<std::size_t> order(placed.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return placed[a].f.x < placed[b].f.x || (placed[a].f.x == placed[b].f.x && a < b);
    });
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const RectMm& a = placed[order[i]].f;
        for (std::size_t j = i + 1; j < order.size() && placed[order[j]].f.x < a.x + a.w; ++j)
            if (a.intersects(placed[order[j]].f))
                pairs.emplace_back(std::min(order[i], order[j]), std::max(order[i], order[j]));
    }
    std::sort(pairs.begin(), pairs.end()); // in rack order, whatever the positions
    for (const auto& [i, j] : pairs) {
        const Rack& a = d.racks[placed[i].id];
        const Rack& b = d.racks[placed[j].id];
        out.push_back({codes::kRackOverlap,
                       Severity::Error,
                       QStringLiteral("%1 overlaps %2 on the floor").arg(a.name, b.name),
                       {ObjectRef::rack(placed[i].id), ObjectRef::rack(placed[j].id)},
                       name(),
                       QStringLiteral("racks need their own floor space")});
    }
}

} // namespace cds
