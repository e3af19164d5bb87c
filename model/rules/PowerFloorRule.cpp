#include "FindingCodes.h"
#include "PowerChainRules.h"
#include "RuleText.h"

#include "../RackGeometry.h"
#include "../site/Site.h"

#include <algorithm>

namespace cds {

namespace {

/// "PR-A-R01-1 (power rack, 600 x 1200 mm at (6000, 1200))".
QString described(const PowerElement& e) {
    return QStringLiteral("%1 (%2, %3)")
        .arg(e.name, powerKindLabel(e.kind).toLower(), rectText(*e.area));
}

const QString kFix = QStringLiteral("; move it to free floor beside its row");

} // namespace

QStringList PowerFloorRule::codes() const {
    return {codes::kPowerRackFloor};
}

void PowerFloorRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    std::vector<PowerElementId> placed;
    d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        if (e.area)
            placed.push_back(id);
    });
    if (placed.empty())
        return; // an AC chain, or power racks off the floor: nothing to look at
    auto finding = [&](PowerElementId id, const QString& message, std::vector<ObjectRef> also,
                       const QString& threshold) {
        std::vector<ObjectRef> objects{ObjectRef::powerElement(id)};
        objects.insert(objects.end(), also.begin(), also.end());
        out.push_back({codes::kPowerRackFloor, Severity::Error, message + kFix, std::move(objects),
                       name(), threshold});
    };
    const RectMm floorArea{0, 0, d.hall.widthMm, d.hall.depthMm};
    const std::vector<SiteHall> halls = siteHalls(d);
    // Racks by the west edge of their footprint: each area looks only at those whose x span
    // can meet it, so a hall of 10,000 racks stays cheap on every drag.
    struct Placed {
        RectMm f;
        RackId id;
    };
    std::vector<Placed> racks;
    racks.reserve(d.racks.size());
    double widest = 0;
    d.racks.forEach([&](RackId id, const Rack& r) {
        racks.push_back({footprint(d, r), id});
        widest = std::max(widest, racks.back().f.w);
    });
    std::sort(racks.begin(), racks.end(), [](const Placed& a, const Placed& b) {
        return a.f.x < b.f.x || (a.f.x == b.f.x && a.id < b.id);
    });
    for (std::size_t i = 0; i < placed.size(); ++i) {
        const PowerElement& e = d.power.elements[placed[i]];
        const RectMm& a = *e.area;
        const bool inHall = std::any_of(halls.begin(), halls.end(),
                                        [&](const SiteHall& h) { return h.area.contains(a); });
        if (!floorArea.contains(a) || !inHall)
            finding(placed[i],
                    d.halls.empty()
                        ? QStringLiteral("%1 stands outside the hall (a %2 x %3 mm hall)")
                              .arg(described(e))
                              .arg(d.hall.widthMm, 0, 'f', 0)
                              .arg(d.hall.depthMm, 0, 'f', 0)
                        : QStringLiteral("%1 stands in none of the site's %2 halls")
                              .arg(described(e))
                              .arg(d.halls.size()),
                    {}, QStringLiteral("the hall's floor"));
        for (const Obstacle& o : d.hall.obstacles)
            if (a.intersects(o.area))
                finding(placed[i],
                        QStringLiteral("%1 stands on obstacle %2").arg(described(e), o.name), {},
                        QStringLiteral("obstacle %1: %2").arg(o.name, rectText(o.area)));
        const auto first = std::lower_bound(racks.begin(), racks.end(), a.x - widest,
                                            [](const Placed& p, double x) { return p.f.x < x; });
        std::vector<RackId> hit;
        for (auto it = first; it != racks.end() && it->f.x < a.x + a.w; ++it)
            if (a.intersects(it->f))
                hit.push_back(it->id);
        std::sort(hit.begin(), hit.end()); // in rack order, whatever the positions
        for (RackId r : hit)
            finding(placed[i],
                    QStringLiteral("%1 overlaps rack %2 on the floor")
                        .arg(described(e), d.racks[r].name),
                    {ObjectRef::rack(r)},
                    QStringLiteral("a power rack needs its own floor space: rack %1 is %2")
                        .arg(d.racks[r].name, rectText(footprint(d, d.racks[r]))));
        for (std::size_t k = i + 1; k < placed.size(); ++k) {
            const PowerElement& other = d.power.elements[placed[k]];
            if (a.intersects(*other.area))
                finding(placed[i],
                        QStringLiteral("%1 overlaps %2 on the floor")
                            .arg(described(e), described(other)),
                        {ObjectRef::powerElement(placed[k])},
                        QStringLiteral("each power rack needs its own floor space"));
        }
    }
}

} // namespace cds
