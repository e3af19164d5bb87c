#include "DesignFile.h"

#include "json/Json.h"

#include <QFile>
#include <QSaveFile>

#include <functional>
#include <set>

namespace cds {

using json::child;
using json::FieldError;
using json::Json;
using OJson = nlohmann::ordered_json;

namespace {

constexpr long long kMaxId = 50'000'000;
constexpr double kMaxCoordMm = 10'000'000; // 10 km: any real hall fits

// ---- migrations: each step takes a document of version N to N+1, with its reason. ----
struct Migration {
    int from;
    const char* reason;
    std::function<void(Json&)> apply;
};

const std::vector<Migration>& migrations() {
    static const std::vector<Migration> chain = {
        {1, "links stored as column rows instead of objects: large designs load ~3x faster",
         [](Json& doc) {
             Json rows = Json::array();
             if (doc.contains("links") && doc["links"].is_array()) {
                 for (const Json& l : doc["links"]) {
                     if (!l.is_object())
                         throw FieldError("/links", "a version 1 link must be an object");
                     Json a = l.value("a", Json::object()), b = l.value("b", Json::object());
                     rows.push_back({l.value("id", Json()), a.value("device", Json()),
                                     a.value("port", Json()), b.value("device", Json()),
                                     b.value("port", Json()), l.value("fabric", Json()),
                                     l.value("pinnedMedium", Json())});
                 }
             }
             doc["links"] = {
                 {"columns", {"id", "a", "aPort", "b", "bPort", "fabric", "pinnedMedium"}},
                 {"rows", rows}};
         }},
    };
    return chain;
}

std::array<double, 4> rectArray(const Json& v, const std::string& ptr) {
    json::requireArray(v, ptr);
    if (v.size() != 4)
        throw FieldError(ptr, "expected [x, y, width, height] in mm");
    std::array<double, 4> r{};
    for (std::size_t i = 0; i < 4; ++i)
        r[i] = json::number(v[i], child(ptr, i), i < 2 ? -kMaxCoordMm : 0, kMaxCoordMm);
    return r;
}

RectMm rectFrom(const Json& v, const std::string& ptr) {
    auto a = rectArray(v, ptr);
    return {a[0], a[1], a[2], a[3]};
}

template <typename E>
E enumValue(const Json& v, const std::string& ptr, std::optional<E> (*fromKey)(const QString&),
            const char* expected) {
    QString s = json::qstring(v, ptr, 64);
    auto e = fromKey(s);
    if (!e)
        throw FieldError(ptr, "unknown value \"" + s.toStdString() + "\"; expected " + expected);
    return *e;
}

TypeId typeRef(const DesignData& d, const Json& v, const std::string& ptr) {
    QString id = json::qstring(v, ptr, 128);
    TypeId t = d.catalog.find(id);
    if (!t)
        throw FieldError(ptr, "catalog id \"" + id.toStdString() +
                                  "\" is not in the design's embedded catalog");
    return t;
}

void readHall(DesignData& d, const Json& h) {
    const std::string p = "/hall";
    json::requireObject(h, p);
    d.hall.name = json::optString(h, "name", p, d.hall.name);
    d.hall.widthMm =
        json::number(json::member(h, "widthMm", p), child(p, "widthMm"), 1000, kMaxCoordMm);
    d.hall.depthMm =
        json::number(json::member(h, "depthMm", p), child(p, "depthMm"), 1000, kMaxCoordMm);
    d.hall.tileMm = json::optNumber(h, "tileMm", p, 100, 5000, 600);
    if (const Json* rows = json::optionalMember(h, "rows")) {
        std::string rp = child(p, "rows");
        json::requireArray(*rows, rp);
        for (std::size_t i = 0; i < rows->size(); ++i) {
            std::string ip = child(rp, i);
            const Json& r = (*rows)[i];
            json::requireObject(r, ip);
            Row row;
            row.name = json::qstring(json::member(r, "name", ip), child(ip, "name"), 256);
            row.area = rectFrom(json::member(r, "area", ip), child(ip, "area"));
            QString cold = json::optString(r, "coldAisle", ip, QStringLiteral("north"));
            if (cold != QLatin1String("north") && cold != QLatin1String("south"))
                throw FieldError(child(ip, "coldAisle"), "expected \"north\" or \"south\"");
            row.coldAisleNorth = cold == QLatin1String("north");
            d.hall.rows.push_back(row);
        }
    }
    if (const Json* obs = json::optionalMember(h, "obstacles")) {
        std::string op = child(p, "obstacles");
        json::requireArray(*obs, op);
        for (std::size_t i = 0; i < obs->size(); ++i) {
            std::string ip = child(op, i);
            const Json& o = (*obs)[i];
            json::requireObject(o, ip);
            d.hall.obstacles.push_back({json::optString(o, "name", ip),
                                        rectFrom(json::member(o, "area", ip), child(ip, "area"))});
        }
    }
}

void readSettings(DesignData& d, const Json& s) {
    const std::string p = "/settings";
    json::requireObject(s, p);
    if (const Json* c = json::optionalMember(s, "cooling")) {
        std::string cp = child(p, "cooling");
        json::requireObject(*c, cp);
        for (int i = 0; i < kCoolingTypeCount; ++i) {
            const std::string key = coolingKey(CoolingType(i)).toStdString();
            const Json* e = json::optionalMember(*c, key);
            if (!e)
                continue;
            std::string ep = child(cp, key);
            CoolingEnvelope& env = d.settings.cooling[std::size_t(i)];
            env.warnKw = json::optNumber(*e, "warnKw", ep, 0, 10000, env.warnKw);
            env.maxKw = json::optNumber(*e, "maxKw", ep, 0, 10000, env.maxKw);
            env.pue = json::optNumber(*e, "pue", ep, 1.0, 5.0, env.pue);
            env.source = json::optString(*e, "source", ep, env.source);
            if (env.warnKw > env.maxKw)
                throw FieldError(child(ep, "warnKw"), "warnKw is above maxKw");
        }
    }
    d.settings.cableSlackM = json::optNumber(s, "cableSlackM", p, 0, 100, d.settings.cableSlackM);
    d.settings.trayHeightAboveRackMm =
        json::optNumber(s, "trayHeightAboveRackMm", p, 0, 10000, d.settings.trayHeightAboveRackMm);
    d.settings.maxRackWeightKg = json::optNumber(s, "maxRackWeightKg", p, 0, 100000, 0);
}

template <typename IdT, typename T>
IdT readId(const Json& v, const std::string& ptr, const SlotVector<T, IdT>& existing) {
    auto id = IdT(static_cast<typename IdT::Rep>(json::integer(v, ptr, 0, kMaxId)));
    if (existing.contains(id))
        throw FieldError(ptr, "duplicate id " + std::to_string(id.value()));
    return id;
}

void readScenarios(DesignData& d, const Json& list);

void readDocument(DesignData& d, const Json& doc) {
    if (const Json* m = json::optionalMember(doc, "meta")) {
        json::requireObject(*m, "/meta");
        d.meta.title = json::optString(*m, "title", "/meta", d.meta.title);
        d.meta.customer = json::optString(*m, "customer", "/meta");
        d.meta.author = json::optString(*m, "author", "/meta");
        d.meta.notes = json::optString(*m, "notes", "/meta");
    }
    readHall(d, json::member(doc, "hall", ""));
    if (const Json* s = json::optionalMember(doc, "settings"))
        readSettings(d, *s);

    if (const Json* cat = json::optionalMember(doc, "catalog")) {
        json::requireArray(*cat, "/catalog");
        for (std::size_t i = 0; i < cat->size(); ++i) {
            CatalogItem it = json::parseCatalogItem((*cat)[i], child("/catalog", i));
            if (d.catalog.find(it.id))
                throw FieldError(child(child("/catalog", i), "id"),
                                 "duplicate catalog id \"" + it.id.toStdString() + "\"");
            d.catalog.add(std::move(it));
        }
    }

    if (const Json* fabs = json::optionalMember(doc, "fabrics")) {
        json::requireArray(*fabs, "/fabrics");
        for (std::size_t i = 0; i < fabs->size(); ++i) {
            std::string fp = child("/fabrics", i);
            const Json& f = (*fabs)[i];
            json::requireObject(f, fp);
            Fabric fab;
            fab.name = json::qstring(json::member(f, "name", fp), child(fp, "name"), 256);
            fab.kind = enumValue<FabricKind>(json::member(f, "kind", fp), child(fp, "kind"),
                                             &fabricKindFromKey, "compute, storage, inband or oob");
            if (const Json* t = json::optionalMember(f, "technology"))
                fab.technology = enumValue<Technology>(
                    *t, child(fp, "technology"), &technologyFromKey, "infiniband or ethernet");
            fab.targetOversubscription = json::optNumber(f, "targetOversubscription", fp, 1, 64, 1);
            if (const Json* r = json::optionalMember(f, "railOptimized"))
                fab.railOptimized = json::boolean(*r, child(fp, "railOptimized"));
            fab.suNodes = int(json::optNumber(f, "suNodes", fp, 1, 4096, 32));
            d.fabrics.push_back(fab);
        }
    }
    auto fabricRef = [&](const Json& v, const std::string& ptr) {
        long long f = json::integer(v, ptr, 0, kMaxId);
        if (std::size_t(f) >= d.fabrics.size())
            throw FieldError(ptr, "fabric " + std::to_string(f) + " does not exist");
        return FabricId(static_cast<FabricId::Rep>(f));
    };

    if (const Json* racks = json::optionalMember(doc, "racks")) {
        json::requireArray(*racks, "/racks");
        for (std::size_t i = 0; i < racks->size(); ++i) {
            std::string rp = child("/racks", i);
            const Json& r = (*racks)[i];
            json::requireObject(r, rp);
            RackId id = readId(json::member(r, "id", rp), child(rp, "id"), d.racks);
            Rack rack;
            rack.name = json::qstring(json::member(r, "name", rp), child(rp, "name"), 256);
            rack.type = typeRef(d, json::member(r, "type", rp), child(rp, "type"));
            if (d.catalog[rack.type].category != Category::Rack)
                throw FieldError(child(rp, "type"), "catalog entry is not a rack");
            rack.centre.x =
                json::number(json::member(r, "x", rp), child(rp, "x"), -kMaxCoordMm, kMaxCoordMm);
            rack.centre.y =
                json::number(json::member(r, "y", rp), child(rp, "y"), -kMaxCoordMm, kMaxCoordMm);
            rack.rotationDeg = int(json::optNumber(r, "rotation", rp, 0, 270, 0));
            if (rack.rotationDeg % 90 != 0)
                throw FieldError(child(rp, "rotation"), "rotation must be 0, 90, 180 or 270");
            if (const Json* c = json::optionalMember(r, "cooling"))
                rack.cooling =
                    enumValue<CoolingType>(*c, child(rp, "cooling"), &coolingFromKey,
                                           "air, rear-door-hx, direct-liquid or immersion");
            if (const Json* f = json::optionalMember(r, "feeds")) {
                std::string fp = child(rp, "feeds");
                json::requireObject(*f, fp);
                rack.feeds.count = int(json::optNumber(*f, "count", fp, 0, 16, 2));
                rack.feeds.kwPerFeed = json::optNumber(*f, "kwPerFeed", fp, 0, 1000, 0);
            }
            d.racks.insert(id, rack);
        }
    }

    if (const Json* devs = json::optionalMember(doc, "devices")) {
        json::requireArray(*devs, "/devices");
        d.devices.reserve(devs->size());
        for (std::size_t i = 0; i < devs->size(); ++i) {
            std::string dp = child("/devices", i);
            const Json& v = (*devs)[i];
            json::requireObject(v, dp);
            DeviceId id = readId(json::member(v, "id", dp), child(dp, "id"), d.devices);
            Device dev;
            dev.name = json::qstring(json::member(v, "name", dp), child(dp, "name"), 256);
            dev.type = typeRef(d, json::member(v, "type", dp), child(dp, "type"));
            if (const Json* r = json::optionalMember(v, "rack")) {
                dev.rack = RackId(
                    static_cast<RackId::Rep>(json::integer(*r, child(dp, "rack"), 0, kMaxId)));
                if (!d.racks.contains(dev.rack))
                    throw FieldError(child(dp, "rack"), "rack " + std::to_string(dev.rack.value()) +
                                                            " does not exist");
                dev.uPosition =
                    int(json::integer(json::member(v, "u", dp), child(dp, "u"), 1, 100));
            }
            if (const Json* f = json::optionalMember(v, "face")) {
                QString face = json::qstring(*f, child(dp, "face"), 16);
                if (face != QLatin1String("front") && face != QLatin1String("rear"))
                    throw FieldError(child(dp, "face"), "expected \"front\" or \"rear\"");
                dev.face = face == QLatin1String("rear") ? Face::Rear : Face::Front;
            }
            if (const Json* f = json::optionalMember(v, "fabric"))
                dev.fabric = fabricRef(*f, child(dp, "fabric"));
            if (const Json* t = json::optionalMember(v, "tier"))
                dev.tier =
                    enumValue<Tier>(*t, child(dp, "tier"), &tierFromKey, "leaf, spine or core");
            dev.group = std::int16_t(json::optNumber(v, "group", dp, -1, 30000, -1));
            dev.rail = std::int16_t(json::optNumber(v, "rail", dp, -1, 30000, -1));
            dev.breakout = std::uint8_t(json::optNumber(v, "breakout", dp, 1, 8, 1));
            d.devices.insert(id, dev);
        }
    }

    if (const Json* links = json::optionalMember(doc, "links")) {
        const std::string lp = "/links";
        json::requireObject(*links, lp);
        const Json& rows = json::member(*links, "rows", lp);
        const std::string rp = child(lp, "rows");
        json::requireArray(rows, rp);
        d.links.reserve(rows.size());
        auto portRef = [&](const Json& row, std::size_t col, const std::string& ptr) {
            PortRef p;
            p.device = DeviceId(
                static_cast<DeviceId::Rep>(json::integer(row[col], child(ptr, col), 0, kMaxId)));
            const Device* dev = d.devices.find(p.device);
            if (!dev)
                throw FieldError(child(ptr, col),
                                 "device " + std::to_string(p.device.value()) + " does not exist");
            long long port = json::integer(row[col + 1], child(ptr, col + 1), 0, 65535);
            std::size_t nports = std::size_t(d.catalog[dev->type].logicalPortCount(dev->breakout));
            if (std::size_t(port) >= nports)
                throw FieldError(child(ptr, col + 1), "port " + std::to_string(port) +
                                                          " of device " + dev->name.toStdString() +
                                                          " does not exist (it has " +
                                                          std::to_string(nports) + ")");
            p.port = std::uint16_t(port);
            return p;
        };
        for (std::size_t i = 0; i < rows.size(); ++i) {
            std::string ip = child(rp, i);
            const Json& row = rows[i];
            json::requireArray(row, ip);
            if (row.size() != 7)
                throw FieldError(
                    ip, "expected 7 columns: id, a, aPort, b, bPort, fabric, pinnedMedium");
            LinkId id = readId(row[0], child(ip, 0), d.links);
            Link l;
            l.a = portRef(row, 1, ip);
            l.b = portRef(row, 3, ip);
            if (l.a == l.b)
                throw FieldError(ip, "a link cannot connect a port to itself");
            l.fabric = fabricRef(row[5], child(ip, 5));
            if (!row[6].is_null())
                l.pinnedMedium = typeRef(d, row[6], child(ip, 6));
            d.links.insert(id, l);
        }
    }

    if (const Json* po = json::optionalMember(doc, "priceOverrides")) {
        json::requireObject(*po, "/priceOverrides");
        for (auto it = po->begin(); it != po->end(); ++it) {
            std::string ip = child("/priceOverrides", it.key());
            json::requireObject(it.value(), ip);
            PriceOverride o;
            o.usd = json::number(json::member(it.value(), "usd", ip), child(ip, "usd"), 0, 1e10);
            o.note = json::optString(it.value(), "note", ip);
            d.priceOverrides[QString::fromStdString(it.key())] = o;
        }
    }
    if (const Json* w = json::optionalMember(doc, "waivers")) {
        json::requireArray(*w, "/waivers");
        for (std::size_t i = 0; i < w->size(); ++i) {
            std::string ip = child("/waivers", i);
            json::requireObject((*w)[i], ip);
            d.waivers.push_back(
                {json::qstring(json::member((*w)[i], "key", ip), child(ip, "key"), 4096),
                 json::optString((*w)[i], "reason", ip)});
        }
    }
    if (const Json* sc = json::optionalMember(doc, "scenarios"))
        readScenarios(d, *sc);
}

/// Brings @p doc to kDesignFormatVersion, one migration step at a time; refuses newer files.
void migrate(Json& doc, LoadResult* res) {
    json::requireObject(doc, "");
    long long version =
        json::integer(json::member(doc, "formatVersion", ""), "/formatVersion", 1, 1'000'000);
    if (res)
        res->fileFormatVersion = int(version);
    if (version > kDesignFormatVersion)
        throw FieldError("/formatVersion",
                         "the file was written by a newer version of Cluster Design Studio "
                         "(formatVersion " +
                             std::to_string(version) + "; this version reads up to " +
                             std::to_string(kDesignFormatVersion) + "); it was not changed");
    for (const Migration& m : migrations()) {
        if (m.from == version) {
            m.apply(doc);
            if (res)
                res->notes << QStringLiteral("migrated from formatVersion %1 to %2: %3")
                                  .arg(m.from)
                                  .arg(m.from + 1)
                                  .arg(QLatin1String(m.reason));
            ++version;
        }
    }
}

// Each scenario is a full nested design document, read by the same code; its errors name the
// place inside the outer file (/scenarios/1/design/racks/0/id).
void readScenarios(DesignData& d, const Json& list) {
    const std::string p = "/scenarios";
    json::requireArray(list, p);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string ip = child(p, i);
        json::requireObject(list[i], ip);
        Scenario s;
        s.name = json::qstring(json::member(list[i], "name", ip), child(ip, "name"), 256);
        if (s.name.trimmed().isEmpty())
            throw FieldError(child(ip, "name"), "a scenario needs a name");
        for (const Scenario& other : d.scenarios)
            if (other.name == s.name)
                throw FieldError(child(ip, "name"),
                                 "duplicate scenario name \"" + s.name.toStdString() + "\"");
        const std::string dp = child(ip, "design");
        Json nested = json::member(list[i], "design", ip);
        auto data = std::make_shared<DesignData>();
        try {
            migrate(nested, nullptr);
            if (json::optionalMember(nested, "scenarios"))
                throw FieldError("/scenarios", "a scenario cannot hold scenarios of its own");
            readDocument(*data, nested);
        } catch (const FieldError& e) {
            throw FieldError(dp + e.pointer, e.what());
        }
        s.design = std::move(data);
        d.scenarios.push_back(std::move(s));
    }
}

OJson str(const QString& s) {
    return s.toStdString();
}
OJson rect(const RectMm& r) {
    return OJson::array({r.x, r.y, r.w, r.h});
}

} // namespace

