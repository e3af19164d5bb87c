#include "NetBoxExport.h"

#include "../AtomicFile.h"
#include "../Names.h"

#include "../site/Site.h"
#include "CablingSchedule.h"
#include "Csv.h"
#include "NetBoxChoices.h"
#include "NetBoxIpam.h"
#include "NetBoxLibrary.h"
#include "NetBoxPower.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>
#include <map>
#include <set>

namespace cds {

namespace {

QString yamlString(const QString& s) {
    return names::yamlQuoted(s);
}

/// The first name NetBox cannot take, told with its object, or empty.
QString badName(const DesignData& d, const QString& site) {
    auto problem = [](const char* what, const QString& n) -> QString {
        const QString why = names::netBoxNameProblem(n);
        return why.isEmpty() ? QString()
                             : QStringLiteral("the %1 name %2 %3; rename it before the NetBox "
                                              "export")
                                   .arg(QLatin1String(what), names::quotedForMessage(n), why);
    };
    QString why = problem("site", site);
    if (why.isEmpty())
        why = problem("hall", d.hall.name);
    d.racks.forEach([&](RackId, const Rack& r) {
        if (why.isEmpty())
            why = problem("rack", r.name);
    });
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (why.isEmpty())
            why = problem("device", v.name);
    });
    return why;
}

QString num(double v) {
    return QString::number(v, 'g', 10);
}

QString cageOf(const CatalogItem& t, const PortDef& p) {
    return p.group < t.portGroups.size() ? t.portGroups[p.group].cage : QString();
}

bool infinibandPort(const CatalogItem& t, const PortDef& p) {
    return t.switchSpec && t.switchSpec->technology == Technology::InfiniBand &&
           p.role != PortRole::Oob;
}

/// NetBox cable type choice for a medium.
QString cableType(const DesignData& d, const Link& l) {
    const TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
    if (!d.catalog.contains(m) || !d.catalog[m].media)
        return {};
    const MediaSpec& s = *d.catalog[m].media;
    switch (s.type) {
    case MediaType::Dac:
        return d.catalog[m].id.contains(QLatin1String("cat")) ? QStringLiteral("cat6")
                                                              : QStringLiteral("dac-passive");
    case MediaType::Acc:
        return QStringLiteral("dac-active");
    case MediaType::Aoc:
        return QStringLiteral("aoc");
    case MediaType::Mmf:
        return s.fiber.compare(QLatin1String("OM3"), Qt::CaseInsensitive) == 0
                   ? QStringLiteral("mmf-om3")
                   : QStringLiteral("mmf-om4");
    case MediaType::Smf:
        return QStringLiteral("smf");
    }
    return {};
}

/// Cable colour by network, from NetBox's ColorChoices (netbox/netbox/choices.py).
QString networkColour(FabricKind k) {
    switch (k) {
    case FabricKind::Compute:
        return QStringLiteral("2196f3"); // blue
    case FabricKind::Storage:
        return QStringLiteral("4caf50"); // green
    case FabricKind::Inband:
        return QStringLiteral("ff9800"); // orange
    case FabricKind::Oob:
        return QStringLiteral("9e9e9e"); // grey
    }
    return {};
}

QString role(const CatalogItem& t, const Device& v) {
    if (t.gpuCount() > 0)
        return QStringLiteral("GPU server");
    if (t.category == Category::Switch)
        return v.tier == Tier::None
                   ? QStringLiteral("Switch")
                   : QStringLiteral("%1 switch")
                         .arg(tierKey(v.tier).left(1).toUpper() + tierKey(v.tier).mid(1));
    return categoryLabel(t.category);
}

QString roleColour(const QString& role) {
    if (role == QLatin1String("GPU server"))
        return QStringLiteral("4caf50");
    if (role.endsWith(QLatin1String("switch")))
        return QStringLiteral("2196f3");
    return QStringLiteral("9e9e9e");
}

/// One catalog item as NetBox's device type: names as the devicetype-library has them.
struct TypeNames {
    NetBoxManufacturer manufacturer;
    NetBoxDeviceFacts facts;
    QString slug, path;
};

