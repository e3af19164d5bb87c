#include "SiteHalls.h"

namespace cds {

std::vector<SiteHall> siteHalls(const DesignData& d) {
    if (!d.halls.empty())
        return d.halls;
    return {SiteHall{d.hall.name, RectMm{0, 0, d.hall.widthMm, d.hall.depthMm}}};
}

int hallAt(const std::vector<SiteHall>& halls, PointMm p) {
    for (std::size_t i = 0; i < halls.size(); ++i) {
        const RectMm& a = halls[i].area;
        if (p.x >= a.x && p.x <= a.x + a.w && p.y >= a.y && p.y <= a.y + a.h)
            return int(i);
    }
    return -1;
}

std::vector<int> rackHalls(const DesignData& d, const std::vector<SiteHall>& halls) {
    std::vector<int> out(d.racks.capacity(), -1);
    d.racks.forEach([&](RackId id, const Rack& r) { out[id.value()] = hallAt(halls, r.centre); });
    return out;
}

} // namespace cds
