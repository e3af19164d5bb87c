#include "FindingCodes.h"
#include "FoundationRules.h"

namespace cds {

QStringList RackWeightRule::codes() const {
    return {codes::kRackWeightLimit};
}

void RackWeightRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    for (const RackMetrics& rm : ctx.metrics.perRack) {
        const Rack& rack = d.racks[rm.rack];
        const auto& spec = d.typeOf(rack).rack;
        double limit = spec && spec->maxLoadKg ? *spec->maxLoadKg : 0;
        QString what = QStringLiteral("rack static load rating");
        const double floor = d.settings.maxRackWeightKg;
        if (floor > 0 && (limit == 0 || floor < limit)) {
            limit = floor;
            what = QStringLiteral("facility floor limit per rack");
        }
        if (limit <= 0 || rm.weightKg <= limit)
            continue;
        out.push_back(
            {codes::kRackWeightLimit,
             Severity::Error,
             QStringLiteral("%1 weighs %2%3 kg, over the %4 of %5 kg")
                 .arg(rack.name, rm.weightMissing ? QStringLiteral("at least ") : QString())
                 .arg(rm.weightKg, 0, 'f', 0)
                 .arg(what)
                 .arg(limit, 0, 'f', 0),
             {ObjectRef::rack(rm.rack)},
             name(),
             QStringLiteral("%1 %2 kg").arg(what).arg(limit)});
    }
}

} // namespace cds