TypeNames typeNames(const CatalogItem& t) {
    TypeNames n{netboxManufacturer(t.vendor), netboxDeviceFacts(t), {}, {}};
    n.slug = n.manufacturer.slug + QLatin1Char('-') + libraryModelSlug(n.facts.model);
    if (const NetBoxLibraryType* lib = netboxLibraryType(t.id)) {
        n.manufacturer = {lib->manufacturer, lib->manufacturerSlug};
        n.facts.model = lib->model;
        n.slug = lib->slug;
    }
    n.path = QStringLiteral("06-device-types/%1/%2.yaml")
                 .arg(names::safeFileName(n.manufacturer.name),
                      names::safeFileName(
                          QString(n.facts.model).replace(QLatin1Char(' '), QLatin1Char('-'))));
    return n;
}

/// The power-ports of a device type (one per PSU), a PDU's inlet and outlets, or, for what a
/// rack-scale system's busbar feeds, none and `is_powered: false`.
QString powerYaml(const CatalogItem& t, const TypeNames& n, QStringList& warnings) {
    if (isNetBoxPdu(t))
        return QString::fromUtf8(netboxPduYaml(t));
    const std::vector<NetBoxPsu> psus = netboxPsus(t);
    if (psus.empty())
        return t.powerMaxW ? QStringLiteral("is_powered: false\n") : QString();
    if (n.facts.psuCount == 0 && !netboxLibraryType(t.id))
        warnings << QStringLiteral("%1 %2: the catalog gives no PSU layout, so one power port "
                                   "(%3) carries the whole draw")
                        .arg(n.manufacturer.name, n.facts.model, psus.front().type);
    QString y = QStringLiteral("power-ports:\n");
    for (const NetBoxPsu& p : psus) {
        y += QStringLiteral("  - name: %1\n    type: %2\n    maximum_draw: %3\n")
                 .arg(yamlString(p.name), p.type)
                 .arg(p.maximumDraw);
        if (p.allocatedDraw > 0)
            y += QStringLiteral("    allocated_draw: %1\n").arg(p.allocatedDraw);
    }
    return y;
}

QByteArray deviceTypeYaml(const CatalogItem& t, const TypeNames& n, QStringList& warnings) {
    QString y =
        QStringLiteral("---\nmanufacturer: %1\nmodel: %2\nslug: %3\n")
            .arg(yamlString(n.manufacturer.name), yamlString(n.facts.model), yamlString(n.slug));
    if (!n.facts.partNumber.isEmpty())
        y += QStringLiteral("part_number: %1\n").arg(yamlString(n.facts.partNumber));
    y += QStringLiteral("u_height: %1\nis_full_depth: true\n").arg(t.uHeight);
    if (!n.facts.airflow.isEmpty())
        y += QStringLiteral("airflow: %1\n").arg(n.facts.airflow);
    if (t.weightKg)
        // The library's schema takes weights in steps of 0.01.
        y += QStringLiteral("weight: %1\nweight_unit: kg\n")
                 .arg(num(std::round(*t.weightKg * 100) / 100));
    QString comments = t.description.trimmed();
    if (!comments.isEmpty() && !comments.endsWith(QLatin1Char('.')))
        comments += QLatin1Char('.');
    if (!t.source.isEmpty())
        comments += (comments.isEmpty() ? QString() : QStringLiteral(" ")) +
                    QStringLiteral("Source: ") + t.source;
    if (!comments.isEmpty())
        y += QStringLiteral("comments: %1\n").arg(yamlString(comments));
    y += powerYaml(t, n, warnings);
    if (!t.ports.empty()) {
        y += QStringLiteral("interfaces:\n");
        std::map<QString, int> fallbacks; // note -> ports
        for (const PortDef& p : t.ports) {
            const NetBoxInterfaceType it =
                netboxInterfaceType(p.speedGbps, cageOf(t, p), infinibandPort(t, p));
            y += QStringLiteral("  - name: %1\n    type: %2\n")
                     .arg(yamlString(netboxPortName(t.id, p.name)), it.type);
            if (p.role == PortRole::Oob)
                y += QStringLiteral("    mgmt_only: true\n");
            if (!it.fallbackNote.isEmpty()) {
                y += QStringLiteral("    description: %1\n").arg(yamlString(it.fallbackNote));
                ++fallbacks[it.fallbackNote];
            }
        }
        if (const NetBoxLibraryType* lib = netboxLibraryType(t.id))
            for (const auto& x : lib->extraInterfaces)
                y += QStringLiteral("  - name: %1\n    type: %2\n").arg(yamlString(x.name), x.type);
        for (const auto& [note, count] : fallbacks)
            warnings << QStringLiteral("%1 %2, %3 port(s): %4")
                            .arg(n.manufacturer.name, n.facts.model)
                            .arg(count)
                            .arg(note);
    }
    return y.toUtf8();
}

