#include "Site.h"

#include <algorithm>
#include <map>

namespace cds {

std::vector<HallBundle> interHallBundles(const DesignData& d, const std::vector<int>& rackHall) {
    std::map<std::pair<int, int>, HallBundle> by;
    auto hallOf = [&](DeviceId id) {
        const Device* dev = d.devices.find(id);
        return dev ? hallOfRack(rackHall, dev->rack) : -1;
    };
    auto isOptic = [&](TypeId t) {
        return t.isValid() && d.catalog[t].category == Category::Transceiver;
    };
    d.links.forEach([&](LinkId, const Link& l) {
        int a = hallOf(l.a.device), b = hallOf(l.b.device);
        if (a < 0 || b < 0 || a == b)
            return;
        if (a > b)
            std::swap(a, b);
        HallBundle& h = by[{a, b}];
        h.a = a;
        h.b = b;
        ++h.links;
        if (isOptic(l.medium))
            h.optics += 2; // the same module at both ends, or mediumB at the far one
        h.maxLengthM = std::max(h.maxLengthM, double(l.lengthM));
    });
    std::vector<HallBundle> out;
    out.reserve(by.size());
    for (auto& [pair, h] : by)
        out.push_back(h);
    return out;
}

InterHallLinks interHallLinks(const DesignData& d, const std::vector<int>& rackHall) {
    InterHallLinks out;
    for (const HallBundle& h : interHallBundles(d, rackHall)) {
        out.links += h.links;
        out.optics += h.optics;
        out.maxLengthM = std::max(out.maxLengthM, h.maxLengthM);
    }
    return out;
}

} // namespace cds
