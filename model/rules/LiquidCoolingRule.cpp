#include "FindingCodes.h"
#include "FoundationRules.h"

namespace cds {

QStringList LiquidCoolingRule::codes() const {
    return {codes::kRackNeedsLiquid, codes::kCoolingCduCapacity};
}

void LiquidCoolingRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    d.racks.forEach([&](RackId rid, const Rack& rack) {
        if (rack.cooling == CoolingType::DirectLiquid || rack.cooling == CoolingType::Immersion)
            return;
        // One finding per rack: an NVL72 rack's 27 liquid-cooled trays are one problem.
        std::vector<ObjectRef> objects{ObjectRef::rack(rid)};
        QString first;
        for (DeviceId id : ctx.index.devicesIn(rid)) {
            const Device& dev = d.devices[id];
            if (!d.typeOf(dev).liquidCooled)
                continue;
            if (first.isEmpty())
                first = dev.name;
            objects.push_back(ObjectRef::device(id));
        }
        const auto count = qsizetype(objects.size()) - 1;
        if (count == 0)
            return;
        const QString what = count == 1 ? QStringLiteral("%1 in %2 is").arg(first, rack.name)
                                        : QStringLiteral("%1 devices in %2 (%3 first) are")
                                              .arg(count)
                                              .arg(rack.name, first);
        out.push_back({codes::kRackNeedsLiquid, Severity::Error,
                       QStringLiteral("%1 liquid-cooled only, but the rack is cooled by %2")
                           .arg(what, coolingLabel(rack.cooling)),
                       std::move(objects), name(),
                       QStringLiteral("catalog liquidCooled: direct-liquid or immersion")});
    });
    // N+1: the plant must carry the direct-liquid heat with its largest CDU out of service.
    // Racks with their own in-rack CDU are not on the plant (their product's envelope judges
    // them); an NVL72's cold-plate loop is, like any other liquid rack.
    const Metrics& m = ctx.metrics;
    if (m.plantHeatKw <= 0 || m.cdus == 0)
        return; // hand-made designs without a modelled plant are not judged here
    const double perCdu = m.cduCapacityKw / m.cdus;
    const double n1 = m.cduCapacityKw - perCdu;
    if (m.plantHeatKw <= n1 + 1e-6)
        return;
    out.push_back({codes::kCoolingCduCapacity,
                   Severity::Error,
                   QStringLiteral("%1 CDUs (%2 kW with one out of service) cannot carry the %3 kW "
                                  "of the direct-liquid racks")
                       .arg(m.cdus)
                       .arg(n1, 0, 'f', 0)
                       .arg(m.plantHeatKw, 0, 'f', 0),
                   {},
                   name(),
                   QStringLiteral("CDU capacity N+1 >= liquid heat load of the racks on the "
                                  "plant (racks with their own in-rack CDU excluded)")});
}

} // namespace cds