QByteArray readmeText(const QString& site, const QString& location, const QStringList& warnings,
                      const QStringList& libraryNotes, bool dcRacks) {
    QString r =
        QStringLiteral(
            "# NetBox import\n\n"
            "Written by Cluster Design Studio for site \"%1\", location \"%2\". Import the files "
            "in\n"
            "the order of their numbers; each step needs the objects of the steps before it.\n"
            "Everything is imported with status `planned`.\n\n"
            "1. `01-manufacturers.csv`: Devices > Manufacturers > Import. Names and slugs are the\n"
            "   community devicetype-library's (`Nvidia` / `nvidia`): skip rows that already "
            "exist.\n"
            "2. `02-device-roles.csv`: Devices > Device Roles > Import.\n"
            "3. `03-sites.csv`: Organization > Sites > Import (skip if the site exists).\n"
            "4. `04-locations.csv`: Organization > Locations > Import: the data hall (on a "
            "campus,\n   the site plan and each hall; each rack is in its hall).\n"
            "5. `05-racks.csv`: Organization > Racks > Import.\n"
            "6. `06-device-types/MANUFACTURER/MODEL.yaml`: Devices > Device Types > Import, one "
            "file\n"
            "   at a time (paste or upload the YAML), or the devicetype-library import script. "
            "Each\n"
            "   type carries its interfaces and one power port per PSU, so NetBox creates them on\n"
            "   every device. A type that already exists (from the library) is skipped: see\n"
            "   \"Beside the community devicetype-library\" below for which types are the "
            "library's.\n"
            "7. `07-devices.csv`: Devices > Devices > Import.\n"
            "8. `08-interfaces.csv`: Devices > Interfaces > Import: the lanes of broken-out "
            "ports,\n"
            "   each with its parent port and speed (Kbps).\n"
            "9. `09-cables.csv`: Connections > Cables > Import: type, length (m), label (the "
            "cabling\n"
            "   schedule's cable id) and colour by network (compute blue, storage green, in-band\n"
            "   orange, out-of-band grey). A twin-port cable is one NetBox cable per link.\n")
            .arg(site, location);
    r += QString::fromUtf8(netboxPowerReadme(dcRacks));
    r += QString::fromUtf8(netboxIpamReadme());
    r += QStringLiteral("\n## Beside the community devicetype-library\n\n"
                        "A type whose manufacturer and model the library holds either is the "
                        "library's (same slug,\npower port and interface names) or has a model "
                        "and slug of its own, so a NetBox that\nimported the library takes "
                        "this folder either way.\n\n");
    if (libraryNotes.isEmpty())
        r += QStringLiteral("None of this design's types is in the library.\n");
    for (const QString& n : libraryNotes)
        r += QStringLiteral("- %1\n").arg(n);
    r += QStringLiteral("\n## Departures from the catalog\n\n");
    if (warnings.isEmpty())
        r += QStringLiteral("None: every interface type is NetBox's own for its speed and cage, "
                            "and every power port is a PSU.\n");
    for (const QString& w : warnings)
        r += QStringLiteral("- %1\n").arg(w);
    return r.toUtf8();
}

} // namespace

