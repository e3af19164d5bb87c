#include "DesignFile.h"

#include "../AtomicFile.h"
#include "../InputFile.h"
#include "../RackScale.h"
#include "CatalogFile.h"
#include "DesignJson.h"
#include "JsonStream.h"

#include <QFile>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

namespace cds {

using json::child;
using json::FieldError;
using json::Json;
using OJson = nlohmann::ordered_json;

namespace {

// ---- migrations: each step takes a document of version N to N+1, with its reason. ----
struct Migration {
    int from;
    const char* reason;
    std::function<void(Json&)> apply;
    /// The part of the step that works on the design once it is read (a rack-scale system
    /// becoming its trays); returns notes for the user. Empty for steps on the JSON only.
    std::function<QStringList(DesignData&)> afterRead = {};
};

/// The bundled catalog, read once, for migration steps that need entries an older design did
/// not embed (the trays of a rack-scale system).
const CatalogItem* bundledItem(const QString& id) {
    static const CatalogLibrary lib = [] {
        CatalogLibrary l;
        l.loadFolder(CatalogLibrary::bundledFolder());
        return l;
    }();
    return lib.catalog().item(id);
}

/// v4 -> v5: each rack-scale system saved as one device becomes its trays, with its links.
QStringList splitSystemsIntoTrays(DesignData& d) {
    const TraySplit split = splitRackScaleSystems(d, bundledItem);
    QStringList notes = split.notes;
    if (split.systems > 0)
        notes << QStringLiteral("%1 link ends moved onto the compute trays and management "
                                "switches; link and cable ids are kept")
                     .arg(split.links);
    for (const QString& k : split.kept)
        notes << QStringLiteral("kept as one device: %1").arg(k);
    return notes;
}

const std::vector<Migration>& migrations() {
    static const std::vector<Migration> chain = {
        {1, "links stored as column rows instead of objects: large designs load ~3x faster",
         [](Json& doc) {
             Json rows = Json::array();
             if (const Json* links = json::optionalMember(doc, "links")) {
                 if (links->is_object() && links->contains("rows"))
                     throw FieldError("/formatVersion",
                                      "the file says formatVersion 1 but stores its links as "
                                      "version 2 rows; correct formatVersion to 2");
                 json::requireArray(*links, "/links");
                 for (std::size_t i = 0; i < links->size(); ++i) {
                     const Json& l = (*links)[i];
                     const std::string lp = child("/links", i);
                     json::requireObject(l, lp);
                     const Json& a = json::member(l, "a", lp);
                     const Json& b = json::member(l, "b", lp);
                     json::requireObject(a, child(lp, "a"));
                     json::requireObject(b, child(lp, "b"));
                     rows.push_back({l.value("id", Json()), a.value("device", Json()),
                                     a.value("port", Json()), b.value("device", Json()),
                                     b.value("port", Json()), l.value("fabric", Json()),
                                     l.value("pinnedMedium", Json())});
                 }
             }
             doc["links"] = {{"columns", json::kLinkColumns}, {"rows", rows}};
         }},
        {2,
         "cable pathways (overhead trays) added; an older design has none and its cables "
         "keep running along the floor",
         [](Json& doc) {
             if (!doc.contains("pathways"))
                 doc["pathways"] = Json::array();
         }},
        {3,
         "racks may name their installed cooling product and the settings carry the room's air "
         "side (inlet class, airflow, air cooling capacity); an older design has none and keeps "
         "its per-type cooling envelopes",
         [](Json&) {}},
        {4,
         "rack-scale systems (NVL72, NVL144) are held as their trays: 18 compute trays per rack, "
         "each its own host with its GPUs and NICs, plus NVLink switch trays, power shelves and "
         "management switches; a system saved as one device becomes its trays with their links",
         [](Json&) {}, splitSystemsIntoTrays},
        {5,
         "the power chain (utility to rack feeds) added in a \"power\" section; an older design "
         "has none and keeps working without one",
         [](Json&) {}},
        {6,
         "a campus: several halls on one site (\"halls\", each with its place on the floor); an "
         "older design is one hall, its floor",
         [](Json&) {}},
    };
    return chain;
}

template <typename IdT, typename T>
void requireFree(IdT id, const SlotVector<T, IdT>& existing, const std::string& ptr) {
    if (existing.contains(id))
        throw FieldError(child(ptr, "id"), "duplicate id " + std::to_string(id.value()));
}

/// The rows are read by position, so their column names must be the ones this version writes,
/// in its order: a file with its columns in another order is refused, never misread.
void requireLinkColumns(const Json& links) {
    const Json& cols = json::member(links, "columns", "/links");
    json::requireArray(cols, "/links/columns");
    const std::size_t n = std::size(json::kLinkColumns);
    std::string expected;
    for (const char* c : json::kLinkColumns)
        expected += std::string(expected.empty() ? "" : ", ") + c;
    if (cols.size() != n)
        throw FieldError("/links/columns",
                         "expected the " + std::to_string(n) + " columns " + expected);
    for (std::size_t i = 0; i < n; ++i)
        if (!cols[i].is_string() || cols[i].get_ref<const std::string&>() != json::kLinkColumns[i])
            throw FieldError(child("/links/columns", i),
                             std::string("expected column \"") + json::kLinkColumns[i] +
                                 "\" here (the columns are " + expected + ")");
}

/// Counts the racks, devices and links read or written against one ProgressSpan; throws
/// Cancelled when the user cancels.
class ObjectTicker {
public:
    ObjectTicker(const ProgressSpan& span, std::size_t total)
        : m_span(span)
        , m_total(total) {}
    void operator()() {
        if (!m_span.item(m_done++, m_total))
            throw Cancelled{};
    }

private:
    const ProgressSpan& m_span;
    std::size_t m_total;
    std::size_t m_done = 0;
};

std::size_t arraySize(const Json& doc, const char* key) {
    const Json* a = json::optionalMember(doc, key);
    return a && a->is_array() ? a->size() : 0;
}

const Progress kNoProgress;

/// The two ends of a link, in a fixed order: a link and its reverse are the same pair.
using PortPair = std::pair<std::uint64_t, std::uint64_t>;
PortPair portPair(const Link& l) {
    const auto key = [](const PortRef& p) {
        return (std::uint64_t(p.device.value()) << 16) | p.port;
    };
    const std::uint64_t a = key(l.a), b = key(l.b);
    return a < b ? PortPair{a, b} : PortPair{b, a};
}

/// One link's ports, as read from row @c row of /links/rows.
struct JoinedPorts {
    PortPair ports;
    std::size_t row = 0;
    LinkId id;
    bool operator<(const JoinedPorts& o) const {
        return ports != o.ports ? ports < o.ports : row < o.row;
    }
};

/// Whether some port is an end of more than one of @p links (a bit per logical port of every
/// device, each device's first at the count of the ports before it). Without one no two links
/// join the same two ports. The readers have checked each end against its device's ports; an
/// end past them all the same counts as a repeat.
bool somePortTwice(const DesignData& d, const std::vector<JoinedPorts>& links) {
    std::vector<std::uint64_t> first(d.devices.capacity() + 1, 0);
    std::uint64_t total = 0;
    TypeId lastType;
    int lastBreakout = -1, lastCount = 0;
    for (std::size_t i = 0; i < d.devices.capacity(); ++i) {
        first[i] = total;
        const Device* dev = d.devices.find(DeviceId(static_cast<DeviceId::Rep>(i)));
        if (!dev)
            continue;
        if (dev->type != lastType || dev->breakout != lastBreakout) { // mostly the same type
            lastType = dev->type;
            lastBreakout = dev->breakout;
            lastCount = d.catalog[dev->type].logicalPortCount(dev->breakout);
        }
        total += std::uint64_t(std::max(lastCount, 0));
    }
    first.back() = total;
    std::vector<bool> used(total, false);
    const auto twice = [&](std::uint64_t key) {
        const std::uint64_t device = key >> 16;
        if (device >= d.devices.capacity())
            return true;
        const std::uint64_t at = first[device] + (key & 0xFFFF);
        if (at >= first[device + 1] || used[at])
            return true;
        used[at] = true;
        return false;
    };
    for (const JoinedPorts& l : links)
        if (twice(l.ports.first) || twice(l.ports.second))
            return true;
    return false;
}

/// Refuses a second link between the same two ports. When no port has two links (a design
/// as it should be) that is all; else the pairs are sorted, which costs a fraction of a hash
/// table's node per link, and the error names the first repeat in file order and the link it
/// repeats, as a one-pass check would.
void requireDistinctPorts(const DesignData& d, std::vector<JoinedPorts> links) {
    if (!somePortTwice(d, links))
        return;
    std::sort(links.begin(), links.end());
    const JoinedPorts* repeat = nullptr;
    const JoinedPorts* first = nullptr;
    for (std::size_t i = 1; i < links.size(); ++i) {
        if (links[i].ports != links[i - 1].ports)
            continue;
        std::size_t head = i - 1; // the pair's first row; later copies follow in row order
        if (!repeat || links[i].row < repeat->row) {
            repeat = &links[i];
            first = &links[head];
        }
        while (i + 1 < links.size() && links[i + 1].ports == links[head].ports)
            ++i;
    }
    if (!repeat)
        return;
    throw FieldError(child("/links/rows", repeat->row),
                     "link " + std::to_string(repeat->id.value()) +
                         " joins the same two ports as link " + std::to_string(first->id.value()));
}

/// Reads one rack, device or pathway at @p ptr into @p into, refusing an id already taken.
template <typename IdT, typename T>
void readObject(const DesignData& d, const Json& v, const std::string& ptr,
                SlotVector<T, IdT>& into,
                T (*read)(const DesignData&, const Json&, const std::string&, IdT&)) {
    IdT id;
    T obj = read(d, v, ptr, id);
    requireFree(id, into, ptr);
    into.insert(id, std::move(obj));
}

/// Reads the optional array @p key of @p doc into @p into with @p read (json::readRack,
/// json::readDevice), refusing duplicate ids.
template <typename IdT, typename T, typename Tick>
void readObjects(const DesignData& d, const Json& doc, const char* key, SlotVector<T, IdT>& into,
                 T (*read)(const DesignData&, const Json&, const std::string&, IdT&), Tick& tick) {
    const Json* list = json::optionalMember(doc, key);
    if (!list)
        return;
    const std::string base = std::string("/") + key;
    json::requireArray(*list, base);
    into.reserve(list->size());
    for (std::size_t i = 0; i < list->size(); ++i) {
        readObject(d, (*list)[i], child(base, i), into, read);
        tick();
    }
}

/// The keys a design document may hold, in the order this version writes them.
const std::initializer_list<std::string_view> kDocumentKeys = {
    "formatVersion", "application",    "meta",     "hall",      "halls", "settings",
    "fabrics",       "catalog",        "pathways", "power",     "racks", "devices",
    "links",         "priceOverrides", "waivers",  "scenarios", "phases"};

/// The catalog entries embedded in @p doc, refusing an id given twice.
void readCatalog(DesignData& d, const Json& doc) {
    const Json* cat = json::optionalMember(doc, "catalog");
    if (!cat)
        return;
    json::requireArray(*cat, "/catalog");
    for (std::size_t i = 0; i < cat->size(); ++i) {
        CatalogItem it = json::parseCatalogItem((*cat)[i], child("/catalog", i));
        if (d.catalog.find(it.id))
            throw FieldError(child(child("/catalog", i), "id"),
                             "duplicate catalog id \"" + it.id.toStdString() + "\"");
        d.catalog.add(std::move(it));
    }
}

/// What the racks are read against, after the head keys: the catalog, the pathways and the
/// power chain (whose elements the racks' feeds name).
template <typename Tick> void readBeforeRacks(DesignData& d, const Json& doc, Tick& tick) {
    readCatalog(d, doc);
    readObjects(d, doc, "pathways", d.pathways, &json::readPathway, tick);
    if (const Json* power = json::optionalMember(doc, "power"))
        json::readPower(d, *power);
}

/// Adds row @p i of /links/rows to d.links, refusing an id taken, and notes its ports in
/// @p joined for requireDistinctPorts.
void addLink(DesignData& d, LinkId id, Link&& l, std::size_t i, std::vector<JoinedPorts>& joined) {
    if (d.links.contains(id))
        throw FieldError(child(child("/links/rows", i), 0),
                         "duplicate id " + std::to_string(id.value()));
    joined.push_back({portPair(l), i, id});
    d.links.insert(id, std::move(l));
}

/// Reads row @p i of /links/rows into d.links (addLink).
void readLink(DesignData& d, const Json& row, std::size_t i, std::vector<JoinedPorts>& joined) {
    LinkId id;
    Link l;
    if (!json::tryReadLinkRow(d, row, id, l))
        l = json::readLinkRow(d, row, child("/links/rows", i), id);
    addLink(d, id, std::move(l), i, joined);
}

void readDocument(DesignData& d, const Json& doc, const ProgressSpan& span = {kNoProgress, 0, 0}) {
    json::requireKnownKeys(doc, "", kDocumentKeys);
    json::readProps(d, doc);
    std::size_t linkRows = 0;
    if (const Json* links = json::optionalMember(doc, "links"); links && links->is_object())
        linkRows = arraySize(*links, "rows");
    ObjectTicker tick(span, arraySize(doc, "pathways") + arraySize(doc, "racks") +
                                arraySize(doc, "devices") + linkRows);
    readBeforeRacks(d, doc, tick);
    readObjects(d, doc, "racks", d.racks, &json::readRack, tick);
    readObjects(d, doc, "devices", d.devices, &json::readDevice, tick);
    if (const Json* links = json::optionalMember(doc, "links")) {
        json::requireObject(*links, "/links");
        json::requireKnownKeys(*links, "/links", {"columns", "rows"});
        requireLinkColumns(*links);
        const Json& rows = json::member(*links, "rows", "/links");
        json::requireArray(rows, "/links/rows");
        d.links.reserve(rows.size());
        // A second link between the same two ports is refused here, so a file of a million
        // copies costs what loading it costs, not what analysing it would.
        std::vector<JoinedPorts> joined;
        joined.reserve(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            readLink(d, rows[i], i, joined);
            tick();
        }
        requireDistinctPorts(d, std::move(joined));
    }
    if (const Json* sc = json::optionalMember(doc, "scenarios"))
        json::readScenarios(d, *sc);
}

/// A pointer into the migrated rows of a version 1 file, told as the place in that file:
/// /links/rows/3/2 -> /links/3/a/port (the column the row took it from).
std::string v1Pointer(const std::string& ptr) {
    static const char* const kFrom[] = {"/id",     "/a/device", "/a/port",      "/b/device",
                                        "/b/port", "/fabric",   "/pinnedMedium"};
    const std::string rows = "/links/rows/";
    if (ptr.rfind(rows, 0) != 0)
        return ptr == "/links/rows" || ptr == "/links/columns" ? "/links" : ptr;
    const std::size_t slash = ptr.find('/', rows.size());
    const std::string index = ptr.substr(rows.size(), slash - rows.size());
    std::string out = "/links/" + index;
    if (slash != std::string::npos) {
        const std::size_t col = std::strtoul(ptr.c_str() + slash + 1, nullptr, 10);
        if (col < std::size(kFrom))
            out += kFrom[col];
    }
    return out;
}

/// Brings @p doc to kDesignFormatVersion, one migration step at a time; refuses newer files.
int migrate(Json& doc, LoadResult* res) {
    json::requireObject(doc, "");
    long long version =
        json::integer(json::member(doc, "formatVersion", ""), "/formatVersion", 1, 1'000'000);
    const int fileVersion = int(version);
    if (res)
        res->fileFormatVersion = fileVersion;
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
    return fileVersion;
}

/// The steps of the migration from @p fileVersion that work on the read design.
void migrateData(DesignData& d, int fileVersion, QStringList* notes) {
    for (const Migration& m : migrations())
        if (m.from >= fileVersion && m.afterRead) {
            const QStringList said = m.afterRead(d);
            if (notes)
                *notes << said;
        }
}

/// Counts the objects a streamed read has read; reports how far into the text it is (every
/// 4096 objects, from the first) and throws Cancelled when the user cancels.
class StreamTicker {
public:
    StreamTicker(const ProgressSpan& span, const json::StreamReader& reader, std::size_t size)
        : m_span(span)
        , m_reader(reader)
        , m_size(std::max<std::size_t>(size, 1)) {}
    void operator()() {
        if (m_count++ % 4096 == 0 && !m_span.report(int(m_reader.offset() * 100 / m_size)))
            throw Cancelled{};
    }

private:
    const ProgressSpan& m_span;
    const json::StreamReader& m_reader;
    std::size_t m_size;
    std::size_t m_count = 0;
};

/// @brief Reads a design of this formatVersion as StreamReader hands it over: the small
/// members are kept as a document of their own and read by readDocument's readers; each rack,
/// device and link row is read as it arrives and dropped.
/// It takes a file only in the order this version writes it (formatVersion and the keys the
/// racks are read against before the racks; racks, devices, links in that order; columns
/// before rows) and throws NotStreamed otherwise, so each object is read against the same
/// design state as readDocument reads it against. The tail keys (price overrides, waivers),
/// which nothing else reads, and the scenarios are read last, as readDocument reads them.
class DesignSink : public json::StreamSink {
public:
    DesignSink(DesignData& d, const json::StreamReader& reader, const ProgressSpan& span,
               std::size_t size)
        : m_d(d)
        , m_reader(reader)
        , m_size(size)
        , m_tick(span, reader, size) {}

