#include "HallLoads.h"

namespace cds {

std::vector<HallLoad> hallLoads(const DesignData& d, const Metrics& m) {
    const std::vector<SiteHall> halls = siteHalls(d);
    return hallLoads(m, halls, rackHalls(d, halls));
}

std::vector<HallLoad> hallLoads(const Metrics& m, const std::vector<SiteHall>& halls,
                                const std::vector<int>& rackHall) {
    std::vector<HallLoad> out(halls.size());
    for (std::size_t i = 0; i < halls.size(); ++i)
        out[i].name = halls[i].name;
    for (const RackMetrics& r : m.perRack)
        if (const int h = hallOfRack(rackHall, r.rack); h >= 0) {
            HallLoad& l = out[std::size_t(h)];
            l.gpus += r.gpus;
            l.racks += 1;
            l.itKw += r.itMaxW / 1000.0;
        }
    return out;
}

} // namespace cds
