#include "PortTable.h"

#include <algorithm>

namespace cds {

std::uint8_t PortTable::cageKind(const QString& name) {
    const qsizetype i = m_cageNames.indexOf(name);
    if (i >= 0)
        return std::uint8_t(i);
    m_cageNames << name;
    return std::uint8_t(m_cageNames.size() - 1);
}

const std::vector<PortInfo>& PortTable::table(TypeId type, int breakout) {
    breakout = std::clamp(breakout, 1, kBreakouts - 1);
    static const std::vector<PortInfo> none;
    if (!m_catalog.contains(type))
        return none;
    const std::size_t slot = std::size_t(type.value()) * kBreakouts + std::size_t(breakout);
    if (slot >= m_tables.size())
        m_tables.resize(m_catalog.size() * kBreakouts);
    if (m_tables[slot])
        return *m_tables[slot];
    auto ports = std::make_unique<std::vector<PortInfo>>();
    const CatalogItem& t = m_catalog[type];
    for (const PortDef& def : t.ports) {
        const PortGroup& g = t.portGroups[def.group];
        const int width = splitsOnBreakout(def.role) ? breakout : 1;
        PortInfo p;
        p.speedGbps = def.speedGbps / width;
        p.role = def.role;
        p.cage = def.cage;
        p.cageKind = cageKind(g.cage);
        p.cageLanes = std::uint8_t(std::max(1, g.portsPerCage) * width);
        p.required = def.required;
        p.flatTop = g.moduleTop == QLatin1String("flat");
        p.valid = true;
        for (int lane = 0; lane < width; ++lane)
            ports->push_back(p);
    }
    m_tables[slot] = std::move(ports);
    return *m_tables[slot];
}

bool cageAccepts(const QString& cage, const QString& plug) {
    if (cage == plug)
        return true;
    if (cage == QLatin1String("QSFP112"))
        return plug == QLatin1String("QSFP56") || plug == QLatin1String("QSFP28");
    if (cage == QLatin1String("QSFP56"))
        return plug == QLatin1String("QSFP28");
    return false;
}

int firstLogicalPort(const CatalogItem& type, int breakout, PortRole role) {
    breakout = std::max(1, breakout);
    int at = 0;
    for (const PortDef& def : type.ports) {
        if (def.role == role)
            return at;
        at += splitsOnBreakout(def.role) ? breakout : 1;
    }
    return -1;
}

} // namespace cds
