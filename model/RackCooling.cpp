#include "RackCooling.h"

#include <algorithm>

namespace cds {

std::optional<CoolingType> coolingTypeServed(const CatalogItem& item) {
    if (item.category != Category::Cooling || !item.coolingCapacityKw)
        return std::nullopt;
    if (item.coolingType == QLatin1String("cdu")) // only one mounted in the rack is its own:
        return item.uHeight > 0 ? std::optional(CoolingType::DirectLiquid) : std::nullopt;
    if (const std::optional<CoolingType> c = coolingFromKey(item.coolingType))
        return c;
    return std::nullopt;
}

std::vector<const CatalogItem*> coolingProductsFor(const Catalog& catalog, CoolingType type) {
    std::vector<const CatalogItem*> out;
    for (const CatalogItem& it : catalog.items())
        if (coolingTypeServed(it) == type)
            out.push_back(&it);
    std::sort(out.begin(), out.end(), [](const CatalogItem* a, const CatalogItem* b) {
        return *a->coolingCapacityKw < *b->coolingCapacityKw;
    });
    return out;
}

CoolingEnvelope rackEnvelope(const DesignData& d, const Rack& r, double systemRatedKw,
                             QString* label) {
    CoolingEnvelope env = d.settings.cooling[std::size_t(r.cooling)];
    if (label)
        *label = coolingLabel(r.cooling);
    if (r.coolingProduct) {
        const CatalogItem& p = d.catalog[r.coolingProduct];
        const double cap = p.coolingCapacityKw.value_or(0);
        if (cap > 0 && coolingTypeServed(p) == r.cooling) {
            env.maxKw = cap;
            env.warnKw = kProductWarnShare * cap;
            env.source = QStringLiteral("%1 %2, %3 kW (%4)")
                             .arg(p.vendor, p.model)
                             .arg(cap, 0, 'f', 0)
                             .arg(p.source);
            if (label)
                *label = p.model;
            return env;
        }
    }
    const double rated = systemRatedKw * (1 + kRackAuxiliaryShare);
    if (systemRatedKw > 0 && r.cooling == CoolingType::DirectLiquid && rated > env.warnKw) {
        env.warnKw = rated;
        env.maxKw = std::max(env.maxKw, rated);
        env.source = QStringLiteral("the rack-scale system's own liquid cooling, built for its "
                                    "published %1 kW rack power, + 5 % for the rack's PDUs and "
                                    "auxiliaries")
                         .arg(systemRatedKw, 0, 'f', 0);
        if (label)
            *label += QStringLiteral(" (rack-scale system)");
    }
    return env;
}

double rackAirHeatKw(const DesignSettings& s, const Rack& r, double itKw,
                     const CoolingEnvelope& env) {
    switch (r.cooling) {
    case CoolingType::Air: // an in-row cooler beside the rack takes its heat up to capacity
        return r.coolingProduct ? std::max(0.0, itKw - env.maxKw) : itKw;
    case CoolingType::RearDoorHx:
        return std::max(0.0, itKw - env.maxKw);
    case CoolingType::DirectLiquid:
        return itKw * s.liquidAirSharePct / 100.0;
    case CoolingType::Immersion:
        return 0;
    }
    return itKw;
}

} // namespace cds
