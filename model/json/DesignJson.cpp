#include "DesignJson.h"

#include "../RackCooling.h"

#include <QDate>
#include <QRegularExpression>

namespace cds::json {

namespace {

OJson str(const QString& s) {
    return s.toStdString();
}
OJson rect(const RectMm& r) {
    return OJson::array({r.x, r.y, r.w, r.h});
}

RectMm rectFrom(const Json& v, const std::string& ptr) {
    requireArray(v, ptr);
    if (v.size() != 4)
        throw FieldError(ptr, "expected [x, y, width, height] in mm");
    double a[4];
    for (std::size_t i = 0; i < 4; ++i)
        a[i] = number(v[i], child(ptr, i), i < 2 ? -kMaxCoordMm : 0, kMaxCoordMm);
    return {a[0], a[1], a[2], a[3]};
}

template <typename E>
E enumValue(const Json& v, const std::string& ptr, std::optional<E> (*fromKey)(const QString&),
            const char* expected) {
    QString s = qstring(v, ptr, 64);
    auto e = fromKey(s);
    if (!e)
        throw FieldError(ptr, "unknown value \"" + s.toStdString() + "\"; expected " + expected);
    return *e;
}

TypeId typeRef(const DesignData& d, const Json& v, const std::string& ptr) {
    QString id = qstring(v, ptr, 128);
    TypeId t = d.catalog.find(id);
    if (!t)
        throw FieldError(ptr, "catalog id \"" + id.toStdString() +
                                  "\" is not in the design's embedded catalog");
    return t;
}

FabricId fabricRef(const DesignData& d, const Json& v, const std::string& ptr) {
    long long f = integer(v, ptr, 0, kMaxId);
    if (std::size_t(f) >= d.fabrics.size())
        throw FieldError(ptr, "fabric " + std::to_string(f) + " does not exist");
    return FabricId(static_cast<FabricId::Rep>(f));
}

template <typename IdT> IdT idFrom(const Json& v, const std::string& ptr) {
    return IdT(static_cast<typename IdT::Rep>(integer(v, ptr, 0, kMaxId)));
}

void readHall(DesignData& d, const Json& h) {
    const std::string p = "/hall";
    requireObject(h, p);
    requireKnownKeys(h, p, {"name", "widthMm", "depthMm", "tileMm", "rows", "obstacles"});
    d.hall = Hall{};
    d.hall.name = optString(h, "name", p, d.hall.name);
    d.hall.widthMm =
        number(member(h, "widthMm", p), child(p, "widthMm"), kMinHallSideMm, kMaxHallSideMm);
    d.hall.depthMm =
        number(member(h, "depthMm", p), child(p, "depthMm"), kMinHallSideMm, kMaxHallSideMm);
    d.hall.tileMm = optNumber(h, "tileMm", p, 100, 5000, 600);
    if (const Json* rows = optionalMember(h, "rows")) {
        std::string rp = child(p, "rows");
        requireArray(*rows, rp);
        for (std::size_t i = 0; i < rows->size(); ++i) {
            std::string ip = child(rp, i);
            const Json& r = (*rows)[i];
            requireObject(r, ip);
            requireKnownKeys(r, ip, {"name", "area", "coldAisle"});
            Row row;
            row.name = qstring(member(r, "name", ip), child(ip, "name"), 256);
            row.area = rectFrom(member(r, "area", ip), child(ip, "area"));
            QString cold = optString(r, "coldAisle", ip, QStringLiteral("north"));
            if (cold != QLatin1String("north") && cold != QLatin1String("south"))
                throw FieldError(child(ip, "coldAisle"), "expected \"north\" or \"south\"");
            row.coldAisleNorth = cold == QLatin1String("north");
            d.hall.rows.push_back(row);
        }
    }
    if (const Json* obs = optionalMember(h, "obstacles")) {
        std::string op = child(p, "obstacles");
        requireArray(*obs, op);
        for (std::size_t i = 0; i < obs->size(); ++i) {
            std::string ip = child(op, i);
            const Json& o = (*obs)[i];
            requireObject(o, ip);
            requireKnownKeys(o, ip, {"name", "area"});
            d.hall.obstacles.push_back(
                {optString(o, "name", ip), rectFrom(member(o, "area", ip), child(ip, "area"))});
        }
    }
}

/// "halls": [{"name", "area"}]: a campus's halls on the floor; names unique, areas not empty.
void readHalls(DesignData& d, const Json& doc) {
    d.halls.clear();
    const Json* list = optionalMember(doc, "halls");
    if (!list)
        return;
    requireArray(*list, "/halls");
    if (list->size() > std::size_t(kMaxSiteHalls))
        throw FieldError("/halls", "a design has at most " + std::to_string(kMaxSiteHalls) +
                                       " halls; this one lists " + std::to_string(list->size()));
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string ip = child("/halls", i);
        const Json& h = (*list)[i];
        requireObject(h, ip);
        requireKnownKeys(h, ip, {"name", "area"});
        SiteHall hall;
        hall.name = qstring(member(h, "name", ip), child(ip, "name"), 256);
        if (hall.name.trimmed().isEmpty())
            throw FieldError(child(ip, "name"), "a hall needs a name");
        for (const SiteHall& other : d.halls)
            if (other.name == hall.name)
                throw FieldError(child(ip, "name"),
                                 "duplicate hall name \"" + hall.name.toStdString() + "\"");
        hall.area = rectFrom(member(h, "area", ip), child(ip, "area"));
        if (hall.area.w < kMinHallSideMm || hall.area.h < kMinHallSideMm)
            throw FieldError(child(ip, "area"), "a hall is at least " +
                                                    std::to_string(int(kMinHallSideMm)) +
                                                    " mm on each side");
        d.halls.push_back(std::move(hall));
    }
}

bool isIsoDate(const QString& s) {
    static const QRegularExpression iso(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    return iso.match(s).hasMatch() && QDate::fromString(s, Qt::ISODate).isValid();
}

void readSettings(DesignData& d, const Json& s) {
    const std::string p = "/settings";
    requireObject(s, p);
    requireKnownKeys(s, p,
                     {"cooling", "cableSlackM", "trayHeightAboveRackMm", "maxRackWeightKg",
                      "energyUsdPerKwh", "quoteMarginPercent", "quoteDiscountPercent",
                      "trayFillLimitPct", "inletClass", "airDeltaTF", "liquidAirSharePct",
                      "roomAirCoolingKw", "blastRadiusGpus", "resilienceJobGpus", "addressing",
                      "labourHours"});
    d.settings = DesignSettings{};
    if (const Json* c = optionalMember(s, "cooling")) {
        std::string cp = child(p, "cooling");
        requireObject(*c, cp);
        static_assert(kCoolingTypeCount == 4, "the cooling keys below");
        requireKnownKeys(*c, cp, {"air", "rear-door-hx", "direct-liquid", "immersion"});
        for (int i = 0; i < kCoolingTypeCount; ++i) {
            const std::string key = coolingKey(CoolingType(i)).toStdString();
            const Json* e = optionalMember(*c, key);
            if (!e)
                continue;
            std::string ep = child(cp, key);
            requireKnownKeys(*e, ep, {"warnKw", "maxKw", "pue", "source"});
            CoolingEnvelope& env = d.settings.cooling[std::size_t(i)];
            env.warnKw = optNumber(*e, "warnKw", ep, 0, 10000, env.warnKw);
            env.maxKw = optNumber(*e, "maxKw", ep, 0, 10000, env.maxKw);
            env.pue = optNumber(*e, "pue", ep, 1.0, 5.0, env.pue);
            env.source = optString(*e, "source", ep, env.source);
            if (env.warnKw > env.maxKw)
                throw FieldError(child(ep, "warnKw"), "warnKw is above maxKw");
        }
    }
    d.settings.cableSlackM = optNumber(s, "cableSlackM", p, 0, 100, d.settings.cableSlackM);
    d.settings.trayHeightAboveRackMm =
        optNumber(s, "trayHeightAboveRackMm", p, 0, 10000, d.settings.trayHeightAboveRackMm);
    d.settings.maxRackWeightKg = optNumber(s, "maxRackWeightKg", p, 0, 100000, 0);
    d.settings.energyUsdPerKwh =
        optNumber(s, "energyUsdPerKwh", p, 0, 100, d.settings.energyUsdPerKwh);
    d.settings.quoteMarginPercent = optNumber(s, "quoteMarginPercent", p, 0, 1000, 0);
    d.settings.quoteDiscountPercent = optNumber(s, "quoteDiscountPercent", p, 0, 100, 0);
    if (const Json* c = optionalMember(s, "inletClass"))
        d.settings.inletClass = enumValue<InletClass>(*c, child(p, "inletClass"),
                                                      &inletClassFromKey, "A1, A2, A3 or A4");
    d.settings.airDeltaTF = optNumber(s, "airDeltaTF", p, 1, 100, d.settings.airDeltaTF);
    d.settings.liquidAirSharePct =
        optNumber(s, "liquidAirSharePct", p, 0, 100, d.settings.liquidAirSharePct);
    d.settings.roomAirCoolingKw = optNumber(s, "roomAirCoolingKw", p, 0, 1e6, 0);
    d.settings.blastRadiusGpus = int(optNumber(s, "blastRadiusGpus", p, 0, 1e7, 0));
    d.settings.resilienceJobGpus = int(optNumber(s, "resilienceJobGpus", p, 0, 1e7, 0));
    if (const Json* a = optionalMember(s, "addressing"))
        d.settings.addressing = readAddressing(*a, child(p, "addressing"));
    if (const Json* l = optionalMember(s, "labourHours")) {
        const std::string lp = child(p, "labourHours");
        requireObject(*l, lp);
        for (auto it = l->begin(); it != l->end(); ++it) {
            const std::optional<InstallKind> k =
                installKindFromKey(QString::fromStdString(it.key()));
            if (!k) {
                QStringList keys;
                for (int i = 0; i < kInstallKindCount; ++i)
                    keys << installKindKey(InstallKind(i));
                throw FieldError(child(lp, it.key()),
                                 "unknown kind \"" + it.key() + "\"; the kinds are " +
                                     keys.join(QStringLiteral(", ")).toStdString());
            }
            d.settings.labourHours.hours[std::size_t(*k)] =
                number(it.value(), child(lp, it.key()), 0, 10000);
        }
    }
    if (const Json* f = optionalMember(s, "trayFillLimitPct")) {
        const std::string fp = child(p, "trayFillLimitPct");
        requireObject(*f, fp);
        static_assert(kPathwayKindCount == 3, "the pathway kind keys below");
        requireKnownKeys(*f, fp, {"ladder", "fibre-runner", "duct-bank"});
        for (int i = 0; i < kPathwayKindCount; ++i) {
            double& v = d.settings.trayFillLimitPct[std::size_t(i)];
            v = optNumber(*f, pathwayKindKey(PathwayKind(i)).toStdString(), fp, 1, 100, v);
        }
    }
}

PointMm pointFrom(const Json& v, const std::string& ptr) {
    requireArray(v, ptr);
    if (v.size() != 2)
        throw FieldError(ptr, "expected [x, y] in mm");
    return {number(v[0], child(ptr, 0), -kMaxCoordMm, kMaxCoordMm),
            number(v[1], child(ptr, 1), -kMaxCoordMm, kMaxCoordMm)};
}

void readFabrics(DesignData& d, const Json& fabs) {
    requireArray(fabs, "/fabrics");
    d.fabrics.clear();
    for (std::size_t i = 0; i < fabs.size(); ++i) {
        std::string fp = child("/fabrics", i);
        const Json& f = fabs[i];
        requireObject(f, fp);
        requireKnownKeys(
            f, fp,
            {"name", "kind", "technology", "targetOversubscription", "railOptimized", "suNodes"});
        Fabric fab;
        fab.name = qstring(member(f, "name", fp), child(fp, "name"), 256);
        fab.kind = enumValue<FabricKind>(member(f, "kind", fp), child(fp, "kind"),
                                         &fabricKindFromKey, "compute, storage, inband or oob");
        if (const Json* t = optionalMember(f, "technology"))
            fab.technology = enumValue<Technology>(*t, child(fp, "technology"), &technologyFromKey,
                                                   "infiniband or ethernet");
        fab.targetOversubscription = optNumber(f, "targetOversubscription", fp, 1, 64, 1);
        fab.railOptimized = optBool(f, "railOptimized", fp);
        fab.suNodes = int(optInteger(f, "suNodes", fp, 1, 4096, 32));
        d.fabrics.push_back(fab);
    }
}

PortRef portRef(const DesignData& d, const Json& row, std::size_t col, const std::string& ptr) {
    PortRef p;
    p.device = idFrom<DeviceId>(row[col], child(ptr, col));
    const Device* dev = d.devices.find(p.device);
    if (!dev)
        throw FieldError(child(ptr, col),
                         "device " + std::to_string(p.device.value()) + " does not exist");
    long long port = integer(row[col + 1], child(ptr, col + 1), 0, 65535);
    std::size_t nports = std::size_t(d.catalog[dev->type].logicalPortCount(dev->breakout));
    if (std::size_t(port) >= nports)
        throw FieldError(child(ptr, col + 1),
                         "port " + std::to_string(port) + " of device " + dev->name.toStdString() +
                             " does not exist (it has " + std::to_string(nports) + ")");
    p.port = std::uint16_t(port);
    return p;
}

} // namespace

namespace {
/// The overhead trays' limits are always written; the duct bank's only when the design has
/// one or its limit is not the default, so a file of a design without duct banks keeps the
/// bytes it had before they existed.
bool fillLimitWritten(const DesignData& d, PathwayKind k) {
    if (k != PathwayKind::DuctBank)
        return true;
    if (d.settings.trayFillLimitPct[std::size_t(k)] !=
        DesignSettings{}.trayFillLimitPct[std::size_t(k)])
        return true;
    bool any = false;
    d.pathways.forEach([&](PathwayId, const Pathway& p) { any = any || p.kind == k; });
    return any;
}
} // namespace

void writeHead(OJson& doc, const DesignData& d) {
    doc["meta"] = {{"title", str(d.meta.title)},
                   {"customer", str(d.meta.customer)},
                   {"author", str(d.meta.author)},
                   {"notes", str(d.meta.notes)}};
    // Written only when set, so files of designs without them stay as they were.
    for (const auto& [key, value] :
         {std::pair{"project", &d.meta.project}, std::pair{"site", &d.meta.site},
          std::pair{"revision", &d.meta.revision}, std::pair{"date", &d.meta.date}})
        if (!value->isEmpty())
            doc["meta"][key] = str(*value);
    OJson hall = {{"name", str(d.hall.name)},
                  {"widthMm", d.hall.widthMm},
                  {"depthMm", d.hall.depthMm},
                  {"tileMm", d.hall.tileMm}};
    hall["rows"] = OJson::array();
    for (const Row& r : d.hall.rows)
        hall["rows"].push_back({{"name", str(r.name)},
                                {"area", rect(r.area)},
                                {"coldAisle", r.coldAisleNorth ? "north" : "south"}});
    hall["obstacles"] = OJson::array();
    for (const Obstacle& o : d.hall.obstacles)
        hall["obstacles"].push_back({{"name", str(o.name)}, {"area", rect(o.area)}});
    doc["hall"] = hall;
    if (!d.halls.empty()) { // written only for a campus: a one-hall file stays as it was
        OJson halls = OJson::array();
        for (const SiteHall& h : d.halls)
            halls.push_back({{"name", str(h.name)}, {"area", rect(h.area)}});
        doc["halls"] = halls;
    }

    OJson cooling = OJson::object();
    for (int i = 0; i < kCoolingTypeCount; ++i) {
        const CoolingEnvelope& e = d.settings.cooling[std::size_t(i)];
        cooling[coolingKey(CoolingType(i)).toStdString()] = {
            {"warnKw", e.warnKw}, {"maxKw", e.maxKw}, {"pue", e.pue}, {"source", str(e.source)}};
    }
    doc["settings"] = {{"cooling", cooling},
                       {"cableSlackM", d.settings.cableSlackM},
                       {"trayHeightAboveRackMm", d.settings.trayHeightAboveRackMm},
                       {"maxRackWeightKg", d.settings.maxRackWeightKg},
                       {"energyUsdPerKwh", d.settings.energyUsdPerKwh}};
    if (d.settings.quoteMarginPercent > 0)
        doc["settings"]["quoteMarginPercent"] = d.settings.quoteMarginPercent;
    if (d.settings.quoteDiscountPercent > 0)
        doc["settings"]["quoteDiscountPercent"] = d.settings.quoteDiscountPercent;
    OJson fill = OJson::object();
    for (int i = 0; i < kPathwayKindCount; ++i)
        if (fillLimitWritten(d, PathwayKind(i)))
            fill[pathwayKindKey(PathwayKind(i)).toStdString()] =
                d.settings.trayFillLimitPct[std::size_t(i)];
    doc["settings"]["trayFillLimitPct"] = fill;
    doc["settings"]["inletClass"] = str(inletClassKey(d.settings.inletClass));
    doc["settings"]["airDeltaTF"] = d.settings.airDeltaTF;
    doc["settings"]["liquidAirSharePct"] = d.settings.liquidAirSharePct;
    doc["settings"]["roomAirCoolingKw"] = d.settings.roomAirCoolingKw;
    if (d.settings.blastRadiusGpus > 0) // written only when set: older files keep their bytes
        doc["settings"]["blastRadiusGpus"] = d.settings.blastRadiusGpus;
    if (d.settings.resilienceJobGpus > 0)
        doc["settings"]["resilienceJobGpus"] = d.settings.resilienceJobGpus;
    if (d.settings.addressing != AddressPools{})
        doc["settings"]["addressing"] = writeAddressing(d.settings.addressing);
    if (d.settings.labourHours != LabourHours{}) { // the kinds that differ from the defaults
        OJson hours = OJson::object();
        const LabourHours defaults;
        for (int i = 0; i < kInstallKindCount; ++i)
            if (d.settings.labourHours.hours[std::size_t(i)] != defaults.hours[std::size_t(i)])
                hours[installKindKey(InstallKind(i)).toStdString()] =
                    d.settings.labourHours.hours[std::size_t(i)];
        doc["settings"]["labourHours"] = hours;
    }
    doc["fabrics"] = OJson::array();
    for (const Fabric& f : d.fabrics)
        doc["fabrics"].push_back({{"name", str(f.name)},
                                  {"kind", str(fabricKindKey(f.kind))},
                                  {"technology", str(technologyKey(f.technology))},
                                  {"targetOversubscription", f.targetOversubscription},
                                  {"railOptimized", f.railOptimized},
                                  {"suNodes", f.suNodes}});
    if (!d.phases.empty()) { // written only when the design has phases
        doc["phases"] = OJson::array();
        for (const BuildPhase& ph : d.phases) {
            OJson o = {{"name", str(ph.name)}};
            if (!ph.date.isEmpty())
                o["date"] = str(ph.date);
            doc["phases"].push_back(o);
        }
    }
}

void writeTail(OJson& doc, const DesignData& d) {
    OJson po = OJson::object();
    for (const auto& [id, o] : d.priceOverrides)
        po[id.toStdString()] = {{"usd", o.usd}, {"note", str(o.note)}};
    doc["priceOverrides"] = po;
    doc["waivers"] = OJson::array();
    for (const Waiver& w : d.waivers)
        doc["waivers"].push_back({{"key", str(w.key)}, {"reason", str(w.reason)}});
}

/// "phases": [{"name", "date"}], in build order; racks name theirs by index.
void readPhases(DesignData& d, const Json& doc) {
    d.phases.clear();
    const Json* list = optionalMember(doc, "phases");
    if (!list)
        return;
    requireArray(*list, "/phases");
    if (list->size() > std::size_t(kMaxBuildPhases))
        throw FieldError("/phases", "a design has at most " + std::to_string(kMaxBuildPhases) +
                                        " build phases; this one has " +
                                        std::to_string(list->size()));
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string pp = child("/phases", i);
        const Json& ph = (*list)[i];
        requireObject(ph, pp);
        requireKnownKeys(ph, pp, {"name", "date"});
        BuildPhase b;
        b.name = qstring(member(ph, "name", pp), child(pp, "name"), 256);
        if (b.name.trimmed().isEmpty())
            throw FieldError(child(pp, "name"), "a phase needs a name");
        b.date = optString(ph, "date", pp);
        if (!b.date.isEmpty() && !isIsoDate(b.date))
            throw FieldError(child(pp, "date"),
                             "date \"" + b.date.toStdString() + "\" is not a YYYY-MM-DD date");
        for (const BuildPhase& before : d.phases)
            if (before.name == b.name)
                throw FieldError(child(pp, "name"),
                                 "two phases are named \"" + b.name.toStdString() + "\"");
        d.phases.push_back(std::move(b));
    }
}

