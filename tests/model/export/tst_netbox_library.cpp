// The NetBox folder against NetBox's own choice lists and the community devicetype-library's
// schema and rules (kept as data in tests/model/export/data, sources named there): no NetBox
// runs here, so these are what NetBox and the library's CI would check.
#include "ExportTestDesigns.h"
#include "NetBoxReference.h"
#include "model/cabling/CableRouting.h"
#include "model/export/NetBoxChoices.h"
#include "model/export/NetBoxExport.h"
#include "model/json/DesignFile.h"
#include "model/power/PowerChainBuilder.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

using namespace cds;

namespace {

using test::parseCsv;
using test::records;

using Choices = QMap<QString, QSet<QString>>;

/// One value against a property of the schema data; empty when valid.
QString checkScalar(const QString& key, const QJsonObject& prop, const test::YamlScalar& v,
                    const Choices& choices) {
    if (prop.contains(QStringLiteral("choices"))) {
        const QString set = prop.value(QStringLiteral("choices")).toString();
        return choices.value(set).contains(v.text)
                   ? QString()
                   : QStringLiteral("%1: '%2' is not in NetBox's %3").arg(key, v.text, set);
    }
    const QString type = prop.value(QStringLiteral("type")).toString();
    bool ok = false;
    if (type == QLatin1String("string")) {
        if (prop.contains(QStringLiteral("maxLength")) &&
            v.text.size() > prop.value(QStringLiteral("maxLength")).toInt())
            return QStringLiteral("%1: longer than %2")
                .arg(key)
                .arg(prop.value(QStringLiteral("maxLength")).toInt());
        if (prop.contains(QStringLiteral("pattern")) &&
            !QRegularExpression(prop.value(QStringLiteral("pattern")).toString())
                 .match(v.text)
                 .hasMatch())
            return QStringLiteral("%1: '%2' does not match %3")
                .arg(key, v.text, prop.value(QStringLiteral("pattern")).toString());
        return {};
    }
    if (type == QLatin1String("boolean"))
        return !v.quoted && (v.text == QLatin1String("true") || v.text == QLatin1String("false"))
                   ? QString()
                   : QStringLiteral("%1: '%2' is not a boolean").arg(key, v.text);
    if (type == QLatin1String("integer")) {
        const qlonglong n = v.text.toLongLong(&ok);
        if (v.quoted || !ok)
            return QStringLiteral("%1: '%2' is not an integer").arg(key, v.text);
        if (prop.contains(QStringLiteral("minimum")) &&
            n < prop.value(QStringLiteral("minimum")).toInteger())
            return QStringLiteral("%1: %2 below the minimum").arg(key, v.text);
        return {};
    }
    if (type == QLatin1String("number")) {
        const double n = v.text.toDouble(&ok);
        if (v.quoted || !ok)
            return QStringLiteral("%1: '%2' is not a number").arg(key, v.text);
        if (prop.contains(QStringLiteral("minimum")) &&
            n < prop.value(QStringLiteral("minimum")).toDouble())
            return QStringLiteral("%1: %2 below the minimum").arg(key, v.text);
        if (prop.contains(QStringLiteral("multipleOf"))) {
            const double m = prop.value(QStringLiteral("multipleOf")).toDouble();
            if (std::abs(n / m - std::round(n / m)) > 1e-9)
                return QStringLiteral("%1: %2 is not a multiple of %3").arg(key, v.text).arg(m);
        }
        return {};
    }
    return QStringLiteral("%1: a scalar where the schema wants %2").arg(key, type);
}

QStringList checkObject(const QString& where, const QMap<QString, test::YamlScalar>& obj,
                        const QJsonObject& def, const Choices& choices) {
    QStringList errors;
    const QJsonObject props = def.value(QStringLiteral("properties")).toObject();
    for (const QJsonValue r : def.value(QStringLiteral("required")).toArray())
        if (!obj.contains(r.toString()))
            errors << QStringLiteral("%1: required '%2' missing").arg(where, r.toString());
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        if (!props.contains(it.key())) {
            errors << QStringLiteral("%1: '%2' is not allowed").arg(where, it.key());
            continue;
        }
        const QString e =
            checkScalar(it.key(), props.value(it.key()).toObject(), it.value(), choices);
        if (!e.isEmpty())
            errors << where + QStringLiteral(": ") + e;
    }
    return errors;
}

/// Schema and the library's rules (tests/device_types.py) for one file.
QStringList checkDeviceType(const QString& path, const QByteArray& bytes, const QJsonObject& schema,
                            const Choices& choices) {
    QStringList errors;
    const test::DeviceTypeYaml y = test::readDeviceTypeYaml(bytes);
    if (!y.error.isEmpty())
        return {path + QStringLiteral(": unreadable line: ") + y.error};
    if (!bytes.endsWith('\n'))
        errors << path + QStringLiteral(": no trailing newline");
    const QJsonObject dt = schema.value(QStringLiteral("devicetype")).toObject();
    const QJsonObject components = schema.value(QStringLiteral("components")).toObject();
    const QJsonObject props = dt.value(QStringLiteral("properties")).toObject();
    QMap<QString, test::YamlScalar> top = y.scalars;
    errors << checkObject(
        path, top,
        QJsonObject{{QStringLiteral("properties"), props},
                    {QStringLiteral("required"), dt.value(QStringLiteral("required"))}},
        choices);
    for (const QJsonValue pair : dt.value(QStringLiteral("requiredTogether")).toArray()) {
        const QJsonArray p = pair.toArray();
        if (top.contains(p[0].toString()) != top.contains(p[1].toString()))
            errors << path + QStringLiteral(": %1 needs %2").arg(p[0].toString(), p[1].toString());
    }
    for (auto it = y.lists.begin(); it != y.lists.end(); ++it) {
        const QJsonObject prop = props.value(it.key()).toObject();
        if (prop.isEmpty() ||
            prop.value(QStringLiteral("type")).toString() != QLatin1String("array")) {
            errors << path + QStringLiteral(": list '%1' is not allowed").arg(it.key());
            continue;
        }
        const QJsonObject def =
            components.value(prop.value(QStringLiteral("items")).toString()).toObject();
        QSet<QString> names;
        for (const auto& item : it.value()) {
            errors << checkObject(path + QLatin1Char('/') + it.key(), item, def, choices);
            const QString name = item.value(QStringLiteral("name")).text;
            if (names.contains(name))
                errors << path + QStringLiteral(": duplicate %1 name %2").arg(it.key(), name);
            names.insert(name);
        }
    }
    // The library's rules: folder = manufacturer; slug = manufacturer slug + model slug;
    // file name = model slug; something supplies power.
    const QStringList parts = path.split(QLatin1Char('/'));
    const QString manufacturer = top.value(QStringLiteral("manufacturer")).text;
    const QString model = top.value(QStringLiteral("model")).text;
    const QString slug = top.value(QStringLiteral("slug")).text;
    const QString mfSlug = manufacturer.toLower().replace(QLatin1Char(' '), QLatin1Char('-'));
    if (parts.size() != 3 || parts[0] != QLatin1String("06-device-types") ||
        parts[1] != manufacturer)
        errors << path + QStringLiteral(": not under 06-device-types/%1/").arg(manufacturer);
    if (!slug.startsWith(mfSlug + QLatin1Char('-')) || !slug.endsWith(libraryModelSlug(model)))
        errors << path + QStringLiteral(": slug %1 is not %2-%3")
                             .arg(slug, mfSlug, libraryModelSlug(model));
    const QString file = parts.last().section(QLatin1Char('.'), 0, -2).toLower();
    if (file != libraryModelSlug(model) && !parts.last().endsWith(QLatin1String(".yaml")))
        errors << path + QStringLiteral(": file name is not the model slug");
    if (file != libraryModelSlug(model))
        errors << path + QStringLiteral(": file name %1 is not the model slug %2")
                             .arg(file, libraryModelSlug(model));
    // Busbar-fed trays say so, as the library's NVLink 5 Switch does.
    if (!y.lists.contains(QStringLiteral("power-ports")) &&
        y.scalars.value(QStringLiteral("is_powered")).text != QLatin1String("false"))
        errors << path + QStringLiteral(": no power-ports");
    return errors;
}

