#include "EditJournal.h"

#include "../InputFile.h"

#include "DesignFile.h"
#include "DesignJson.h"

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

#include <algorithm>

namespace cds {

using json::OJson;

namespace {

constexpr int kJournalVersion = 1;

bool syncToDisk(QFile& f) {
    if (!f.flush())
        return false;
#ifdef Q_OS_UNIX
    return ::fsync(f.handle()) == 0;
#else
    return true;
#endif
}

/// Applies one checkpoint line to @p d. Order matters: deletions bottom-up, then upserts
/// top-down, so every reference resolves against the final state.
void applyLine(DesignData& d, const json::Json& line) {
    using namespace json;
    requireObject(line, "");
    if (const Json* full = optionalMember(line, "full"); full && boolean(*full, "/full"))
        d = DesignData{};
    if (const Json* cat = optionalMember(line, "catalog")) {
        requireArray(*cat, "/catalog");
        for (std::size_t i = 0; i < cat->size(); ++i)
            d.catalog.add(parseCatalogItem((*cat)[i], child("/catalog", i)));
    }
    if (const Json* props = optionalMember(line, "props"))
        readProps(d, *props);
    if (const Json* scenarios = optionalMember(line, "scenarios")) {
        d.scenarios.clear();
        readScenarios(d, *scenarios);
    }
    // Before the racks, whose feeds name its elements.
    if (const Json* power = optionalMember(line, "power"))
        readPower(d, *power);
    if (const Json* trays = optionalMember(line, "pathways")) {
        requireArray(*trays, "/pathways");
        d.pathways = {};
        for (std::size_t i = 0; i < trays->size(); ++i) {
            PathwayId id;
            Pathway p = readPathway(d, (*trays)[i], child("/pathways", i), id);
            if (d.pathways.contains(id))
                throw FieldError(child("/pathways", i), "duplicate id");
            d.pathways.insert(id, std::move(p));
        }
    }
    auto entries = [&](const char* key) -> const Json* {
        const Json* v = optionalMember(line, key);
        if (v)
            requireArray(*v, std::string("/") + key);
        return v;
    };
    const Json* racks = entries("racks");
    const Json* devices = entries("devices");
    const Json* links = entries("links");
    auto deleted = [](const Json& e) { return e.is_array() && e.size() == 2 && e[1].is_null(); };
    auto idOf = [](const Json& e, const std::string& p) {
        return std::uint32_t(integer(e[0], p, 0, kMaxId));
    };
    if (links)
        for (std::size_t i = 0; i < links->size(); ++i)
            if (deleted((*links)[i]) && d.links.contains(LinkId(idOf((*links)[i], "/links"))))
                d.links.take(LinkId(idOf((*links)[i], "/links")));
    if (devices)
        for (std::size_t i = 0; i < devices->size(); ++i)
            if (deleted((*devices)[i]) &&
                d.devices.contains(DeviceId(idOf((*devices)[i], "/devices"))))
                d.devices.take(DeviceId(idOf((*devices)[i], "/devices")));
    if (racks)
        for (std::size_t i = 0; i < racks->size(); ++i)
            if (deleted((*racks)[i]) && d.racks.contains(RackId(idOf((*racks)[i], "/racks"))))
                d.racks.take(RackId(idOf((*racks)[i], "/racks")));
    auto upsert = [](auto& container, auto id, auto value) {
        if (container.contains(id))
            container[id] = std::move(value);
        else
            container.insert(id, std::move(value));
    };
    if (racks)
        for (std::size_t i = 0; i < racks->size(); ++i)
            if (!deleted((*racks)[i])) {
                RackId id;
                Rack r = readRack(d, (*racks)[i][1], child("/racks", i), id);
                upsert(d.racks, id, std::move(r));
            }
    if (devices)
        for (std::size_t i = 0; i < devices->size(); ++i)
            if (!deleted((*devices)[i])) {
                DeviceId id;
                Device v = readDevice(d, (*devices)[i][1], child("/devices", i), id);
                upsert(d.devices, id, std::move(v));
            }
    if (links)
        for (std::size_t i = 0; i < links->size(); ++i)
            if (!deleted((*links)[i])) {
                LinkId id;
                Link l = readLinkRow(d, (*links)[i][1], child("/links", i), id);
                upsert(d.links, id, std::move(l));
            }
}

} // namespace

EditJournal::EditJournal(Design* design, QObject* parent)
    : QObject(parent)
    , m_design(design) {
    track();
}

EditJournal::~EditJournal() {
    if (m_file.isOpen())
        m_file.close(); // not removed: a destructor is not a clean exit
    waitForRemoval();
}

void EditJournal::waitForRemoval() {
    if (m_removal.joinable())
        m_removal.join();
}

void EditJournal::removeInBackground(const QString& path) {
    waitForRemoval(); // the previous one is long done: a save or an open lies between
    const QString doomed = path + QStringLiteral(".removing");
    if (!QFile::exists(path))
        return;
    if (!QFile::rename(path, doomed)) {
        QFile::remove(path);
        return;
    }
    m_removal = std::thread([doomed] { QFile::remove(doomed); });
}

void EditJournal::track() {
    Design* d = m_design;
    connect(d, &Design::rackAdded, this, [this](RackId id) { m_racks.insert(id); });
    connect(d, &Design::rackRemoved, this, [this](RackId id) { m_racks.insert(id); });
    connect(d, &Design::rackChanged, this, [this](RackId id) { m_racks.insert(id); });
    connect(d, &Design::deviceAdded, this, [this](DeviceId id) { m_devices.insert(id); });
    connect(d, &Design::deviceRemoved, this, [this](DeviceId id) { m_devices.insert(id); });
    connect(d, &Design::deviceChanged, this, [this](DeviceId id) { m_devices.insert(id); });
    connect(d, &Design::linkAdded, this, [this](LinkId id) { m_links.insert(id); });
    connect(d, &Design::linkRemoved, this, [this](LinkId id) { m_links.insert(id); });
    connect(d, &Design::linkChanged, this, [this](LinkId id) { m_links.insert(id); });
    for (auto sig : {&Design::metaChanged, &Design::hallChanged, &Design::settingsChanged,
                     &Design::fabricsChanged, &Design::pricesChanged, &Design::waiversChanged,
                     &Design::phasesChanged})
        connect(d, sig, this, [this] { m_props = true; });
    connect(d, &Design::resetDone, this, [this] { m_full = true; });
    connect(d, &Design::powerChanged, this, [this] { m_power = true; });
    // Trays are few: a line that changed any carries them all.
    for (auto sig : {&Design::pathwayAdded, &Design::pathwayRemoved, &Design::pathwayChanged})
        connect(d, sig, this, [this] { m_pathways = true; });
    // An undone edit drops the entries it embedded: what is written resumes from there.
    connect(d, &Design::catalogChanged, this, [this] {
        m_catalogWritten = std::min(m_catalogWritten, m_design->data().catalog.size());
    });
}

bool EditJournal::writeBase(const QString& path, const QByteArray& base, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Unbuffered)) {
        if (error)
            *error = QStringLiteral("%1: cannot write the recovery journal: %2")
                         .arg(path, file.errorString());
        return false;
    }
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner); // a customer's design
    const std::string header =
        OJson{{"journal", kJournalVersion}, {"baseBytes", base.size()}}.dump() + "\n";
    if (file.write(header.data(), qint64(header.size())) != qint64(header.size()) ||
        file.write(base) != base.size() || !syncToDisk(file)) {
        if (error)
            *error = QStringLiteral("%1: cannot write the recovery journal: %2")
                         .arg(path, file.errorString());
        file.close();
        file.remove();
        return false;
    }
    return true;
}