    Shape shape(const std::string& p) override {
        if (p.empty())
            return Shape::Members;
        if (p == "/links/columns")
            return Shape::Whole;
        if (p == "/links/rows") {
            if (!m_links.contains("columns"))
                throw json::NotStreamed("rows before columns");
            requireLinkColumns(m_links);
            reserveRows();
            m_array = Array::LinkRows;
            return Shape::Elements;
        }
        const std::string_view key = std::string_view(p).substr(1);
        if (key.find('/') != std::string_view::npos ||
            std::find(kDocumentKeys.begin(), kDocumentKeys.end(), key) == kDocumentKeys.end())
            throw json::NotStreamed("not a design key");
        if (key == "racks") {
            m_array = Array::Racks;
            return enter(Stage::Racks, Shape::Elements);
        }
        if (key == "devices") {
            m_array = Array::Devices;
            return enter(Stage::Devices, Shape::Elements);
        }
        if (key == "links")
            return enter(Stage::Links, Shape::Members);
        if (key == "application" || key == "priceOverrides" || key == "waivers" ||
            key == "scenarios")
            return Shape::Whole;
        if (m_stage != Stage::Head) // read before the racks by readDocument
            throw json::NotStreamed("a head key after the racks");
        return Shape::Whole;
    }

    void value(const std::string& p, Json&& v) override {
        if (p == "/links/columns") {
            m_links["columns"] = std::move(v);
            return;
        }
        if (p == "/formatVersion") {
            // Older versions are migrated on the tree; newer ones are refused by it.
            if (!v.is_number_integer() || v.get<long long>() != kDesignFormatVersion)
                throw json::NotStreamed("not this formatVersion");
            m_versionSeen = true;
        }
        m_doc[p.substr(1)] = std::move(v);
    }