QString netboxSlug(const QString& s) {
    static const QRegularExpression nonSlug(QStringLiteral("[^a-z0-9]+"));
    QString out = s.toLower().replace(nonSlug, QStringLiteral("-"));
    while (out.startsWith(QLatin1Char('-')))
        out.remove(0, 1);
    while (out.endsWith(QLatin1Char('-')))
        out.chop(1);
    return out;
}

namespace {

/// What every file of the bundle shares: the design, where it goes, each type's NetBox names.
struct Bundle {
    const DesignData& d;
    QString site, location;
    std::map<TypeId, TypeNames> names;
    std::set<TypeId> used;            ///< device types the devices use
    std::map<QString, QString> roles; ///< name -> colour, sorted
    std::set<QString> laneNotes;
    /// A campus: each rack's location is its hall (by rack id value); else the floor's.
    std::vector<QString> rackLocation = {};
    const QString& locationOf(RackId id) const {
        return id.isValid() && id.value() < rackLocation.size() ? rackLocation[id.value()]
                                                                : location;
    }
    const TypeNames& namesOf(TypeId id) {
        auto it = names.find(id);
        if (it == names.end())
            it = names.emplace(id, typeNames(d.catalog[id])).first;
        return it->second;
    }
};

void racksFile(const Bundle& b, ByteSink& out) {
    const DesignData& d = b.d;
    const QString& site = b.site;
    out.writeText(csv::row(
        {QStringLiteral("name"), QStringLiteral("site"), QStringLiteral("status"),
         QStringLiteral("location"), QStringLiteral("form_factor"), QStringLiteral("width"),
         QStringLiteral("u_height"), QStringLiteral("outer_width"), QStringLiteral("outer_depth"),
         QStringLiteral("outer_unit"), QStringLiteral("description")}));
    d.racks.forEach([&](RackId id, const Rack& r) {
        const CatalogItem& t = d.typeOf(r);
        const RackSpec spec = t.rack.value_or(RackSpec{});
        out.writeText(
            csv::row({r.name, site, QStringLiteral("planned"), b.locationOf(id),
                      QStringLiteral("4-post-cabinet"), QStringLiteral("19"),
                      QString::number(spec.uCapacity), num(spec.widthMm), num(spec.depthMm),
                      QStringLiteral("mm"),
                      QStringLiteral("%1 (%2), %3").arg(t.model, t.id, coolingLabel(r.cooling))}));
    });
}

/// Also notes the device types and roles the devices use.
void devicesFile(Bundle& b, ByteSink& out) {
    const DesignData& d = b.d;
    const QString& site = b.site;
    out.writeText(
        csv::row({QStringLiteral("name"), QStringLiteral("role"), QStringLiteral("manufacturer"),
                  QStringLiteral("device_type"), QStringLiteral("status"), QStringLiteral("site"),
                  QStringLiteral("location"), QStringLiteral("rack"), QStringLiteral("position"),
                  QStringLiteral("face")}));
    d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& t = d.typeOf(v);
        b.used.insert(v.type);
        const TypeNames& n = b.namesOf(v.type);
        const Rack* r = d.racks.find(v.rack);
        const bool mounted = r && v.uPosition > 0 && t.uHeight > 0;
        const QString ro = role(t, v);
        b.roles[ro] = roleColour(ro);
        out.writeText(csv::row(
            {v.name, ro, n.manufacturer.name, n.facts.model, QStringLiteral("planned"), site,
             r ? b.locationOf(v.rack) : b.location, r ? r->name : QString(),
             mounted ? QString::number(v.uPosition) : QString(),
             mounted ? (v.face == Face::Front ? QStringLiteral("front") : QStringLiteral("rear"))
                     : QString()}));
    });
}