bool EditJournal::start(const QString& path, QString* error, const QByteArray& baseBytes) {
    stop(false);
    if (!writeBase(path, baseBytes.isEmpty() ? DesignFile::toBytes(m_design->data()) : baseBytes,
                   error))
        return false;
    return adopt(path, path, error);
}

void EditJournal::forgetChanges() {
    m_racks.clear();
    m_devices.clear();
    m_links.clear();
    m_props = m_full = m_pathways = m_power = false;
    m_catalogWritten = m_design->data().catalog.size();
    m_typesInJournal.clear();
    for (TypeId t : DesignFile::embeddedTypes(m_design->data()))
        m_typesInJournal.insert(m_design->data().catalog[t].id);
}

bool EditJournal::adopt(const QString& prepared, const QString& path, QString* error,
                        bool keepChanges) {
    stop(false);
    if (prepared != path) {
        removeInBackground(path);
        if (!QFile::rename(prepared, path)) {
            if (error)
                *error = QStringLiteral("%1: cannot start the recovery journal").arg(path);
            QFile::remove(prepared);
            return false;
        }
    }
    m_file.setFileName(path);
    // Unbuffered: a failed write can be taken back at once (see checkpoint()).
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered)) {
        if (error)
            *error = QStringLiteral("%1: cannot write the recovery journal: %2")
                         .arg(path, m_file.errorString());
        return false;
    }
    m_seq = 0;
    if (!keepChanges)
        forgetChanges();
    return true;
}