    void element(const std::string& p, std::size_t i, Json& v) override {
        switch (m_array) { // no string compare per element
        case Array::Racks:
            readObject(m_d, v, child(p, i), m_d.racks, &json::readRack);
            break;
        case Array::Devices:
            readObject(m_d, v, child(p, i), m_d.devices, &json::readDevice);
            break;
        case Array::LinkRows:
            readLink(m_d, v, i, m_joined);
            break;
        }
        m_tick();
    }

    /// A link row as the reader scanned it: one without anything to report is read here;
    /// the rest are built and read by element(), which words their errors.
    bool row(const std::string&, std::size_t i, const std::int64_t* cells, std::size_t n) override {
        LinkId id;
        Link l;
        if (m_array != Array::LinkRows || !json::tryReadLinkCells(m_d, cells, n, id, l))
            return false;
        addLink(m_d, id, std::move(l), i, m_joined);
        m_tick();
        return true;
    }

    void end(const std::string& p) override {
        if (p == "/links/rows") {
            m_rowsRead = true;
            requireDistinctPorts(m_d, std::move(m_joined));
        } else if (p == "/links") {
            if (!m_rowsRead)
                throw json::NotStreamed("links without rows");
        } else if (p.empty()) {
            if (m_stage == Stage::Head)
                startBody();
            json::readTail(m_d, m_doc);
            if (const Json* sc = json::optionalMember(m_doc, "scenarios"))
                json::readScenarios(m_d, *sc);
        }
    }

private:
    enum class Stage { Head, Racks, Devices, Links };
    /// The array being read element by element (they do not nest: an element is built whole).
    enum class Array { Racks, Devices, LinkRows };