struct Case {
    QString name;
    DesignData design;
};

/// The generated examples, plus test designs that cover breakout, rails and NVL72 racks.
std::vector<Case> designs() {
    std::vector<Case> out;
    for (const QString& f :
         QDir(QStringLiteral(CDS_SOURCE_DIR "/resources/examples"))
             .entryList({QStringLiteral("*.cds.json")}, QDir::Files, QDir::Name)) {
        LoadResult lr = DesignFile::load(QStringLiteral(CDS_SOURCE_DIR "/resources/examples/") + f);
        if (!lr.ok)
            qFatal("example %s does not load", qPrintable(f));
        out.push_back({f, lr.data});
    }
    // The examples hold no power chain: two of them again with one (2N; the NVL72 racks fed
    // at 800 V DC from power racks), as `generate --site-mw` builds it.
    for (const char* f : {"dgx-h100-256gpu-su.cds.json", "gb300-nvl72-576gpu-su.cds.json"}) {
        LoadResult lr = DesignFile::load(QStringLiteral(CDS_SOURCE_DIR "/resources/examples/") +
                                         QLatin1String(f));
        PowerBuildOptions o;
        o.dc800 = QByteArray(f).startsWith("gb300");
        const PowerBuildResult r = buildPowerChain(lr.data, test::bundled().catalog(), o);
        if (!lr.ok || !r.ok || lr.data.power.isEmpty())
            qFatal("no power chain for %s: %s", f, qPrintable(r.error));
        out.push_back({QStringLiteral("chain ") + QLatin1String(f), lr.data});
    }
    // As `generate --dc-800v` builds it: its NVL72 racks on power racks, without PDUs.
    out.push_back({QStringLiteral("dc-800v gb300"), test::gb300Dc800()});
    out.push_back({QStringLiteral("rails"), test::leafSpine(16, 4, 2, true)});
    out.push_back({QStringLiteral("nvl72"), test::nvl72Racks(2)});
    out.push_back({QStringLiteral("mi300x"), test::serversOf("amd-mi300x-8gpu", 2)});
    for (Case& c : out)
        routeCables(c.design);
    return out;
}

/// A CSV's columns against a NetBox import form: every column a field, every required field
/// present.
QStringList checkColumns(const QString& file, const QByteArray& csv, const test::ImportForm& f) {
    QStringList errors;
    const QList<QStringList> rows = parseCsv(csv);
    const QStringList header = rows.isEmpty() ? QStringList() : rows.first();
    for (const QString& c : header)
        if (!f.fields.contains(c))
            errors << QStringLiteral("%1: column %2 is no field of the import form").arg(file, c);
    for (const QString& r : f.required)
        if (!header.contains(r))
            errors << QStringLiteral("%1: required column %2 missing").arg(file, r);
    return errors;
}

/// @brief What the device types and devices of a bundle give the power checks.
struct PowerIndex {
    QMap<QString, QStringList> psus;       ///< type key -> power port names
    QMap<QString, QSet<QString>> outlets;  ///< type key -> outlet names
    QMap<QString, QString> typeOf, rackOf; ///< device -> type key, rack
};

PowerIndex powerIndex(const NetBoxExport& e) {
    PowerIndex x;
    for (const auto& [path, yaml] : e.deviceTypes) {
        const test::DeviceTypeYaml y = test::readDeviceTypeYaml(yaml);
        const QString key = y.scalars.value(QStringLiteral("manufacturer")).text +
                            QLatin1Char('/') + y.scalars.value(QStringLiteral("model")).text;
        for (const auto& p : y.lists.value(QStringLiteral("power-ports")))
            x.psus[key] << p.value(QStringLiteral("name")).text;
        for (const auto& o : y.lists.value(QStringLiteral("power-outlets")))
            x.outlets[key].insert(o.value(QStringLiteral("name")).text);
    }
    for (const auto& r : records(e.devicesCsv)) {
        const QString n = r.value(QStringLiteral("name"));
        x.typeOf[n] = r.value(QStringLiteral("manufacturer")) + QLatin1Char('/') +
                      r.value(QStringLiteral("device_type"));
        x.rackOf[n] = r.value(QStringLiteral("rack"));
    }
    return x;
}

