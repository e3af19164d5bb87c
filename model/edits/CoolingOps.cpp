#include "CoolingOps.h"

#include "../RackCooling.h"

namespace cds::edits {

Result setRackCooling(const DesignData& d, const std::vector<RackId>& racks, CoolingType type,
                      TypeId product) {
    if (product && (!d.catalog.contains(product) || coolingTypeServed(d.catalog[product]) != type))
        return Result::refuse(
            QStringLiteral("That product is not for %1 cooling").arg(coolingLabel(type).toLower()));
    std::vector<ChangeRacksEdit::Change> changes;
    for (RackId id : racks) {
        const Rack* r = d.racks.find(id);
        if (!r)
            continue;
        Rack after = *r;
        after.cooling = type;
        after.coolingProduct = product;
        if (!(after == *r))
            changes.emplace_back(id, *r, after);
    }
    if (changes.empty())
        return Result::refuse(QStringLiteral("The racks are already cooled like that"));
    const QString text =
        product ? QStringLiteral("Set cooling product %1").arg(d.catalog[product].model)
                : QStringLiteral("Set cooling");
    return {std::make_unique<ChangeRacksEdit>(text, std::move(changes)), {}};
}

RoomAir RoomAir::of(const DesignSettings& s) {
    return {s.inletClass, s.airDeltaTF, s.liquidAirSharePct, s.roomAirCoolingKw};
}

QString roomAirProblem(const RoomAir& a) {
    if (!(a.deltaTF >= 1 && a.deltaTF <= 100))
        return QStringLiteral("The air temperature rise is 1 to 100 F");
    if (!(a.liquidAirSharePct >= 0 && a.liquidAirSharePct <= 100))
        return QStringLiteral("The air share of direct-liquid racks is 0 to 100 %");
    if (!(a.capacityKw >= 0 && a.capacityKw <= 1e6))
        return QStringLiteral("The room's air cooling is 0 (not specified) to 1,000,000 kW");
    return {};
}

} // namespace cds::edits
