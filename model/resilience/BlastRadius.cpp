#include "BlastRadius.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cds {

namespace {

void addRun(LossCalculator& calc, const FailureElement& e, std::vector<ElementLoss>& out) {
    const LossCalculator::Loss r = calc.run({e});
    if (r.gpusLost > 0)
        out.push_back({e, r.gpusLost, r.racksDown});
}

/// Racks fed alike: the chain element of each side that can carry them (kNone: that side
/// carries nothing, for want of PDUs or of a second feed).
struct FeedGroup {
    std::uint32_t feed[2] = {UpstreamPower::kNone, UpstreamPower::kNone};
    std::vector<RackId> racks;
    int gpus = 0;
    bool cdus = false;
    bool shared = false; ///< both sides on the chain
};

std::vector<FeedGroup> feedGroups(const FailureModel& m) {
    std::vector<char> holdsCdu(m.racks().size(), 0);
    for (std::uint32_t cdu : m.plantCdus())
        if (m.rackOf(cdu) != UINT32_MAX)
            holdsCdu[m.rackOf(cdu)] = 1;
    std::map<std::pair<std::uint32_t, std::uint32_t>, FeedGroup> groups;
    for (std::uint32_t i = 0; i < m.racks().size(); ++i) {
        const FailureModel::RackInfo& ri = m.racks()[i];
        if (!ri.live)
            continue;
        std::uint32_t f[2] = {UpstreamPower::kNone, UpstreamPower::kNone};
        bool onChain = true, any = false;
        for (int s = 0; s < ri.feeds; ++s) {
            if (!ri.carries[s])
                continue; // this side carries nothing anyway
            any = true;
            f[s] = ri.feed[s];
            onChain = onChain && f[s] != UpstreamPower::kNone;
        }
        if (!any || !onChain)
            continue; // a side off the chain: no element of it can stop the rack
        FeedGroup& g = groups[{f[0], f[1]}];
        g.feed[0] = f[0];
        g.feed[1] = f[1];
        g.racks.push_back(RackId(i));
        g.gpus += ri.gpus;
        g.cdus = g.cdus || holdsCdu[i];
        g.shared = f[0] != UpstreamPower::kNone && f[1] != UpstreamPower::kNone;
    }
    std::vector<FeedGroup> out;
    for (auto& [key, g] : groups)
        out.push_back(std::move(g));
    return out;
}

} // namespace

std::vector<PowerElementLoss> powerElementLosses(const FailureModel& m) {
    const UpstreamPower& p = m.power();
    std::vector<PowerElementLoss> out;
    if (p.empty())
        return out;
    const std::vector<FeedGroup> groups = feedGroups(m);
    // Each element's dead set is walked from it (propagateFrom), and only the groups fed by
    // an element of that set are looked at: the cost is what the element reaches.
    std::vector<std::vector<std::uint32_t>> groupsOf(p.elements().size());
    for (std::uint32_t g = 0; g < groups.size(); ++g)
        for (std::uint32_t f : groups[g].feed)
            if (f != UpstreamPower::kNone && (groupsOf[f].empty() || groupsOf[f].back() != g))
                groupsOf[f].push_back(g);
    std::vector<std::uint8_t> dead(p.elements().size(), 0), seen(groups.size(), 0);
    std::vector<std::uint32_t> deadList, candidates;
    for (std::uint32_t e = 0; e < p.elements().size(); ++e) {
        if (p.elements()[e].name.isEmpty())
            continue;
        p.propagateFrom({e}, dead, deadList);
        candidates.clear();
        for (std::uint32_t u : deadList)
            for (std::uint32_t g : groupsOf[u])
                if (!seen[g]) {
                    seen[g] = 1;
                    candidates.push_back(g);
                }
        PowerElementLoss loss;
        loss.element = e;
        for (std::uint32_t gi : candidates) {
            const FeedGroup& g = groups[gi];
            seen[gi] = 0;
            bool down = true;
            for (std::uint32_t f : g.feed)
                down = down && (f == UpstreamPower::kNone || dead[f]);
            if (!down)
                continue;
            loss.racks.insert(loss.racks.end(), g.racks.begin(), g.racks.end());
            if (g.shared)
                loss.shared.insert(loss.shared.end(), g.racks.begin(), g.racks.end());
            loss.gpus += g.gpus;
            loss.holdsCdus = loss.holdsCdus || g.cdus;
        }
        for (std::uint32_t u : deadList)
            dead[u] = 0;
        if (loss.racks.empty())
            continue;
        std::sort(loss.racks.begin(), loss.racks.end());
        std::sort(loss.shared.begin(), loss.shared.end());
        out.push_back(std::move(loss));
    }
    return out;
}

std::vector<ElementLoss> singleElementLosses(LossCalculator& calc) {
    using T = FailureElement::Type;
    const FailureModel& m = calc.model();
    std::vector<char> holdsCdu(m.racks().size(), 0);
    for (std::uint32_t cdu : m.plantCdus())
        if (m.rackOf(cdu) != UINT32_MAX)
            holdsCdu[m.rackOf(cdu)] = 1;
    const double airMaxKw = m.design().settings.cooling[std::size_t(CoolingType::Air)].maxKw;
    std::vector<ElementLoss> out;
    for (std::uint32_t i = 0; i < m.racks().size(); ++i) {
        const FailureModel::RackInfo& ri = m.racks()[i];
        if (!ri.live)
            continue;
        const bool* ok = ri.carries;
        if (!(ok[0] && ok[1]) && (ri.gpus > 0 || holdsCdu[i]))
            for (int s = 0; s < ri.feeds; ++s) {
                if (!ok[s])
                    continue;
                const FailureElement feed{T::Feed, i, std::uint8_t(s)};
                std::vector<FailureElement> els{feed};
                for (std::uint32_t pdu : ri.pdus[s])
                    els.push_back({T::Device, pdu, 0});
                ElementLoss loss{feed, ri.gpus, 1};
                if (holdsCdu[i]) { // its CDUs stop too: the plant may fall short
                    const LossCalculator::Loss r = calc.run({feed});
                    loss.gpusLost = r.gpusLost;
                    loss.racksDown = r.racksDown;
                }
                if (loss.gpusLost > 0)
                    for (const FailureElement& e : els)
                        out.push_back({e, loss.gpusLost, loss.racksDown});
            }
        if (ri.gpus > 0 && (ri.cooling == CoolingNeed::Product ||
                            (ri.cooling == CoolingNeed::AirFallback && ri.kw > airMaxKw)))
            out.push_back({{T::Cooling, i, 0}, ri.gpus, 1});
    }
    for (std::uint32_t cdu : m.plantCdus())
        addRun(calc, {T::Device, cdu, 0}, out);
    for (const PowerElementLoss& p : powerElementLosses(m)) {
        const FailureElement e{T::Power, p.element, 0};
        if (p.holdsCdus)
            addRun(calc, e, out); // the cooling plant may stop more
        else if (p.gpus > 0)
            out.push_back({e, p.gpus, int(p.racks.size())});
    }
    return out;
}

int scalableUnitGpus(const DesignData& d) {
    int servers = 0, gpus = 0;
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (const int g = d.typeOf(v).gpuCount(); g > 0) {
            ++servers;
            gpus += g;
        }
    });
    const FabricId f = d.findFabric(FabricKind::Compute);
    const int suNodes = d.fabric(f) ? d.fabric(f)->suNodes : 32;
    const int perServer = servers > 0 ? int(std::lround(double(gpus) / servers)) : 8;
    return std::max(1, suNodes) * std::max(1, perServer);
}

} // namespace cds