    Shape enter(Stage stage, Shape shape) {
        if (m_stage >= stage)
            throw json::NotStreamed("racks, devices and links out of order");
        if (m_stage == Stage::Head)
            startBody();
        m_stage = stage;
        return shape;
    }

    /// The rows' count is not known before they are read, as it was to the tree reader, which
    /// reserved it: without a reserve the links and their port pairs regrow some twenty times
    /// at 100,000 GPUs, each time copying what was read. A row takes at least ~32 bytes as
    /// this version writes it ("[id, a, aPort, b, bPort, fabric, null]", indented, one a
    /// line), so the text left gives a count a little too large (address space, untouched)
    /// rather than too small.
    void reserveRows() {
        const std::size_t rows = (m_size - std::min(m_size, m_reader.offset())) / 32;
        m_d.links.reserve(rows);
        m_joined.reserve(rows);
    }

    /// Everything before the racks: what they, the devices and the links are read against.
    void startBody() {
        if (!m_versionSeen)
            throw json::NotStreamed("no formatVersion before the racks");
        json::readHead(m_d, m_doc);
        readBeforeRacks(m_d, m_doc, m_tick);
    }

    DesignData& m_d;
    const json::StreamReader& m_reader;
    std::size_t m_size;
    StreamTicker m_tick;
    Json m_doc = Json::object();   ///< the members other than racks, devices and links
    Json m_links = Json::object(); ///< the links' columns
    std::vector<JoinedPorts> m_joined;
    Stage m_stage = Stage::Head;
    Array m_array = Array::Racks;
    bool m_versionSeen = false;
    bool m_rowsRead = false;
};

} // namespace

// Each scenario is a full nested design document, read by the same code; its errors name the
// place inside the outer file (/scenarios/1/design/racks/0/id).
void json::readScenarios(DesignData& d, const Json& list) {
    const std::string p = "/scenarios";
    json::requireArray(list, p);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string ip = child(p, i);
        json::requireObject(list[i], ip);
        json::requireKnownKeys(list[i], ip, {"name", "design"});
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
        int version = kDesignFormatVersion;
        try {
            version = migrate(nested, nullptr);
            if (json::optionalMember(nested, "scenarios"))
                throw FieldError("/scenarios", "a scenario cannot hold scenarios of its own");
            readDocument(*data, nested);
            migrateData(*data, version, nullptr);
        } catch (const FieldError& e) {
            throw FieldError(dp + (version == 1 ? v1Pointer(e.pointer) : e.pointer), e.what());
        }
        s.design = std::move(data);
        d.scenarios.push_back(std::move(s));
    }
}