/// Panels and feeds: columns, choices, references; returns {feed key -> its row}.
QMap<QString, QMap<QString, QString>> checkFeeds(const NetBoxExport& e, const Choices& ch,
                                                 QStringList& errors) {
    const auto forms = test::netboxImportForms();
    errors << checkColumns(QStringLiteral("10-power-panels.csv"), e.powerPanelsCsv,
                           forms[QStringLiteral("PowerPanelImportForm")]);
    errors << checkColumns(QStringLiteral("11-power-feeds.csv"), e.powerFeedsCsv,
                           forms[QStringLiteral("PowerFeedImportForm")]);
    errors << checkColumns(QStringLiteral("12-power-cables.csv"), e.powerCablesCsv,
                           forms[QStringLiteral("CableImportForm")]);
    QSet<QString> panels, racks;
    for (const auto& r : records(e.powerPanelsCsv))
        panels.insert(r.value(QStringLiteral("name")));
    for (const auto& r : records(e.racksCsv))
        racks.insert(r.value(QStringLiteral("name")));
    QMap<QString, QMap<QString, QString>> feeds;
    for (const auto& r : records(e.powerFeedsCsv)) {
        const QString key = r.value(QStringLiteral("power_panel")) + QLatin1Char('/') +
                            r.value(QStringLiteral("name"));
        for (const auto& [col, set] : {std::pair{"status", "PowerFeedStatusChoices"},
                                       {"type", "PowerFeedTypeChoices"},
                                       {"supply", "PowerFeedSupplyChoices"},
                                       {"phase", "PowerFeedPhaseChoices"}})
            if (!ch.value(QLatin1String(set)).contains(r.value(QLatin1String(col))))
                errors << QStringLiteral("feed %1: %2 '%3' not in %4")
                              .arg(key, QLatin1String(col), r.value(QLatin1String(col)),
                                   QLatin1String(set));
        const int util = r.value(QStringLiteral("max_utilization")).toInt();
        if (!panels.contains(r.value(QStringLiteral("power_panel"))) ||
            !racks.contains(r.value(QStringLiteral("rack"))) || feeds.contains(key) ||
            r.value(QStringLiteral("voltage")).toInt() <= 0 ||
            r.value(QStringLiteral("amperage")).toInt() < 1 || util < 1 || util > 100)
            errors << QStringLiteral("feed %1: bad panel, rack, name or rating").arg(key);
        feeds[key] = r;
    }
    return feeds;
}

/// Every feed cabled once to a PDU inlet, every PSU once to an outlet of a PDU in its rack,
/// no outlet twice, a device's PSUs on both feeds where its rack has both; racks named in a
/// warning may leave PSUs uncabled. Returns errors.
QStringList checkPowerCables(const Case& c, const NetBoxExport& e, const Choices& ch) {
    QStringList errors;
    const auto feeds = checkFeeds(e, ch, errors);
    const PowerIndex x = powerIndex(e);
    QMap<QString, QString> sideOfPdu, panelOfPdu; // PDU device -> "A"/"B", panel
    QSet<QString> used;
    QMap<QString, QSet<QString>> sidesOfDevice;
    for (const auto& r : records(e.powerCablesCsv)) {
        const QString aDev = r.value(QStringLiteral("side_a_device"));
        const QString a = aDev + QLatin1Char('/') + r.value(QStringLiteral("side_a_name"));
        const QString bDev = r.value(QStringLiteral("side_b_device"));
        const QString b = bDev + QLatin1Char('/') + r.value(QStringLiteral("side_b_name"));
        if (!ch.value(QStringLiteral("CableTypeChoices")).contains(r.value(QStringLiteral("type"))))
            errors << QStringLiteral("power cable type ") + r.value(QStringLiteral("type"));
        if (r.value(QStringLiteral("side_a_type")) == QLatin1String("dcim.powerfeed")) {
            const QString key = r.value(QStringLiteral("side_a_power_panel")) + QLatin1Char('/') +
                                r.value(QStringLiteral("side_a_name"));
            const QString name = r.value(QStringLiteral("side_a_name"));
            if (!feeds.contains(key) || used.contains(key) ||
                r.value(QStringLiteral("side_b_type")) != QLatin1String("dcim.powerport") ||
                !x.psus.value(x.typeOf.value(bDev))
                     .contains(r.value(QStringLiteral("side_b_name"))) ||
                feeds[key].value(QStringLiteral("rack")) != x.rackOf.value(bDev))
                errors << QStringLiteral("feed cable %1 -> %2").arg(key, b);
            sideOfPdu[bDev] = name.at(name.lastIndexOf(QLatin1Char('-')) + 1);
            panelOfPdu[bDev] = r.value(QStringLiteral("side_a_power_panel"));
            used.insert(key);
        } else if (r.value(QStringLiteral("side_a_type")) != QLatin1String("dcim.powerport") ||
                   r.value(QStringLiteral("side_b_type")) != QLatin1String("dcim.poweroutlet") ||
                   !x.psus.value(x.typeOf.value(aDev))
                        .contains(r.value(QStringLiteral("side_a_name"))) ||
                   !x.outlets.value(x.typeOf.value(bDev))
                        .contains(r.value(QStringLiteral("side_b_name"))) ||
                   x.rackOf.value(aDev) != x.rackOf.value(bDev) || used.contains(a) ||
                   used.contains(b)) {
            errors << QStringLiteral("PSU cable %1 -> %2").arg(a, b);
        }
        used.insert(a);
        used.insert(b);
        if (r.value(QStringLiteral("side_b_type")) == QLatin1String("dcim.poweroutlet"))
            sidesOfDevice[aDev].insert(sideOfPdu.value(bDev));
    }
    for (auto it = x.psus.begin(); it != x.psus.end(); ++it)
        for (auto d = x.typeOf.begin(); d != x.typeOf.end(); ++d) {
            if (d.value() != it.key())
                continue;
            const bool pdu = x.outlets.contains(it.key());
            for (const QString& psu : it.value())
                if (!used.contains(d.key() + QLatin1Char('/') + psu) &&
                    e.warnings.filter(x.rackOf.value(d.key())).isEmpty())
                    errors << QStringLiteral("%1 %2/%3 has no cable and no warning")
                                  .arg(pdu ? "PDU inlet" : "PSU", d.key(), psu);
            const QSet<QString> rackSides = [&] {
                QSet<QString> s;
                for (auto p = sideOfPdu.begin(); p != sideOfPdu.end(); ++p)
                    if (x.rackOf.value(p.key()) == x.rackOf.value(d.key()))
                        s.insert(p.value().left(1));
                return s;
            }();
            QSet<QString> mine;
            for (const QString& side : sidesOfDevice.value(d.key()))
                mine.insert(side.left(1));
            if (!pdu && it.value().size() >= 2 && rackSides.size() == 2 && mine.size() != 2 &&
                e.warnings.filter(x.rackOf.value(d.key())).isEmpty())
                errors << QStringLiteral("%1: PSUs not split over the A and B feeds").arg(d.key());
        }
    // With a chain, each PDU's feed hangs on the element the rack's feed names.
    c.design.devices.forEach([&](DeviceId, const Device& v) {
        const Rack* r = c.design.racks.find(v.rack);
        if (!r || !sideOfPdu.contains(v.name))
            return;
        const PowerElementId el =
            sideOfPdu[v.name].startsWith(QLatin1Char('A')) ? r->feeds.a : r->feeds.b;
        const PowerElement* pe = el.isValid() ? c.design.power.elements.find(el) : nullptr;
        const QString want =
            pe ? pe->name
               : (sideOfPdu[v.name].startsWith(QLatin1Char('A')) ? QStringLiteral("Panel A")
                                                                 : QStringLiteral("Panel B"));
        if (panelOfPdu[v.name] != want)
            errors << QStringLiteral("PDU %1 on panel %2, the design names %3")
                          .arg(v.name, panelOfPdu[v.name], want);
    });
    return errors;
}

} // namespace