/// Also notes the lanes whose interface type NetBox lacks.
void interfacesFile(Bundle& b, ByteSink& out) {
    const DesignData& d = b.d;
    out.writeText(
        csv::row({QStringLiteral("device"), QStringLiteral("name"), QStringLiteral("parent"),
                  QStringLiteral("type"), QStringLiteral("speed"), QStringLiteral("description")}));
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (v.breakout <= 1)
            return;
        const CatalogItem& t = d.typeOf(v);
        for (int i = 0; i < t.logicalPortCount(v.breakout); ++i) {
            const auto lp = t.logicalPort(v.breakout, i);
            if (!lp || std::size_t(lp->catalogPort) >= t.ports.size())
                continue;
            const PortDef& parent = t.ports[std::size_t(lp->catalogPort)];
            if (lp->name == parent.name)
                continue; // not split: the device type already has it
            const NetBoxInterfaceType it =
                netboxInterfaceType(lp->speedGbps, cageOf(t, parent), infinibandPort(t, parent));
            if (!it.fallbackNote.isEmpty())
                b.laneNotes.insert(QStringLiteral("%1 breakout lanes: %2")
                                       .arg(b.namesOf(v.type).facts.model, it.fallbackNote));
            // NetBox interface speed is in Kbps.
            out.writeText(
                csv::row({v.name, netboxPortName(t.id, lp->name), netboxPortName(t.id, parent.name),
                          it.type, QString::number(std::llround(lp->speedGbps * 1e6)),
                          QStringLiteral("lane %1 of %2 (%3-way breakout)")
                              .arg(lp->lane)
                              .arg(parent.name)
                              .arg(v.breakout)}));
        }
    });
}

/// One row per link, cable by cable (forEachCable: no schedule rows are built).
void cablesFile(const DesignData& d, ByteSink& out, QStringList& warnings) {
    out.writeText(csv::row({QStringLiteral("side_a_device"), QStringLiteral("side_a_type"),
                            QStringLiteral("side_a_name"), QStringLiteral("side_b_device"),
                            QStringLiteral("side_b_type"), QStringLiteral("side_b_name"),
                            QStringLiteral("type"), QStringLiteral("status"),
                            QStringLiteral("label"), QStringLiteral("color"),
                            QStringLiteral("length"), QStringLiteral("length_unit")}));
    const QString iface = QStringLiteral("dcim.interface");
    // NetBox's CSV import takes one termination per side, so a twin-port cable becomes one
    // NetBox cable per link, all labelled with the schedule's cable id.
    PortNames portNames(d);
    int noMedium = 0;
    forEachCable(d, [&](const std::vector<LinkId>& links) {
        const QString label = cableId(links.front());
        for (LinkId id : links) {
            const Link& l = d.links[id];
            noMedium += !(l.pinnedMedium || l.medium);
            const CableEnd a = cableEnd(d, l.a, portNames), b = cableEnd(d, l.b, portNames);
            // An adopted library type names its interfaces its own way (NetBoxLibrary.h).
            const QString aPort = netboxPortName(d.typeOf(d.devices[l.a.device]).id, a.port);
            const QString bPort = netboxPortName(d.typeOf(d.devices[l.b.device]).id, b.port);
            const QString colour = l.fabric && l.fabric.value() < d.fabrics.size()
                                       ? networkColour(d.fabrics[l.fabric.value()].kind)
                                       : QString();
            out.writeText(
                csv::row({a.device, iface, aPort, b.device, iface, bPort, cableType(d, l),
                          QStringLiteral("planned"), label, colour,
                          QString::number(double(l.lengthM), 'f', 1), QStringLiteral("m")}));
        }
    });
    if (noMedium > 0)
        warnings << QStringLiteral("%1 cable(s) have no catalog medium that reaches "
                                   "(link.no-medium); their type is left empty")
                        .arg(noMedium);
}

} // namespace

