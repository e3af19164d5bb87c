#include "PowerTopology.h"

#include <algorithm>
#include <deque>

namespace cds {

PowerTopology::PowerTopology(const DesignData& d)
    : m_d(d) {
    const PowerChain& c = d.power;
    const std::size_t n = c.elements.capacity();
    m_down.resize(n);
    m_racks.resize(n);
    std::vector<int> pending(n, 0); // upstream elements not yet ordered
    c.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        ++m_live;
        for (PowerElementId u : e.upstream)
            if (c.elements.contains(u)) {
                m_down[u.value()].push_back(id);
                ++pending[id.value()];
            }
    });
    d.racks.forEach([&](RackId r, const Rack& rack) {
        for (PowerElementId f : {rack.feeds.a, rack.feeds.b})
            if (c.elements.contains(f) &&
                (m_racks[f.value()].empty() || m_racks[f.value()].back() != r))
                m_racks[f.value()].push_back(r);
    });
    // Kahn's order: sources first, then each element once all it draws from is placed.
    std::deque<PowerElementId> ready;
    c.elements.forEach([&](PowerElementId id, const PowerElement&) {
        if (pending[id.value()] == 0)
            ready.push_back(id);
    });
    m_order.reserve(m_live);
    while (!ready.empty()) {
        const PowerElementId id = ready.front();
        ready.pop_front();
        m_order.push_back(id);
        for (PowerElementId down : m_down[id.value()])
            if (--pending[down.value()] == 0)
                ready.push_back(down);
    }
}

std::vector<PowerElementId> PowerTopology::upstreamOf(PowerElementId e) const {
    const PowerChain& c = m_d.power;
    std::vector<PowerElementId> out;
    std::vector<char> seen(c.elements.capacity(), 0);
    std::deque<PowerElementId> queue{e};
    while (!queue.empty()) {
        const PowerElementId at = queue.front();
        queue.pop_front();
        for (PowerElementId u : c.elements[at].upstream)
            if (c.elements.contains(u) && !seen[u.value()]) {
                seen[u.value()] = 1;
                out.push_back(u);
                queue.push_back(u);
            }
    }
    return out;
}

std::vector<RackId> PowerTopology::racksServedBy(PowerElementId e) const {
    std::vector<RackId> out;
    std::vector<char> seen(m_down.size(), 0);
    std::vector<PowerElementId> stack{e};
    seen[e.value()] = 1;
    while (!stack.empty()) {
        const PowerElementId at = stack.back();
        stack.pop_back();
        out.insert(out.end(), m_racks[at.value()].begin(), m_racks[at.value()].end());
        for (PowerElementId down : m_down[at.value()])
            if (!seen[down.value()]) {
                seen[down.value()] = 1;
                stack.push_back(down);
            }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::array<std::vector<PowerElementId>, 2> rackUpstream(const DesignData& d, RackId rack) {
    std::array<std::vector<PowerElementId>, 2> out;
    const Rack* r = d.racks.find(rack);
    if (!r)
        return out;
    const PowerTopology topo(d);
    const PowerElementId feeds[2] = {r->feeds.a, r->feeds.b};
    for (std::size_t i = 0; i < 2; ++i) {
        if (!d.power.elements.contains(feeds[i]))
            continue;
        out[i].push_back(feeds[i]);
        const std::vector<PowerElementId> up = topo.upstreamOf(feeds[i]);
        out[i].insert(out[i].end(), up.begin(), up.end());
    }
    return out;
}

} // namespace cds
