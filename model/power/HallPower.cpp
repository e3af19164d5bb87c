#include "HallPower.h"

#include "../site/Site.h"
#include "PowerTopology.h"

namespace cds {

std::vector<double> hallUtilityKva(const DesignData& d, const Metrics& m, const PowerAnalysis& a,
                                   const std::vector<int>& rackHall, std::size_t halls) {
    std::vector<double> out(halls, 0.0);
    if (!a.hasChain() || d.power.powerFactor <= 0)
        return out;
    std::vector<double> itKw(d.racks.capacity(), 0.0);
    for (const RackMetrics& r : m.perRack)
        if (r.rack.isValid() && r.rack.value() < itKw.size())
            itKw[r.rack.value()] = r.itMaxW / 1000.0;
    const PowerTopology topo(d);
    for (const ElementFlow& f : a.elements) {
        const PowerElement& e = d.power.elements[f.id];
        // The sources PowerAnalysis::utilityKva sums: no supply of their own, not standby.
        if (!e.upstream.empty() || isStandby(e.kind) || f.normalKw <= 0)
            continue;
        std::vector<double> share(halls, 0.0);
        double total = 0;
        for (RackId r : topo.racksServedBy(f.id))
            if (const int h = hallOfRack(rackHall, r); h >= 0 && std::size_t(h) < halls) {
                share[std::size_t(h)] += itKw[r.value()];
                total += itKw[r.value()];
            }
        if (total <= 0)
            continue;
        for (std::size_t h = 0; h < halls; ++h)
            out[h] += f.normalKw / d.power.powerFactor * share[h] / total;
    }
    return out;
}

} // namespace cds