bool writeNetBox(const DesignData& d, const QString& site, FolderSink& out, QString* problem,
                 QStringList* warningsOut) {
    *problem = badName(d, site);
    if (!problem->isEmpty())
        return false;
    Bundle b{d, site, d.hall.name, {}, {}, {}, {}};
    const QString& location = b.location;
    // A campus: a location per hall, besides the site plan's own (its power panels).
    QStringList locations{location};
    if (!d.halls.empty()) {
        const std::vector<int> hall = rackHalls(d, d.halls);
        b.rackLocation.assign(hall.size(), location);
        for (std::size_t i = 0; i < hall.size(); ++i)
            if (hall[i] >= 0)
                b.rackLocation[i] = d.halls[std::size_t(hall[i])].name;
        for (const SiteHall& h : d.halls)
            if (!locations.contains(h.name))
                locations << h.name;
    }
    auto sites = [&](ByteSink& f) {
        f.writeText(
            csv::row({QStringLiteral("name"), QStringLiteral("slug"), QStringLiteral("status")}));
        f.writeText(csv::row({site, netboxSlug(site), QStringLiteral("planned")}));
    };
    auto locationRows = [&](ByteSink& f) {
        f.writeText(csv::row({QStringLiteral("site"), QStringLiteral("name"),
                              QStringLiteral("slug"), QStringLiteral("status")}));
        for (const QString& l : locations)
            f.writeText(csv::row({site, l, netboxSlug(l), QStringLiteral("planned")}));
    };
    // Written in the order each file finds what it needs (the devices name the types and
    // roles used); the README last, with every warning. NetBox imports them by their numbers.
    QStringList warnings; // in the README's order: cables, types, lanes, power, IPAM
    NetBoxPowerResult power;
    QString ipamError;
    if (!out.file(QStringLiteral("03-sites.csv"), sites) ||
        !out.file(QStringLiteral("04-locations.csv"), locationRows) ||
        !out.file(QStringLiteral("05-racks.csv"), [&](ByteSink& f) { racksFile(b, f); }) ||
        !out.file(QStringLiteral("07-devices.csv"), [&](ByteSink& f) { devicesFile(b, f); }) ||
        !out.file(QStringLiteral("08-interfaces.csv"),
                  [&](ByteSink& f) { interfacesFile(b, f); }) ||
        !out.file(QStringLiteral("09-cables.csv"),
                  [&](ByteSink& f) { cablesFile(d, f, warnings); }) ||
        !writeNetBoxPower(d, site, location, out, power) ||
        !writeNetBoxIpam(d, site, out, &ipamError))
        return false;
    QStringList libraryNotes;
    std::map<QString, QString> manufacturers; // name -> slug
    for (TypeId t : b.used) {
        const TypeNames& n = b.namesOf(t);
        manufacturers[n.manufacturer.name] = n.manufacturer.slug;
        if (!out.file(n.path,
                      [&](ByteSink& f) { f.write(deviceTypeYaml(d.catalog[t], n, warnings)); }))
            return false;
        if (const QString note = netboxLibraryNote(d.catalog[t].id); !note.isEmpty())
            libraryNotes << note;
    }
    for (const QString& note : b.laneNotes)
        warnings << note;
    warnings << power.warnings;
    if (!ipamError.isEmpty())
        warnings << QStringLiteral("No IPAM files (13 to 17): %1; widen the pool under File > "
                                   "Address pools")
                        .arg(ipamError);
    if (warningsOut)
        *warningsOut = warnings;
    auto manufacturerRows = [&](ByteSink& f) {
        f.writeText(csv::row({QStringLiteral("name"), QStringLiteral("slug")}));
        for (const auto& [name, slug] : manufacturers)
            f.writeText(csv::row({name, slug}));
    };
    auto roleRows = [&](ByteSink& f) {
        f.writeText(
            csv::row({QStringLiteral("name"), QStringLiteral("slug"), QStringLiteral("color")}));
        for (const auto& [name, colour] : b.roles)
            f.writeText(csv::row({name, netboxSlug(name), colour}));
    };
    return out.file(QStringLiteral("01-manufacturers.csv"), manufacturerRows) &&
           out.file(QStringLiteral("02-device-roles.csv"), roleRows) &&
           out.file(QStringLiteral("README.md"), [&](ByteSink& f) {
               f.write(readmeText(site, location, warnings, libraryNotes, power.dcRacks > 0));
           });
}