void readProps(DesignData& d, const Json& doc) {
    readHead(d, doc);
    readTail(d, doc);
}

void readHead(DesignData& d, const Json& doc) {
    d.meta = DesignMeta{};
    if (const Json* m = optionalMember(doc, "meta")) {
        requireObject(*m, "/meta");
        requireKnownKeys(
            *m, "/meta",
            {"title", "customer", "author", "notes", "project", "site", "revision", "date"});
        static_assert(kMaxMetaTextBytes == 4096, "optString's default bound");
        d.meta.title = optString(*m, "title", "/meta", d.meta.title);
        d.meta.customer = optString(*m, "customer", "/meta");
        d.meta.author = optString(*m, "author", "/meta");
        d.meta.notes = optString(*m, "notes", "/meta");
        d.meta.project = optString(*m, "project", "/meta");
        d.meta.site = optString(*m, "site", "/meta");
        d.meta.revision = optString(*m, "revision", "/meta");
        d.meta.date = optString(*m, "date", "/meta");
        if (!d.meta.date.isEmpty() && !isIsoDate(d.meta.date))
            throw FieldError("/meta/date",
                             "date \"" + d.meta.date.toStdString() + "\" is not a YYYY-MM-DD date");
    }
    readHall(d, member(doc, "hall", ""));
    readHalls(d, doc);
    d.settings = DesignSettings{};
    if (const Json* s = optionalMember(doc, "settings"))
        readSettings(d, *s);
    d.fabrics.clear();
    if (const Json* fabs = optionalMember(doc, "fabrics"))
        readFabrics(d, *fabs);
    readPhases(d, doc);
}