/// The IPAM files (13 to 17) against NetBox's import forms and choices, and against the rest
/// of the bundle: every ASN's RIR, every address's device and interface exist, no address
/// twice, both ends of each /31 addressed. Returns errors.
QStringList checkIpam(const NetBoxExport& e, const Choices& ch) {
    const auto forms = test::netboxImportForms();
    QStringList errors;
    for (const auto& [file, bytes, form] :
         {std::tuple{"13-loopbacks.csv", &e.loopbacksCsv, "InterfaceImportForm"},
          std::tuple{"14-rirs.csv", &e.rirsCsv, "RIRImportForm"},
          std::tuple{"15-asns.csv", &e.asnsCsv, "ASNImportForm"},
          std::tuple{"16-prefixes.csv", &e.prefixesCsv, "PrefixImportForm"},
          std::tuple{"17-ip-addresses.csv", &e.ipAddressesCsv, "IPAddressImportForm"}})
        errors << checkColumns(QLatin1String(file), *bytes, forms[QLatin1String(form)]);
    auto notIn = [&](const QString& what, const QString& value, const char* set) {
        if (!ch.value(QLatin1String(set)).contains(value))
            errors << QStringLiteral("%1: '%2' not in %3").arg(what, value, QLatin1String(set));
    };
    // Interfaces each device has: its type's, its broken-out lanes, its loopback.
    QMap<QString, QSet<QString>> typeIfaces, ifaces;
    for (const auto& [path, yaml] : e.deviceTypes) {
        const test::DeviceTypeYaml y = test::readDeviceTypeYaml(yaml);
        const QString key = y.scalars.value(QStringLiteral("manufacturer")).text +
                            QLatin1Char('/') + y.scalars.value(QStringLiteral("model")).text;
        for (const auto& i : y.lists.value(QStringLiteral("interfaces")))
            typeIfaces[key].insert(i.value(QStringLiteral("name")).text);
    }
    for (const auto& r : records(e.devicesCsv))
        ifaces[r.value(QStringLiteral("name"))] =
            typeIfaces.value(r.value(QStringLiteral("manufacturer")) + QLatin1Char('/') +
                             r.value(QStringLiteral("device_type")));
    for (const auto& r : records(e.interfacesCsv))
        ifaces[r.value(QStringLiteral("device"))].insert(r.value(QStringLiteral("name")));
    for (const auto& r : records(e.loopbacksCsv)) {
        notIn(QStringLiteral("loopback of ") + r.value(QStringLiteral("device")),
              r.value(QStringLiteral("type")), "InterfaceTypeChoices");
        if (!ifaces.contains(r.value(QStringLiteral("device"))))
            errors << QStringLiteral("loopback on unknown device %1")
                          .arg(r.value(QStringLiteral("device")));
        ifaces[r.value(QStringLiteral("device"))].insert(r.value(QStringLiteral("name")));
    }
    QSet<QString> rirs, asns, prefixes, addresses;
    for (const auto& r : records(e.rirsCsv))
        rirs.insert(r.value(QStringLiteral("name")));
    for (const auto& r : records(e.asnsCsv)) {
        const qulonglong asn = r.value(QStringLiteral("asn")).toULongLong();
        if (!rirs.contains(r.value(QStringLiteral("rir"))) || asn < 1 || asn > 4294967295ull ||
            asns.contains(r.value(QStringLiteral("asn"))))
            errors << QStringLiteral("ASN %1: bad number, RIR or twice")
                          .arg(r.value(QStringLiteral("asn")));
        asns.insert(r.value(QStringLiteral("asn")));
    }
    const QString site = records(e.sitesCsv).value(0).value(QStringLiteral("name"));
    QStringList p2p;
    for (const auto& r : records(e.prefixesCsv)) {
        const QString p = r.value(QStringLiteral("prefix"));
        notIn(QStringLiteral("prefix ") + p, r.value(QStringLiteral("status")),
              "PrefixStatusChoices");
        if (r.value(QStringLiteral("scope_type")) != QLatin1String("dcim.site") ||
            r.value(QStringLiteral("scope_name")) != site || prefixes.contains(p))
            errors << QStringLiteral("prefix %1: scope not the site, or twice").arg(p);
        prefixes.insert(p);
        if (p.endsWith(QLatin1String("/31")))
            p2p << p;
    }
    for (const auto& r : records(e.ipAddressesCsv)) {
        const QString a = r.value(QStringLiteral("address"));
        const QString device = r.value(QStringLiteral("device"));
        const QString iface = r.value(QStringLiteral("interface"));
        notIn(QStringLiteral("address ") + a, r.value(QStringLiteral("status")),
              "IPAddressStatusChoices");
        if (!r.value(QStringLiteral("role")).isEmpty())
            notIn(QStringLiteral("address ") + a, r.value(QStringLiteral("role")),
                  "IPAddressRoleChoices");
        const QString bare = a.section(QLatin1Char('/'), 0, 0);
        if (addresses.contains(bare))
            errors << QStringLiteral("address %1 twice").arg(bare);
        addresses.insert(bare);
        if (!device.isEmpty() && !ifaces.value(device).contains(iface))
            errors << QStringLiteral("address %1: %2 has no interface '%3'").arg(a, device, iface);
        if ((r.value(QStringLiteral("is_oob")) == QLatin1String("true") ||
             r.value(QStringLiteral("is_primary")) == QLatin1String("true")) &&
            iface.isEmpty())
            errors << QStringLiteral("address %1: primary or OOB without an interface").arg(a);
    }
    for (const QString& p : p2p) {
        const QStringList o = p.section(QLatin1Char('/'), 0, 0).split(QLatin1Char('.'));
        const QString even = p.section(QLatin1Char('/'), 0, 0);
        const QString odd =
            QStringList{o[0], o[1], o[2], QString::number(o[3].toInt() + 1)}.join(QLatin1Char('.'));
        if (o.size() != 4 || o[3].toInt() % 2 != 0 || !addresses.contains(even) ||
            !addresses.contains(odd))
            errors << QStringLiteral("/31 %1: not both ends addressed").arg(p);
    }
    return errors;
}

