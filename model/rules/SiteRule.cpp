#include "FindingCodes.h"
#include "FoundationRules.h"

#include "../SegmentDistance.h"
#include "../site/Site.h"

#include <algorithm>

namespace cds {

namespace {

/// Whether @p e lies on pathway @p q: within the tolerance the tray graph joins trays at.
bool touches(PointMm e, const Pathway& q) {
    return withinOfSegment(q.from, q.to, e, kPathwayJoinToleranceMm);
}

/// The ends of pathway @p id that stand in no hall and on no other pathway.
std::vector<PointMm> deadEnds(const DesignData& d, PathwayId id, const Pathway& p) {
    std::vector<PointMm> out;
    for (const PointMm e : {p.from, p.to}) {
        if (hallAt(d.halls, e) >= 0)
            continue; // most ends: checked first, so the scan below runs for a few
        bool joined = false;
        d.pathways.forEach([&](PathwayId other, const Pathway& q) {
            joined = joined || (other != id && touches(e, q));
        });
        if (!joined)
            out.push_back(e);
    }
    return out;
}

QString at(PointMm p) {
    return QStringLiteral("(%1, %2) m").arg(p.x / 1000, 0, 'f', 1).arg(p.y / 1000, 0, 'f', 1);
}

QString where(const RectMm& r) {
    return QStringLiteral("%1 x %2 m at (%3, %4) m")
        .arg(r.w / 1000, 0, 'f', 1)
        .arg(r.h / 1000, 0, 'f', 1)
        .arg(r.x / 1000, 0, 'f', 1)
        .arg(r.y / 1000, 0, 'f', 1);
}

/// `site.pathway-dead-end`: one finding per pathway, naming each of its dead ends.
void checkDeadEnds(const DesignData& d, const QString& rule, std::vector<Finding>& out) {
    d.pathways.forEach([&](PathwayId id, const Pathway& p) {
        const std::vector<PointMm> ends = deadEnds(d, id, p);
        if (ends.empty())
            return;
        const bool both = ends.size() == 2;
        out.push_back(
            {codes::kSitePathwayDeadEnd,
             Severity::Warning,
             QStringLiteral("%1 ends at %2, in no hall and on no other pathway: the %3 missing")
                 .arg(p.name.isEmpty() ? QStringLiteral("pathway %1").arg(id.value()) : p.name,
                      both ? at(ends[0]) + QStringLiteral(" and at ") + at(ends[1]) : at(ends[0]),
                      both ? QStringLiteral("halls it leads to are")
                           : QStringLiteral("hall it leads to is")),
             {ObjectRef::pathway(id)},
             rule,
             QStringLiteral("on a campus, each end of a pathway stands in a hall or within %1 mm "
                            "of another pathway (where trays join)")
                 .arg(kPathwayJoinToleranceMm)});
    });
}

} // namespace

QStringList SiteRule::codes() const {
    return {codes::kSiteHallOverlap, codes::kSiteRackOutsideHalls, codes::kSitePathwayDeadEnd};
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
    checkDeadEnds(d, name(), out);
}

} // namespace cds