void readTail(DesignData& d, const Json& doc) {
    d.priceOverrides.clear();
    if (const Json* po = optionalMember(doc, "priceOverrides")) {
        requireObject(*po, "/priceOverrides");
        for (auto it = po->begin(); it != po->end(); ++it) {
            std::string ip = child("/priceOverrides", it.key());
            requireObject(it.value(), ip);
            requireKnownKeys(it.value(), ip, {"usd", "note"});
            PriceOverride o;
            o.usd = number(member(it.value(), "usd", ip), child(ip, "usd"), 0, 1e10);
            o.note = optString(it.value(), "note", ip);
            d.priceOverrides[QString::fromStdString(it.key())] = o;
        }
    }
    d.waivers.clear();
    if (const Json* w = optionalMember(doc, "waivers")) {
        requireArray(*w, "/waivers");
        for (std::size_t i = 0; i < w->size(); ++i) {
            std::string ip = child("/waivers", i);
            requireObject((*w)[i], ip);
            requireKnownKeys((*w)[i], ip, {"key", "reason"});
            d.waivers.push_back({qstring(member((*w)[i], "key", ip), child(ip, "key"), 4096),
                                 optString((*w)[i], "reason", ip)});
        }
    }
}

void writePathway(JsonWriter& w, PathwayId id, const Pathway& p) {
    w.beginObject();
    w.member("id", id.value());
    w.member("name", p.name);
    w.member("kind", pathwayKindKey(p.kind));
    w.key("from");
    w.beginArray();
    w.value(p.from.x);
    w.value(p.from.y);
    w.endArray();
    w.key("to");
    w.beginArray();
    w.value(p.to.x);
    w.value(p.to.y);
    w.endArray();
    w.member("elevationMm", p.elevationMm);
    w.member("widthMm", p.widthMm);
    w.member("depthMm", p.depthMm);
    w.endObject();
}