class TestNetBoxLibrary : public QObject {
    Q_OBJECT
    Choices m_choices = test::netboxChoices();
    QJsonObject m_schema = test::devicetypeSchema();

private Q_SLOTS:
    void referenceDataIsLoaded() {
        // A test that cannot fail is a defect: the data must hold what the checks read.
        QVERIFY(m_choices.value(QStringLiteral("InterfaceTypeChoices"))
                    .contains(QStringLiteral("400gbase-x-osfp")));
        QVERIFY(!m_choices.value(QStringLiteral("InterfaceTypeChoices"))
                     .contains(QStringLiteral("100gbase-x-qsfp112")));
        QVERIFY(m_choices.value(QStringLiteral("PowerPortTypeChoices"))
                    .contains(QStringLiteral("iec-60320-c20")));
        QVERIFY(m_schema.value(QStringLiteral("components"))
                    .toObject()
                    .contains(QStringLiteral("interface")));
        // The checker rejects what NetBox rejects.
        const QByteArray bad =
            "---\nmanufacturer: \"Nvidia\"\nmodel: \"DGX H100\"\nslug: \"nvidia-dgx-h100\"\n"
            "part_number: \"nvidia-dgx-h100\"\nu_height: 8\nis_full_depth: true\n"
            "colour: red\ninterfaces:\n  - name: \"a\"\n    type: 100gbase-x-qsfp112\n";
        const QStringList e = checkDeviceType(
            QStringLiteral("06-device-types/Nvidia/DGX-H100.yaml"), bad, m_schema, m_choices);
        QVERIFY2(e.join(QLatin1Char('\n')).contains(QStringLiteral("100gbase-x-qsfp112")),
                 qPrintable(e.join(QLatin1Char('\n'))));
        QVERIFY(e.join(QLatin1Char('\n')).contains(QStringLiteral("'colour' is not allowed")));
        QVERIFY(e.join(QLatin1Char('\n')).contains(QStringLiteral("no power-ports")));
        QVERIFY(!checkDeviceType(QStringLiteral("06-device-types/NVIDIA/x.yaml"), bad, m_schema,
                                 m_choices)
                     .filter(QStringLiteral("not under"))
                     .isEmpty());
    }

    void everyInterfaceTypeIsNetBoxs() {
        // Every speed and cage the catalog can hold maps to one of NetBox's own types.
        const QSet<QString> types = m_choices.value(QStringLiteral("InterfaceTypeChoices"));
        for (const char* cage :
             {"OSFP", "QSFP112", "QSFP-DD", "QSFP56", "QSFP28", "SFP28", "SFP+", "RJ45", "CXP"})
            for (double g : {1.0, 10.0, 25.0, 50.0, 100.0, 200.0, 400.0, 800.0, 1600.0})
                for (bool ib : {false, true}) {
                    const NetBoxInterfaceType t = netboxInterfaceType(g, QLatin1String(cage), ib);
                    QVERIFY2(types.contains(t.type),
                             qPrintable(QStringLiteral("%1G %2 -> %3")
                                            .arg(g)
                                            .arg(QLatin1String(cage), t.type)));
                    QCOMPARE(isNetBoxInterfaceType(t.type), true);
                }
    }

    void wrongPairsFallBackAndSaySo() {
        // The cases: DGX in-band ports are 100G in QSFP112 cages; MI300X has 200G OSFP.
        NetBoxInterfaceType t = netboxInterfaceType(100, QStringLiteral("QSFP112"), false);
        QCOMPARE(t.type, QStringLiteral("100gbase-x-qsfp28"));
        QVERIFY2(t.fallbackNote.contains(QStringLiteral("100G QSFP112")),
                 qPrintable(t.fallbackNote));
        t = netboxInterfaceType(200, QStringLiteral("OSFP"), false);
        QCOMPARE(t.type, QStringLiteral("200gbase-x-qsfpdd"));
        QVERIFY(!t.fallbackNote.isEmpty());
        t = netboxInterfaceType(200, QStringLiteral("QSFP112"), false);
        QCOMPARE(t.type, QStringLiteral("200gbase-x-qsfp56"));
        t = netboxInterfaceType(400, QStringLiteral("OSFP"), false);
        QCOMPARE(t.type, QStringLiteral("400gbase-x-osfp"));
        QVERIFY(t.fallbackNote.isEmpty());

        DesignData d = test::smallCluster();
        routeCables(d);
        const NetBoxExport e = netboxExport(d, QStringLiteral("lab"));
        QVERIFY2(!e.warnings.filter(QStringLiteral("100G QSFP112")).isEmpty(),
                 qPrintable(e.warnings.join(QLatin1Char('\n'))));
        QVERIFY(e.readme.contains("100G QSFP112"));
    }

