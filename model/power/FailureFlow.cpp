#include "FailureFlow.h"

#include "PowerTopology.h"

#include <algorithm>

namespace cds {

FailureFlow::FailureFlow(const PowerChain& c, const PowerTopology& topo,
                         const std::vector<FeedLoad>& loads, const FailureCase& normal)
    : m_c(c)
    , m_topo(topo)
    , m_loads(loads)
    , m_normal(normal)
    , m_alive(normal.alive)
    , m_kw(normal.kw)
    , m_gpuKw(normal.gpuKw)
    , m_pos(normal.alive.size(), 0)
    , m_changed(normal.alive.size(), 0)
    , m_loadSeen(loads.size(), 0)
    , m_loadsOn(normal.alive.size())
    , m_carriers(normal.alive.size()) {
    const std::vector<PowerElementId>& order = topo.sourcesFirst();
    for (std::size_t i = 0; i < order.size(); ++i)
        m_pos[order[i].value()] = i;
    for (std::size_t i = 0; i < loads.size(); ++i) {
        const FeedLoad& l = loads[i];
        m_loadsOn[l.a.value()].push_back(i);
        if (l.b && l.b != l.a)
            m_loadsOn[l.b.value()].push_back(i);
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        for (PowerElementId u : c.elements[*it].upstream)
            if (c.elements.contains(u) &&
                (m_carriers[u.value()].empty() || m_carriers[u.value()].back() != *it))
                m_carriers[u.value()].push_back(*it);
    m_delta.racksLost = normal.racksLost;
}

const FailureDelta& FailureFlow::run(PowerElementId failed) {
    restore();
    // An element out of service already (not fed, or on a cycle) changes nothing by failing.
    if (!m_c.elements.contains(failed) || !m_alive[failed.value()])
        return m_delta;
    cutOff(failed);
    markChanged();
    reflow();
    darken();
    return m_delta;
}

/// Puts back the normal state the last run changed.
void FailureFlow::restore() {
    for (PowerElementId id : m_dead)
        m_alive[id.value()] = 1;
    for (PowerElementId id : m_delta.changed) {
        m_changed[id.value()] = 0;
        m_kw[id.value()] = m_normal.kw[id.value()];
        m_gpuKw[id.value()] = m_normal.gpuKw[id.value()];
    }
    m_dead.clear();
    m_delta.changed.clear();
    m_delta.darkened.clear();
    m_delta.racksLost = m_normal.racksLost;
}

bool FailureFlow::fed(PowerElementId id) const {
    for (PowerElementId u : m_c.elements[id].upstream)
        if (m_c.elements.contains(u) && m_alive[u.value()])
            return true;
    return false;
}

/// Takes @p failed out and, below it, each element left with no live supply: what the
/// whole-chain flow finds dead, since an element dies only when its last supply does.
void FailureFlow::cutOff(PowerElementId failed) {
    m_alive[failed.value()] = 0;
    m_dead.push_back(failed);
    for (std::size_t i = 0; i < m_dead.size(); ++i) // grows as elements lose their last supply
        for (PowerElementId down : m_topo.downstream(m_dead[i]))
            if (m_alive[down.value()] && !fed(down)) {
                m_alive[down.value()] = 0;
                m_dead.push_back(down);
            }
}

/// The live elements whose load can differ from normal operation: the other feed of each
/// load on a dead element (it takes the whole load), each supply of a dead element (it loses
/// what the element drew), each live supply of an element that lost one (the shares change),
/// and every live supply above any of these. Any other element has the same loads, the same
/// carriers at the same loads, and the same shares as in normal operation.
void FailureFlow::markChanged() {
    std::vector<PowerElementId>& changed = m_delta.changed;
    auto mark = [&](PowerElementId id) {
        if (id && m_c.elements.contains(id) && m_alive[id.value()] && !m_changed[id.value()]) {
            m_changed[id.value()] = 1;
            changed.push_back(id);
        }
    };
    auto markSupplies = [&](PowerElementId id) {
        for (PowerElementId u : m_c.elements[id].upstream)
            mark(u);
    };
    for (PowerElementId dead : m_dead) {
        for (std::size_t i : m_loadsOn[dead.value()]) {
            mark(m_loads[i].a);
            mark(m_loads[i].b);
        }
        markSupplies(dead);
        for (PowerElementId down : m_topo.downstream(dead))
            if (m_alive[down.value()])
                markSupplies(down);
    }
    for (std::size_t i = 0; i < changed.size(); ++i) // grows up to the sources
        markSupplies(changed[i]);
}

/// Re-flows the changed elements from the racks up: each one's load summed from zero as
/// LoadFlow::run sums it, its loads in index order, then its carriers' shares in the order
/// the whole chain carries them up (an unchanged carrier at its normal load).
void FailureFlow::reflow() {
    std::vector<PowerElementId>& changed = m_delta.changed;
    std::sort(changed.begin(), changed.end(), [&](PowerElementId x, PowerElementId y) {
        return m_pos[x.value()] > m_pos[y.value()];
    });
    for (PowerElementId id : changed) {
        double kw = 0, gpuKw = 0;
        for (std::size_t i : m_loadsOn[id.value()]) {
            const FeedLoad& l = m_loads[i];
            const bool a = m_alive[l.a.value()];
            const bool b = l.b && l.b != l.a && m_alive[l.b.value()];
            const double share = a && b ? 0.5 : 1.0;
            kw += l.kw * share;
            gpuKw += l.gpuKw * share;
        }
        for (PowerElementId from : m_carriers[id.value()])
            carryInto(id, from, kw, gpuKw);
        m_kw[id.value()] = kw;
        m_gpuKw[id.value()] = gpuKw;
    }
}

/// Adds to @p kw and @p gpuKw the share of @p from's input that LoadFlow::carryUp hands
/// @p to (once per time @p from names it).
void FailureFlow::carryInto(PowerElementId to, PowerElementId from, double& kw,
                            double& gpuKw) const {
    if (!m_alive[from.value()])
        return;
    const PowerElement& e = m_c.elements[from];
    const double in = m_kw[from.value()] / std::max(0.5, e.efficiencyPct / 100.0);
    const double gpu = m_gpuKw[from.value()];
    const CarryingSupplies by = carryingSupplies(m_c, e, m_alive);
    if (by.capacityKw <= 0 || isStandby(m_c.elements[to].kind) != by.standby)
        return;
    for (PowerElementId u : e.upstream)
        if (u == to) {
            const double w = m_c.capacityKw(m_c.elements[u]) / by.capacityKw;
            kw += in * w;
            gpuKw += gpu * w;
        }
}

/// The loads left with no live feed. Only a load on a dead element can be, and it was not
/// dark before: that element fed it in normal operation.
void FailureFlow::darken() {
    for (PowerElementId dead : m_dead)
        for (std::size_t i : m_loadsOn[dead.value()]) {
            if (m_loadSeen[i])
                continue;
            m_loadSeen[i] = 1;
            const FeedLoad& l = m_loads[i];
            const bool b = l.b && l.b != l.a && m_alive[l.b.value()];
            if (!m_alive[l.a.value()] && !b) {
                m_delta.racksLost += int(l.racks.size());
                m_delta.darkened.push_back(i);
            }
        }
    for (PowerElementId dead : m_dead)
        for (std::size_t i : m_loadsOn[dead.value()])
            m_loadSeen[i] = 0;
    std::sort(m_delta.darkened.begin(), m_delta.darkened.end());
}

} // namespace cds
