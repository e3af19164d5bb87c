#include "FindingCodes.h"
#include "FoundationRules.h"

#include "../RackCooling.h"

namespace cds {

QStringList PowerDensityRule::codes() const {
    return {codes::kRackPowerDensity};
}

void PowerDensityRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    for (const RackMetrics& rm : ctx.metrics.perRack) {
        const Rack& rack = d.racks[rm.rack];
        const CoolingEnvelope& env = rm.envelope;
        const double kw = rm.itMaxW / 1000.0;
        if (kw <= env.warnKw)
            continue;
        const bool over = kw > env.maxKw;
        QString fits;
        if (over && rack.coolingProduct) // a larger product of its type the design holds
            for (const CatalogItem* p : coolingProductsFor(d.catalog, rack.cooling))
                if (kw <= *p->coolingCapacityKw) {
                    fits = QStringLiteral("; %1 (%2 kW) handles it")
                               .arg(p->model)
                               .arg(*p->coolingCapacityKw, 0, 'f', 0);
                    break;
                }
        if (over && fits.isEmpty()) {
            for (int c = 0; c < kCoolingTypeCount; ++c)
                if (kw <= d.settings.cooling[std::size_t(c)].maxKw) {
                    // Its own type can only fit when a product set a smaller envelope.
                    fits = CoolingType(c) == rack.cooling
                               ? QStringLiteral("; %1 cooling without this product handles it")
                                     .arg(coolingLabel(CoolingType(c)).toLower())
                               : QStringLiteral("; %1 cooling handles it")
                                     .arg(coolingLabel(CoolingType(c)).toLower());
                    break;
                }
            if (fits.isEmpty())
                fits = QStringLiteral("; no cooling type in this facility's table handles it");
        }
        QString threshold = QStringLiteral("%1: warn above %2 kW, maximum %3 kW (%4)")
                                .arg(coolingKey(rack.cooling))
                                .arg(env.warnKw)
                                .arg(env.maxKw)
                                .arg(env.source);
        if (rack.cooling == CoolingType::Air || rack.cooling == CoolingType::RearDoorHx)
            threshold += QStringLiteral("; inlet class ") + inletClassText(d.settings.inletClass);
        out.push_back({codes::kRackPowerDensity,
                       over ? Severity::Error : Severity::Warning,
                       QStringLiteral("%1 draws %2 kW on %3 cooling, %4 %5 kW%6")
                           .arg(rack.name)
                           .arg(kw, 0, 'f', 1)
                           .arg(coolingLabel(rack.cooling).toLower())
                           .arg(over ? QStringLiteral("above its maximum of")
                                     : QStringLiteral("above the recommended"))
                           .arg(over ? env.maxKw : env.warnKw)
                           .arg(fits),
                       {ObjectRef::rack(rm.rack)},
                       name(),
                       threshold});
    }
}

} // namespace cds
