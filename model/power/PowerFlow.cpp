#include "PowerFlow.h"

#include "FailureFlow.h"
#include "LoadFlow.h"
#include "PowerTopology.h"

#include <algorithm>
#include <map>
#include <optional>

namespace cds {

namespace {

/// Each rack's design load and GPU power, grouped by the elements feeding it.
std::vector<FeedLoad> feedLoads(const DesignData& d, const Metrics& m, int& unfed) {
    std::vector<double> gpuW(d.racks.capacity(), 0);
    d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& t = d.typeOf(v);
        if (v.rack && t.gpu && v.rack.value() < gpuW.size())
            gpuW[v.rack.value()] += t.gpu->tdpW * t.gpu->count;
    });
    std::map<std::pair<PowerElementId, PowerElementId>, FeedLoad> groups;
    for (const RackMetrics& rm : m.perRack) {
        const Rack* r = d.racks.find(rm.rack);
        if (!r || rm.itMaxW <= 0)
            continue;
        PowerElementId a = d.power.elements.contains(r->feeds.a) ? r->feeds.a : PowerElementId();
        PowerElementId b = d.power.elements.contains(r->feeds.b) ? r->feeds.b : PowerElementId();
        if (!a)
            std::swap(a, b);
        if (!a) {
            ++unfed;
            continue;
        }
        FeedLoad& g = groups[{a, b}];
        g.a = a;
        g.b = b;
        g.kw += rm.itMaxW / 1000.0;
        g.gpuKw += gpuW[rm.rack.value()] / 1000.0;
        g.racks.push_back(rm.rack);
    }
    std::vector<FeedLoad> out;
    out.reserve(groups.size());
    for (auto& [key, g] : groups)
        out.push_back(g);
    return out;
}

/// The tier stranded capacity is counted at: UPS, else power racks, else what feeds racks.
bool inStrandedTier(const PowerAnalysis& a, const PowerElement& e, bool feedsRacks) {
    if (a.byKind[std::size_t(PowerKind::Ups)] > 0)
        return e.kind == PowerKind::Ups;
    if (a.byKind[std::size_t(PowerKind::PowerRack)] > 0)
        return e.kind == PowerKind::PowerRack;
    return feedsRacks;
}

void summarize(const DesignData& d, const PowerTopology& topo, PowerAnalysis& a) {
    const PowerChain& c = d.power;
    for (const ElementFlow& f : a.elements) {
        const PowerElement& e = c.elements[f.id];
        if (e.upstream.empty() && !isStandby(e.kind))
            a.utilityKva += f.normalKw / c.powerFactor;
        a.maxNormalPct = std::max(a.maxNormalPct, f.normalPct());
        if (f.worstPct() > a.worstN1Pct) {
            a.worstN1Pct = f.worstPct();
            a.worstElement = f.id;
            a.worstFailure = f.worstFailure;
        }
        if (inStrandedTier(a, e, !topo.racksOn(f.id).empty())) {
            a.strandedTierKw += f.capacityKw;
            a.strandedKw += std::max(0.0, f.capacityKw - f.worstKw);
        }
    }
}

/// Records that @p failed leaves @p racksLost racks dark, those of @p lost among them: the
/// worst count, and each rack's first failure to darken it (@p dark: the loads named so far).
void countLost(PowerAnalysis& a, std::vector<char>& dark, const std::vector<FeedLoad>& loads,
               PowerElementId failed, int racksLost, const std::vector<std::size_t>& lost) {
    if (racksLost > a.racksLostWorst) {
        a.racksLostWorst = racksLost;
        a.racksLostBy = failed;
    }
    for (std::size_t i : lost)
        if (!dark[i]) {
            dark[i] = 1;
            for (RackId r : loads[i].racks)
                a.darkRacks.push_back({r, failed});
        }
}

/// @p f carries @p kw with @p failed out: its worst case if above all before it.
void raiseWorst(ElementFlow& f, PowerElementId failed, double kw, double gpuKw) {
    if (kw > f.worstKw + 1e-9) {
        f.worstKw = kw;
        f.worstFailure = failed;
        f.gpuKwWorst = gpuKw;
    }
}

} // namespace

const ElementFlow* PowerAnalysis::find(PowerElementId id) const {
    const auto it =
        std::lower_bound(elements.begin(), elements.end(), id,
                         [](const ElementFlow& f, PowerElementId v) { return f.id < v; });
    return it != elements.end() && it->id == id ? &*it : nullptr;
}

PowerAnalysis analyzePower(const DesignData& d, const Metrics& m, N1Method how) {
    PowerAnalysis a;
    const PowerChain& c = d.power;
    if (c.elements.empty())
        return a;
    const PowerTopology topo(d);
    a.cycle = topo.hasCycle();
    const LoadFlow flow(d, topo, feedLoads(d, m, a.racksUnfed));
    const FailureCase normal = flow.run({});
    std::vector<std::size_t> at(normal.kw.size(), 0); // each element's place in a.elements
    c.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        ++a.byKind[std::size_t(e.kind)];
        ElementFlow f;
        f.id = id;
        f.capacityKw = c.capacityKw(e);
        f.normalKw = f.worstKw = normal.kw[id.value()];
        f.gpuKwNormal = f.gpuKwWorst = normal.gpuKw[id.value()];
        at[id.value()] = a.elements.size();
        a.elements.push_back(f);
    });
    a.racksLostWorst = normal.racksLost;
    std::vector<char> dark(flow.loads().size(), 0);
    for (std::size_t i : normal.lostLoads)
        dark[i] = 1; // dark already: no single failure is to blame
    std::optional<FailureFlow> incremental;
    if (how == N1Method::Incremental)
        incremental.emplace(c, topo, flow.loads(), normal);
    for (ElementFlow& failed : a.elements) {
        // An element carrying nothing in normal operation (a standby generator or battery, a
        // spare) changes nothing when it fails alone: every load keeps the supplies it has, so
        // its case is the normal one and is not run (over half a 2N chain's elements).
        if (failed.normalKw <= 0)
            continue;
        if (incremental) {
            const FailureDelta& s = incremental->run(failed.id);
            countLost(a, dark, flow.loads(), failed.id, s.racksLost, s.darkened);
            for (PowerElementId id : s.changed)
                raiseWorst(a.elements[at[id.value()]], failed.id, incremental->kw(id),
                           incremental->gpuKw(id));
            continue;
        }
        const FailureCase s = flow.run(failed.id);
        countLost(a, dark, flow.loads(), failed.id, s.racksLost, s.lostLoads);
        for (ElementFlow& f : a.elements)
            if (f.id != failed.id)
                raiseWorst(f, failed.id, s.kw[f.id.value()], s.gpuKw[f.id.value()]);
    }
    std::sort(a.darkRacks.begin(), a.darkRacks.end());
    summarize(d, topo, a);
    return a;
}

} // namespace cds
