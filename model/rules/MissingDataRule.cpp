#include "FindingCodes.h"
#include "FoundationRules.h"

namespace cds {

QStringList MissingDataRule::codes() const {
    return {codes::kDataPowerMissing, codes::kDataWeightMissing};
}

void MissingDataRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    for (const RackMetrics& rm : ctx.metrics.perRack) {
        if (rm.powerMissing == 0 && rm.weightMissing == 0)
            continue;
        const Rack& rack = d.racks[rm.rack];
        std::vector<ObjectRef> noPower{ObjectRef::rack(rm.rack)},
            noWeight{ObjectRef::rack(rm.rack)};
        QStringList powerNames, weightNames;
        if (!d.typeOf(rack).weightKg)
            weightNames << d.typeOf(rack).model;
        for (DeviceId id : ctx.index.devicesIn(rm.rack)) {
            const CatalogItem& t = d.typeOf(d.devices[id]);
            if (!t.powerMaxW && t.category != Category::Power) {
                noPower.push_back(ObjectRef::device(id));
                powerNames << d.devices[id].name;
            }
            if (!t.weightKg) {
                noWeight.push_back(ObjectRef::device(id));
                weightNames << d.devices[id].name;
            }
        }
        if (!powerNames.isEmpty())
            out.push_back(
                {codes::kDataPowerMissing, Severity::Warning,
                 QStringLiteral("%1: no power figure for %2; the rack's %3 kW is a lower bound")
                     .arg(rack.name, powerNames.join(QStringLiteral(", ")))
                     .arg(rm.itMaxW / 1000.0, 0, 'f', 1),
                 noPower, name(), QStringLiteral("every device needs powerMaxW")});
        if (!weightNames.isEmpty())
            out.push_back(
                {codes::kDataWeightMissing, Severity::Warning,
                 QStringLiteral("%1: no weight figure for %2; the rack's %3 kg is a lower bound")
                     .arg(rack.name, weightNames.join(QStringLiteral(", ")))
                     .arg(rm.weightKg, 0, 'f', 0),
                 noWeight, name(), QStringLiteral("every rack and device needs weightKg")});
    }
}

} // namespace cds
