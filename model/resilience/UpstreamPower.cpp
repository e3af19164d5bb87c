#include "UpstreamPower.h"

#include "../power/PowerTopology.h"

namespace cds {

UpstreamPower::UpstreamPower(const DesignData& d) {
    const PowerChain& c = d.power;
    const std::size_t n = c.elements.capacity();
    m_elements.resize(n);
    m_supplies.resize(n);
    c.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        m_elements[id.value()] = {e.name, powerKindKey(e.kind)};
        std::vector<std::uint32_t>& s = m_supplies[id.value()];
        for (bool battery : {false, true}) {
            for (PowerElementId u : e.upstream)
                if (c.elements.contains(u) && (c.elements[u].kind == PowerKind::Battery) == battery)
                    s.push_back(u.value());
            if (!s.empty())
                break; // batteries count only for an element with no other supply
        }
    });
    const PowerTopology topology(d);
    m_consumers.resize(n);
    m_ordered.assign(n, 0);
    for (PowerElementId id : topology.sourcesFirst()) {
        m_order.push_back(id.value());
        m_ordered[id.value()] = 1;
    }
    for (std::uint32_t e = 0; e < n; ++e)
        for (std::uint32_t u : m_supplies[e])
            m_consumers[u].push_back(e);
    m_feeds.assign(d.racks.capacity(), {kNone, kNone});
    d.racks.forEach([&](RackId id, const Rack& r) {
        const PowerElementId f[2] = {r.feeds.a, r.feeds.b};
        for (int s = 0; s < 2; ++s)
            if (c.elements.contains(f[s]))
                m_feeds[id.value()][std::size_t(s)] = f[s].value();
    });
}

void UpstreamPower::propagate(const std::vector<std::uint8_t>& failed,
                              std::vector<std::uint8_t>& dead) const {
    dead.assign(m_elements.size(), 0); // elements on a cycle (never in a file) stay up
    for (std::uint32_t e : m_order) {
        bool fed = m_supplies[e].empty();
        for (std::uint32_t u : m_supplies[e])
            fed = fed || !dead[u];
        dead[e] = (e < failed.size() && failed[e]) || !fed;
    }
}

void UpstreamPower::propagateFrom(const std::vector<std::uint32_t>& failed,
                                  std::vector<std::uint8_t>& dead,
                                  std::vector<std::uint32_t>& touched) const {
    // Nothing is dead before a failure (every element off a cycle has a live source above
    // it), and an element dies only when a supply dies: so the dead set is the failed
    // elements and, consumer by consumer, those whose every supply is dead. An element on a
    // cycle is never dead, as in propagate().
    touched.clear();
    for (std::uint32_t e : failed)
        if (e < m_ordered.size() && m_ordered[e] && !dead[e]) {
            dead[e] = 1;
            touched.push_back(e);
        }
    for (std::size_t i = 0; i < touched.size(); ++i)
        for (std::uint32_t c : m_consumers[touched[i]]) {
            if (dead[c] || !m_ordered[c])
                continue;
            bool fed = false;
            for (std::uint32_t u : m_supplies[c])
                fed = fed || !dead[u];
            if (!fed) {
                dead[c] = 1;
                touched.push_back(c);
            }
        }
}

} // namespace cds
