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
    for (PowerElementId id : topology.sourcesFirst())
        m_order.push_back(id.value());
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

} // namespace cds
