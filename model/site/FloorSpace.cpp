#include "FloorSpace.h"

#include "../RackGeometry.h"
#include "Site.h"

namespace cds {

namespace {

constexpr double kMm2PerM2 = 1e6;

double m2(const RectMm& r) {
    return r.w * r.h / kMm2PerM2;
}

} // namespace

FloorSpace floorSpace(const DesignData& d) {
    FloorSpace f;
    for (const SiteHall& h : siteHalls(d))
        f.hallM2 += m2(h.area);
    d.racks.forEach([&](RackId, const Rack& r) { f.racksM2 += m2(footprint(d, r)); });
    d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
        if (e.area)
            f.powerRacksM2 += m2(*e.area);
    });
    return f;
}

} // namespace cds
