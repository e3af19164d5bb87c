#include "CoolingOps.h"

#include "../RackCooling.h"
#include "../Wording.h"

namespace cds::edits {

namespace {

/// Changes racks and embeds the catalog entries their new values use (and drops them again).
class RackCoolingEdit final : public Edit {
public:
    RackCoolingEdit(QString text, std::vector<CatalogItem> types,
                    std::vector<ChangeRacksEdit::Change> changes)
        : m_types(std::move(types))
        , m_changes(std::move(text), std::move(changes)) {}
    QString text() const override { return m_changes.text(); }
    void apply(Design& d) override {
        d.embedTypes(m_types);
        m_changes.apply(d);
    }
    void revert(Design& d) override {
        m_changes.revert(d);
        d.dropLastTypes(m_types.size());
    }
    bool isNoOp() const override { return m_types.empty() && m_changes.isNoOp(); }

private:
    std::vector<CatalogItem> m_types;
    ChangeRacksEdit m_changes;
};

} // namespace

Result setRackCooling(const DesignData& d, const Catalog& library, const std::vector<RackId>& racks,
                      CoolingType type, const QString& productId) {
    TypePlan types(d);
    TypeId product;
    QString model;
    if (!productId.isEmpty()) {
        const CatalogItem* item = lookUp(d, library, productId);
        if (!item)
            return Result::refuse(QStringLiteral("%1 is not in the catalog").arg(productId));
        if (coolingTypeServed(*item) != type)
            return Result::refuse(QStringLiteral("%1 is not a product for %2 cooling")
                                      .arg(item->model, coolingLabel(type).toLower()));
        product = types.use(*item);
        model = item->model;
    }
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
    // The undo text names what it changes: the rack, or how many.
    const QString which = changes.size() == 1
                              ? QStringLiteral("rack ") + std::get<1>(changes.front()).name
                              : counted((long long)(changes.size()), QStringLiteral("rack"));
    const QString text =
        product ? QStringLiteral("Set cooling product %1 on %2").arg(model, which)
                : QStringLiteral("Set %1 cooling on %2").arg(coolingLabel(type).toLower(), which);
    return {std::make_unique<RackCoolingEdit>(text, types.take(), std::move(changes)), {}};
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