namespace DesignFile {

LoadResult loadFromBytes(const QByteArray& bytes, const QString& name) {
    LoadResult res;
    const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    Json doc;
    FileError err;
    if (!json::parse(text, name, doc, err)) {
        res.errors.push_back(err);
        return res;
    }
    try {
        migrate(doc, &res);
        readDocument(res.data, doc);
    } catch (const FieldError& e) {
        res.errors.push_back(json::fieldError(text, name, e));
        res.data = {};
        return res;
    } catch (const std::exception& e) {
        res.errors.push_back({name, 0, 0, {}, QString::fromUtf8(e.what())});
        res.data = {};
        return res;
    }
    res.ok = true;
    return res;
}

LoadResult load(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        LoadResult r;
        r.errors.push_back(
            {path, 0, 0, {}, QStringLiteral("cannot open: %1").arg(f.errorString())});
        return r;
    }
    if (f.size() > qint64(json::kMaxFileBytes)) {
        LoadResult r;
        r.errors.push_back({path, 0, 0, {}, QStringLiteral("file is larger than 1 GiB")});
        return r;
    }
    return loadFromBytes(f.readAll(), path);
}

namespace {
OJson toJson(const DesignData& d) {
    // Only the catalog entries in use are embedded, sorted by id: saves are canonical.
    std::set<TypeId> used;
    d.racks.forEach([&](RackId, const Rack& r) { used.insert(r.type); });
    d.devices.forEach([&](DeviceId, const Device& v) { used.insert(v.type); });
    d.links.forEach([&](LinkId, const Link& l) {
        if (l.pinnedMedium)
            used.insert(l.pinnedMedium);
        if (l.medium)
            used.insert(l.medium);
    });
    // Keep entries the design may need later (optics, cooling) that routing relies on.
    for (std::size_t i = 0; i < d.catalog.size(); ++i) {
        Category c = d.catalog.items()[i].category;
        if (c == Category::Cable || c == Category::Transceiver || c == Category::Cooling)
            used.insert(TypeId(static_cast<TypeId::Rep>(i)));
    }
    std::vector<const CatalogItem*> items;
    for (TypeId t : used)
        items.push_back(&d.catalog[t]);
    std::sort(items.begin(), items.end(), [](auto a, auto b) { return a->id < b->id; });

    OJson doc;
    doc["formatVersion"] = kDesignFormatVersion;
    doc["application"] = "cluster-design-studio";
    doc["meta"] = {{"title", str(d.meta.title)},
                   {"customer", str(d.meta.customer)},
                   {"author", str(d.meta.author)},
                   {"notes", str(d.meta.notes)}};
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

    OJson cooling = OJson::object();
    for (int i = 0; i < kCoolingTypeCount; ++i) {
        const CoolingEnvelope& e = d.settings.cooling[std::size_t(i)];
        cooling[coolingKey(CoolingType(i)).toStdString()] = {
            {"warnKw", e.warnKw}, {"maxKw", e.maxKw}, {"pue", e.pue}, {"source", str(e.source)}};
    }
    doc["settings"] = {{"cooling", cooling},
                       {"cableSlackM", d.settings.cableSlackM},
                       {"trayHeightAboveRackMm", d.settings.trayHeightAboveRackMm},
                       {"maxRackWeightKg", d.settings.maxRackWeightKg}};

    doc["fabrics"] = OJson::array();
    for (const Fabric& f : d.fabrics)
        doc["fabrics"].push_back({{"name", str(f.name)},
                                  {"kind", str(fabricKindKey(f.kind))},
                                  {"technology", str(technologyKey(f.technology))},
                                  {"targetOversubscription", f.targetOversubscription},
                                  {"railOptimized", f.railOptimized},
                                  {"suNodes", f.suNodes}});

    doc["catalog"] = OJson::array();
    for (const CatalogItem* it : items)
        doc["catalog"].push_back(OJson::parse(it->canonicalJson));

    doc["racks"] = OJson::array();
    d.racks.forEach([&](RackId id, const Rack& r) {
        doc["racks"].push_back(
            {{"id", id.value()},
             {"name", str(r.name)},
             {"type", str(d.catalog[r.type].id)},
             {"x", r.centre.x},
             {"y", r.centre.y},
             {"rotation", r.rotationDeg},
             {"cooling", str(coolingKey(r.cooling))},
             {"feeds", {{"count", r.feeds.count}, {"kwPerFeed", r.feeds.kwPerFeed}}}});
    });

    OJson devices = OJson::array();
    d.devices.forEach([&](DeviceId id, const Device& v) {
        OJson o = {{"id", id.value()}, {"name", str(v.name)}, {"type", str(d.catalog[v.type].id)}};
        if (v.rack) {
            o["rack"] = v.rack.value();
            o["u"] = v.uPosition;
        }
        o["face"] = v.face == Face::Rear ? "rear" : "front";
        if (v.fabric)
            o["fabric"] = v.fabric.value();
        if (v.tier != Tier::None)
            o["tier"] = str(tierKey(v.tier));
        if (v.group >= 0)
            o["group"] = v.group;
        if (v.rail >= 0)
            o["rail"] = v.rail;
        if (v.breakout != 1)
            o["breakout"] = v.breakout;
        devices.push_back(std::move(o));
    });
    doc["devices"] = std::move(devices);

    OJson rows = OJson::array();
    d.links.forEach([&](LinkId id, const Link& l) {
        rows.push_back({id.value(), l.a.device.value(), l.a.port, l.b.device.value(), l.b.port,
                        l.fabric.value(),
                        l.pinnedMedium ? str(d.catalog[l.pinnedMedium].id) : OJson()});
    });
    doc["links"] = {{"columns", {"id", "a", "aPort", "b", "bPort", "fabric", "pinnedMedium"}},
                    {"rows", std::move(rows)}};

    OJson po = OJson::object();
    for (const auto& [id, o] : d.priceOverrides)
        po[id.toStdString()] = {{"usd", o.usd}, {"note", str(o.note)}};
    doc["priceOverrides"] = po;
    doc["waivers"] = OJson::array();
    for (const Waiver& w : d.waivers)
        doc["waivers"].push_back({{"key", str(w.key)}, {"reason", str(w.reason)}});
    // Written only when there are some, so designs without scenarios keep their bytes.
    if (!d.scenarios.empty()) {
        doc["scenarios"] = OJson::array();
        for (const Scenario& s : d.scenarios)
            doc["scenarios"].push_back({{"name", str(s.name)}, {"design", toJson(*s.design)}});
    }
    return doc;
}
} // namespace

QByteArray toBytes(const DesignData& d) {
    const std::string text = json::dumpStable(toJson(d));
    return QByteArray(text.data(), qsizetype(text.size()));
}

bool save(const DesignData& d, const QString& path, QString* error) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    const QByteArray bytes = toBytes(d);
    if (f.write(bytes) != bytes.size() || !f.commit()) {
        if (error)
            *error = QStringLiteral("%1: saving failed: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace DesignFile

} // namespace cds
