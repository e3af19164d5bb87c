// The design file's "power" section: the chain's scheme and settings, then its elements, each
// naming the elements it draws from. Refused with the place in the file: an unknown kind, a
// missing or repeated element, an absurd capacity or efficiency, a cycle.

#include "DesignJson.h"

#include <QSet>

namespace cds::json {

namespace {

/// Largest capacity an element (or a budget) may state: 10 GVA, beyond any site.
constexpr double kMaxCapacity = kMaxPowerCapacity;

const char* capacityKey(PowerKind k) {
    return ratedInKva(k) ? "capacityKva" : "capacityKw";
}

void writeElement(JsonWriter& w, const DesignData& d, PowerElementId id, const PowerElement& e) {
    w.beginObject();
    w.member("id", id.value());
    w.member("name", e.name);
    w.member("kind", powerKindKey(e.kind));
    if (e.type)
        w.member("type", d.catalog[e.type].id);
    w.member(capacityKey(e.kind), e.capacity);
    if (e.units != 1)
        w.member("units", e.units);
    w.member("efficiencyPct", e.efficiencyPct);
    w.key("upstream");
    w.beginArray();
    for (PowerElementId u : e.upstream)
        w.value(u.value());
    w.endArray();
    if (!e.group.isEmpty())
        w.member("group", e.group);
    if (e.outputVdc > 0)
        w.member("outputVdc", e.outputVdc);
    if (e.area) {
        w.key("area");
        w.beginArray();
        for (double v : {e.area->x, e.area->y, e.area->w, e.area->h})
            w.value(v);
        w.endArray();
    }
    w.endObject();
}

PowerElement readElement(const DesignData& d, const Json& v, const std::string& ep,
                         PowerElementId& id) {
    requireObject(v, ep);
    id = PowerElementId(
        static_cast<PowerElementId::Rep>(integer(member(v, "id", ep), child(ep, "id"), 0, kMaxId)));
    PowerElement e;
    e.name = qstring(member(v, "name", ep), child(ep, "name"), kMaxPowerNameLength);
    if (e.name.trimmed().isEmpty())
        throw FieldError(child(ep, "name"), "a power element needs a name");
    const QString kind = qstring(member(v, "kind", ep), child(ep, "kind"), 64);
    const auto k = powerKindFromKey(kind);
    if (!k)
        throw FieldError(child(ep, "kind"),
                         "unknown value \"" + kind.toStdString() +
                             "\"; expected utility, transformer, switchgear, generator, ups, "
                             "battery, busway, rpp or power-rack");
    e.kind = *k;
    if (const Json* t = optionalMember(v, "type")) {
        const QString tid = qstring(*t, child(ep, "type"), 128);
        e.type = d.catalog.find(tid);
        if (!e.type)
            throw FieldError(child(ep, "type"), "catalog id \"" + tid.toStdString() +
                                                    "\" is not in the design's embedded catalog");
    }
    const char* cap = capacityKey(e.kind);
    e.capacity = number(member(v, cap, ep), child(ep, cap), kMinPowerCapacity, kMaxCapacity);
    e.units = int(optInteger(v, "units", ep, 1, kMaxPowerUnits, 1));
    e.efficiencyPct = optNumber(v, "efficiencyPct", ep, kMinPowerEfficiencyPct, 100, 100);
    if (const Json* up = optionalMember(v, "upstream")) {
        const std::string up0 = child(ep, "upstream");
        requireArray(*up, up0);
        for (std::size_t i = 0; i < up->size(); ++i)
            e.upstream.push_back(PowerElementId(
                static_cast<PowerElementId::Rep>(integer((*up)[i], child(up0, i), 0, kMaxId))));
    }
    e.group = optString(v, "group", ep);
    e.outputVdc = optNumber(v, "outputVdc", ep, 0, 2000, 0);
    if (const Json* a = optionalMember(v, "area")) {
        const std::string ap = child(ep, "area");
        requireArray(*a, ap);
        if (a->size() != 4)
            throw FieldError(ap, "expected [x, y, width, depth] in mm");
        double r[4];
        for (std::size_t i = 0; i < 4; ++i)
            r[i] = number((*a)[i], child(ap, i), i < 2 ? -kMaxCoordMm : 1, kMaxCoordMm);
        e.area = RectMm{r[0], r[1], r[2], r[3]};
    }
    // After the values, so a wrong value is named as that; a capacity in the other unit
    // (capacityKw on a transformer) is an unknown key, with the right one suggested.
    requireKnownKeys(v, ep,
                     {"id", "name", "kind", "type", cap, "units", "efficiencyPct", "upstream",
                      "group", "outputVdc", "area"});
    return e;
}

/// Every upstream named exists, none twice, and following upstream never comes back.
void checkLinks(const PowerChain& c, const std::vector<PowerElementId>& fileOrder) {
    for (std::size_t i = 0; i < fileOrder.size(); ++i) {
        const PowerElement& e = c.elements[fileOrder[i]];
        const std::string up = child(child("/power/elements", i), "upstream");
        QSet<PowerElementId::Rep> seen;
        for (std::size_t j = 0; j < e.upstream.size(); ++j) {
            const PowerElementId u = e.upstream[j];
            if (!c.elements.contains(u))
                throw FieldError(child(up, j),
                                 "power element " + std::to_string(u.value()) + " does not exist");
            if (u == fileOrder[i])
                throw FieldError(child(up, j), "an element cannot feed itself");
            if (seen.contains(u.value()))
                throw FieldError(child(up, j),
                                 "upstream element " + std::to_string(u.value()) + " named twice");
            seen.insert(u.value());
        }
    }
    // Depth-first over upstream links: 0 unvisited, 1 on the path, 2 done.
    std::vector<char> state(c.elements.capacity(), 0);
    std::vector<std::size_t> indexOf(c.elements.capacity(), 0);
    for (std::size_t i = 0; i < fileOrder.size(); ++i)
        indexOf[fileOrder[i].value()] = i;
    for (PowerElementId start : fileOrder) {
        if (state[start.value()])
            continue;
        std::vector<std::pair<PowerElementId, std::size_t>> stack{{start, 0}};
        state[start.value()] = 1;
        while (!stack.empty()) {
            auto& [id, next] = stack.back();
            const auto& up = c.elements[id].upstream;
            if (next == up.size()) {
                state[id.value()] = 2;
                stack.pop_back();
                continue;
            }
            const PowerElementId u = up[next++];
            if (state[u.value()] == 1)
                throw FieldError(child(child("/power/elements", indexOf[id.value()]), "upstream"),
                                 "the chain has a cycle: " + c.elements[id].name.toStdString() +
                                     " draws from " + c.elements[u].name.toStdString() +
                                     ", which is downstream of it");
            if (state[u.value()] == 0) {
                state[u.value()] = 1;
                stack.push_back({u, 0});
            }
        }
    }
}

} // namespace

void writePower(JsonWriter& w, const DesignData& d) {
    const PowerChain& c = d.power;
    w.beginObject();
    w.member("scheme", powerSchemeKey(c.scheme));
    if (c.scheme == PowerScheme::Block)
        w.member("blocks", c.blocks);
    w.member("powerFactor", c.powerFactor);
    if (c.itBudgetKw > 0)
        w.member("itBudgetKw", c.itBudgetKw);
    if (c.siteBudgetKw > 0)
        w.member("siteBudgetKw", c.siteBudgetKw);
    w.member("transientPct", c.transientPct);
    w.member("strandedPct", c.strandedPct);
    w.key("elements");
    w.beginArray();
    c.elements.forEach(
        [&](PowerElementId id, const PowerElement& e) { writeElement(w, d, id, e); });
    w.endArray();
    w.endObject();
}

void readPower(DesignData& d, const Json& v) {
    const std::string p = "/power";
    requireObject(v, p);
    PowerChain c;
    if (const Json* s = optionalMember(v, "scheme")) {
        const QString key = qstring(*s, child(p, "scheme"), 64);
        const auto scheme = powerSchemeFromKey(key);
        if (!scheme)
            throw FieldError(child(p, "scheme"), "unknown value \"" + key.toStdString() +
                                                     "\"; expected 2N, N+1, block or single");
        c.scheme = *scheme;
    }
    if (c.scheme == PowerScheme::Block) {
        c.blocks = int(optInteger(v, "blocks", p, 0, 64, 4));
        if (c.blocks < 3)
            throw FieldError(child(p, "blocks"), "a block-redundant chain needs at least 3 blocks");
    }
    c.powerFactor = optNumber(v, "powerFactor", p, 0.5, 1.0, c.powerFactor);
    c.itBudgetKw = optNumber(v, "itBudgetKw", p, 0, kMaxCapacity, 0);
    c.siteBudgetKw = optNumber(v, "siteBudgetKw", p, 0, kMaxCapacity, 0);
    c.transientPct = optNumber(v, "transientPct", p, 0, 200, 0);
    c.strandedPct = optNumber(v, "strandedPct", p, 0, 100, c.strandedPct);
    std::vector<PowerElementId> order;
    if (const Json* list = optionalMember(v, "elements")) {
        const std::string lp = child(p, "elements");
        requireArray(*list, lp);
        QSet<QString> names;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string ep = child(lp, i);
            PowerElementId id;
            PowerElement e = readElement(d, (*list)[i], ep, id);
            if (c.elements.contains(id))
                throw FieldError(child(ep, "id"), "duplicate id " + std::to_string(id.value()));
            if (names.contains(e.name))
                throw FieldError(child(ep, "name"),
                                 "duplicate power element name \"" + e.name.toStdString() + "\"");
            names.insert(e.name);
            c.elements.insert(id, std::move(e));
            order.push_back(id);
        }
    }
    requireKnownKeys(v, p,
                     {"scheme", "blocks", "powerFactor", "itBudgetKw", "siteBudgetKw",
                      "transientPct", "strandedPct", "elements"});
    checkLinks(c, order);
    d.power = std::move(c);
}

} // namespace cds::json
