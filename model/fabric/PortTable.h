#pragma once

#include "../DesignData.h"

#include <unordered_map>
#include <vector>

namespace cds {

/// @brief What routing and the fabric rules need to know about one logical port, without the
/// string work of CatalogItem::logicalPort: cage form factor, lanes sharing the cage, speed.
struct PortInfo {
    double speedGbps = 0;
    PortRole role = PortRole::Compute;
    std::uint16_t cage = 0;     ///< physical cage index within the device
    std::uint8_t cageKind = 0;  ///< interned form factor of the cage (PortTable::cageName)
    std::uint8_t cageLanes = 1; ///< logical ports sharing the cage (twin port, breakout)
    bool valid = false;
};

/// @brief Flat per-(type, breakout) tables of PortInfo, built on demand. Hot paths (routing
/// 400,000 links, port rules) index these instead of walking catalog port groups.
class PortTable {
public:
    explicit PortTable(const Catalog& catalog)
        : m_catalog(catalog) {}
    /// The port of a device; an invalid PortInfo when the index is out of range.
    const PortInfo& info(const Device& dev, int port);
    int portCount(const Device& dev) { return int(table(dev.type, dev.breakout).size()); }
    QString cageName(std::uint8_t kind) const { return m_cageNames.value(kind); }
    std::uint8_t cageKind(const QString& name);

private:
    const std::vector<PortInfo>& table(TypeId type, int breakout);
    const Catalog& m_catalog;
    std::unordered_map<std::uint64_t, std::vector<PortInfo>> m_tables;
    QStringList m_cageNames;
    PortInfo m_invalid;
};

/// Whether a cage of form factor @p cage takes a plug of form factor @p plug: QSFP112 takes
/// QSFP56 and QSFP28, QSFP56 takes QSFP28; every other cage only its own plug.
bool cageAccepts(const QString& cage, const QString& plug);

/// First logical port index of @p role on @p type under @p breakout, or -1.
int firstLogicalPort(const CatalogItem& type, int breakout, PortRole role);

} // namespace cds
