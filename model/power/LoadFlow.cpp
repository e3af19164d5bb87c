#include "LoadFlow.h"

#include "PowerTopology.h"

#include <algorithm>

namespace cds {

LoadFlow::LoadFlow(const DesignData& d, const PowerTopology& topo, std::vector<FeedLoad> loads)
    : m_c(d.power)
    , m_topo(topo)
    , m_loads(std::move(loads))
    , m_n(d.power.elements.capacity()) {}

FailureCase LoadFlow::run(PowerElementId failed) const {
    FailureCase s{
        std::vector<char>(m_n, 0), std::vector<double>(m_n, 0), std::vector<double>(m_n, 0), 0, {}};
    std::vector<char>& alive = s.alive;
    for (PowerElementId id : m_topo.sourcesFirst()) {
        const PowerElement& e = m_c.elements[id];
        bool fed = e.upstream.empty();
        for (PowerElementId u : e.upstream)
            fed = fed || (m_c.elements.contains(u) && alive[u.value()]);
        alive[id.value()] = id != failed && fed;
    }
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
        carryUp(*it, s);
    return s;
}

/// Hands the input of @p id (its output through its efficiency) to its live supplies:
/// the normal ones share it by capacity; standby ones only when no normal one is live.
void LoadFlow::carryUp(PowerElementId id, FailureCase& s) const {
    const PowerElement& e = m_c.elements[id];
    const std::vector<char>& alive = s.alive;
    if (!alive[id.value()] || e.upstream.empty())
        return;
    const double in = s.kw[id.value()] / std::max(0.5, e.efficiencyPct / 100.0);
    const double gpu = s.gpuKw[id.value()];
    const CarryingSupplies by = carryingSupplies(m_c, e, alive);
    if (by.capacityKw <= 0)
        return;
    for (PowerElementId u : e.upstream)
        if (by.carries(m_c, u, alive)) {
            const double w = m_c.capacityKw(m_c.elements[u]) / by.capacityKw;
            s.kw[u.value()] += in * w;
            s.gpuKw[u.value()] += gpu * w;
        }
}

CarryingSupplies carryingSupplies(const PowerChain& c, const PowerElement& e,
                                  const std::vector<char>& alive) {
    for (bool standby : {false, true}) {
        CarryingSupplies by{standby, 0};
        for (PowerElementId u : e.upstream)
            if (by.carries(c, u, alive))
                by.capacityKw += c.capacityKw(c.elements[u]);
        if (by.capacityKw > 0)
            return by;
    }
    return {};
}

} // namespace cds