namespace DesignFile {

namespace {
LoadResult cancelledLoad(const QString& name) {
    LoadResult res;
    res.cancelled = true;
    res.errors.push_back({name, 0, 0, {}, QStringLiteral("opening was cancelled")});
    return res;
}
} // namespace

std::optional<LoadResult> loadStreamed(const QByteArray& bytes, const QString& name,
                                       const Progress& progress) {
    const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    if (progress && !progress(kLoadParseStart))
        return cancelledLoad(name);
    LoadResult res;
    try {
        // Parsing and reading are one pass: progress is the share of the text read.
        const ProgressSpan span(progress, kLoadParseStart, 100);
        json::StreamReader reader(text);
        DesignSink sink(res.data, reader, span, text.size());
        if (!reader.read(sink))
            return std::nullopt;
    } catch (const Cancelled&) {
        return cancelledLoad(name);
    } catch (const std::exception&) {
        // A refusal (FieldError) or a file it does not take (NotStreamed): loadTree reads it
        // and words the refusal with its line, column and pointer.
        return std::nullopt;
    }
    res.fileFormatVersion = kDesignFormatVersion;
    if (progress && !progress(100))
        return cancelledLoad(name);
    res.ok = true;
    return res;
}

LoadResult loadFromBytes(const QByteArray& bytes, const QString& name, const Progress& progress) {
    // A file the streamed read gives back to the tree has already reported some progress:
    // the tree's reports never go below it.
    int reached = 0;
    const Progress onward = [&](int percent) {
        reached = std::max(reached, percent);
        return progress(reached);
    };
    const Progress& p = progress ? onward : progress;
    if (std::optional<LoadResult> r = loadStreamed(bytes, name, p))
        return std::move(*r);
    return loadTree(bytes, name, p);
}

LoadResult loadTree(const QByteArray& bytes, const QString& name, const Progress& progress) {
    LoadResult res;
    const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    Json doc;
    FileError err;
    // Parsing is one step for nlohmann::json; reading the objects reports as it goes.
    if (progress && !progress(kLoadParseStart))
        return cancelledLoad(name);
    if (!json::parse(text, name, doc, err)) {
        res.errors.push_back(err);
        return res;
    }
    if (progress && !progress(kLoadReadStart))
        return cancelledLoad(name);
    try {
        const int version = migrate(doc, &res);
        readDocument(res.data, doc, ProgressSpan(progress, kLoadReadStart, 100));
        migrateData(res.data, version, &res.notes);
        json::releaseInBackground(std::move(doc));
    } catch (const Cancelled&) {
        return cancelledLoad(name);
    } catch (const FieldError& e) {
        if (res.fileFormatVersion == 1)
            res.errors.push_back(
                json::fieldError(text, name, FieldError(v1Pointer(e.pointer), e.what())));
        else
            res.errors.push_back(json::fieldError(text, name, e));
        res.data = {};
        return res;
    } catch (const std::exception&) {
        // Every reader throws FieldError; anything else is a defect, told without its internals.
        res.errors.push_back(
            {name, 0, 0, {}, QStringLiteral("the file holds a value the studio cannot read")});
        res.data = {};
        return res;
    }
    if (progress && !progress(100))
        return cancelledLoad(name);
    res.ok = true;
    return res;
}

LoadResult load(const QString& path, const Progress& progress, QByteArray* bytesRead) {
    if (progress && !progress(0))
        return cancelledLoad(path);
    QByteArray bytes;
    QString error;
    if (!readInputFile(path, kMaxDesignFileBytes, bytes, error)) {
        LoadResult r;
        r.errors.push_back({path, 0, 0, {}, error});
        return r;
    }
    if (bytesRead)
        *bytesRead = bytes;
    return loadFromBytes(bytes, path, progress);
}

} // namespace DesignFile

