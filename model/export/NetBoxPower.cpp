#include "NetBoxPower.h"

#include "Csv.h"
#include "NetBoxChoices.h"
#include "NetBoxLibrary.h"

#include <cmath>
#include <map>

namespace cds {

namespace {

/// @brief A rack PDU as NetBox needs it beyond the catalog's feedKw: supply, breaker, inlet
/// plug and outlets (from the catalog entries' model and description texts).
struct PduFacts {
    int phases = 3;
    int voltage = 400;        ///< line to line for three-phase, V
    int amperage = 0;         ///< breaker rating, A
    int maxUtilization = 100; ///< %: 80 where the catalog's feedKw is derated to 80 %
    QString inlet;            ///< PowerPortTypeChoices
    int c19 = 0, c13 = 0;
    bool known = true;
};

PduFacts pduFacts(const CatalogItem& t) {
    static const std::map<QString, PduFacts> known = {
        {QStringLiteral("pdu-1ph-230v-32a-7kw"),
         {1, 230, 32, 100, QStringLiteral("iec-60309-p-n-e-6h"), 4, 20, true}},
        {QStringLiteral("pdu-3ph-208v-60a-17kw"),
         {3, 208, 60, 80, QStringLiteral("iec-60309-3p-e-9h"), 12, 36, true}},
        {QStringLiteral("pdu-3ph-400v-32a-22kw"),
         {3, 400, 32, 100, QStringLiteral("iec-60309-3p-n-e-6h"), 6, 36, true}},
        {QStringLiteral("pdu-3ph-415v-60a-34kw"),
         {3, 415, 60, 80, QStringLiteral("iec-60309-3p-n-e-6h"), 30, 12, true}},
    };
    if (const auto it = known.find(t.id); it != known.end())
        return it->second;
    // Unknown: a 400 V three-phase PDU with 24 C19 outlets, rated for the catalog's feedKw.
    PduFacts f;
    f.amperage = std::max(1, int(std::ceil(t.feedKw.value_or(22) * 1000 / (400 * std::sqrt(3.0)))));
    f.inlet = QStringLiteral("iec-60309-3p-n-e-6h");
    f.c19 = 24;
    f.known = false;
    return f;
}

struct Outlet {
    QString name;
    bool c19 = false;
    bool used = false;
};

std::vector<Outlet> outletsOf(const PduFacts& f) {
    std::vector<Outlet> out;
    for (int i = 1; i <= f.c19; ++i)
        out.push_back({QStringLiteral("C19-%1").arg(i), true});
    for (int i = 1; i <= f.c13; ++i)
        out.push_back({QStringLiteral("C13-%1").arg(i), false});
    return out;
}

/// Which feed a PDU is on: the generator names them RACK-pdu-a1 / RACK-pdu-b1; others take
/// the feed their order in the rack gives (as model/resilience/FailureModel reads them).
int feedSide(const QString& name, int order) {
    const qsizetype at = name.lastIndexOf(QLatin1String("pdu-"), -1, Qt::CaseInsensitive);
    if (at >= 0 && at + 4 < name.size()) {
        const QChar c = name.at(at + 4).toLower();
        if (c == u'a' || c == u'b')
            return c == u'a' ? 0 : 1;
    }
    return order % 2;
}

QString header(std::initializer_list<const char*> names) {
    QStringList out;
    for (const char* n : names)
        out << QLatin1String(n);
    return csv::row(out);
}

bool busbarFed(const CatalogItem& t) {
    return t.rackScale || t.tray == TrayKind::Compute || t.tray == TrayKind::NvlinkSwitch;
}

} // namespace

bool isNetBoxPdu(const CatalogItem& t) {
    return t.category == Category::Power && t.tray == TrayKind::None && !t.powerElement;
}

std::vector<NetBoxPsu> netboxPsus(const CatalogItem& t) {
    if (isNetBoxPdu(t) || busbarFed(t) || !t.powerMaxW)
        return {};
    const NetBoxDeviceFacts f = netboxDeviceFacts(t);
    const NetBoxLibraryType* lib = netboxLibraryType(t.id);
    const int n = lib ? int(lib->psuNames.size()) : std::max(1, f.psuCount);
    auto share = [n](double w) { return std::max(1, int(std::lround(std::ceil(w / n)))); };
    std::vector<NetBoxPsu> out;
    for (int i = 0; i < n; ++i) {
        NetBoxPsu p{lib ? lib->psuNames[i] : QStringLiteral("PSU%1").arg(i + 1),
                    lib ? lib->psuType : f.psuType, share(*t.powerMaxW)};
        if (lib && lib->psuMaxDrawW > 0)
            p.maximumDraw = lib->psuMaxDrawW;
        // A power shelf passes the rack's busbar load: its PSUs' 5.5 kW rating (catalog model).
        if (t.tray == TrayKind::PowerShelf)
            p.maximumDraw = 5500;
        if (t.powerTypicalW && t.tray != TrayKind::PowerShelf)
            p.allocatedDraw = share(*t.powerTypicalW);
        out.push_back(p);
    }
    return out;
}

QByteArray netboxPduYaml(const CatalogItem& t) {
    const PduFacts f = pduFacts(t);
    const int maxW = std::max(1, int(std::lround(t.feedKw.value_or(0) * 1000)));
    QString y = QStringLiteral("power-ports:\n  - name: \"Inlet\"\n    type: %1\n"
                               "    maximum_draw: %2\n")
                    .arg(f.inlet)
                    .arg(maxW);
    y += QStringLiteral("power-outlets:\n");
    int i = 0;
    for (const Outlet& o : outletsOf(f)) {
        y += QStringLiteral("  - name: \"%1\"\n    type: %2\n    power_port: \"Inlet\"\n")
                 .arg(o.name,
                      o.c19 ? QStringLiteral("iec-60320-c19") : QStringLiteral("iec-60320-c13"));
        if (f.phases == 3) // outlets take the three legs in turn
            y += QStringLiteral("    feed_leg: %1\n").arg(QChar(u'A' + i++ % 3));
    }
    return y.toUtf8();
}

namespace {

/// @brief A PDU of a rack with its feed side and outlets.
struct Pdu {
    DeviceId id;
    int side = 0;
    int index = 0; ///< 1-based among the PDUs of its side
    PduFacts facts;
    std::vector<Outlet> outlets;
};

/// @brief The DC feeds of a rack fed from power racks without PDUs.
struct DcFeeds {
    QStringList names; ///< "R01-A1 (PR-A-R01-1)", one a side; empty: not such a rack
    int volts = 0;
};

/// What the writer shares while it walks the racks: the feeds and cables are written rack by
/// rack, the panels once all are known.
struct PowerWriter {
    const DesignData& d;
    QString site, location;
    ByteSink& feeds;
    ByteSink& cables;
    NetBoxPowerResult f = {};
    std::map<QString, QString> panels = {}; ///< name -> description, sorted

