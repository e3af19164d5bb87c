#pragma once

#include "../DesignData.h"

#include <QString>

#include <array>
#include <cstdint>
#include <vector>

namespace cds {

/// @brief The design's power chain (model/power) as failure points above the racks' PDUs:
/// utility, transformers, switchgear, generators, UPSs, batteries, busways, RPPs and power
/// racks, indexed by their PowerElementId value. Empty when the design has no chain: a rack's
/// feeds then end at its PDUs.
class UpstreamPower {
public:
    static constexpr std::uint32_t kNone = UINT32_MAX;
    explicit UpstreamPower(const DesignData& d);

    struct Element {
        QString name; ///< as the design names it, the id `impact --fail` takes; empty: no element
        QString kind; ///< powerKindKey(): "ups", "transformer", "busway"...
    };
    bool empty() const { return m_order.empty(); }
    /// By PowerElementId value (removed slots have an empty name).
    const std::vector<Element>& elements() const { return m_elements; }
    /// The element serving rack @p rack's feed @p side (0: A, 1: B), or kNone.
    std::uint32_t feedOf(RackId rack, int side) const {
        return rack.value() < m_feeds.size() ? m_feeds[rack.value()][side] : kNone;
    }
    /// Fills @p dead (one flag per element) with the elements @p failed marks and those left
    /// without a supply: an element with supplies is dead when every one of them is.
    /// A battery is ride-through, minutes: it keeps an element running only while none of
    /// that element's other supplies is listed. A generator is a sustained standby source.
    void propagate(const std::vector<std::uint8_t>& failed, std::vector<std::uint8_t>& dead) const;
    /// The same dead set as propagate() for the elements in @p failed, walked from them down to
    /// what they supply, so its cost is what the failure reaches rather than the whole chain.
    /// @p dead (one flag per element) must be all zero on entry and is left marked; @p touched
    /// is set to the elements marked, for the caller to clear.
    void propagateFrom(const std::vector<std::uint32_t>& failed, std::vector<std::uint8_t>& dead,
                       std::vector<std::uint32_t>& touched) const;

private:
    std::vector<Element> m_elements;
    std::vector<std::array<std::uint32_t, 2>> m_feeds;
    std::vector<std::uint32_t> m_order; ///< sources first
    /// Per element: its sustained supplies (batteries only when it has no other supply).
    std::vector<std::vector<std::uint32_t>> m_supplies;
    std::vector<std::vector<std::uint32_t>> m_consumers; ///< per element: those it supplies
    std::vector<std::uint8_t> m_ordered; ///< per element: in m_order (off any cycle)
};

} // namespace cds