    void namesAreTheLibrarys() {
        DesignData d = test::smallCluster();
        routeCables(d);
        const NetBoxExport e = netboxExport(d, QStringLiteral("lab"));
        const auto mf = records(e.manufacturersCsv);
        QVERIFY(!mf.isEmpty());
        for (const auto& r : mf)
            QVERIFY2(r.value(QStringLiteral("name")) != QLatin1String("NVIDIA"),
                     "the library spells it Nvidia");
        QVERIFY(mf.contains(
            QMap<QString, QString>{{QStringLiteral("name"), QStringLiteral("Nvidia")},
                                   {QStringLiteral("slug"), QStringLiteral("nvidia")}}));
        bool dgx = false, qm = false;
        for (const auto& [path, yaml] : e.deviceTypes) {
            const test::DeviceTypeYaml y = test::readDeviceTypeYaml(yaml);
            QVERIFY2(!y.scalars.contains(QStringLiteral("part_number")) ||
                         !y.scalars.value(QStringLiteral("part_number"))
                              .text.startsWith(QLatin1String("nvidia-")),
                     qPrintable(path)); // never the catalog id
            if (path == QLatin1String("06-device-types/Nvidia/DGX-H100.yaml")) {
                dgx = true;
                QCOMPARE(y.scalars.value(QStringLiteral("slug")).text,
                         QStringLiteral("nvidia-dgx-h100"));
                // Six 3.3 kW PSUs (DOMAIN.md), sharing the 10.2 kW maximum.
                const auto& psus = y.lists.value(QStringLiteral("power-ports"));
                QCOMPARE(psus.size(), std::size_t(6));
                int sum = 0;
                for (const auto& p : psus)
                    sum += p.value(QStringLiteral("maximum_draw")).text.toInt();
                QCOMPARE(sum, 10200);
            }
            if (path == QLatin1String("06-device-types/Nvidia/QM9700-CDS.yaml")) {
                qm = true; // the library's QM9700 differs: a model and slug of its own
                QCOMPARE(y.scalars.value(QStringLiteral("slug")).text,
                         QStringLiteral("nvidia-qm9700-cds"));
                QCOMPARE(y.lists.value(QStringLiteral("power-ports")).size(), std::size_t(2));
            }
        }
        QVERIFY(dgx && qm);
    }

    void readmeStatesTheImportOrder() {
        DesignData d = test::smallCluster();
        routeCables(d);
        const NetBoxExport e = netboxExport(d, QStringLiteral("lab"));
        const auto files = netboxFiles(e);
        QCOMPARE(files.front().first, QStringLiteral("README.md"));
        qsizetype at = 0;
        QString last;
        for (const auto& [path, bytes] : files) {
            if (path == QLatin1String("README.md"))
                continue;
            const QString step = path.section(QLatin1Char('/'), 0, 0);
            QVERIFY2(step >= last, qPrintable(step)); // files come in numbered order
            last = step;
            const QString named =
                step.startsWith(QLatin1String("06")) ? QStringLiteral("06-device-types/") : step;
            const qsizetype pos = e.readme.indexOf(named.toUtf8());
            QVERIFY2(pos >= at, qPrintable(named)); // and the README names them in that order
            at = pos;
        }
    }

