// One catalog entry from its JSON object. The entry's sections ("gpu", "rack", "media"...)
// are a table of key and parser: a new kind of catalog data is a row and a function, not
// another branch in one long function.

#include "Json.h"

#include "../Catalog.h"

#include <QStringList>

namespace cds::json {

namespace {

/// The value of an enumerated field, refused with the accepted keys when unknown.
template <typename E>
E enumField(const Json& v, const std::string& ptr, int count,
            std::optional<E> (*fromKey)(const QString&), QString (*toKey)(E)) {
    const QString s = qstring(v, ptr, 64);
    if (auto e = fromKey(s))
        return *e;
    QStringList keys;
    for (int i = 0; i < count; ++i)
        keys << toKey(E(i));
    throw FieldError(ptr, "unknown value \"" + s.toStdString() + "\"; expected one of " +
                              keys.join(QStringLiteral(", ")).toStdString());
}

Category categoryField(const Json& v, const std::string& ptr) {
    return enumField<Category>(v, ptr, kCategoryCount, categoryFromKey, categoryKey);
}
PortRole roleField(const Json& v, const std::string& ptr) {
    return enumField<PortRole>(v, ptr, kPortRoleCount, portRoleFromKey, portRoleKey);
}
MediaType mediaField(const Json& v, const std::string& ptr) {
    return enumField<MediaType>(v, ptr, kMediaTypeCount, mediaTypeFromKey, mediaTypeKey);
}
Technology technologyField(const Json& v, const std::string& ptr) {
    return enumField<Technology>(v, ptr, kTechnologyCount, technologyFromKey, technologyKey);
}

/// "flat" or "finned", or empty.
QString topField(const Json& obj, std::string_view key, const std::string& ptr) {
    QString top = optString(obj, key, ptr);
    if (!top.isEmpty() && top != QLatin1String("flat") && top != QLatin1String("finned"))
        throw FieldError(child(ptr, std::string(key)), "must be \"flat\" or \"finned\"");
    return top;
}

void parsePrice(const Json& p, const std::string& pp, CatalogItem& it) {
    requireObject(p, pp);
    Price pr;
    pr.usd = number(member(p, "usd", pp), child(pp, "usd"), 0, 1e9);
    pr.date = optString(p, "date", pp);
    pr.source = optString(p, "source", pp);
    it.price = pr;
}

void parseGpu(const Json& g, const std::string& gp, CatalogItem& it) {
    requireObject(g, gp);
    GpuSpec s;
    s.model = qstring(member(g, "model", gp), child(gp, "model"));
    s.count = int(integer(member(g, "count", gp), child(gp, "count"), 0, 4096));
    s.memoryGb = optNumber(g, "memoryGb", gp, 0, 1e5, 0);
    s.bf16DenseTflops = optNumber(g, "bf16DenseTflops", gp, 0, 1e6, 0);
    s.tdpW = optNumber(g, "tdpW", gp, 0, 1e5, 0);
    s.nvlinkDomainGpus = int(optInteger(g, "nvlinkDomainGpus", gp, 0, 4096, 0));
    it.gpu = s;
}

void parseRack(const Json& r, const std::string& rp, CatalogItem& it) {
    requireObject(r, rp);
    RackSpec s;
    s.uCapacity = int(integer(member(r, "uCapacity", rp), child(rp, "uCapacity"), 1, 60));
    s.widthMm = number(member(r, "widthMm", rp), child(rp, "widthMm"), 100, 5000);
    s.depthMm = number(member(r, "depthMm", rp), child(rp, "depthMm"), 100, 5000);
    s.heightMm = optNumber(r, "heightMm", rp, 0, 5000, s.uCapacity * kMillimetresPerU);
    s.maxLoadKg = optNumber(r, "maxLoadKg", rp, 0, 100000);
    it.rack = s;
}

void parseMedia(const Json& m, const std::string& mp, CatalogItem& it) {
    requireObject(m, mp);
    MediaSpec s;
    s.type = mediaField(member(m, "type", mp), child(mp, "type"));
    s.speedGbps = number(member(m, "speedGbps", mp), child(mp, "speedGbps"), 0, 1e5);
    s.maxReachM = number(member(m, "maxReachM", mp), child(mp, "maxReachM"), 0, 1e6);
    s.powerPerEndW = optNumber(m, "powerPerEndW", mp, 0, 1000);
    s.formFactor = optString(m, "formFactor", mp);
    if (const Json* t = optionalMember(m, "technology"))
        s.technology = technologyField(*t, child(mp, "technology"));
    if (const Json* l = optionalMember(m, "lengthsM")) {
        const std::string lp = child(mp, "lengthsM");
        requireArray(*l, lp);
        for (std::size_t i = 0; i < l->size(); ++i)
            s.lengthsM.push_back(number((*l)[i], child(lp, i), 0, 1e6));
    }
    s.twinPort = optBool(m, "twinPort", mp);
    s.fiber = optString(m, "fiber", mp);
    s.connector = optString(m, "connector", mp);
    s.diameterMm = optNumber(m, "diameterMm", mp, 0.1, 100);
    s.top = topField(m, "top", mp);
    it.media = s;
}

void parseSwitch(const Json& sw, const std::string& sp, CatalogItem& it) {
    requireObject(sw, sp);
    SwitchSpec s;
    if (const Json* t = optionalMember(sw, "technology"))
        s.technology = technologyField(*t, child(sp, "technology"));
    if (const Json* b = optionalMember(sw, "breakouts")) {
        const std::string bp = child(sp, "breakouts");
        requireArray(*b, bp);
        for (std::size_t i = 0; i < b->size(); ++i)
            s.breakouts.push_back(int(integer((*b)[i], child(bp, i), 1, 8)));
    }
    it.switchSpec = s;
}

void parseCooling(const Json& c, const std::string& cp, CatalogItem& it) {
    requireObject(c, cp);
    it.coolingType = optString(c, "type", cp);
    it.coolingCapacityKw = optNumber(c, "capacityKw", cp, 0, 1e5);
}

void parsePower(const Json& p, const std::string& pp, CatalogItem& it) {
    requireObject(p, pp);
    it.feedKw = optNumber(p, "feedKw", pp, 0, 1e4);
    const Json* element = optionalMember(p, "element");
    if (!element)
        return;
    PowerElementSpec s;
    s.kind = enumField<PowerKind>(*element, child(pp, "element"), kPowerKindCount, powerKindFromKey,
                                  powerKindKey);
    const char* unit = ratedInKva(s.kind) ? "capacityKva" : "capacityKw";
    s.capacity = number(member(p, unit, pp), child(pp, unit), 0.1, 1e6);
    s.efficiencyPct = optNumber(p, "efficiencyPct", pp, 50, 100, 100);
    s.stepLoadPct = optNumber(p, "stepLoadPct", pp, 0, 100, 0);
    s.rideThroughMin = optNumber(p, "rideThroughMin", pp, 0, 1e4, 0);
    s.outputVdc = optNumber(p, "outputVdc", pp, 0, 2000, 0);
    s.widthMm = optNumber(p, "widthMm", pp, 0, 20000, 0);
    s.depthMm = optNumber(p, "depthMm", pp, 0, 20000, 0);
    it.powerElement = s;
}

void parseStorage(const Json& s, const std::string& sp, CatalogItem& it) {
    it.usableTb = optNumber(s, "usableTb", sp, 0, 1e7);
    it.readGbps = optNumber(s, "readGbps", sp, 0, 1e6);
    it.writeGbps = optNumber(s, "writeGbps", sp, 0, 1e6);
}

/// Rack-scale systems: the trays the rack holds, bottom up: [{"id", "count"}].
void parseTrays(const Json& t, const std::string& tp, CatalogItem& it) {
    requireArray(t, tp);
    if (t.size() > 32)
        throw FieldError(tp, "more than 32 runs of trays");
    for (std::size_t i = 0; i < t.size(); ++i) {
        const std::string sp = child(tp, i);
        requireObject(t[i], sp);
        TraySlot s;
        s.id = qstring(member(t[i], "id", sp), child(sp, "id"), 128);
        s.count = int(integer(member(t[i], "count", sp), child(sp, "count"), 1, 64));
        it.trays.push_back(s);
    }
}

/// One port group, appended to @p it with its ports expanded; @p cageBase moves past its cages.
void parsePortGroup(const Json& pg, const std::string& gp, std::size_t g, int& cageBase,
                    CatalogItem& it) {
    requireObject(pg, gp);
    PortGroup grp;
    grp.name = qstring(member(pg, "name", gp), child(gp, "name"), 64);
    grp.role = roleField(member(pg, "role", gp), child(gp, "role"));
    grp.count = int(integer(member(pg, "count", gp), child(gp, "count"), 1, 4096));
    grp.speedGbps = number(member(pg, "speedGbps", gp), child(gp, "speedGbps"), 0.001, 1e5);
    grp.cage = optString(pg, "cage", gp);
    grp.portsPerCage = int(optInteger(pg, "portsPerCage", gp, 1, 8, 1));
    grp.required = optBool(pg, "required", gp);
    grp.moduleTop = topField(pg, "moduleTop", gp);
    if (const Json* pl = optionalMember(pg, "planes")) {
        const std::string plp = child(gp, "planes");
        requireArray(*pl, plp);
        for (std::size_t i = 0; i < pl->size(); ++i)
            grp.planes.push_back(int(integer((*pl)[i], child(plp, i), 2, 8)));
    }
    if (it.ports.size() + std::size_t(grp.count) > 60000)
        throw FieldError(child(gp, "count"), "more than 60000 ports on one device");
    for (int i = 0; i < grp.count; ++i) {
        PortDef d;
        d.name = QStringLiteral("%1-%2").arg(grp.name).arg(i + 1);
        d.role = grp.role;
        d.speedGbps = grp.speedGbps;
        d.cage = static_cast<std::uint16_t>(cageBase + i / grp.portsPerCage);
        d.group = static_cast<std::uint8_t>(g);
        d.required = grp.required;
        it.ports.push_back(d);
    }
    cageBase += (grp.count + grp.portsPerCage - 1) / grp.portsPerCage;
    it.portGroups.push_back(grp);
}

void parsePorts(const Json& ports, const std::string& pp, CatalogItem& it) {
    requireArray(ports, pp);
    if (ports.size() > 64)
        throw FieldError(pp, "more than 64 port groups");
    int cageBase = 0;
    for (std::size_t g = 0; g < ports.size(); ++g)
        parsePortGroup(ports[g], child(pp, g), g, cageBase, it);
}

/// An entry's optional sections, in the order they are read.
struct Section {
    const char* key;
    void (*parse)(const Json& v, const std::string& ptr, CatalogItem& it);
};
constexpr Section kSections[] = {
    {"price", parsePrice}, {"gpu", parseGpu},         {"rack", parseRack},
    {"media", parseMedia}, {"switch", parseSwitch},   {"cooling", parseCooling},
    {"power", parsePower}, {"storage", parseStorage}, {"ports", parsePorts},
    {"trays", parseTrays},
};

} // namespace

CatalogItem parseCatalogItem(const Json& v, const std::string& ptr) {
    requireObject(v, ptr);
    CatalogItem it;
    it.id = qstring(member(v, "id", ptr), child(ptr, "id"), 128);
    if (it.id.isEmpty())
        throw FieldError(child(ptr, "id"), "id must not be empty");
    it.category = categoryField(member(v, "category", ptr), child(ptr, "category"));
    it.vendor = qstring(member(v, "vendor", ptr), child(ptr, "vendor"));
    it.model = qstring(member(v, "model", ptr), child(ptr, "model"));
    it.description = optString(v, "description", ptr);
    it.source = optString(v, "source", ptr);
    it.partNumber = optString(v, "partNumber", ptr);
    it.uHeight = int(optInteger(v, "uHeight", ptr, 0, 60, 0));
    it.weightKg = optNumber(v, "weightKg", ptr, 0, 10000);
    it.powerTypicalW = optNumber(v, "powerTypicalW", ptr, 0, 1e6);
    it.powerMaxW = optNumber(v, "powerMaxW", ptr, 0, 1e6);
    it.rackScale = optBool(v, "rackScale", ptr);
    it.liquidCooled = optBool(v, "liquidCooled", ptr);
    if (const Json* tray = optionalMember(v, "tray")) {
        const QString key = qstring(*tray, child(ptr, "tray"), 64);
        const auto kind = trayKindFromKey(key);
        if (!kind)
            throw FieldError(child(ptr, "tray"), "unknown value \"" + key.toStdString() +
                                                     "\"; expected one of compute, "
                                                     "nvlink-switch, power-shelf, management");
        it.tray = *kind;
    }
    for (const Section& s : kSections)
        if (const Json* section = optionalMember(v, s.key))
            s.parse(*section, child(ptr, s.key), it);
    if (it.category == Category::Rack && !it.rack)
        throw FieldError(ptr,
                         "a rack entry needs a \"rack\" object with uCapacity, widthMm, depthMm");
    if ((it.category == Category::Cable || it.category == Category::Transceiver) && !it.media)
        throw FieldError(ptr, "a cable or transceiver entry needs a \"media\" object");
    it.canonicalJson = v.dump(); // nlohmann::json keeps keys sorted: canonical
    return it;
}

} // namespace cds::json
