#include "FindingCodes.h"
#include "FoundationRules.h"

#include "../site/Site.h"

namespace cds {

namespace {

QString where(const RectMm& r) {
    return QStringLiteral("%1 x %2 m at (%3, %4) m")
        .arg(r.w / 1000, 0, 'f', 1)
        .arg(r.h / 1000, 0, 'f', 1)
        .arg(r.x / 1000, 0, 'f', 1)
        .arg(r.y / 1000, 0, 'f', 1);
}

} // namespace

QStringList SiteRule::codes() const {
    return {codes::kSiteHallOverlap, codes::kSiteRackOutsideHalls};
}

void SiteRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    if (d.halls.empty())
        return;
    for (std::size_t i = 0; i < d.halls.size(); ++i)
        for (std::size_t k = i + 1; k < d.halls.size(); ++k)
            if (d.halls[i].area.intersects(d.halls[k].area))
                out.push_back({codes::kSiteHallOverlap,
                               Severity::Error,
                               QStringLiteral("hall %1 (%2) overlaps hall %3 (%4) on the site")
                                   .arg(d.halls[i].name, where(d.halls[i].area), d.halls[k].name,
                                        where(d.halls[k].area)),
                               {},
                               name(),
                               QStringLiteral("each hall has its own floor")});
    const std::vector<int> halls = rackHalls(d, d.halls);
    d.racks.forEach([&](RackId id, const Rack& r) {
        if (halls[id.value()] >= 0)
            return;
        out.push_back({codes::kSiteRackOutsideHalls,
                       Severity::Error,
                       QStringLiteral("%1 stands at (%2, %3) m, in none of the site's %4 halls")
                           .arg(r.name)
                           .arg(r.centre.x / 1000, 0, 'f', 1)
                           .arg(r.centre.y / 1000, 0, 'f', 1)
                           .arg(d.halls.size()),
                       {ObjectRef::rack(id)},
                       name(),
                       QStringLiteral("a rack stands in a hall")});
    });
}

} // namespace cds