Pathway readPathway(const DesignData&, const Json& v, const std::string& ptr, PathwayId& id) {
    requireObject(v, ptr);
    requireKnownKeys(v, ptr,
                     {"id", "name", "kind", "from", "to", "elevationMm", "widthMm", "depthMm"});
    id = idFrom<PathwayId>(member(v, "id", ptr), child(ptr, "id"));
    Pathway p;
    p.name = optString(v, "name", ptr);
    p.kind = enumValue<PathwayKind>(member(v, "kind", ptr), child(ptr, "kind"), &pathwayKindFromKey,
                                    "ladder, fibre-runner or duct-bank");
    p.from = pointFrom(member(v, "from", ptr), child(ptr, "from"));
    p.to = pointFrom(member(v, "to", ptr), child(ptr, "to"));
    if (p.from == p.to)
        throw FieldError(child(ptr, "to"), "a pathway needs two different ends");
    p.elevationMm = number(member(v, "elevationMm", ptr), child(ptr, "elevationMm"), 0, 100000);
    p.widthMm = number(member(v, "widthMm", ptr), child(ptr, "widthMm"), 10, kMaxPathwayWidthMm);
    p.depthMm = number(member(v, "depthMm", ptr), child(ptr, "depthMm"), 10, 10000);
    return p;
}

