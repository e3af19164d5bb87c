#pragma once

#include "DesignData.h"

#include <vector>

namespace cds {

/// @brief Derived lookups over a DesignData: devices per rack, the link on each port, rows
/// per rack. Built in one pass over the flat containers; rebuild after structural edits.
class DesignIndex {
public:
    DesignIndex() = default;
    explicit DesignIndex(const DesignData& d) { rebuild(d); }
    void rebuild(const DesignData& d);
    /// After @p rack moved: its row again (the rest of the index does not read positions).
    void updateRow(const DesignData& d, RackId rack);

    /// Devices mounted in @p rack, in id order.
    const std::vector<DeviceId>& devicesIn(RackId rack) const;
    /// The link plugged into a port, or invalid. If two links share a port, the first.
    LinkId linkAt(PortRef p) const;
    /// Ports that carry more than one link.
    const std::vector<PortRef>& doubleUsedPorts() const { return m_doubleUsed; }
    /// Row index containing the rack's centre, or -1.
    int rowOf(RackId rack) const;
    /// Links attached to any port of a device.
    std::vector<LinkId> linksOf(DeviceId dev) const;

private:
    std::vector<std::vector<DeviceId>> m_byRack;
    std::vector<std::uint32_t> m_portBase; ///< by device id: offset into m_portLink
    std::vector<std::uint16_t> m_portCount;
    std::vector<LinkId> m_portLink;
    std::vector<PortRef> m_doubleUsed;
    std::vector<int> m_rowOfRack;
    static const std::vector<DeviceId> s_none;
};

} // namespace cds