bool EditJournal::checkpoint(const QString& what) {
    if (!m_file.isOpen())
        return false;
    const DesignData& d = m_design->data();
    const bool changed = m_full || m_props || m_pathways || m_power || !m_racks.empty() ||
                         !m_devices.empty() || !m_links.empty() ||
                         d.catalog.size() != m_catalogWritten;
    if (!changed)
        return true;
    if (m_full) {
        m_catalogWritten = 0;
        d.racks.forEach([&](RackId id, const Rack&) { m_racks.insert(id); });
        d.devices.forEach([&](DeviceId id, const Device&) { m_devices.insert(id); });
        d.links.forEach([&](LinkId id, const Link&) { m_links.insert(id); });
    }
    OJson cat = OJson::array();
    if (m_full)
        m_typesInJournal.clear();
    auto embed = [&](const CatalogItem& item) {
        if (m_typesInJournal.insert(item.id).second)
            cat.push_back(OJson::parse(item.canonicalJson));
    };
    for (std::size_t i = m_catalogWritten; i < d.catalog.size(); ++i) { // new entries, always
        m_typesInJournal.insert(d.catalog.items()[i].id);
        cat.push_back(OJson::parse(d.catalog.items()[i].canonicalJson));
    }
    // Types the recovered design would not hold: an undo can bring back an object whose type
    // the base (a save embeds only the types in use) left out.
    for (RackId id : m_racks)
        if (const Rack* r = d.racks.find(id)) {
            embed(d.catalog[r->type]);
            if (r->coolingProduct)
                embed(d.catalog[r->coolingProduct]);
        }
    for (DeviceId id : m_devices)
        if (const Device* v = d.devices.find(id))
            embed(d.catalog[v->type]);
    for (LinkId id : m_links)
        if (const Link* l = d.links.find(id); l && l->pinnedMedium)
            embed(d.catalog[l->pinnedMedium]);
    if (m_power || m_full)
        d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
            if (e.type)
                embed(d.catalog[e.type]);
        });
    // Streamed like a save: a full line holds the whole design.
    std::string text;
    json::JsonWriter w(text, json::JsonWriter::Style::Compact);
    w.beginObject();
    w.member("seq", m_seq + 1);
    w.member("what", what);
    if (m_full)
        w.member("full", true);
    if (!cat.empty())
        w.member("catalog", cat);
    if (m_props || m_full) {
        OJson props = OJson::object();
        json::writeHead(props, d);
        json::writeTail(props, d);
        w.member("props", props);
    }
    if (m_pathways || m_full) {
        w.key("pathways");
        w.beginArray();
        d.pathways.forEach([&](PathwayId id, const Pathway& p) { json::writePathway(w, id, p); });
        w.endArray();
    }
    // A full line carries the chain too: its racks' feeds name its elements.
    if (m_power || m_full) {
        w.key("power");
        json::writePower(w, d);
    }
    // Scenario edits swap the whole document (a full line); the scenarios go with it.
    if (m_full) {
        w.key("scenarios");
        json::writeScenarios(w, d);
    }
    // Each changed object as [id, object], or [id, null] when it was deleted.
    const auto entries = [&](const char* key, const auto& ids, const auto& objects, auto write) {
        w.key(key);
        w.beginArray();
        for (const auto id : ids) {
            w.beginArray();
            w.value(id.value());
            if (const auto* o = objects.find(id))
                write(w, d, id, *o);
            else
                w.value(nullptr);
            w.endArray();
        }
        w.endArray();
    };
    entries("racks", m_racks, d.racks, &json::writeRack);
    entries("devices", m_devices, d.devices, &json::writeDevice);
    entries("links", m_links, d.links, &json::writeLinkRow);
    w.endObject();
    text += '\n';
    const qint64 good = m_file.pos();
    if (m_file.write(text.data(), qint64(text.size())) != qint64(text.size()) ||
        !syncToDisk(m_file)) {
        // A full disk, say. Take back a partial line, so the journal stays readable to its
        // end, and keep what changed: the next checkpoint writes it again, so once there is
        // space no edit is missing.
        m_lastError = m_file.errorString();
        m_file.unsetError();
        if (!m_file.resize(good) || !m_file.seek(good))
            m_file.close(); // unreadable from here: stop rather than write after a torn line
        return false;
    }
    m_lastError.clear();
    ++m_seq;
    m_racks.clear();
    m_devices.clear();
    m_links.clear();
    m_props = m_full = m_pathways = m_power = false;
    m_catalogWritten = d.catalog.size();
    return true;
}

