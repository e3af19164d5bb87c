#include "DesignData.h"

#include "EnumKeys.h"

#include <algorithm>

namespace cds {

namespace {
constexpr std::array<const char*, kCoolingTypeCount> kCoolingKeys = {"air", "rear-door-hx",
                                                                     "direct-liquid", "immersion"};
constexpr std::array<const char*, 4> kTierKeys = {"none", "leaf", "spine", "core"};
constexpr std::array<const char*, 4> kFabricKindKeys = {"compute", "storage", "inband", "oob"};
constexpr std::array<const char*, kPathwayKindCount> kPathwayKindKeys = {"ladder", "fibre-runner",
                                                                         "duct-bank"};
constexpr std::array<const char*, kInletClassCount> kInletClassKeys = {"A1", "A2", "A3", "A4"};
} // namespace

QString inletClassKey(InletClass c) {
    return QLatin1String(kInletClassKeys[std::size_t(c)]);
}
std::optional<InletClass> inletClassFromKey(const QString& k) {
    return enumFromKey<InletClass>(kInletClassKeys, k);
}
QString inletClassText(InletClass c) {
    static const std::array<const char*, kInletClassCount> allowable = {"15-32", "10-35", "5-40",
                                                                        "5-45"};
    return QStringLiteral("%1 (allowable inlet %2 °C, recommended 18-27 °C, ASHRAE TC 9.9)")
        .arg(inletClassKey(c), QLatin1String(allowable[std::size_t(c)]));
}

QString coolingKey(CoolingType c) {
    return QLatin1String(kCoolingKeys[std::size_t(c)]);
}
std::optional<CoolingType> coolingFromKey(const QString& k) {
    return enumFromKey<CoolingType>(kCoolingKeys, k);
}
QString coolingLabel(CoolingType c) {
    static const std::array<const char*, kCoolingTypeCount> labels = {
        "Air", "Rear-door heat exchanger", "Direct liquid", "Immersion"};
    return QLatin1String(labels[std::size_t(c)]);
}
QString tierKey(Tier t) {
    return QLatin1String(kTierKeys[std::size_t(t)]);
}
std::optional<Tier> tierFromKey(const QString& k) {
    return enumFromKey<Tier>(kTierKeys, k);
}
QString fabricKindKey(FabricKind k) {
    return QLatin1String(kFabricKindKeys[std::size_t(k)]);
}
std::optional<FabricKind> fabricKindFromKey(const QString& k) {
    return enumFromKey<FabricKind>(kFabricKindKeys, k);
}

QString pathwayKindKey(PathwayKind k) {
    return QLatin1String(kPathwayKindKeys[std::size_t(k)]);
}
std::optional<PathwayKind> pathwayKindFromKey(const QString& k) {
    return enumFromKey<PathwayKind>(kPathwayKindKeys, k);
}
QString pathwayKindLabel(PathwayKind k) {
    static const std::array<const char*, kPathwayKindCount> labels = {"Ladder", "Fibre runner",
                                                                      "Duct bank"};
    return QLatin1String(labels[std::size_t(k)]);
}

std::array<CoolingEnvelope, kCoolingTypeCount> DesignSettings::defaultCooling() {
    const QString seed =
        QStringLiteral("seed quick reference: DLC required above 15 kW/rack; "
                       "rear-door HX for 10-20 kW/rack; immersion for 30+ kW/rack");
    const QString pue = QStringLiteral("; PUE: Uptime Institute 2023-24 average 1.58 for air, "
                                       "estimates for liquid");
    return {{
        {10, 15, 1.58, seed + pue}, // air: above 15 kW DLC is required
        {15, 20, 1.35, seed + pue}, // rear-door HX: 10-20 kW/rack class
        {100, 150, 1.15,
         QStringLiteral("direct-to-chip liquid cooling: 50-150 kW/rack class (NVIDIA GB200 "
                        "NVL72 rack ~120-132 kW on DLC)") +
             pue},
        {150, 200, 1.05, QStringLiteral("immersion for 30+ kW/rack (seed)") + pue},
    }};
}

DesignSettings DesignSettings::normalized() const {
    DesignSettings s = *this;
    for (CoolingEnvelope& e : s.cooling)
        e.warnKw = std::min(e.warnKw, e.maxKw);
    return s;
}

FabricId DesignData::findFabric(FabricKind kind) const {
    for (std::size_t i = 0; i < fabrics.size(); ++i)
        if (fabrics[i].kind == kind)
            return FabricId(static_cast<FabricId::Rep>(i));
    return {};
}

std::optional<double> DesignData::unitPrice(TypeId t) const {
    if (!catalog.contains(t))
        return std::nullopt;
    const CatalogItem& it = catalog[t];
    if (auto o = priceOverrides.find(it.id); o != priceOverrides.end())
        return o->second.usd;
    if (it.price)
        return it.price->usd;
    return std::nullopt;
}

void embedSupportItems(DesignData& d, const Catalog& library) {
    for (const CatalogItem& it : library.items()) {
        const bool support = it.category == Category::Cable ||
                             it.category == Category::Transceiver ||
                             it.category == Category::Cooling;
        if (support && !d.catalog.find(it.id))
            d.catalog.add(it);
    }
    if (!d.catalog.failureRates())
        d.catalog.setFailureRates(library.failureRates());
}

bool DesignData::isWaived(const QString& key) const {
    return std::any_of(waivers.begin(), waivers.end(),
                       [&](const Waiver& w) { return w.key == key; });
}

} // namespace cds
