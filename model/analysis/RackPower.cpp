#include "RackPower.h"

#include "../RackCooling.h"

namespace cds {

PowerStatus powerStatus(double kw, const CoolingEnvelope& e) {
    if (kw > e.maxKw)
        return PowerStatus::Over;
    if (kw > e.warnKw)
        return PowerStatus::Warning;
    return PowerStatus::Ok;
}

std::vector<RackPower> rackPower(const DesignData& d, const Metrics& m) {
    std::vector<RackPower> out;
    out.reserve(m.perRack.size());
    for (const RackMetrics& rm : m.perRack) {
        const Rack* r = d.racks.find(rm.rack);
        if (!r)
            continue;
        const CoolingEnvelope& env = rm.envelope;
        RackPower p;
        p.rack = rm.rack;
        p.name = r->name;
        p.cooling = r->cooling;
        p.kw = rm.itMaxW / 1000.0;
        p.powerMissing = rm.powerMissing;
        p.warnKw = env.warnKw;
        p.maxKw = env.maxKw;
        rackEnvelope(d, *r, rm.systemRatedKw, &p.envelope); // the label; rm has the values
        p.status = powerStatus(p.kw, env);
        out.push_back(std::move(p));
    }
    return out;
}

} // namespace cds
