#pragma once

#include "DesignData.h"

#include <memory>
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
    bool required = false;      ///< leaving it unconnected is a design error
    bool flatTop = false;       ///< the cage takes flat-top modules only (catalog moduleTop)
    bool valid = false;
};

/// @brief Flat per-(type, breakout) tables of PortInfo, built on demand. Hot paths (routing
/// 400,000 links, port rules) index these instead of walking catalog port groups.
class PortTable {
public:
    explicit PortTable(const Catalog& catalog)
        : m_catalog(catalog) {}
    /// The port of a device; an invalid PortInfo when the index is out of range.
    const PortInfo& info(const Device& dev, int port) {
        const std::vector<PortInfo>& t = tableOf(dev);
        return port >= 0 && port < int(t.size()) ? t[std::size_t(port)] : m_invalid;
    }
    int portCount(const Device& dev) { return int(tableOf(dev).size()); }
    /// Physical cages of a device (its ports list them in ascending order).
    int cageCount(const Device& dev) {
        const std::vector<PortInfo>& t = tableOf(dev);
        return t.empty() ? 0 : t.back().cage + 1;
    }
    QString cageName(std::uint8_t kind) const { return m_cageNames.value(kind); }
    std::uint8_t cageKind(const QString& name);

private:
    /// Consecutive lookups are mostly for the same device type: remember the last table.
    const std::vector<PortInfo>& tableOf(const Device& dev) {
        if (dev.type != m_lastType || dev.breakout != m_lastBreakout) {
            m_last = &table(dev.type, dev.breakout);
            m_lastType = dev.type;
            m_lastBreakout = dev.breakout;
        }
        return *m_last;
    }
    const std::vector<PortInfo>& table(TypeId type, int breakout);
    const Catalog& m_catalog;
    static constexpr int kBreakouts = 9; ///< breakout factors 0..8 (Device::breakout <= 8)
    std::vector<std::unique_ptr<std::vector<PortInfo>>> m_tables; ///< type * kBreakouts + b
    QStringList m_cageNames;
    PortInfo m_invalid;
    const std::vector<PortInfo>* m_last = nullptr;
    TypeId m_lastType;
    int m_lastBreakout = -1;
};

/// Whether a cage of form factor @p cage takes a plug of form factor @p plug: QSFP112 takes
/// QSFP56 and QSFP28, QSFP56 takes QSFP28; every other cage only its own plug.
bool cageAccepts(const QString& cage, const QString& plug);

/// First logical port index of @p role on @p type under @p breakout, or -1.
int firstLogicalPort(const CatalogItem& type, int breakout, PortRole role);

} // namespace cds