NetBoxExport netboxExport(const DesignData& d, const QString& site) {
    NetBoxExport e;
    MemoryFolder folder;
    if (!writeNetBox(d, site, folder, &e.error, &e.warnings))
        return e;
    const std::map<QString, QByteArray NetBoxExport::*> fileOf = {
        {QStringLiteral("README.md"), &NetBoxExport::readme},
        {QStringLiteral("01-manufacturers.csv"), &NetBoxExport::manufacturersCsv},
        {QStringLiteral("02-device-roles.csv"), &NetBoxExport::deviceRolesCsv},
        {QStringLiteral("03-sites.csv"), &NetBoxExport::sitesCsv},
        {QStringLiteral("04-locations.csv"), &NetBoxExport::locationsCsv},
        {QStringLiteral("05-racks.csv"), &NetBoxExport::racksCsv},
        {QStringLiteral("07-devices.csv"), &NetBoxExport::devicesCsv},
        {QStringLiteral("08-interfaces.csv"), &NetBoxExport::interfacesCsv},
        {QStringLiteral("09-cables.csv"), &NetBoxExport::cablesCsv},
        {QStringLiteral("10-power-panels.csv"), &NetBoxExport::powerPanelsCsv},
        {QStringLiteral("11-power-feeds.csv"), &NetBoxExport::powerFeedsCsv},
        {QStringLiteral("12-power-cables.csv"), &NetBoxExport::powerCablesCsv},
        {QStringLiteral("13-loopbacks.csv"), &NetBoxExport::loopbacksCsv},
        {QStringLiteral("14-rirs.csv"), &NetBoxExport::rirsCsv},
        {QStringLiteral("15-asns.csv"), &NetBoxExport::asnsCsv},
        {QStringLiteral("16-prefixes.csv"), &NetBoxExport::prefixesCsv},
        {QStringLiteral("17-ip-addresses.csv"), &NetBoxExport::ipAddressesCsv}};
    for (const FolderFile& f : folder.files()) {
        if (const auto it = fileOf.find(f.first); it != fileOf.end())
            e.*(it->second) = f.second;
        else // 06-device-types/..., in the order written
            e.deviceTypes.push_back(f);
    }
    return e;
}

std::vector<std::pair<QString, QByteArray>> netboxFiles(const NetBoxExport& e) {
    std::vector<std::pair<QString, QByteArray>> files = {
        {QStringLiteral("README.md"), e.readme},
        {QStringLiteral("01-manufacturers.csv"), e.manufacturersCsv},
        {QStringLiteral("02-device-roles.csv"), e.deviceRolesCsv},
        {QStringLiteral("03-sites.csv"), e.sitesCsv},
        {QStringLiteral("04-locations.csv"), e.locationsCsv},
        {QStringLiteral("05-racks.csv"), e.racksCsv}};
    files.insert(files.end(), e.deviceTypes.begin(), e.deviceTypes.end());
    files.insert(files.end(), {{QStringLiteral("07-devices.csv"), e.devicesCsv},
                               {QStringLiteral("08-interfaces.csv"), e.interfacesCsv},
                               {QStringLiteral("09-cables.csv"), e.cablesCsv},
                               {QStringLiteral("10-power-panels.csv"), e.powerPanelsCsv},
                               {QStringLiteral("11-power-feeds.csv"), e.powerFeedsCsv},
                               {QStringLiteral("12-power-cables.csv"), e.powerCablesCsv}});
    if (!e.rirsCsv.isEmpty())
        files.insert(files.end(), {{QStringLiteral("13-loopbacks.csv"), e.loopbacksCsv},
                                   {QStringLiteral("14-rirs.csv"), e.rirsCsv},
                                   {QStringLiteral("15-asns.csv"), e.asnsCsv},
                                   {QStringLiteral("16-prefixes.csv"), e.prefixesCsv},
                                   {QStringLiteral("17-ip-addresses.csv"), e.ipAddressesCsv}});
    return files;
}

bool writeNetBoxFolder(const NetBoxExport& e, const QString& dir, QString* error) {
    // One output: all files staged, then renamed; a failure leaves the previous export whole.
    return writeFilesAtomically(dir, netboxFiles(e), error);
}

} // namespace cds
