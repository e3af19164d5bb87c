#include "DesignIndex.h"

namespace cds {

const std::vector<DeviceId> DesignIndex::s_none;

void DesignIndex::rebuild(const DesignData& d) {
    m_byRack.assign(d.racks.capacity(), {});
    m_portBase.assign(d.devices.capacity() + 1, 0);
    m_portCount.assign(d.devices.capacity(), 0);
    m_doubleUsed.clear();
    std::uint32_t total = 0;
    for (std::size_t i = 0; i < d.devices.capacity(); ++i) {
        m_portBase[i] = total;
        DeviceId id(static_cast<DeviceId::Rep>(i));
        if (const Device* dev = d.devices.find(id)) {
            auto n =
                static_cast<std::uint16_t>(d.catalog[dev->type].logicalPortCount(dev->breakout));
            m_portCount[i] = n;
            total += n;
            if (d.racks.contains(dev->rack))
                m_byRack[dev->rack.value()].push_back(id);
        }
    }
    m_portBase[d.devices.capacity()] = total;
    m_portLink.assign(total, LinkId());
    d.links.forEach([&](LinkId lid, const Link& l) {
        for (const PortRef& p : {l.a, l.b}) {
            if (!p.device.isValid() || p.device.value() >= m_portCount.size() ||
                p.port >= m_portCount[p.device.value()])
                continue;
            LinkId& slot = m_portLink[m_portBase[p.device.value()] + p.port];
            if (slot.isValid())
                m_doubleUsed.push_back(p);
            else
                slot = lid;
        }
    });
    m_rowOfRack.assign(d.racks.capacity(), -1);
    d.racks.forEach([&](RackId rid, const Rack&) { updateRow(d, rid); });
}

void DesignIndex::updateRow(const DesignData& d, RackId rack) {
    const Rack* r = d.racks.find(rack);
    if (!r || rack.value() >= m_rowOfRack.size())
        return;
    m_rowOfRack[rack.value()] = -1;
    for (std::size_t i = 0; i < d.hall.rows.size(); ++i) {
        const RectMm& a = d.hall.rows[i].area;
        if (r->centre.x >= a.x && r->centre.x <= a.x + a.w && r->centre.y >= a.y &&
            r->centre.y <= a.y + a.h) {
            m_rowOfRack[rack.value()] = int(i);
            return;
        }
    }
}

const std::vector<DeviceId>& DesignIndex::devicesIn(RackId rack) const {
    return rack.isValid() && rack.value() < m_byRack.size() ? m_byRack[rack.value()] : s_none;
}

LinkId DesignIndex::linkAt(PortRef p) const {
    if (!p.device.isValid() || p.device.value() >= m_portCount.size() ||
        p.port >= m_portCount[p.device.value()])
        return {};
    return m_portLink[m_portBase[p.device.value()] + p.port];
}

int DesignIndex::rowOf(RackId rack) const {
    return rack.isValid() && rack.value() < m_rowOfRack.size() ? m_rowOfRack[rack.value()] : -1;
}

std::vector<LinkId> DesignIndex::linksOf(DeviceId dev) const {
    std::vector<LinkId> out;
    if (!dev.isValid() || dev.value() >= m_portCount.size())
        return out;
    for (std::uint16_t p = 0; p < m_portCount[dev.value()]; ++p)
        if (LinkId l = m_portLink[m_portBase[dev.value()] + p])
            out.push_back(l);
    return out;
}

} // namespace cds