void writeRack(JsonWriter& w, const DesignData& d, RackId id, const Rack& r) {
    w.beginObject();
    w.member("id", id.value());
    w.member("name", r.name);
    w.member("type", d.catalog[r.type].id);
    w.member("x", r.centre.x);
    w.member("y", r.centre.y);
    w.member("rotation", r.rotationDeg);
    w.member("cooling", coolingKey(r.cooling));
    w.key("feeds");
    w.beginObject();
    w.member("count", r.feeds.count);
    w.member("kwPerFeed", r.feeds.kwPerFeed);
    // Written only when connected, so racks of designs without a power chain keep their bytes.
    if (r.feeds.a)
        w.member("a", r.feeds.a.value());
    if (r.feeds.b)
        w.member("b", r.feeds.b.value());
    w.endObject();
    if (r.coolingProduct)
        w.member("coolingProduct", d.catalog[r.coolingProduct].id);
    if (r.phase > 0)
        w.member("phase", r.phase);
    w.endObject();
}

void writeDevice(JsonWriter& w, const DesignData& d, DeviceId id, const Device& v) {
    w.beginObject();
    w.member("id", id.value());
    w.member("name", v.name);
    w.member("type", d.catalog[v.type].id);
    if (v.rack) {
        w.member("rack", v.rack.value());
        w.member("u", v.uPosition);
    }
    w.member("face", v.face == Face::Rear ? "rear" : "front");
    if (v.fabric)
        w.member("fabric", v.fabric.value());
    if (v.tier != Tier::None)
        w.member("tier", tierKey(v.tier));
    if (v.group >= 0)
        w.member("group", v.group);
    if (v.rail >= 0)
        w.member("rail", v.rail);
    if (v.breakout != 1)
        w.member("breakout", v.breakout);
    w.endObject();
}

