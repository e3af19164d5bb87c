#include "PowerFlow.h"

#include "PowerTopology.h"

#include <algorithm>
#include <map>

namespace cds {

namespace {

/// Racks grouped by the pair of elements feeding them: a hall of racks on a few busways is a
/// few loads, so a run per failed element stays cheap at 100,000 GPUs.
struct FeedLoad {
    PowerElementId a, b; ///< b invalid (or equal to a) for a single feed
    double kw = 0;
    double gpuKw = 0;
    std::vector<RackId> racks;
};

struct FailureCase {
    std::vector<double> kw, gpuKw;
    int racksLost = 0;
    std::vector<std::size_t> lostLoads; ///< indices of the feed loads left dark
};

class Flow {
public:
    Flow(const DesignData& d, const PowerTopology& topo, std::vector<FeedLoad> loads)
        : m_c(d.power)
        , m_topo(topo)
        , m_loads(std::move(loads))
        , m_n(d.power.elements.capacity()) {}

    const std::vector<FeedLoad>& loads() const { return m_loads; }

    /// Loads with @p failed out of service (invalid: normal operation).
    FailureCase run(PowerElementId failed) const {
        std::vector<char> alive(m_n, 0);
        for (PowerElementId id : m_topo.sourcesFirst()) {
            const PowerElement& e = m_c.elements[id];
            bool fed = e.upstream.empty();
            for (PowerElementId u : e.upstream)
                fed = fed || (m_c.elements.contains(u) && alive[u.value()]);
            alive[id.value()] = id != failed && fed;
        }
        FailureCase s{std::vector<double>(m_n, 0), std::vector<double>(m_n, 0), 0, {}};
        for (std::size_t i = 0; i < m_loads.size(); ++i) {
            const FeedLoad& l = m_loads[i];
            const bool a = l.a && alive[l.a.value()];
            const bool b = l.b && l.b != l.a && alive[l.b.value()];
            if (!a && !b) {
                s.racksLost += int(l.racks.size());
                s.lostLoads.push_back(i);
                continue;
            }
            const double share = a && b ? 0.5 : 1.0;
            for (auto [on, id] : {std::pair{a, l.a}, std::pair{b, l.b}})
                if (on) {
                    s.kw[id.value()] += l.kw * share;
                    s.gpuKw[id.value()] += l.gpuKw * share;
                }
        }
        const auto& order = m_topo.sourcesFirst();
        for (auto it = order.rbegin(); it != order.rend(); ++it)
            carryUp(*it, alive, s);
        return s;
    }

private:
    /// Hands the input of @p id (its output through its efficiency) to its live supplies:
    /// the normal ones share it by capacity; standby ones only when no normal one is live.
    void carryUp(PowerElementId id, const std::vector<char>& alive, FailureCase& s) const {
        const PowerElement& e = m_c.elements[id];
        if (!alive[id.value()] || e.upstream.empty())
            return;
        const double in = s.kw[id.value()] / std::max(0.5, e.efficiencyPct / 100.0);
        const double gpu = s.gpuKw[id.value()];
        for (bool standby : {false, true}) {
            double total = 0;
            for (PowerElementId u : e.upstream)
                if (m_c.elements.contains(u) && alive[u.value()] &&
                    isStandby(m_c.elements[u].kind) == standby)
                    total += m_c.capacityKw(m_c.elements[u]);
            if (total <= 0)
                continue;
            for (PowerElementId u : e.upstream)
                if (m_c.elements.contains(u) && alive[u.value()] &&
                    isStandby(m_c.elements[u].kind) == standby) {
                    const double w = m_c.capacityKw(m_c.elements[u]) / total;
                    s.kw[u.value()] += in * w;
                    s.gpuKw[u.value()] += gpu * w;
                }
            return;
        }
    }

    const PowerChain& m_c;
    const PowerTopology& m_topo;
    std::vector<FeedLoad> m_loads;
    std::size_t m_n;
};

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

} // namespace

const ElementFlow* PowerAnalysis::find(PowerElementId id) const {
    const auto it =
        std::lower_bound(elements.begin(), elements.end(), id,
                         [](const ElementFlow& f, PowerElementId v) { return f.id < v; });
    return it != elements.end() && it->id == id ? &*it : nullptr;
}

PowerAnalysis analyzePower(const DesignData& d, const Metrics& m) {
    PowerAnalysis a;
    const PowerChain& c = d.power;
    if (c.elements.empty())
        return a;
    const PowerTopology topo(d);
    a.cycle = topo.hasCycle();
    const Flow flow(d, topo, feedLoads(d, m, a.racksUnfed));
    const FailureCase normal = flow.run({});
    c.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        ++a.byKind[std::size_t(e.kind)];
        ElementFlow f;
        f.id = id;
        f.capacityKw = c.capacityKw(e);
        f.normalKw = f.worstKw = normal.kw[id.value()];
        f.gpuKwNormal = f.gpuKwWorst = normal.gpuKw[id.value()];
        a.elements.push_back(f);
    });
    a.racksLostWorst = normal.racksLost;
    std::vector<char> dark(flow.loads().size(), 0);
    for (std::size_t i : normal.lostLoads)
        dark[i] = 1; // dark already: no single failure is to blame
    for (ElementFlow& failed : a.elements) {
        // An element carrying nothing in normal operation (a standby generator or battery, a
        // spare) changes nothing when it fails alone: every load keeps the supplies it has, so
        // its case is the normal one and is not run (over half a 2N chain's elements).
        if (failed.normalKw <= 0)
            continue;
        const FailureCase s = flow.run(failed.id);
        if (s.racksLost > a.racksLostWorst) {
            a.racksLostWorst = s.racksLost;
            a.racksLostBy = failed.id;
        }
        for (std::size_t i : s.lostLoads)
            if (!dark[i]) {
                dark[i] = 1;
                for (RackId r : flow.loads()[i].racks)
                    a.darkRacks.push_back({r, failed.id});
            }
        for (ElementFlow& f : a.elements)
            if (f.id != failed.id && s.kw[f.id.value()] > f.worstKw + 1e-9) {
                f.worstKw = s.kw[f.id.value()];
                f.worstFailure = failed.id;
                f.gpuKwWorst = s.gpuKw[f.id.value()];
            }
    }
    std::sort(a.darkRacks.begin(), a.darkRacks.end());
    summarize(d, topo, a);
    return a;
}

} // namespace cds
