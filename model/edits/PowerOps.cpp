#include "PowerOps.h"

#include "../Wording.h"
#include "../power/PowerRackFloor.h"

#include <QLocale>

#include <algorithm>
#include <array>
#include <cstddef>
#include <set>

namespace cds::edits {

namespace {

/// @brief The chain before and after, with the catalog entries the new one uses (embedded with
/// it and dropped again on undo) and the racks whose feeds change with it (a deleted element's).
/// Successive moves of one element's area merge (one drag, one step).
class PowerChainEdit final : public Edit {
public:
    using RackChange = ChangeRacksEdit::Change;
    PowerChainEdit(QString text, std::vector<CatalogItem> types, PowerChain before,
                   PowerChain after, std::vector<RackChange> racks = {}, int mergeId = -1,
                   PowerElementId subject = {})
        : m_text(std::move(text))
        , m_types(std::move(types))
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_racks(std::move(racks))
        , m_mergeId(mergeId)
        , m_subject(subject) {}
    QString text() const override { return m_text; }
    // The racks let go of a deleted element before it goes and take it back once it has
    // returned: no feed ever names an element the chain lacks, even between two signals.
    void apply(Design& d) override {
        d.embedTypes(m_types);
        for (const auto& [id, before, after] : m_racks)
            d.updateRack(id, after);
        d.setPower(m_after);
    }
    void revert(Design& d) override {
        d.setPower(m_before);
        for (auto it = m_racks.rbegin(); it != m_racks.rend(); ++it)
            d.updateRack(std::get<0>(*it), std::get<1>(*it));
        d.dropLastTypes(m_types.size());
    }
    bool isNoOp() const override {
        if (!m_types.empty() || !(m_before == m_after))
            return false;
        return std::all_of(m_racks.begin(), m_racks.end(),
                           [](const RackChange& c) { return std::get<1>(c) == std::get<2>(c); });
    }
    int mergeId() const override { return m_mergeId; }
    bool mergeWith(const Edit& other) override {
        const auto* o = dynamic_cast<const PowerChainEdit*>(&other);
        if (!o || m_mergeId < 0 || o->m_mergeId != m_mergeId || o->m_subject != m_subject ||
            !m_types.empty() || !o->m_types.empty() || !m_racks.empty() || !o->m_racks.empty())
            return false;
        m_after = o->m_after;
        return true;
    }

private:
    QString m_text;
    std::vector<CatalogItem> m_types;
    PowerChain m_before, m_after;
    std::vector<RackChange> m_racks;
    int m_mergeId;
    PowerElementId m_subject; ///< the element a merging edit moves
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

/// Why no element but @p self may be named @p n (empty when one may): too long or taken.
QString nameProblem(const PowerChain& c, const QString& n, PowerElementId self) {
    if (n.toUtf8().size() > kMaxPowerNameLength) // what a file reads: UTF-8 bytes
        return QStringLiteral("A power element's name is at most %1 bytes long")
            .arg(kMaxPowerNameLength);
    if (const PowerElementId other = c.findByName(n); other && other != self)
        return QStringLiteral("Another power element is named %1").arg(n);
    return {};
}

/// The elements named @p names that element @p self (named @p who; invalid: a new one) is to
/// draw from, into @p up and @p shown; the refusal when one is missing, itself, named twice or
/// already fed by it (a cycle).
QString resolveSupplies(const PowerChain& c, const QString& who, PowerElementId self,
                        const QStringList& names, std::vector<PowerElementId>& up,
                        QStringList& shown) {
    up.clear();
    shown.clear();
    for (const QString& raw : names) {
        const QString n = raw.trimmed();
        if (n.isEmpty())
            continue;
        const PowerElementId u = c.findByName(n);
        if (!u)
            return QStringLiteral("%1 cannot draw from %2: the chain has no element of that name")
                .arg(who, n);
        if (u == self)
            return QStringLiteral("%1 cannot draw from itself").arg(who);
        if (std::find(up.begin(), up.end(), u) != up.end())
            return QStringLiteral("%1 is named twice among what %2 draws from").arg(n, who);
        if (self && drawsFrom(c, u, self))
            return QStringLiteral("%1 cannot draw from %2: %2 draws from %1 already, so the chain "
                                  "would have a cycle")
                .arg(who, n);
        up.push_back(u);
        shown << n;
    }
    return {};
}

/// "UPS", "TX", "BUS": how a new element's name starts, as the builder names its own.
QString namePrefix(PowerKind k) {
    switch (k) {
    case PowerKind::Utility:
        return QStringLiteral("UTIL");
    case PowerKind::Transformer:
        return QStringLiteral("TX");
    case PowerKind::Switchgear:
        return QStringLiteral("SWG");
    case PowerKind::Generator:
        return QStringLiteral("GEN");
    case PowerKind::Ups:
        return QStringLiteral("UPS");
    case PowerKind::Battery:
        return QStringLiteral("BAT");
    case PowerKind::Busway:
        return QStringLiteral("BUS");
    case PowerKind::Rpp:
        return QStringLiteral("RPP");
    case PowerKind::PowerRack:
        return QStringLiteral("PR");
    }
    return QStringLiteral("PWR");
}

/// "UPS-3": the prefix of kind @p k and the count of that kind plus one, or the next free.
QString freeName(const PowerChain& c, PowerKind k) {
    std::set<QString> names;
    int ofKind = 0;
    c.elements.forEach([&](PowerElementId, const PowerElement& e) {
        names.insert(e.name);
        ofKind += e.kind == k ? 1 : 0;
    });
    for (int n = ofKind + 1;; ++n) {
        const QString name = QStringLiteral("%1-%2").arg(namePrefix(k)).arg(n);
        if (!names.count(name))
            return name;
    }
}

/// Whether @p e stands on the hall's floor: a power rack, an element placed there already,
/// or one whose catalog entry has a footprint (a remote power panel).
bool standsOnFloor(const DesignData& d, const PowerElement& e) {
    if (e.area || e.kind == PowerKind::PowerRack)
        return true;
    const CatalogItem* t = d.catalog.contains(e.type) ? &d.catalog[e.type] : nullptr;
    return t && t->powerElement && t->powerElement->widthMm > 0;
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
    if (const QString why = nameProblem(d.power, n, id); !why.isEmpty())
        return Result::refuse(why);
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
    if (const QString why = resolveSupplies(d.power, e->name, id, names, up, shown); !why.isEmpty())
        return Result::refuse(why);
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

PowerElement typicalPowerElement(PowerKind k) {
    struct Typical {
        double capacity, efficiencyPct;
    };
    // The usual entry of each kind in catalogs/power-chain.json; a utility service has none:
    // 10,000 kVA, a medium-voltage service for a few MW of IT.
    static constexpr std::array<Typical, kPowerKindCount> kTypical = {{
        {10000, 100}, // utility service
        {2500, 99},   // transformer: GEAFOL 2,500 kVA
        {2770, 99.9}, // switchgear: SIVACON S8 4,000 A
        {2500, 100},  // generator: Cat 3516C 2,500 ekW
        {1200, 97},   // UPS: Liebert EXL S1 1,200 kW
        {250, 98},    // battery: Li-ion cabinet 250 kW
        {575, 99.5},  // busway: Starline T5 800 A
        {160, 99.8},  // remote power panel: 415 V 225 A
        {600, 97.5},  // power rack: 800 V DC 600 kW
    }};
    PowerElement e;
    e.kind = k;
    e.capacity = kTypical[std::size_t(k)].capacity;
    e.efficiencyPct = kTypical[std::size_t(k)].efficiencyPct;
    if (k == PowerKind::PowerRack)
        e.outputVdc = 800;
    return e;
}

Result addPowerElement(const DesignData& d, const Catalog& library, PowerKind kind,
                       const QString& catalogId, const QStringList& upstream, const QString& name,
                       PowerElementId* added) {
    PowerElement e = typicalPowerElement(kind);
    e.name = name.trimmed().isEmpty() ? freeName(d.power, kind) : name.trimmed();
    if (const QString why = nameProblem(d.power, e.name, PowerElementId()); !why.isEmpty())
        return Result::refuse(why);
    TypePlan types(d);
    if (!catalogId.isEmpty()) {
        const CatalogItem* item = lookUp(d, library, catalogId);
        if (!item)
            return Result::refuse(QStringLiteral("%1 is not in the catalog").arg(catalogId));
        if (!item->powerElement || item->powerElement->kind != kind)
            return Result::refuse(QStringLiteral("%1 is not a %2: the type of %3 must be one")
                                      .arg(item->model, kindNoun(kind), e.name));
        e.type = types.use(*item);
        e.capacity = item->powerElement->capacity;
        e.efficiencyPct = item->powerElement->efficiencyPct;
        e.outputVdc = item->powerElement->outputVdc;
    }
    QStringList shown;
    if (const QString why =
            resolveSupplies(d.power, e.name, PowerElementId(), upstream, e.upstream, shown);
        !why.isEmpty())
        return Result::refuse(why);
    if (!e.upstream.empty()) // its side or block: the diagram draws it in that band
        e.group = d.power.elements[e.upstream.front()].group;
    if (const QString why = valueProblem(e); !why.isEmpty())
        return Result::refuse(why);
    PowerChain next = d.power;
    const PowerElementId id = next.elements.add(e);
    if (added)
        *added = id;
    QString text = QStringLiteral("Add %1 %2").arg(kindNoun(kind), e.name);
    if (!shown.isEmpty())
        text += QStringLiteral(" below ") + shown.join(QStringLiteral(", "));
    return {std::make_unique<PowerChainEdit>(text, types.take(), d.power, std::move(next)), {}};
}

Result removePowerElement(const DesignData& d, PowerElementId id) {
    if (!d.power.elements.contains(id))
        return {};
    return removePowerElements(d, {id});
}

Result removePowerElements(const DesignData& d, const std::vector<PowerElementId>& ids) {
    if (ids.empty())
        return Result::refuse(QStringLiteral("Select a power element to delete"));
    PowerChain next = d.power;
    QStringList names;
    for (PowerElementId id : ids)
        if (next.elements.contains(id)) {
            names << next.elements[id].name;
            next.elements.take(id);
        }
    if (names.isEmpty())
        return {}; // deleted meanwhile
    const auto gone = [&](PowerElementId u) {
        return d.power.elements.contains(u) && !next.elements.contains(u);
    };
    next.elements.forEach(
        [&](PowerElementId, PowerElement& e) { std::erase_if(e.upstream, gone); });
    std::vector<PowerChainEdit::RackChange> racks;
    long long feeds = 0;
    d.racks.forEach([&](RackId rack, const Rack& r) {
        Rack after = r;
        for (FeedSide side : {FeedSide::A, FeedSide::B})
            if (gone(after.feeds.on(side))) {
                after.feeds.on(side) = PowerElementId();
                ++feeds;
            }
        if (!(after == r))
            racks.emplace_back(rack, r, after);
    });
    QString text =
        QStringLiteral("Delete ") +
        (names.size() == 1 ? names.front()
                           : cds::counted(names.size(), QStringLiteral("power element")));
    if (feeds > 0)
        text += QStringLiteral(" (%1 disconnected)")
                    .arg(cds::counted(feeds, QStringLiteral("rack feed")));
    return {std::make_unique<PowerChainEdit>(text, std::vector<CatalogItem>{}, d.power,
                                             std::move(next), std::move(racks)),
            {}};
}

QString powerAreaProblem(const DesignData& d, PowerElementId id, const RectMm& a) {
    if (!(a.w >= 1 && a.h >= 1)) // NaN too
        return QStringLiteral("a floor area is at least 1 x 1 mm");
    const RectMm floorArea{0, 0, d.hall.widthMm, d.hall.depthMm};
    if (!floorArea.contains(a))
        return QStringLiteral("it would stand outside the hall (a %1 x %2 mm hall)")
            .arg(figures(d.hall.widthMm), figures(d.hall.depthMm));
    if (!d.halls.empty() && std::none_of(d.halls.begin(), d.halls.end(),
                                         [&](const SiteHall& h) { return h.area.contains(a); }))
        return QStringLiteral("it would stand in none of the site's %1 halls").arg(d.halls.size());
    for (const Obstacle& o : d.hall.obstacles)
        if (a.intersects(o.area))
            return QStringLiteral("it would stand on obstacle %1").arg(o.name);
    QString hit;
    d.racks.forEach([&](RackId, const Rack& r) {
        if (hit.isEmpty() && a.intersects(footprint(d, r)))
            hit = QStringLiteral("it would stand on rack %1").arg(r.name);
    });
    d.power.elements.forEach([&](PowerElementId other, const PowerElement& e) {
        if (hit.isEmpty() && other != id && e.area && a.intersects(*e.area))
            hit = QStringLiteral("it would overlap %1 %2").arg(kindNoun(e.kind), e.name);
    });
    return hit;
}

Result setPowerElementArea(const DesignData& d, PowerElementId id, const RectMm& area) {
    const PowerElement* e = d.power.elements.find(id);
    if (!e)
        return {};
    if (!standsOnFloor(d, *e))
        return Result::refuse(
            QStringLiteral(
                "%1 is a %2, which does not stand on the hall's floor: a power rack does")
                .arg(e->name, kindNoun(e->kind)));
    PowerChain next = d.power;
    next.elements[id].area = area;
    const QString text = QStringLiteral("%1 %2 %3")
                             .arg(e->area ? QStringLiteral("Move") : QStringLiteral("Place"),
                                  kindNoun(e->kind), e->name);
    // Where it stands already: nothing to judge (nor to push), even on a floor that is wrong.
    if (!e->area || !(*e->area == area))
        if (const QString why = powerAreaProblem(d, id, area); !why.isEmpty())
            return Result::refuse((e->area ? QStringLiteral("Cannot move %1 to %2: %3")
                                           : QStringLiteral("Cannot place %1 at %2: %3"))
                                      .arg(e->name, rectText(area), why));
    return {std::make_unique<PowerChainEdit>(
                text, std::vector<CatalogItem>{}, d.power, std::move(next),
                std::vector<PowerChainEdit::RackChange>{}, MergeMovePowerRack, id),
            {}};
}

Result placePowerRack(const DesignData& d, PowerElementId id) {
    const PowerElement* e = d.power.elements.find(id);
    if (!e)
        return {};
    if (e->kind != PowerKind::PowerRack)
        return Result::refuse(QStringLiteral("%1 is a %2: only a power rack is placed beside the "
                                             "racks it feeds")
                                  .arg(e->name, kindNoun(e->kind)));
    if (e->area)
        return Result::refuse(QStringLiteral("%1 stands on the floor already (%2): drag it, or "
                                             "give its Floor X and Y")
                                  .arg(e->name, rectText(*e->area)));
    const PowerRackSpot spot = findPowerRackSpot(d, id);
    if (!spot.area)
        return Result::refuse(QStringLiteral("Cannot place %1: %2").arg(e->name, spot.why));
    return setPowerElementArea(d, id, *spot.area);
}

namespace {

/// Why no chain can be built for @p d with @p o (empty when one can).
QString buildProblem(const DesignData& d, const PowerChainOptions& o) {
    if (d.racks.empty())
        return QStringLiteral("The design has no racks: a power chain feeds racks, so place or "
                              "generate them first");
    double itW = 0; // what the builder sizes for: the maximum of the devices in racks
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (d.racks.contains(v.rack))
            itW += d.typeOf(v).powerMaxW.value_or(0);
    });
    if (!(itW > 0))
        return QStringLiteral("The design's racks draw no power: mount servers or switches in "
                              "them first");
    if (o.build.scheme == PowerScheme::Block &&
        (o.build.blocks < 3 || o.build.blocks > kMaxPowerBlocks))
        return QStringLiteral("A block-redundant chain has 3 to %1 blocks, not %2")
            .arg(kMaxPowerBlocks)
            .arg(o.build.blocks);
    if (!(o.itBudgetKw >= 0 && o.itBudgetKw <= kMaxPowerCapacity)) // NaN too
        return QStringLiteral("An IT budget of %1 kW is not between 0 (none) and %2 kW")
            .arg(figure(o.itBudgetKw), figure(kMaxPowerCapacity));
    return {};
}

/// Every power rack of @p d without a place takes the first free one beside its racks, in
/// the chain's order (a segment's A, then its B beside it); the names of those finding none.
QStringList placeNewPowerRacks(DesignData& d) {
    std::vector<PowerElementId> racks;
    d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        if (e.kind == PowerKind::PowerRack && !e.area)
            racks.push_back(id);
    });
    QStringList unplaced;
    for (PowerElementId id : racks) {
        const PowerRackSpot spot = findPowerRackSpot(d, id);
        if (spot.area && powerAreaProblem(d, id, *spot.area).isEmpty())
            d.power.elements[id].area = *spot.area;
        else
            unplaced << d.power.elements[id].name;
    }
    return unplaced;
}

/// "2N", "N+1 with 800 V DC": the scheme of chain @p c as the undo text names it.
QString builtScheme(const PowerChain& c) {
    bool dc = false;
    c.elements.forEach(
        [&](PowerElementId, const PowerElement& e) { dc = dc || e.kind == PowerKind::PowerRack; });
    QString text = c.schemeLabel();
    if (dc)
        text += QStringLiteral(" with 800 V DC");
    return text;
}

} // namespace