void writeLinkRow(JsonWriter& w, const DesignData& d, LinkId id, const Link& l) {
    w.beginArray();
    w.value(id.value());
    w.value(l.a.device.value());
    w.value(l.a.port);
    w.value(l.b.device.value());
    w.value(l.b.port);
    w.value(l.fabric.value());
    if (l.pinnedMedium)
        w.value(d.catalog[l.pinnedMedium].id);
    else
        w.value(nullptr);
    w.endArray();
}

Rack readRack(const DesignData& d, const Json& r, const std::string& rp, RackId& id) {
    requireObject(r, rp);
    requireKnownKeys(r, rp,
                     {"id", "name", "type", "x", "y", "rotation", "cooling", "feeds",
                      "coolingProduct", "phase"});
    id = idFrom<RackId>(member(r, "id", rp), child(rp, "id"));
    Rack rack;
    rack.name = qstring(member(r, "name", rp), child(rp, "name"), 256);
    rack.type = typeRef(d, member(r, "type", rp), child(rp, "type"));
    if (d.catalog[rack.type].category != Category::Rack)
        throw FieldError(child(rp, "type"), "catalog entry is not a rack");
    rack.centre.x = number(member(r, "x", rp), child(rp, "x"), -kMaxCoordMm, kMaxCoordMm);
    rack.centre.y = number(member(r, "y", rp), child(rp, "y"), -kMaxCoordMm, kMaxCoordMm);
    rack.rotationDeg = int(optInteger(r, "rotation", rp, 0, 270, 0));
    if (const Json* ph = optionalMember(r, "phase")) {
        if (d.phases.empty())
            throw FieldError(child(rp, "phase"), "the rack names a build phase, but the design "
                                                 "has none (add \"phases\")");
        const long long phase = integer(*ph, child(rp, "phase"), 0, kMaxBuildPhases);
        if (phase >= (long long)d.phases.size())
            throw FieldError(child(rp, "phase"),
                             "phase " + std::to_string(phase) + " does not exist: the design has " +
                                 std::to_string(d.phases.size()) + " phases, 0 to " +
                                 std::to_string(d.phases.size() - 1));
        rack.phase = std::int16_t(phase);
    }
    if (rack.rotationDeg % 90 != 0)
        throw FieldError(child(rp, "rotation"), "rotation must be 0, 90, 180 or 270");
    if (const Json* c = optionalMember(r, "cooling"))
        rack.cooling = enumValue<CoolingType>(*c, child(rp, "cooling"), &coolingFromKey,
                                              "air, rear-door-hx, direct-liquid or immersion");
    if (const Json* c = optionalMember(r, "coolingProduct")) {
        const std::string cp = child(rp, "coolingProduct");
        rack.coolingProduct = typeRef(d, *c, cp);
        const std::optional<CoolingType> serves = coolingTypeServed(d.catalog[rack.coolingProduct]);
        if (!serves)
            throw FieldError(cp, "catalog entry is not a cooling product a rack can have");
        if (*serves != rack.cooling)
            throw FieldError(cp, "the product is for " + coolingKey(*serves).toStdString() +
                                     " cooling, the rack is " +
                                     coolingKey(rack.cooling).toStdString());
    }
    if (const Json* f = optionalMember(r, "feeds")) {
        std::string fp = child(rp, "feeds");
        requireObject(*f, fp);
        rack.feeds.count = int(optInteger(*f, "count", fp, 0, 16, 2));
        rack.feeds.kwPerFeed = optNumber(*f, "kwPerFeed", fp, 0, 1000, 0);
        for (const char* side : {"a", "b"}) {
            const Json* e = optionalMember(*f, side);
            if (!e)
                continue;
            const PowerElementId el = idFrom<PowerElementId>(*e, child(fp, side));
            if (!d.power.elements.contains(el))
                throw FieldError(child(fp, side),
                                 "power element " + std::to_string(el.value()) + " does not exist");
            (side[0] == 'a' ? rack.feeds.a : rack.feeds.b) = el;
        }
        // After the feeds' values, so a feed naming a missing element is reported as that.
        requireKnownKeys(*f, fp, {"count", "kwPerFeed", "a", "b"});
    }
    return rack;
}