    QString panelFor(const Rack& r, int side, const PowerElement** element) {
        const PowerElementId e = side == 0 ? r.feeds.a : r.feeds.b;
        *element = e.isValid() ? d.power.elements.find(e) : nullptr;
        if (*element) {
            panels[(*element)->name] =
                QStringLiteral("%1 of the design's power chain (%2)")
                    .arg(powerKindLabel((*element)->kind), d.power.schemeLabel());
            return (*element)->name;
        }
        const QString name = side == 0 ? QStringLiteral("Panel A") : QStringLiteral("Panel B");
        panels[name] = QStringLiteral("the racks' %1 feeds (no power-chain element named)")
                           .arg(side == 0 ? QLatin1Char('A') : QLatin1Char('B'));
        return name;
    }
    void feedRow(const Rack& r, const Pdu& p);
    DcFeeds dcFeedRows(const Rack& r, const std::vector<DeviceId>& devices);
    void psuRows(const Rack& r, const std::vector<DeviceId>& devices, std::vector<Pdu>& pdus,
                 const DcFeeds& dc);
    void rack(RackId id, const std::vector<DeviceId>& devices);
};

QString cableRow(const QString& panel, const QString& aDevice, const QString& aType,
                 const QString& aName, const QString& bDevice, const QString& bType,
                 const QString& bName, const QString& label) {
    return csv::row({panel, aDevice, aType, aName, bDevice, bType, bName, QStringLiteral("power"),
                     QStringLiteral("planned"), label});
}

void PowerWriter::feedRow(const Rack& r, const Pdu& p) {
    const PowerElement* e = nullptr;
    const QString panel = panelFor(r, p.side, &e);
    const QString name =
        QStringLiteral("%1-%2%3").arg(r.name).arg(QChar(u'A' + p.side)).arg(p.index);
    const CatalogItem& t = d.typeOf(d.devices[p.id]);
    const bool dc = e && e->outputVdc > 0;
    const int volts = dc ? int(std::lround(e->outputVdc)) : p.facts.voltage;
    const int amps =
        dc ? std::max(1, int(std::ceil(t.feedKw.value_or(0) * 1000 / volts))) : p.facts.amperage;
    feeds.writeText(csv::row(
        {site, panel, location, r.name, name, QStringLiteral("planned"), netboxFeedType(p.side),
         netboxFeedSupply(dc), netboxFeedPhase(!dc && p.facts.phases == 3), QString::number(volts),
         QString::number(amps), QString::number(dc ? 100 : p.facts.maxUtilization),
         QStringLiteral("feeds %1").arg(d.devices[p.id].name)}));
    cables.writeText(cableRow(panel, QString(), QStringLiteral("dcim.powerfeed"), name,
                              d.devices[p.id].name, QStringLiteral("dcim.powerport"),
                              QStringLiteral("Inlet"), name));
}

/// A rack the chain feeds from DC power racks without PDUs (generate --dc-800v): one feed a side
/// whose element is such a power rack, on that power rack's panel, with no cable.
DcFeeds PowerWriter::dcFeedRows(const Rack& r, const std::vector<DeviceId>& devices) {
    double itKw = 0;
    int shelves = 0;
    for (DeviceId id : devices) {
        const CatalogItem& t = d.typeOf(d.devices[id]);
        if (t.isItLoad())
            itKw += t.powerMaxW.value_or(0) / 1000.0;
        shelves += t.tray == TrayKind::PowerShelf ? 1 : 0;
    }
    // Each feed carries the whole rack when the other is down (model/power/PowerFlow), so it
    // is rated for the rack's IT maximum, unless the rack sets its own kW per feed.
    const double kw = r.feeds.kwPerFeed > 0 ? r.feeds.kwPerFeed : itKw;
    const QString what = shelves > 0 ? QStringLiteral("the busbar of %1 and its %2 power shelves")
                                           .arg(r.name, QString::number(shelves))
                                     : QStringLiteral("the busbar of %1").arg(r.name);
    DcFeeds out;
    for (int side : {0, 1}) {
        const PowerElement* e = d.power.elements.find(side == 0 ? r.feeds.a : r.feeds.b);
        if (!e || e->kind != PowerKind::PowerRack || e->outputVdc <= 0)
            continue;
        const QString panel = panelFor(r, side, &e);
        const QString name = r.name + (side == 0 ? QStringLiteral("-A1") : QStringLiteral("-B1"));
        const int volts = std::max(1, int(std::lround(e->outputVdc)));
        // Direct current: I = P / V, rounded up to a whole amp (at least 1, as NetBox wants).
        const int amps = std::max(1, int(std::ceil(kw * 1000 / volts - 1e-9)));
        // The amperage is the load's own current, not a breaker with headroom: all of it is
        // usable (100 %, as on the other DC feeds), so NetBox's available power V x A covers
        // the rack, as an AC feed's covers its PDU's rated kW.
        feeds.writeText(
            csv::row({site, panel, location, r.name, name, QStringLiteral("planned"),
                      netboxFeedType(side), netboxFeedSupply(true), netboxFeedPhase(false),
                      QString::number(volts), QString::number(amps), QStringLiteral("100"),
                      QStringLiteral("feeds %1 at %2 V DC, %3 kW per feed")
                          .arg(what, QString::number(volts), QString::number(kw, 'f', 1))}));
        out.names << QStringLiteral("%1 (%2)").arg(name, panel);
        out.volts = volts;
    }
    if (!out.names.isEmpty())
        ++f.dcRacks;
    return out;
}

/// A free outlet for a PSU of @p type on @p side: on the PDU with the most free outlets that
/// take it (a C20 plug needs a C19; a C14 takes a C13, else a C19 with a C13-C20 cord).
Outlet* freeOutlet(std::vector<Pdu>& pdus, int side, const QString& type, Pdu** on) {
    Outlet* best = nullptr;
    int bestFree = 0;
    const bool c20 = type == QLatin1String("iec-60320-c20");
    const bool c14 = type == QLatin1String("iec-60320-c14");
    for (Pdu& p : pdus) {
        if (p.side != side || (!c20 && !c14))
            continue;
        int free = 0;
        Outlet* first = nullptr;
        for (bool wantC19 : {c20, true})
            for (Outlet& o : p.outlets)
                if (!o.used && o.c19 == wantC19) {
                    ++free;
                    if (!first)
                        first = &o;
                }
        if (first && free > bestFree)
            best = first, bestFree = free, *on = &p;
    }
    return best;
}

void PowerWriter::psuRows(const Rack& r, const std::vector<DeviceId>& devices,
                          std::vector<Pdu>& pdus, const DcFeeds& dc) {
    bool sides[2] = {false, false};
    for (const Pdu& p : pdus)
        sides[p.side] = true;
    int missing = 0, psus = 0;
    for (DeviceId id : devices) {
        const Device& v = d.devices[id];
        const std::vector<NetBoxPsu> ports = netboxPsus(d.typeOf(v));
        for (std::size_t i = 0; i < ports.size(); ++i) {
            ++psus;
            const int side = sides[0] && sides[1] ? int(i % 2) : sides[1] ? 1 : 0;
            Pdu* pdu = nullptr;
            Outlet* o = freeOutlet(pdus, side, ports[i].type, &pdu);
            if (!o) {
                ++missing;
                continue;
            }
            o->used = true;
            cables.writeText(cableRow({}, v.name, QStringLiteral("dcim.powerport"), ports[i].name,
                                      d.devices[pdu->id].name, QStringLiteral("dcim.poweroutlet"),
                                      o->name, QString()));
        }
    }
    // A rack the chain feeds from DC power racks without PDUs (generate --dc-800v): a feed
    // could be cabled to one power port only (NetBox's cable import takes one termination a
    // side), and the shelves' ports are the AC inlets of their PSUs, not a DC inlet.
    if (pdus.empty() && !dc.names.isEmpty()) {
        QString w =
            QStringLiteral("rack %1 is fed at %2 V DC from power racks, without rack "
                           "PDUs: its feeds %3 are written without cables, as the "
                           "catalog gives its power shelves no DC inlet and NetBox "
                           "cannot model the busbar")
                .arg(r.name, QString::number(dc.volts), dc.names.join(QStringLiteral(" and ")));
        if (psus > 0)
            w += QStringLiteral("; its %1 PSU(s) have no power cable").arg(psus);
        f.warnings << w;
    } else if (pdus.empty() && psus > 0)
        f.warnings << QStringLiteral("rack %1 has no PDUs: its %2 PSU(s) have no power cable")
                          .arg(r.name)
                          .arg(psus);
    else if (missing > 0)
        f.warnings << QStringLiteral("rack %1: %2 of %3 PSU(s) find no free outlet of a type "
                                     "they take on their feed's PDUs and have no power cable")
                          .arg(r.name)
                          .arg(missing)
                          .arg(psus);
}

void PowerWriter::rack(RackId id, const std::vector<DeviceId>& devices) {
    const Rack& r = d.racks[id];
    std::vector<Pdu> pdus;
    int order = 0, count[2] = {0, 0};
    for (DeviceId dev : devices) {
        const CatalogItem& t = d.typeOf(d.devices[dev]);
        if (!isNetBoxPdu(t))
            continue;
        Pdu p{dev,
              r.feeds.count == 1 ? 0 : feedSide(d.devices[dev].name, order++),
              0,
              pduFacts(t),
              {}};
        p.index = ++count[p.side];
        p.outlets = outletsOf(p.facts);
        pdus.push_back(p);
    }
    for (const Pdu& p : pdus)
        feedRow(r, p);
    psuRows(r, devices, pdus, pdus.empty() ? dcFeedRows(r, devices) : DcFeeds{});
}

} // namespace

QByteArray netboxPowerReadme(bool dcRacks) {
    QByteArray text = QByteArrayLiteral(
        "10. `10-power-panels.csv`: Power > Power Panels > Import. With a power chain, each "
        "busway,\n"
        "    remote power panel or DC power rack that a rack's A or B feed names; a feed the "
        "chain\n"
        "    does not name (or a design without a chain) hangs on `Panel A` or `Panel B`.\n"
        "11. `11-power-feeds.csv`: Power > Power Feeds > Import. One feed per rack PDU, named\n"
        "    RACK-A1, RACK-B1...: `primary` on the A side, `redundant` on the B side; AC with the\n"
        "    PDU's phase, voltage, breaker (amperage) and derating (max_utilization), or DC at "
        "the\n"
        "    power rack's voltage where the chain feeds the rack from one.\n"
        "12. `12-power-cables.csv`: Connections > Cables > Import. Each feed to its PDU's "
        "`Inlet`,\n"
        "    then every PSU to a free outlet of a PDU in its rack: a device's PSUs alternate "
        "between\n"
        "    the A and the B feed's PDUs, a C20 inlet takes a C19 outlet, a C14 inlet a C13 (or a\n"
        "    C19 when the C13s are taken). PSUs that find no outlet are left uncabled and listed\n"
        "    below with their rack.\n\n"
        "A rack-scale system (GB200/GB300 NVL72, Vera Rubin NVL144) is written as the design "
        "holds it:\n"
        "its compute and NVLink switch trays draw from the rack's DC busbar, which NetBox cannot\n"
        "model, so their types have no power ports (`is_powered: false`, as the library's "
        "NVLink 5\n"
        "Switch); the power shelves that feed the busbar are the rack's powered devices, each "
        "with\n"
        "six PSU inlets cabled to the rack's PDUs like any other device's, and the in-rack\n"
        "management switches have their own two PSUs.\n");
    if (dcRacks)
        text += QByteArrayLiteral(
            "\nA rack fed at DC from power racks without rack PDUs (`generate --dc-800v`) has\n"
            "one feed a side, RACK-A1 on its A power rack's panel and RACK-B1 on its B power\n"
            "rack's: `dc`, `single-phase`, the power rack's voltage (800, or 400 for +/-400 V)\n"
            "and the current of the rack's kW per feed P at that voltage, I = P / V rounded up\n"
            "to a whole amp (P: the kW per feed set on the rack, else its IT maximum, which each\n"
            "feed carries when the other is down). The feeds have no cables: the catalog gives\n"
            "the power shelves no DC inlet (their power ports are their PSUs' AC inlets) and\n"
            "NetBox cannot model the busbar, so the rack is listed below with its PSUs\n"
            "uncabled.\n");
    return text;
}

bool writeNetBoxPower(const DesignData& d, const QString& site, const QString& location,
                      FolderSink& out, NetBoxPowerResult& result) {
    std::map<RackId, std::vector<DeviceId>> byRack;
    std::map<QString, int> unknownPdus;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (d.racks.find(v.rack))
            byRack[v.rack].push_back(id);
        const CatalogItem& t = d.typeOf(v);
        if (isNetBoxPdu(t) && !pduFacts(t).known)
            ++unknownPdus[t.id];
    });
    // One walk of the racks writes the feeds and the cables side by side.
    ByteSink* feeds = out.open(QStringLiteral("11-power-feeds.csv"));
    ByteSink* cables = feeds ? out.open(QStringLiteral("12-power-cables.csv")) : nullptr;
    if (!cables)
        return false;
    feeds->writeText(
        header({"site", "power_panel", "location", "rack", "name", "status", "type", "supply",
                "phase", "voltage", "amperage", "max_utilization", "description"}));
    cables->writeText(
        header({"side_a_power_panel", "side_a_device", "side_a_type", "side_a_name",
                "side_b_device", "side_b_type", "side_b_name", "type", "status", "label"}));
    PowerWriter w{d, site, location, *feeds, *cables};
    for (const auto& [id, devices] : byRack)
        w.rack(id, devices);
    if (!out.close(feeds) || !out.close(cables))
        return false;
    for (const auto& [id, n] : unknownPdus)
        w.f.warnings << QStringLiteral("PDU %1 (%2 in the design): the catalog gives no outlet "
                                       "layout, so it is written as 400 V three-phase with 24 "
                                       "C19 outlets")
                            .arg(id)
                            .arg(n);
    result = w.f;
    return out.file(QStringLiteral("10-power-panels.csv"), [&](ByteSink& panels) {
        panels.writeText(csv::row({QStringLiteral("site"), QStringLiteral("location"),
                                   QStringLiteral("name"), QStringLiteral("description")}));
        for (const auto& [name, why] : w.panels)
            panels.writeText(csv::row({site, location, name, why}));
    });
}

} // namespace cds
