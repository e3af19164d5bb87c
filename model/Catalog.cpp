#include "Catalog.h"

#include "EnumKeys.h"

#include <algorithm>
#include <array>

namespace cds {

namespace {

constexpr std::array<const char*, kCategoryCount> kCategoryKeys = {
    "server",  "switch", "rack",    "cable",      "transceiver",
    "cooling", "power",  "storage", "management", "nic"};
constexpr std::array<const char*, kPortRoleCount> kRoleKeys = {"compute", "storage", "inband",
                                                               "oob",     "fabric",  "uplink"};
constexpr std::array<const char*, kMediaTypeCount> kMediaKeys = {"dac", "acc", "aoc", "mmf", "smf"};
constexpr std::array<const char*, kTechnologyCount> kTechKeys = {"any", "infiniband", "ethernet"};
constexpr std::array<const char*, kTrayKindCount> kTrayKeys = {"", "compute", "nvlink-switch",
                                                               "power-shelf", "management"};

} // namespace

QString categoryKey(Category c) {
    return QLatin1String(kCategoryKeys[std::size_t(c)]);
}
std::optional<Category> categoryFromKey(const QString& k) {
    return enumFromKey<Category>(kCategoryKeys, k);
}
QString categoryLabel(Category c) {
    static const std::array<const char*, kCategoryCount> labels = {
        "GPU servers", "Network switches", "Racks",      "Cables",          "Optics", "Cooling",
        "Power",       "Storage",          "Management", "Network adapters"};
    return QLatin1String(labels[std::size_t(c)]);
}
QString portRoleKey(PortRole r) {
    return QLatin1String(kRoleKeys[std::size_t(r)]);
}
std::optional<PortRole> portRoleFromKey(const QString& k) {
    return enumFromKey<PortRole>(kRoleKeys, k);
}
QString mediaTypeKey(MediaType t) {
    return QLatin1String(kMediaKeys[std::size_t(t)]);
}
std::optional<MediaType> mediaTypeFromKey(const QString& k) {
    return enumFromKey<MediaType>(kMediaKeys, k);
}
QString technologyKey(Technology t) {
    return QLatin1String(kTechKeys[std::size_t(t)]);
}
std::optional<Technology> technologyFromKey(const QString& k) {
    return enumFromKey<Technology>(kTechKeys, k);
}

QString trayKindKey(TrayKind k) {
    return QLatin1String(kTrayKeys[std::size_t(k)]);
}
std::optional<TrayKind> trayKindFromKey(const QString& k) {
    if (k.isEmpty())
        return std::nullopt;
    return enumFromKey<TrayKind>(kTrayKeys, k);
}

int CatalogItem::portCount(PortRole role) const {
    int n = 0;
    for (const auto& p : ports)
        n += p.role == role;
    return n;
}

int CatalogItem::logicalPortCount(int breakout) const {
    breakout = std::max(1, breakout);
    int n = 0; // by group, not by port: link reading calls this for every link end
    for (const PortGroup& g : portGroups)
        n += g.count * (splitsOnBreakout(g.role) ? breakout : 1);
    return n;
}

std::optional<LogicalPort> CatalogItem::logicalPort(int breakout, int index) const {
    breakout = std::max(1, breakout);
    if (index < 0)
        return std::nullopt;
    int at = 0;
    // Walk the groups (few), not the ports (many): O(groups).
    int catalogBase = 0;
    for (const PortGroup& g : portGroups) {
        const int width = splitsOnBreakout(g.role) ? breakout : 1;
        const int span = g.count * width;
        if (index < at + span) {
            const int off = index - at;
            const int cp = catalogBase + off / width;
            const PortDef& def = ports[std::size_t(cp)];
            LogicalPort lp{cp,           off % width, def.speedGbps / width, def.role, def.cage,
                           def.required, def.name};
            if (width > 1)
                lp.name = def.name + QStringLiteral("s%1").arg(lp.lane);
            return lp;
        }
        at += span;
        catalogBase += g.count;
    }
    return std::nullopt;
}

int CatalogItem::firstPort(PortRole role) const {
    for (std::size_t i = 0; i < ports.size(); ++i)
        if (ports[i].role == role)
            return int(i);
    return -1;
}

QString FileError::toString() const {
    QString s = file;
    if (line > 0)
        s += QStringLiteral(":%1:%2").arg(line).arg(column);
    s += QStringLiteral(": ");
    if (!field.isEmpty())
        s += field + QStringLiteral(": ");
    return s + message;
}

TypeId Catalog::add(CatalogItem item) {
    auto it = m_index.find(item.id);
    if (it != m_index.end()) {
        m_items[it->second.value()] = std::move(item);
        return it->second;
    }
    TypeId t(static_cast<TypeId::Rep>(m_items.size()));
    m_index.emplace(item.id, t);
    m_items.push_back(std::move(item));
    return t;
}

void Catalog::removeLast(std::size_t n) {
    n = std::min(n, m_items.size());
    for (std::size_t i = 0; i < n; ++i) {
        m_index.erase(m_items.back().id);
        m_items.pop_back();
    }
}

TypeId Catalog::find(const QString& id) const {
    auto it = m_index.find(id);
    return it == m_index.end() ? TypeId() : it->second;
}

const CatalogItem* Catalog::item(const QString& id) const {
    TypeId t = find(id);
    return t ? &m_items[t.value()] : nullptr;
}

void Catalog::clear() {
    m_items.clear();
    m_index.clear();
    m_rates.reset();
}

bool Catalog::operator==(const Catalog& o) const {
    if (m_items.size() != o.m_items.size())
        return false;
    for (std::size_t i = 0; i < m_items.size(); ++i)
        if (m_items[i].id != o.m_items[i].id ||
            m_items[i].canonicalJson != o.m_items[i].canonicalJson)
            return false;
    return true;
}

} // namespace cds