Device readDevice(const DesignData& d, const Json& v, const std::string& dp, DeviceId& id) {
    requireObject(v, dp);
    requireKnownKeys(
        v, dp,
        {"id", "name", "type", "rack", "u", "face", "fabric", "tier", "group", "rail", "breakout"});
    id = idFrom<DeviceId>(member(v, "id", dp), child(dp, "id"));
    Device dev;
    dev.name = qstring(member(v, "name", dp), child(dp, "name"), 256);
    dev.type = typeRef(d, member(v, "type", dp), child(dp, "type"));
    if (const Json* r = optionalMember(v, "rack")) {
        dev.rack = idFrom<RackId>(*r, child(dp, "rack"));
        if (!d.racks.contains(dev.rack))
            throw FieldError(child(dp, "rack"),
                             "rack " + std::to_string(dev.rack.value()) + " does not exist");
        // U 0 is the side channel or floor of the rack: only for 0U gear (PDUs, in-row CDUs).
        const bool zeroU = d.catalog[dev.type].uHeight == 0;
        dev.uPosition = int(integer(member(v, "u", dp), child(dp, "u"), zeroU ? 0 : 1, 100));
    }
    if (const Json* f = optionalMember(v, "face")) {
        QString face = qstring(*f, child(dp, "face"), 16);
        if (face != QLatin1String("front") && face != QLatin1String("rear"))
            throw FieldError(child(dp, "face"), "expected \"front\" or \"rear\"");
        dev.face = face == QLatin1String("rear") ? Face::Rear : Face::Front;
    }
    if (const Json* f = optionalMember(v, "fabric"))
        dev.fabric = fabricRef(d, *f, child(dp, "fabric"));
    if (const Json* t = optionalMember(v, "tier"))
        dev.tier = enumValue<Tier>(*t, child(dp, "tier"), &tierFromKey, "leaf, spine or core");
    dev.group = std::int16_t(optInteger(v, "group", dp, -1, 30000, -1));
    dev.rail = std::int16_t(optInteger(v, "rail", dp, -1, 30000, -1));
    dev.breakout = std::uint8_t(optInteger(v, "breakout", dp, 1, 8, 1));
    return dev;
}

