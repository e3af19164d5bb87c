#include "PropertyOps.h"

#include <algorithm>

namespace cds::edits {

namespace {

Result documentEdit(const QString& text, const DocumentProps& before, const DocumentProps& after) {
    return {std::make_unique<DocumentEdit>(text, before, after), {}};
}

/// Element @p id of @p all becomes @p after; nothing (and no refusal) when it is gone.
template <typename ChangeEdit, typename Container, typename Id, typename T>
Result changeOne(const Container& all, Id id, const T& after, const QString& text) {
    const T* before = all.find(id);
    if (!before)
        return {};
    using Change = typename ChangeEdit::Change;
    return {std::make_unique<ChangeEdit>(text, std::vector<Change>{{id, *before, after}}), {}};
}

} // namespace

Result editRacks(const DesignData& d, const std::vector<std::pair<RackId, Rack>>& after,
                 const QString& text) {
    std::vector<ChangeRacksEdit::Change> changes;
    for (const auto& [id, r] : after)
        if (d.racks.contains(id))
            changes.emplace_back(id, d.racks[id], r);
    return {std::make_unique<ChangeRacksEdit>(text, std::move(changes)), {}};
}

Result editDevice(const DesignData& d, DeviceId id, const Device& after, const QString& text) {
    return changeOne<ChangeDevicesEdit>(d.devices, id, after, text);
}

Result editLink(const DesignData& d, LinkId id, const Link& after, const QString& text) {
    return changeOne<ChangeLinksEdit>(d.links, id, after, text);
}

Result setProjectDetails(const DesignData& d, const DesignMeta& meta) {
    const DocumentProps before = DocumentProps::of(d);
    DocumentProps after = before;
    after.meta = meta;
    return documentEdit(QStringLiteral("Project details"), before, after);
}

Result setQuoteTerms(const DesignData& d, double marginPercent, double discountPercent) {
    if (!(marginPercent >= 0 && marginPercent <= 1000))
        return Result::refuse(QStringLiteral("A margin is 0 to 1000 %"));
    if (!(discountPercent >= 0 && discountPercent <= 100))
        return Result::refuse(QStringLiteral("A discount is 0 to 100 %"));
    const DocumentProps before = DocumentProps::of(d);
    DocumentProps after = before;
    after.settings.quoteMarginPercent = marginPercent;
    after.settings.quoteDiscountPercent = discountPercent;
    return documentEdit(QStringLiteral("Quote terms: margin %1 %, discount %2 %")
                            .arg(marginPercent)
                            .arg(discountPercent),
                        before, after);
}

Result setAddressing(const DesignData& d, const AddressPools& pools) {
    const QString problem = addressPoolsProblem(pools);
    if (!problem.isEmpty())
        return Result::refuse(problem.left(1).toUpper() + problem.mid(1));
    const DocumentProps before = DocumentProps::of(d);
    DocumentProps after = before;
    after.settings.addressing = pools;
    return documentEdit(QStringLiteral("Address pools"), before, after);
}

Result setPriceOverride(const DesignData& d, const QString& catalogId, double usd,
                        const QString& note) {
    const DocumentProps before = DocumentProps::of(d);
    DocumentProps after = before;
    if (usd < 0)
        after.priceOverrides.erase(catalogId);
    else
        after.priceOverrides[catalogId] = PriceOverride{usd, note};
    return documentEdit(QStringLiteral("Price override %1").arg(catalogId), before, after);
}

Result waive(const DesignData& d, const QString& key, const QString& reason) {
    if (reason.trimmed().isEmpty())
        return Result::refuse(QStringLiteral("A waiver needs a reason"));
    const DocumentProps before = DocumentProps::of(d);
    DocumentProps after = before;
    auto it = std::find_if(after.waivers.begin(), after.waivers.end(),
                           [&](const Waiver& w) { return w.key == key; });
    if (it != after.waivers.end())
        it->reason = reason.trimmed();
    else
        after.waivers.push_back({key, reason.trimmed()});
    return documentEdit(QStringLiteral("Waive %1").arg(key), before, after);
}

Result unwaive(const DesignData& d, const QString& key) {
    const DocumentProps before = DocumentProps::of(d);
    DocumentProps after = before;
    std::erase_if(after.waivers, [&](const Waiver& w) { return w.key == key; });
    return documentEdit(QStringLiteral("Unwaive %1").arg(key), before, after);
}

} // namespace cds::edits