    void everyFolderPassesSchemaAndChoices() {
        for (const Case& c : designs()) {
            const NetBoxExport e = netboxExport(c.design, QStringLiteral("Lab site"));
            QStringList errors;
            QSet<QString> typeKeys;                      // manufacturer/model
            QMap<QString, QSet<QString>> typeInterfaces; // model -> interface names
            for (const auto& [path, yaml] : e.deviceTypes) {
                errors << checkDeviceType(path, yaml, m_schema, m_choices);
                const test::DeviceTypeYaml y = test::readDeviceTypeYaml(yaml);
                const QString key = y.scalars.value(QStringLiteral("manufacturer")).text +
                                    QLatin1Char('/') +
                                    y.scalars.value(QStringLiteral("model")).text;
                typeKeys.insert(key);
                for (const auto& i : y.lists.value(QStringLiteral("interfaces")))
                    typeInterfaces[key].insert(i.value(QStringLiteral("name")).text);
            }
            auto inChoice = [&](const QString& where, const QString& set, const QString& v) {
                if (!m_choices.value(set).contains(v))
                    errors << QStringLiteral("%1: '%2' is not in %3").arg(where, v, set);
            };
            QSet<QString> manufacturers, roles, sites, locations, racks;
            for (const auto& r : records(e.manufacturersCsv)) {
                manufacturers.insert(r.value(QStringLiteral("name")));
                if (r.value(QStringLiteral("slug")) != netboxSlug(r.value(QStringLiteral("name"))))
                    errors << QStringLiteral("manufacturer slug ") +
                                  r.value(QStringLiteral("slug"));
            }
            for (const auto& r : records(e.deviceRolesCsv)) {
                roles.insert(r.value(QStringLiteral("name")));
                if (!QRegularExpression(QStringLiteral("^[0-9a-f]{6}$"))
                         .match(r.value(QStringLiteral("color")))
                         .hasMatch())
                    errors << QStringLiteral("role colour ") + r.value(QStringLiteral("color"));
            }
            for (const auto& r : records(e.sitesCsv)) {
                sites.insert(r.value(QStringLiteral("name")));
                inChoice(QStringLiteral("site"), QStringLiteral("SiteStatusChoices"),
                         r.value(QStringLiteral("status")));
            }
            for (const auto& r : records(e.locationsCsv)) {
                locations.insert(r.value(QStringLiteral("site")) + QLatin1Char('/') +
                                 r.value(QStringLiteral("name")));
                inChoice(QStringLiteral("location"), QStringLiteral("LocationStatusChoices"),
                         r.value(QStringLiteral("status")));
            }
            for (const auto& r : records(e.racksCsv)) {
                racks.insert(r.value(QStringLiteral("name")));
                inChoice(QStringLiteral("rack"), QStringLiteral("RackStatusChoices"),
                         r.value(QStringLiteral("status")));
                inChoice(QStringLiteral("rack"), QStringLiteral("RackFormFactorChoices"),
                         r.value(QStringLiteral("form_factor")));
                inChoice(QStringLiteral("rack"), QStringLiteral("RackWidthChoices"),
                         r.value(QStringLiteral("width")));
                inChoice(QStringLiteral("rack"), QStringLiteral("RackDimensionUnitChoices"),
                         r.value(QStringLiteral("outer_unit")));
                if (!locations.contains(r.value(QStringLiteral("site")) + QLatin1Char('/') +
                                        r.value(QStringLiteral("location"))))
                    errors << QStringLiteral("rack %1: location not imported before")
                                  .arg(r.value(QStringLiteral("name")));
            }
            QMap<QString, QString> typeOfDevice;
            for (const auto& r : records(e.devicesCsv)) {
                const QString n = r.value(QStringLiteral("name"));
                inChoice(n, QStringLiteral("DeviceStatusChoices"),
                         r.value(QStringLiteral("status")));
                if (!r.value(QStringLiteral("face")).isEmpty())
                    inChoice(n, QStringLiteral("DeviceFaceChoices"),
                             r.value(QStringLiteral("face")));
                const QString key = r.value(QStringLiteral("manufacturer")) + QLatin1Char('/') +
                                    r.value(QStringLiteral("device_type"));
                typeOfDevice[n] = key;
                if (!manufacturers.contains(r.value(QStringLiteral("manufacturer"))) ||
                    !typeKeys.contains(key) || !roles.contains(r.value(QStringLiteral("role"))) ||
                    !sites.contains(r.value(QStringLiteral("site"))) ||
                    (!r.value(QStringLiteral("rack")).isEmpty() &&
                     !racks.contains(r.value(QStringLiteral("rack")))))
                    errors << QStringLiteral("device %1 names an object no earlier file creates")
                                  .arg(n);
            }
            QSet<QString> lanes;
            for (const auto& r : records(e.interfacesCsv)) {
                const QString dev = r.value(QStringLiteral("device"));
                inChoice(dev, QStringLiteral("InterfaceTypeChoices"),
                         r.value(QStringLiteral("type")));
                if (!typeInterfaces.value(typeOfDevice.value(dev))
                         .contains(r.value(QStringLiteral("parent"))))
                    errors << QStringLiteral(
                                  "lane %1/%2: parent %3 is not an interface of its type")
                                  .arg(dev, r.value(QStringLiteral("name")),
                                       r.value(QStringLiteral("parent")));
                if (r.value(QStringLiteral("speed")).toLongLong() <= 0)
                    errors << QStringLiteral("lane %1/%2: no speed")
                                  .arg(dev, r.value(QStringLiteral("name")));
                lanes.insert(dev + QLatin1Char('/') + r.value(QStringLiteral("name")));
            }
            for (const auto& r : records(e.cablesCsv)) {
                if (!r.value(QStringLiteral("type")).isEmpty())
                    inChoice(QStringLiteral("cable"), QStringLiteral("CableTypeChoices"),
                             r.value(QStringLiteral("type")));
                inChoice(QStringLiteral("cable"), QStringLiteral("LinkStatusChoices"),
                         r.value(QStringLiteral("status")));
                inChoice(QStringLiteral("cable"), QStringLiteral("CableLengthUnitChoices"),
                         r.value(QStringLiteral("length_unit")));
                if (!QRegularExpression(QStringLiteral("^[0-9a-f]{6}$"))
                         .match(r.value(QStringLiteral("color")))
                         .hasMatch())
                    errors << QStringLiteral("cable colour '%1'")
                                  .arg(r.value(QStringLiteral("color")));
                for (const char* side : {"side_a", "side_b"}) {
                    const QString dev = r.value(QLatin1String(side) + QStringLiteral("_device"));
                    const QString port = r.value(QLatin1String(side) + QStringLiteral("_name"));
                    if (!typeInterfaces.value(typeOfDevice.value(dev)).contains(port) &&
                        !lanes.contains(dev + QLatin1Char('/') + port))
                        errors << QStringLiteral("cable end %1/%2 is no interface").arg(dev, port);
                }
            }
            errors.removeDuplicates();
            QVERIFY2(errors.isEmpty(), qPrintable(c.name + QStringLiteral(":\n") +
                                                  errors.mid(0, 20).join(QLatin1Char('\n'))));
            QVERIFY2(!records(e.cablesCsv).isEmpty(), qPrintable(c.name));
        }
    }

    void powerFilesAreNetBoxs() {
        bool chain = false;
        const std::vector<Case> cases = designs();
        for (const Case& c : cases) {
            const NetBoxExport e = netboxExport(c.design, QStringLiteral("Lab site"));
            const QStringList errors = checkPowerCables(c, e, m_choices);
            QVERIFY2(errors.isEmpty(), qPrintable(c.name + QStringLiteral(":\n") +
                                                  errors.mid(0, 20).join(QLatin1Char('\n'))));
            if (c.name.startsWith(QLatin1String("dgx-h100-256"))) {
                // 44 PDUs: as many feeds, and PSU cables beside them; no panel from a chain.
                QCOMPARE(records(e.powerFeedsCsv).size(), 44);
                QVERIFY(records(e.powerCablesCsv).size() > 44 + 32 * 6);
                QVERIFY(e.powerPanelsCsv.contains("Panel A") &&
                        e.powerPanelsCsv.contains("Panel B"));
            }
            if (c.name.startsWith(QLatin1String("chain "))) {
                chain = true;
                QVERIFY2(!e.powerPanelsCsv.contains("Panel A"), qPrintable(c.name));
            }
            if (c.name == QLatin1String("chain gb300-nvl72-576gpu-su.cds.json"))
                QVERIFY(e.powerFeedsCsv.contains(",dc,single-phase,800,")); // power racks
        }
        QVERIFY(chain);
        // The checker finds a PSU cabled to an outlet its PDU does not have.
        const Case& c = cases.front();
        NetBoxExport e = netboxExport(c.design, QStringLiteral("lab"));
        QVERIFY(checkPowerCables(c, e, m_choices).isEmpty());
        QVERIFY(e.powerCablesCsv.contains(",C19-1,"));
        e.powerCablesCsv.replace(",C19-1,", ",C19-99,");
        QVERIFY(!checkPowerCables(c, e, m_choices).filter(QStringLiteral("C19-99")).isEmpty());
    }