bool tryReadLinkRow(const DesignData& d, const Json& row, LinkId& id, Link& out) {
    if (!row.is_array() || row.size() != 7 || !row[6].is_null())
        return false;
    std::int64_t cells[7];
    for (std::size_t c = 0; c < 6; ++c) {
        if (!row[c].is_number_unsigned())
            return false;
        const std::uint64_t v = row[c].get<std::uint64_t>();
        if (v > std::uint64_t(kMaxId))
            return false; // no id, port or fabric this large is read (and a cell is >= 0)
        cells[c] = std::int64_t(v);
    }
    cells[6] = kNullCell;
    return tryReadLinkCells(d, cells, 7, id, out);
}

bool tryReadLinkCells(const DesignData& d, const std::int64_t* cells, std::size_t n, LinkId& id,
                      Link& out) {
    if (n != 7 || cells[6] != kNullCell)
        return false;
    for (std::size_t c = 0; c < 6; ++c)
        if (cells[c] < 0 || cells[c] > std::int64_t(kMaxId))
            return false;
    if (std::size_t(cells[5]) >= d.fabrics.size())
        return false;
    auto port = [&](std::int64_t device, std::int64_t index, PortRef& p) {
        if (index > 65535)
            return false;
        const Device* dev = d.devices.find(DeviceId(static_cast<DeviceId::Rep>(device)));
        if (!dev || index >= std::int64_t(d.catalog[dev->type].logicalPortCount(dev->breakout)))
            return false;
        p = {DeviceId(static_cast<DeviceId::Rep>(device)), std::uint16_t(index)};
        return true;
    };
    Link l;
    if (!port(cells[1], cells[2], l.a) || !port(cells[3], cells[4], l.b) || l.a == l.b)
        return false;
    l.fabric = FabricId(static_cast<FabricId::Rep>(cells[5]));
    id = LinkId(static_cast<LinkId::Rep>(cells[0]));
    out = std::move(l);
    return true;
}

Link readLinkRow(const DesignData& d, const Json& row, const std::string& ip, LinkId& id) {
    requireArray(row, ip);
    if (row.size() != 7)
        throw FieldError(ip, "expected 7 columns: id, a, aPort, b, bPort, fabric, pinnedMedium");
    id = idFrom<LinkId>(row[0], child(ip, 0));
    Link l;
    l.a = portRef(d, row, 1, ip);
    l.b = portRef(d, row, 3, ip);
    if (l.a == l.b)
        throw FieldError(ip, "a link cannot connect a port to itself");
    l.fabric = fabricRef(d, row[5], child(ip, 5));
    if (!row[6].is_null())
        l.pinnedMedium = typeRef(d, row[6], child(ip, 6));
    return l;
}

} // namespace cds::json
