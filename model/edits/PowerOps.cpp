#include "PowerOps.h"

#include "../Wording.h"

#include <QLocale>

#include <algorithm>

namespace cds::edits {

namespace {

/// @brief The chain before and after, with the catalog entries the new one uses (embedded with
/// it and dropped again on undo).
class PowerChainEdit final : public Edit {
public:
    PowerChainEdit(QString text, std::vector<CatalogItem> types, PowerChain before,
                   PowerChain after)
        : m_text(std::move(text))
        , m_types(std::move(types))
        , m_before(std::move(before))
        , m_after(std::move(after)) {}
    QString text() const override { return m_text; }
    void apply(Design& d) override {
        d.embedTypes(m_types);
        d.setPower(m_after);
    }
    void revert(Design& d) override {
        d.setPower(m_before);
        d.dropLastTypes(m_types.size());
    }
    bool isNoOp() const override { return m_types.empty() && m_before == m_after; }

private:
    QString m_text;
    std::vector<CatalogItem> m_types;
    PowerChain m_before, m_after;
};

/// 1200 -> "1,200", 96.5 -> "96.5": figures as undo texts and refusals show them.
QString figure(double v) {
    return figures(v, QLocale::FloatingPointShortest);
}

QString unitOf(PowerKind k) {
    return ratedInKva(k) ? QStringLiteral("kVA") : QStringLiteral("kW");
}

/// "UPS", "transformer", "remote power panel": a kind inside a sentence.
QString kindNoun(PowerKind k) {
    return k == PowerKind::Ups ? powerKindLabel(k) : powerKindLabel(k).toLower();
}

/// Why @p e's values could not be in a design file (empty when they could).
QString valueProblem(const PowerElement& e) {
    if (!(e.capacity >= kMinPowerCapacity && e.capacity <= kMaxPowerCapacity)) // NaN too
        return QStringLiteral("%1 cannot be rated %2 %3: a capacity is above 0 and at most %4 %3")
            .arg(e.name, figure(e.capacity), unitOf(e.kind), figure(kMaxPowerCapacity));
    if (!(e.efficiencyPct >= kMinPowerEfficiencyPct && e.efficiencyPct <= 100))
        return QStringLiteral("%1 cannot be %2 % efficient: an efficiency is %3 to 100 %")
            .arg(e.name, figure(e.efficiencyPct), figure(kMinPowerEfficiencyPct));
    return {};
}

/// Element @p id becomes @p after, as one step, unless its values are out of range.
Result changeElement(const DesignData& d, PowerElementId id, const PowerElement& after,
                     const QString& text, std::vector<CatalogItem> types = {}) {
    if (const QString why = valueProblem(after); !why.isEmpty())
        return Result::refuse(why);
    PowerChain next = d.power;
    next.elements[id] = after;
    return {std::make_unique<PowerChainEdit>(text, std::move(types), d.power, std::move(next)), {}};
}

/// Whether @p from draws from @p target, directly or through what it draws from.
bool drawsFrom(const PowerChain& c, PowerElementId from, PowerElementId target) {
    std::vector<char> seen(c.elements.capacity(), 0);
    std::vector<PowerElementId> stack{from};
    while (!stack.empty()) {
        const PowerElementId at = stack.back();
        stack.pop_back();
        if (at == target)
            return true;
        if (!c.elements.contains(at) || seen[at.value()])
            continue;
        seen[at.value()] = 1;
        for (PowerElementId u : c.elements[at].upstream)
            stack.push_back(u);
    }
    return false;
}

} // namespace

Result setPowerCapacity(const DesignData& d, PowerElementId id, double capacity) {
    const PowerElement* e = d.power.elements.find(id);
    if (!e)
        return {};
    PowerElement after = *e;
    after.capacity = capacity;
    return changeElement(
        d, id, after,
        QStringLiteral("Set %1 capacity to %2 %3").arg(e->name, figure(capacity), unitOf(e->kind)));
}

Result setPowerUnits(const DesignData& d, PowerElementId id, int units) {
    const PowerElement* e = d.power.elements.find(id);
    if (!e)
        return {};
    if (units < 1 || units > kMaxPowerUnits)
        return Result::refuse(
            QStringLiteral("%1 cannot stand for %2 units: an element is 1 to %3 identical units")
                .arg(e->name, QString::number(units), figure(kMaxPowerUnits)));
    PowerElement after = *e;
    after.units = units;
    after.capacity = e->capacity / std::max(1, e->units) * units; // one unit's rating stays
    return changeElement(
        d, id, after,
        QStringLiteral("Set %1 to %2 units (%3 %4)")
            .arg(e->name, QString::number(units), figure(after.capacity), unitOf(e->kind)));
}

Result setPowerEfficiency(const DesignData& d, PowerElementId id, double pct) {
    const PowerElement* e = d.power.elements.find(id);
    if (!e)
        return {};
    PowerElement after = *e;
    after.efficiencyPct = pct;
    return changeElement(d, id, after,
                         QStringLiteral("Set %1 efficiency to %2 %").arg(e->name, figure(pct)));
}

Result setPowerType(const DesignData& d, const Catalog& library, PowerElementId id,
                    const QString& catalogId) {
    const PowerElement* e = d.power.elements.find(id);
    if (!e)
        return {};
    PowerElement after = *e;
    if (catalogId.isEmpty()) {
        after.type = TypeId();
        return changeElement(d, id, after,
                             QStringLiteral("Clear the catalog type of %1").arg(e->name));
    }
    const CatalogItem* item = lookUp(d, library, catalogId);
    if (!item)
        return Result::refuse(QStringLiteral("%1 is not in the catalog").arg(catalogId));
    if (!item->powerElement || item->powerElement->kind != e->kind)
        return Result::refuse(QStringLiteral("%1 is not a %2: the type of %3 must be one")
                                  .arg(item->model, kindNoun(e->kind), e->name));
    TypePlan types(d);
    after.type = types.use(*item);
    after.capacity = item->powerElement->capacity * std::max(1, e->units);
    after.efficiencyPct = item->powerElement->efficiencyPct;
    after.outputVdc = item->powerElement->outputVdc;
    return changeElement(
        d, id, after, QStringLiteral("Set %1 type to %2").arg(e->name, item->model), types.take());
}

Result renamePowerElement(const DesignData& d, PowerElementId id, const QString& name) {
    const PowerElement* e = d.power.elements.find(id);
    if (!e)
        return {};
    const QString n = name.trimmed();
    if (n.isEmpty())
        return Result::refuse(QStringLiteral("%1 needs a name").arg(e->name));
    if (n.toUtf8().size() > kMaxPowerNameLength) // what a file reads: UTF-8 bytes
        return Result::refuse(QStringLiteral("A power element's name is at most %1 bytes long")
                                  .arg(kMaxPowerNameLength));
    if (const PowerElementId other = d.power.findByName(n); other && other != id)
        return Result::refuse(QStringLiteral("Another power element is named %1").arg(n));
    PowerElement after = *e;
    after.name = n;
    return changeElement(d, id, after,
                         QStringLiteral("Rename power element %1 to %2").arg(e->name, n));
}

Result setPowerUpstream(const DesignData& d, PowerElementId id, const QStringList& names) {
    const PowerElement* e = d.power.elements.find(id);
    if (!e)
        return {};
    std::vector<PowerElementId> up;
    QStringList shown;
    for (const QString& raw : names) {
        const QString n = raw.trimmed();
        if (n.isEmpty())
            continue;
        const PowerElementId u = d.power.findByName(n);
        if (!u)
            return Result::refuse(
                QStringLiteral("%1 cannot draw from %2: the chain has no element of that name")
                    .arg(e->name, n));
        if (u == id)
            return Result::refuse(QStringLiteral("%1 cannot draw from itself").arg(e->name));
        if (std::find(up.begin(), up.end(), u) != up.end())
            return Result::refuse(
                QStringLiteral("%1 is named twice among what %2 draws from").arg(n, e->name));
        if (drawsFrom(d.power, u, id))
            return Result::refuse(
                QStringLiteral("%1 cannot draw from %2: %2 draws from %1 already, so the chain "
                               "would have a cycle")
                    .arg(e->name, n));
        up.push_back(u);
        shown << n;
    }
    PowerElement after = *e;
    after.upstream = std::move(up);
    const QString text =
        shown.isEmpty()
            ? QStringLiteral("%1 draws from nothing").arg(e->name)
            : QStringLiteral("%1 draws from %2").arg(e->name, shown.join(QStringLiteral(", ")));
    return changeElement(d, id, after, text);
}

Result setRackFeed(const DesignData& d, RackId rack, FeedSide side, const QString& element) {
    const Rack* r = d.racks.find(rack);
    if (!r)
        return {};
    const QString sideName = side == FeedSide::A ? QStringLiteral("A") : QStringLiteral("B");
    const QString n = element.trimmed();
    PowerElementId el;
    if (!n.isEmpty()) {
        el = d.power.findByName(n);
        if (!el)
            return Result::refuse(QStringLiteral("Rack %1's feed %2 cannot come from %3: the "
                                                 "power chain has no element of that name")
                                      .arg(r->name, sideName, n));
        const PowerKind k = d.power.elements[el].kind;
        if (!feedsRacks(k))
            return Result::refuse(QStringLiteral("Rack %1's feed %2 cannot come from %3, a %4: "
                                                 "racks are fed from a busway, a remote power "
                                                 "panel or a power rack")
                                      .arg(r->name, sideName, n, kindNoun(k)));
    }
    Rack after = *r;
    after.feeds.on(side) = el;
    const QString text = el ? QStringLiteral("Feed rack %1 %2 from %3").arg(r->name, sideName, n)
                            : QStringLiteral("Disconnect rack %1 feed %2").arg(r->name, sideName);
    return {std::make_unique<ChangeRacksEdit>(
                text, std::vector<ChangeRacksEdit::Change>{{rack, *r, after}}),
            {}};
}

PowerSettings PowerSettings::of(const PowerChain& c) {
    return {c.powerFactor, c.transientPct, c.strandedPct};
}

QString powerSettingsProblem(const PowerSettings& s) {
    if (!(s.powerFactor >= 0.5 && s.powerFactor <= 1))
        return QStringLiteral("A power factor of %1 is not between 0.5 and 1")
            .arg(figure(s.powerFactor));
    if (!(s.transientPct >= 0 && s.transientPct <= 200))
        return QStringLiteral("A GPU power swing of %1 % is not between 0 (not checked) and 200 %")
            .arg(figure(s.transientPct));
    if (!(s.strandedPct >= 0 && s.strandedPct <= 100))
        return QStringLiteral("A stranded-capacity threshold of %1 % is not between 0 and 100 %")
            .arg(figure(s.strandedPct));
    return {};
}

Result setPowerSettings(const DesignData& d, const PowerSettings& s) {
    if (d.power.elements.empty())
        return Result::refuse(
            QStringLiteral("The design has no power chain: generate one with its racks first"));
    if (const QString why = powerSettingsProblem(s); !why.isEmpty())
        return Result::refuse(why);
    PowerChain next = d.power;
    next.powerFactor = s.powerFactor;
    next.transientPct = s.transientPct;
    next.strandedPct = s.strandedPct;
    return {std::make_unique<PowerChainEdit>(QStringLiteral("Power chain settings"),
                                             std::vector<CatalogItem>{}, d.power, std::move(next)),
            {}};
}

} // namespace cds::edits
