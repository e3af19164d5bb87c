#pragma once

#include "../DesignData.h"

#include <array>
#include <vector>

namespace cds {

/// @brief The power chain as a graph: each element's downstream elements and the racks it
/// feeds, and an order from the sources down. Built once per analysis; read-only.
class PowerTopology {
public:
    explicit PowerTopology(const DesignData& d);

    /// Elements that draw from @p e directly.
    const std::vector<PowerElementId>& downstream(PowerElementId e) const {
        return m_down[e.value()];
    }
    /// Racks whose A or B feed names @p e.
    const std::vector<RackId>& racksOn(PowerElementId e) const { return m_racks[e.value()]; }
    /// Every live element, each after all it draws from (sources first). Elements on a cycle
    /// (only possible in a design built in memory; files refuse them) are left out.
    const std::vector<PowerElementId>& sourcesFirst() const { return m_order; }
    bool hasCycle() const { return m_order.size() != m_live; }

    /// Everything @p e draws from, directly or not, nearest first, each once.
    std::vector<PowerElementId> upstreamOf(PowerElementId e) const;
    /// Every rack @p e feeds, directly or through the elements below it, in id order.
    std::vector<RackId> racksServedBy(PowerElementId e) const;

private:
    const DesignData& m_d;
    std::vector<std::vector<PowerElementId>> m_down;
    std::vector<std::vector<RackId>> m_racks;
    std::vector<PowerElementId> m_order;
    std::size_t m_live = 0;
};

/// A rack's way up to the sources on each feed ([0] feed A, [1] feed B): the element naming
/// the feed first, then everything it draws from, nearest first; empty for a feed not
/// connected to the chain. For failure impact (model/resilience) and the studio's highlight.
std::array<std::vector<PowerElementId>, 2> rackUpstream(const DesignData& d, RackId rack);

} // namespace cds