    void outletShortfallIsWarnedNotCabled() {
        // Two DGX H100 (12 C20 PSUs) on two 1-phase PDUs of 4 C19 outlets each.
        test::Builder b;
        const RackId r = b.rack(QStringLiteral("R07"), 1200, 1200);
        b.device(QStringLiteral("gpu1"), "nvidia-dgx-h100", r, 2);
        b.device(QStringLiteral("gpu2"), "nvidia-dgx-h100", r, 12);
        b.device(QStringLiteral("R07-pdu-a1"), "pdu-1ph-230v-32a-7kw", r, 0);
        b.device(QStringLiteral("R07-pdu-b1"), "pdu-1ph-230v-32a-7kw", r, 0);
        const NetBoxExport e = netboxExport(b.d, QStringLiteral("lab"));
        QVERIFY2(!e.warnings.filter(QStringLiteral("rack R07: 4 of 12 PSU(s)")).isEmpty(),
                 qPrintable(e.warnings.join(QLatin1Char('\n'))));
        QVERIFY(e.readme.contains("rack R07: 4 of 12"));
        int psuCables = 0;
        QSet<QString> outlets;
        for (const auto& row : records(e.powerCablesCsv))
            if (row.value(QStringLiteral("side_b_type")) == QLatin1String("dcim.poweroutlet")) {
                ++psuCables;
                outlets.insert(row.value(QStringLiteral("side_b_device")) + QLatin1Char('/') +
                               row.value(QStringLiteral("side_b_name")));
            }
        QCOMPARE(psuCables, 8);
        QCOMPARE(outlets.size(), 8); // C19-1..4 of each PDU, none twice, none beyond 4
        for (const QString& o : outlets)
            QVERIFY2(QRegularExpression(QStringLiteral("/C19-[1-4]$")).match(o).hasMatch(),
                     qPrintable(o));
        Case c{QStringLiteral("R07"), b.d};
        QVERIFY(checkPowerCables(c, e, m_choices).isEmpty());
    }

    /// Issue 34: the IP plan in NetBox's IPAM, valid against its import forms and choices,
    /// every address on an interface the bundle creates, none twice.
    void ipamFilesAreNetBoxs() {
        int routed = 0, bmc = 0;
        for (const Case& c : designs()) {
            const NetBoxExport e = netboxExport(c.design, QStringLiteral("Lab site"));
            QVERIFY2(!e.rirsCsv.isEmpty(), qPrintable(c.name + e.warnings.join(QLatin1Char('\n'))));
            const QStringList errors = checkIpam(e, m_choices);
            QVERIFY2(errors.isEmpty(), qPrintable(c.name + QStringLiteral(":\n") +
                                                  errors.mid(0, 20).join(QLatin1Char('\n'))));
            const std::vector<std::pair<QString, QByteArray>> files = netboxFiles(e);
            QCOMPARE(files.back().first, QStringLiteral("17-ip-addresses.csv"));
            routed += int(e.prefixesCsv.count("/31,"));
            bmc += int(e.ipAddressesCsv.count(",true,BMC address"));
            QVERIFY(e.readme.contains("17-ip-addresses.csv"));
        }
        QVERIFY(routed > 0);
        QVERIFY(bmc > 0);
        // The checker finds an address given twice and a port the device does not have.
        const Case c = designs().front();
        NetBoxExport e = netboxExport(c.design, QStringLiteral("lab"));
        const QList<QByteArray> lines = e.ipAddressesCsv.split('\n');
        e.ipAddressesCsv += lines.value(1) + '\n';
        QVERIFY(!checkIpam(e, m_choices).filter(QStringLiteral("twice")).isEmpty());
        // A pool too small: the bundle is written without IPAM, and the README says why.
        DesignData small = c.design;
        small.settings.addressing.pools[std::size_t(AddressPool::Bmc)] =
            *Ipv4Prefix::parse(QStringLiteral("10.40.0.0/30"));
        const NetBoxExport without = netboxExport(small, QStringLiteral("lab"));
        QVERIFY(without.error.isEmpty());
        QVERIFY(without.rirsCsv.isEmpty());
        QCOMPARE(netboxFiles(without).back().first, QStringLiteral("12-power-cables.csv"));
        QVERIFY2(without.readme.contains("No IPAM files (13 to 17): the BMC pool 10.40.0.0/30"),
                 without.readme.constData());
    }

    void libraryTypesCoexist() {
        // Every switch, server and storage entry of the catalog, one device each.
        test::Builder b;
        const RackId r = b.rack(QStringLiteral("R01"), 1200, 1200);
        int n = 0;
        for (const CatalogItem& it : test::bundled().catalog().items())
            if ((it.category == Category::Switch || it.category == Category::Server ||
                 it.category == Category::Storage) &&
                it.tray == TrayKind::None)
                b.device(QStringLiteral("d%1").arg(++n), qPrintable(it.id), r, 1);
        const NetBoxExport e = netboxExport(b.d, QStringLiteral("lab"));
        const std::vector<test::LibraryType> lib = test::libraryTypes();
        QVERIFY(lib.size() >= 10);
        QStringList adopted, own;
        for (const auto& [path, yaml] : e.deviceTypes) {
            const test::DeviceTypeYaml y = test::readDeviceTypeYaml(yaml);
            const QString mf = y.scalars.value(QStringLiteral("manufacturer")).text;
            const QString model = y.scalars.value(QStringLiteral("model")).text;
            const QString slug = y.scalars.value(QStringLiteral("slug")).text;
            QStringList ifaces, psus;
            for (const auto& i : y.lists.value(QStringLiteral("interfaces")))
                ifaces << i.value(QStringLiteral("name")).text;
            for (const auto& p : y.lists.value(QStringLiteral("power-ports")))
                psus << p.value(QStringLiteral("name")).text;
            ifaces.sort();
            bool clash = false, match = false;
            for (test::LibraryType t : lib) {
                if (t.manufacturer != mf || (t.model != model && t.slug != slug))
                    continue;
                clash = true;
                t.interfaces.sort();
                match = match || (t.slug == slug && t.model == model && t.interfaces == ifaces &&
                                  t.powerPorts == psus);
            }
            QVERIFY2(!clash || match, qPrintable(path + QStringLiteral(": ") + slug +
                                                 QStringLiteral(" differs from the library's")));
            (clash ? adopted : own) << slug;
        }
        for (const char* s :
             {"mellanox-sn4600c", "mellanox-sn2201", "mellanox-qm8700", "nvidia-q3400-ra"})
            QVERIFY2(adopted.contains(QLatin1String(s)), s);
        for (const char* s : {"nvidia-qm9700-cds", "nvidia-sn5600-cds", "nvidia-sn5610-cds"})
            QVERIFY2(own.contains(QLatin1String(s)), s);
        QVERIFY(e.readme.contains("mellanox-sn4600c") && e.readme.contains("-CDS"));
    }
};

QTEST_APPLESS_MAIN(TestNetBoxLibrary)
#include "tst_netbox_library.moc"