Result buildPowerChain(const DesignData& d, const Catalog& library, const PowerChainOptions& o) {
    if (const QString why = buildProblem(d, o); !why.isEmpty())
        return Result::refuse(why);
    DesignData next = d;
    const PowerBuildResult built = cds::buildPowerChain(next, library, o.build);
    if (!built.ok)
        return Result::refuse(QStringLiteral("Cannot build the power chain: %1").arg(built.error));
    if (const QStringList unplaced = placeNewPowerRacks(next); !unplaced.isEmpty()) {
        QString names = unplaced.mid(0, 3).join(QStringLiteral(", "));
        if (unplaced.size() > 3)
            names += QStringLiteral(", …");
        return Result::refuse(
            QStringLiteral("Cannot build the power chain: no free floor in line with the racks "
                           "they feed for %1 (%2); widen the hall or clear the rows' ends, or "
                           "build it without 800 V DC")
                .arg(cds::counted(unplaced.size(), QStringLiteral("power rack")), names));
    }
    next.power.itBudgetKw = o.itBudgetKw;
    if (o.itBudgetKw != d.power.itBudgetKw)
        next.power.siteBudgetKw = 0; // derived from the old budget: no longer what it says
    // The entries the builder embedded anew; those the design held stay its own copies.
    std::vector<CatalogItem> types(next.catalog.items().begin() + std::ptrdiff_t(d.catalog.size()),
                                   next.catalog.items().end());
    std::vector<PowerChainEdit::RackChange> racks;
    d.racks.forEach([&](RackId id, const Rack& r) {
        if (!(next.racks[id] == r))
            racks.emplace_back(id, r, next.racks[id]);
    });
    const QString text =
        d.power.elements.empty()
            ? QStringLiteral("Build power chain (%1)").arg(builtScheme(next.power))
            : QStringLiteral("Rebuild power chain as %1").arg(builtScheme(next.power));
    return {std::make_unique<PowerChainEdit>(text, std::move(types), d.power, std::move(next.power),
                                             std::move(racks)),
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
        return Result::refuse(QStringLiteral(
            "The design has no power chain: build one first (Power > Build power chain…)"));
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
