#include "Catalog.h"

#include "InputFile.h"

#include "EnumKeys.h"
#include "json/Json.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>
#include <array>

namespace cds {

namespace {

constexpr std::array<const char*, kCategoryCount> kCategoryKeys = {
    "server",  "switch", "rack",    "cable",      "transceiver",
    "cooling", "power",  "storage", "management", "nic"};
constexpr std::array<const char*, 6> kRoleKeys = {"compute", "storage", "inband",
                                                  "oob",     "fabric",  "uplink"};
constexpr std::array<const char*, 5> kMediaKeys = {"dac", "acc", "aoc", "mmf", "smf"};
constexpr std::array<const char*, 3> kTechKeys = {"any", "infiniband", "ethernet"};

template <std::size_t N> QString joinKeys(const std::array<const char*, N>& keys) {
    QStringList l;
    for (auto k : keys)
        l << QLatin1String(k);
    return l.join(QStringLiteral(", "));
}

template <typename E, std::size_t N>
E enumField(const json::Json& v, const std::string& ptr, const std::array<const char*, N>& keys) {
    QString s = json::qstring(v, ptr, 64);
    auto e = enumFromKey<E>(keys, s);
    if (!e)
        throw json::FieldError(ptr, "unknown value \"" + s.toStdString() + "\"; expected one of " +
                                        joinKeys(keys).toStdString());
    return *e;
}

} // namespace

QString categoryKey(Category c) {
    return QLatin1String(kCategoryKeys[std::size_t(c)]);
}
std::optional<Category> categoryFromKey(const QString& k) {
    return enumFromKey<Category>(kCategoryKeys, k);
}
QString categoryLabel(Category c) {
    static const std::array<const char*, kCategoryCount> labels = {
        "GPU servers", "Network switches", "Racks",      "Cables",          "Optics", "Cooling",
        "Power",       "Storage",          "Management", "Network adapters"};
    return QLatin1String(labels[std::size_t(c)]);
}
QString portRoleKey(PortRole r) {
    return QLatin1String(kRoleKeys[std::size_t(r)]);
}
std::optional<PortRole> portRoleFromKey(const QString& k) {
    return enumFromKey<PortRole>(kRoleKeys, k);
}
QString mediaTypeKey(MediaType t) {
    return QLatin1String(kMediaKeys[std::size_t(t)]);
}
std::optional<MediaType> mediaTypeFromKey(const QString& k) {
    return enumFromKey<MediaType>(kMediaKeys, k);
}
QString technologyKey(Technology t) {
    return QLatin1String(kTechKeys[std::size_t(t)]);
}
std::optional<Technology> technologyFromKey(const QString& k) {
    return enumFromKey<Technology>(kTechKeys, k);
}

int CatalogItem::portCount(PortRole role) const {
    int n = 0;
    for (const auto& p : ports)
        n += p.role == role;
    return n;
}

int CatalogItem::logicalPortCount(int breakout) const {
    breakout = std::max(1, breakout);
    int n = 0; // by group, not by port: link reading calls this for every link end
    for (const PortGroup& g : portGroups)
        n += g.count * (splitsOnBreakout(g.role) ? breakout : 1);
    return n;
}

std::optional<LogicalPort> CatalogItem::logicalPort(int breakout, int index) const {
    breakout = std::max(1, breakout);
    if (index < 0)
        return std::nullopt;
    int at = 0;
    // Walk the groups (few), not the ports (many): O(groups).
    int catalogBase = 0;
    for (const PortGroup& g : portGroups) {
        const int width = splitsOnBreakout(g.role) ? breakout : 1;
        const int span = g.count * width;
        if (index < at + span) {
            const int off = index - at;
            const int cp = catalogBase + off / width;
            const PortDef& def = ports[std::size_t(cp)];
            LogicalPort lp{cp,           off % width, def.speedGbps / width, def.role, def.cage,
                           def.required, def.name};
            if (width > 1)
                lp.name = def.name + QStringLiteral("s%1").arg(lp.lane);
            return lp;
        }
        at += span;
        catalogBase += g.count;
    }
    return std::nullopt;
}

int CatalogItem::firstPort(PortRole role) const {
    for (std::size_t i = 0; i < ports.size(); ++i)
        if (ports[i].role == role)
            return int(i);
    return -1;
}

QString FileError::toString() const {
    QString s = file;
    if (line > 0)
        s += QStringLiteral(":%1:%2").arg(line).arg(column);
    s += QStringLiteral(": ");
    if (!field.isEmpty())
        s += field + QStringLiteral(": ");
    return s + message;
}

TypeId Catalog::add(CatalogItem item) {
    auto it = m_index.find(item.id);
    if (it != m_index.end()) {
        m_items[it->second.value()] = std::move(item);
        return it->second;
    }
    TypeId t(static_cast<TypeId::Rep>(m_items.size()));
    m_index.emplace(item.id, t);
    m_items.push_back(std::move(item));
    return t;
}

void Catalog::removeLast(std::size_t n) {
    n = std::min(n, m_items.size());
    for (std::size_t i = 0; i < n; ++i) {
        m_index.erase(m_items.back().id);
        m_items.pop_back();
    }
}

TypeId Catalog::find(const QString& id) const {
    auto it = m_index.find(id);
    return it == m_index.end() ? TypeId() : it->second;
}

const CatalogItem* Catalog::item(const QString& id) const {
    TypeId t = find(id);
    return t ? &m_items[t.value()] : nullptr;
}

void Catalog::clear() {
    m_items.clear();
    m_index.clear();
}

bool Catalog::operator==(const Catalog& o) const {
    if (m_items.size() != o.m_items.size())
        return false;
    for (std::size_t i = 0; i < m_items.size(); ++i)
        if (m_items[i].id != o.m_items[i].id ||
            m_items[i].canonicalJson != o.m_items[i].canonicalJson)
            return false;
    return true;
}

namespace json {

CatalogItem parseCatalogItem(const Json& v, const std::string& ptr) {
    requireObject(v, ptr);
    CatalogItem it;
    it.id = qstring(member(v, "id", ptr), child(ptr, "id"), 128);
    if (it.id.isEmpty())
        throw FieldError(child(ptr, "id"), "id must not be empty");
    it.category =
        enumField<Category>(member(v, "category", ptr), child(ptr, "category"), kCategoryKeys);
    it.vendor = qstring(member(v, "vendor", ptr), child(ptr, "vendor"));
    it.model = qstring(member(v, "model", ptr), child(ptr, "model"));
    it.description = optString(v, "description", ptr);
    it.source = optString(v, "source", ptr);
    it.partNumber = optString(v, "partNumber", ptr);
    it.uHeight =
        int(optionalMember(v, "uHeight") ? integer(v["uHeight"], child(ptr, "uHeight"), 0, 60) : 0);
    it.weightKg = optNumber(v, "weightKg", ptr, 0, 10000);
    it.powerTypicalW = optNumber(v, "powerTypicalW", ptr, 0, 1e6);
    it.powerMaxW = optNumber(v, "powerMaxW", ptr, 0, 1e6);
    it.rackScale = optBool(v, "rackScale", ptr);
    it.liquidCooled = optBool(v, "liquidCooled", ptr);
    if (const Json* p = optionalMember(v, "price")) {
        std::string pp = child(ptr, "price");
        requireObject(*p, pp);
        Price pr;
        pr.usd = number(member(*p, "usd", pp), child(pp, "usd"), 0, 1e9);
        pr.date = optString(*p, "date", pp);
        pr.source = optString(*p, "source", pp);
        it.price = pr;
    }
    if (const Json* g = optionalMember(v, "gpu")) {
        std::string gp = child(ptr, "gpu");
        requireObject(*g, gp);
        GpuSpec s;
        s.model = qstring(member(*g, "model", gp), child(gp, "model"));
        s.count = int(integer(member(*g, "count", gp), child(gp, "count"), 0, 4096));
        s.memoryGb = optNumber(*g, "memoryGb", gp, 0, 1e5, 0);
        s.bf16DenseTflops = optNumber(*g, "bf16DenseTflops", gp, 0, 1e6, 0);
        s.tdpW = optNumber(*g, "tdpW", gp, 0, 1e5, 0);
        s.nvlinkDomainGpus = int(optInteger(*g, "nvlinkDomainGpus", gp, 0, 4096, 0));
        it.gpu = s;
    }
    if (const Json* r = optionalMember(v, "rack")) {
        std::string rp = child(ptr, "rack");
        requireObject(*r, rp);
        RackSpec s;
        s.uCapacity = int(integer(member(*r, "uCapacity", rp), child(rp, "uCapacity"), 1, 60));
        s.widthMm = number(member(*r, "widthMm", rp), child(rp, "widthMm"), 100, 5000);
        s.depthMm = number(member(*r, "depthMm", rp), child(rp, "depthMm"), 100, 5000);
        s.heightMm = optNumber(*r, "heightMm", rp, 0, 5000, s.uCapacity * kMillimetresPerU);
        s.maxLoadKg = optNumber(*r, "maxLoadKg", rp, 0, 100000);
        it.rack = s;
    }
    if (const Json* m = optionalMember(v, "media")) {
        std::string mp = child(ptr, "media");
        requireObject(*m, mp);
        MediaSpec s;
        s.type = enumField<MediaType>(member(*m, "type", mp), child(mp, "type"), kMediaKeys);
        s.speedGbps = number(member(*m, "speedGbps", mp), child(mp, "speedGbps"), 0, 1e5);
        s.maxReachM = number(member(*m, "maxReachM", mp), child(mp, "maxReachM"), 0, 1e6);
        s.powerPerEndW = optNumber(*m, "powerPerEndW", mp, 0, 1000);
        s.formFactor = optString(*m, "formFactor", mp);
        if (const Json* t = optionalMember(*m, "technology"))
            s.technology = enumField<Technology>(*t, child(mp, "technology"), kTechKeys);
        if (const Json* l = optionalMember(*m, "lengthsM")) {
            std::string lp = child(mp, "lengthsM");
            requireArray(*l, lp);
            for (std::size_t i = 0; i < l->size(); ++i)
                s.lengthsM.push_back(number((*l)[i], child(lp, i), 0, 1e6));
        }
        s.twinPort = optBool(*m, "twinPort", mp);
        s.fiber = optString(*m, "fiber", mp);
        s.connector = optString(*m, "connector", mp);
        s.diameterMm = optNumber(*m, "diameterMm", mp, 0.1, 100);
        s.top = optString(*m, "top", mp);
        if (!s.top.isEmpty() && s.top != QLatin1String("flat") && s.top != QLatin1String("finned"))
            throw FieldError(child(mp, "top"), "must be \"flat\" or \"finned\"");
        it.media = s;
    }
    if (const Json* sw = optionalMember(v, "switch")) {
        std::string sp = child(ptr, "switch");
        requireObject(*sw, sp);
        SwitchSpec s;
        if (const Json* t = optionalMember(*sw, "technology"))
            s.technology = enumField<Technology>(*t, child(sp, "technology"), kTechKeys);
        if (const Json* b = optionalMember(*sw, "breakouts")) {
            std::string bp = child(sp, "breakouts");
            requireArray(*b, bp);
            for (std::size_t i = 0; i < b->size(); ++i)
                s.breakouts.push_back(int(integer((*b)[i], child(bp, i), 1, 8)));
        }
        it.switchSpec = s;
    }
    if (const Json* c = optionalMember(v, "cooling")) {
        std::string cp = child(ptr, "cooling");
        requireObject(*c, cp);
        it.coolingType = optString(*c, "type", cp);
        it.coolingCapacityKw = optNumber(*c, "capacityKw", cp, 0, 1e5);
    }
    if (const Json* p = optionalMember(v, "power"))
        it.feedKw = optNumber(*p, "feedKw", child(ptr, "power"), 0, 1e4);
    if (const Json* s = optionalMember(v, "storage")) {
        const std::string sp = child(ptr, "storage");
        it.usableTb = optNumber(*s, "usableTb", sp, 0, 1e7);
        it.readGbps = optNumber(*s, "readGbps", sp, 0, 1e6);
        it.writeGbps = optNumber(*s, "writeGbps", sp, 0, 1e6);
    }
    if (const Json* ports = optionalMember(v, "ports")) {
        std::string pp = child(ptr, "ports");
        requireArray(*ports, pp);
        if (ports->size() > 64)
            throw FieldError(pp, "more than 64 port groups");
        int cageBase = 0;
        for (std::size_t g = 0; g < ports->size(); ++g) {
            std::string gp = child(pp, g);
            const Json& pg = (*ports)[g];
            requireObject(pg, gp);
            PortGroup grp;
            grp.name = qstring(member(pg, "name", gp), child(gp, "name"), 64);
            grp.role = enumField<PortRole>(member(pg, "role", gp), child(gp, "role"), kRoleKeys);
            grp.count = int(integer(member(pg, "count", gp), child(gp, "count"), 1, 4096));
            grp.speedGbps = number(member(pg, "speedGbps", gp), child(gp, "speedGbps"), 0.001, 1e5);
            grp.cage = optString(pg, "cage", gp);
            grp.portsPerCage =
                int(optionalMember(pg, "portsPerCage")
                        ? integer(pg["portsPerCage"], child(gp, "portsPerCage"), 1, 8)
                        : 1);
            grp.required = optBool(pg, "required", gp);
            grp.moduleTop = optString(pg, "moduleTop", gp);
            if (!grp.moduleTop.isEmpty() && grp.moduleTop != QLatin1String("flat") &&
                grp.moduleTop != QLatin1String("finned"))
                throw FieldError(child(gp, "moduleTop"), "must be \"flat\" or \"finned\"");
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
    }
    if (it.category == Category::Rack && !it.rack)
        throw FieldError(ptr,
                         "a rack entry needs a \"rack\" object with uCapacity, widthMm, depthMm");
    if ((it.category == Category::Cable || it.category == Category::Transceiver) && !it.media)
        throw FieldError(ptr, "a cable or transceiver entry needs a \"media\" object");
    it.canonicalJson = v.dump(); // nlohmann::json keeps keys sorted: canonical
    return it;
}

} // namespace json

bool CatalogLibrary::loadFile(const QString& path) {
    QByteArray bytes;
    QString error;
    if (!readInputFile(path, kMaxCatalogFileBytes, bytes, error)) {
        m_errors.push_back({path, 0, 0, {}, error});
        return false;
    }
    return loadBytes(bytes, path);
}

bool CatalogLibrary::loadBytes(const QByteArray& bytes, const QString& path) {
    const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    json::Json doc;
    FileError err;
    if (!json::parse(text, path, doc, err)) {
        m_errors.push_back(err);
        return false;
    }
    Catalog parsed;
    try {
        json::requireObject(doc, "");
        long long version =
            json::integer(json::member(doc, "formatVersion", ""), "/formatVersion", 0, 1 << 30);
        if (version != 1)
            throw json::FieldError("/formatVersion", "unsupported catalog formatVersion " +
                                                         std::to_string(version) +
                                                         " (this version of the studio reads 1)");
        const json::Json& items = json::member(doc, "items", "");
        json::requireArray(items, "/items");
        for (std::size_t i = 0; i < items.size(); ++i) {
            CatalogItem it = json::parseCatalogItem(items[i], json::child("/items", i));
            if (parsed.find(it.id))
                throw json::FieldError(json::child(json::child("/items", i), "id"),
                                       "duplicate id \"" + it.id.toStdString() + "\"");
            parsed.add(std::move(it));
        }
    } catch (const json::FieldError& e) {
        m_errors.push_back(json::fieldError(text, path, e));
        return false;
    } catch (const std::exception&) {
        m_errors.push_back(
            {path, 0, 0, {}, QStringLiteral("the file holds a value the studio cannot read")});
        return false;
    }
    for (const auto& it : parsed.items())
        m_catalog.add(it);
    m_files << path;
    return true;
}

int CatalogLibrary::loadFolder(const QString& folder) {
    QDir dir(folder);
    if (!dir.exists())
        return 0;
    std::size_t before = m_catalog.size();
    // System: devices, FIFOs and dangling links are listed too, so each is refused with a
    // message instead of passing unseen.
    const auto names =
        dir.entryList({QStringLiteral("*.json")}, QDir::Files | QDir::System, QDir::Name);
    for (const QString& n : names)
        loadFile(dir.filePath(n));
    return int(m_catalog.size() - before);
}

QString CatalogLibrary::bundledFolder() {
    const QString env = qEnvironmentVariable("CDS_CATALOG_DIR");
    if (!env.isEmpty())
        return env;
    QStringList candidates;
    if (QCoreApplication::instance()) {
        const QString exe = QCoreApplication::applicationDirPath();
        candidates << exe + QStringLiteral("/../share/cluster-design-studio/catalogs");
    }
    candidates << QStringLiteral(CDS_INSTALL_DATADIR "/catalogs")
               << QStringLiteral(CDS_SOURCE_DIR "/catalogs");
    for (const QString& c : candidates)
        if (QFileInfo::exists(c + QStringLiteral("/servers.json")))
            return QDir::cleanPath(c);
    return QStringLiteral(CDS_SOURCE_DIR "/catalogs");
}

QString CatalogLibrary::userFolder() {
    const QString env = qEnvironmentVariable("CDS_USER_CATALOG_DIR");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/cluster-design-studio/catalogs");
}

CatalogLibrary CatalogLibrary::loadDefault() {
    CatalogLibrary lib;
    lib.loadFolder(bundledFolder());
    lib.loadFolder(userFolder());
    return lib;
}

} // namespace cds