void EditJournal::stop(bool remove) {
    if (!m_file.isOpen())
        return;
    m_file.close();
    if (remove)
        removeInBackground(m_file.fileName());
}

bool EditJournal::holdsEdits(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false; // gone: nothing to restore from it
    const QByteArray head = f.read(4096);
    const qsizetype eol = head.indexOf('\n');
    json::Json header;
    FileError err;
    if (eol < 0 ||
        !json::parse(std::string_view(head.constData(), std::size_t(eol)), path, header, err) ||
        !header.is_object() || header.value("journal", 0) != kJournalVersion ||
        !header.value("baseBytes", json::Json()).is_number_unsigned())
        return true;
    const auto baseSize = header["baseBytes"].get<std::uint64_t>();
    return std::uint64_t(f.size()) > std::uint64_t(eol) + 1 + baseSize;
}

EditJournal::Recovery EditJournal::recover(const QString& path) {
    Recovery r;
    QByteArray all;
    QString error;
    if (!readInputFile(path, kMaxJournalFileBytes, all, error)) {
        r.error = QStringLiteral("%1: %2").arg(path, error);
        return r;
    }
    const qsizetype eol = all.indexOf('\n');
    json::Json header;
    FileError err;
    if (eol < 0 ||
        !json::parse(std::string_view(all.constData(), std::size_t(eol)), path, header, err) ||
        !header.is_object() || header.value("journal", 0) != kJournalVersion ||
        !header.value("baseBytes", json::Json()).is_number_unsigned()) {
        r.error = QStringLiteral("%1: not a recovery journal of this version").arg(path);
        return r;
    }
    const qsizetype baseSize = qsizetype(header["baseBytes"].get<std::uint64_t>());
    if (eol + 1 + baseSize > all.size()) {
        r.error = QStringLiteral("%1: the journal's base design is incomplete").arg(path);
        return r;
    }
    LoadResult base = DesignFile::loadFromBytes(all.mid(eol + 1, baseSize), path);
    if (!base.ok) {
        r.error = base.errors.front().toString();
        return r;
    }
    // Complete lines only: one torn by the crash never completed its edit.
    std::vector<json::Json> lines;
    for (qsizetype pos = eol + 1 + baseSize; pos < all.size();) {
        const qsizetype next = all.indexOf('\n', pos);
        json::Json line;
        if (next < 0 ||
            !json::parse(std::string_view(all.constData() + pos, std::size_t(next - pos)), path,
                         line, err)) {
            r.tornTail = true;
            break;
        }
        lines.push_back(std::move(line));
        pos = next + 1;
    }
    // Applied in place; a complete but invalid line (a damaged file) stops the replay, and the
    // design is rebuilt from the base up to the last good line, never left half-applied.
    r.data = base.data;
    for (const json::Json& line : lines) {
        try {
            applyLine(r.data, line);
            ++r.edits;
        } catch (const json::FieldError& e) {
            r.error =
                QStringLiteral(
                    "%1: checkpoint %2 is damaged (%3: %4); recovered the %5 edit(s) before it")
                    .arg(path)
                    .arg(r.edits + 1)
                    .arg(QString::fromStdString(e.pointer), QString::fromUtf8(e.what()))
                    .arg(r.edits);
            r.data = std::move(base.data);
            for (int i = 0; i < r.edits; ++i)
                applyLine(r.data, lines[std::size_t(i)]);
            break;
        }
    }
    r.ok = true;
    return r;
}

} // namespace cds