// Streamed value by value (JsonWriter): at 100,000 GPUs the tree of the document cost more
// to build, write and free than the 30 MiB of text it became.
void json::writeDocument(JsonWriter& w, const DesignData& d, const ProgressSpan* span) {
    // Only the catalog entries in use are embedded, sorted by id: saves are canonical.
    const std::set<TypeId> used = DesignFile::embeddedTypes(d);
    std::vector<const CatalogItem*> items;
    for (TypeId t : used)
        items.push_back(&d.catalog[t]);
    std::sort(items.begin(), items.end(), [](auto a, auto b) { return a->id < b->id; });

    w.beginObject();
    w.member("formatVersion", kDesignFormatVersion);
    w.member("application", "cluster-design-studio");
    OJson head;
    json::writeHead(head, d);
    w.members(head);
    w.key("catalog");
    w.beginArray();
    for (const CatalogItem* it : items)
        w.value(OJson::parse(it->canonicalJson));
    w.endArray();
    const ProgressSpan none{kNoProgress, 0, 0};
    ObjectTicker tick(span ? *span : none, d.racks.size() + d.devices.size() + d.links.size());
    w.key("pathways");
    w.beginArray();
    d.pathways.forEach([&](PathwayId id, const Pathway& p) { json::writePathway(w, id, p); });
    w.endArray();
    // Written only when there is a chain, so designs without one keep their bytes.
    if (!d.power.isEmpty()) {
        w.key("power");
        json::writePower(w, d);
    }
    w.key("racks");
    w.beginArray();
    d.racks.forEach([&](RackId id, const Rack& r) {
        json::writeRack(w, d, id, r);
        tick();
    });
    w.endArray();
    w.key("devices");
    w.beginArray();
    d.devices.forEach([&](DeviceId id, const Device& v) {
        json::writeDevice(w, d, id, v);
        tick();
    });
    w.endArray();
    w.key("links");
    w.beginObject();
    w.key("columns");
    w.beginArray();
    for (const char* c : json::kLinkColumns)
        w.value(c);
    w.endArray();
    w.key("rows");
    w.beginArray();
    d.links.forEach([&](LinkId id, const Link& l) {
        json::writeLinkRow(w, d, id, l);
        tick();
    });
    w.endArray();
    w.endObject();
    OJson tail;
    json::writeTail(tail, d);
    w.members(tail);
    // Written only when there are some, so designs without scenarios keep their bytes.
    if (!d.scenarios.empty()) {
        w.key("scenarios");
        json::writeScenarios(w, d);
    }
    w.endObject();
}

void json::writeScenarios(JsonWriter& w, const DesignData& d) {
    w.beginArray();
    for (const Scenario& s : d.scenarios) {
        w.beginObject();
        w.member("name", s.name);
        w.key("design");
        writeDocument(w, *s.design);
        w.endObject();
    }
    w.endArray();
}

namespace DesignFile {

std::set<TypeId> embeddedTypes(const DesignData& d) {
    std::set<TypeId> used;
    d.racks.forEach([&](RackId, const Rack& r) { used.insert(r.type); });
    d.devices.forEach([&](DeviceId, const Device& v) { used.insert(v.type); });
    d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
        if (e.type)
            used.insert(e.type);
    });
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
    return used;
}

namespace {
/// The file's text: the document and a final newline, as dumpStable ends it.
std::string text(const DesignData& d, const ProgressSpan* span = nullptr) {
    std::string out;
    json::JsonWriter w(out);
    json::writeDocument(w, d, span);
    out += '\n';
    return out;
}
} // namespace

QByteArray toBytes(const DesignData& d) {
    const std::string t = text(d);
    return QByteArray(t.data(), qsizetype(t.size()));
}

bool save(const DesignData& d, const QString& path, QString* error, const Progress& progress,
          QByteArray* written) {
    QByteArray bytes;
    try {
        const ProgressSpan span(progress, 0, kSaveWriteStart);
        const std::string t = text(d, &span);
        if (progress && !progress(kSaveWriteStart))
            throw Cancelled{};
        bytes = QByteArray(t.data(), qsizetype(t.size()));
    } catch (const Cancelled&) {
        if (error) // nothing was written: the file at path stays as it was
            *error = QStringLiteral("%1: saving was cancelled; the file was not changed").arg(path);
        return false;
    }
    if (!writeFileAtomically(path, bytes, error))
        return false;
    if (written)
        *written = bytes;
    if (progress)
        progress(100); // saved: too late to cancel
    return true;
}

} // namespace DesignFile

} // namespace cds
