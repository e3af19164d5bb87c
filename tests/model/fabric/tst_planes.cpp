// generate --planes N and --servers-per-rack N (issue 13): parallel compute planes, each a
// fabric of its own, and a cap on compute servers per rack.
#include "FabricTestUtil.h"
#include "model/DesignIndex.h"
#include "model/cabling/CableRouting.h"
#include "model/export/CablingSchedule.h"
#include "model/export/NetBoxExport.h"
#include "model/export/Reports.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Bom.h"
#include "model/metrics/Metrics.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTemporaryDir>

#include <map>
#include <set>

using namespace cds;
using namespace cds::test;

namespace {

GenerateParams b300(int gpus, int planes) {
    GenerateParams p;
    p.gpus = gpus;
    p.serverId = QStringLiteral("nvidia-dgx-b300");
    p.switchId = QStringLiteral("nvidia-sn5610");
    p.planes = planes;
    return p;
}

QString refusal(const GenerateParams& p) {
    const GenerateResult r = generateCluster(p, bundled().catalog());
    return r.ok ? QString() : r.error;
}

/// Servers per compute rack: rack name -> GPU servers in it.
std::map<QString, int> serversByRack(const DesignData& d) {
    std::map<QString, int> out;
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (d.typeOf(v).gpuCount() > 0 && v.rack.isValid())
            ++out[d.racks[v.rack].name];
    });
    return out;
}

} // namespace

class TestPlanes : public QObject {
    Q_OBJECT

    /// Every compute plane: its own switches, every server on it with all its NICs, each link
    /// at the NIC's speed / planes; and per-plane metrics that sum to the design's.
    static void checkPlanes(const DesignData& d, int planes, double laneGbps,
                            const char* server = "nvidia-dgx-b300") {
        const Metrics m = computeMetrics(d);
        QCOMPARE(int(m.computePlanes.size()), planes);
        std::set<QString> names;
        for (const PlaneMetrics& pm : m.computePlanes)
            names.insert(pm.name);
        QCOMPARE(int(names.size()), planes); // a user can tell them apart
        // Switches: each in one plane, named after it.
        std::map<std::uint32_t, int> planeOfFabric;
        for (int i = 0; i < planes; ++i)
            planeOfFabric[m.computePlanes[std::size_t(i)].fabric.value()] = i;
        std::vector<int> switchesPerPlane(std::size_t(planes), 0);
        d.devices.forEach([&](DeviceId, const Device& v) {
            if (d.typeOf(v).category != Category::Switch || !v.fabric.isValid())
                return;
            const auto it = planeOfFabric.find(v.fabric.value());
            if (it == planeOfFabric.end())
                return;
            ++switchesPerPlane[std::size_t(it->second)];
            QVERIFY2(v.name.contains(QStringLiteral("-p%1-").arg(it->second + 1)),
                     qPrintable(v.name));
        });
        const TierCounts& all = m.switches[std::size_t(FabricKind::Compute)];
        int sum = 0;
        for (int i = 0; i < planes; ++i) {
            const TierCounts& t = m.computePlanes[std::size_t(i)].switches;
            QCOMPARE(switchesPerPlane[std::size_t(i)], t.leaf + t.spine + t.core);
            QCOMPARE(t.leaf, m.computePlanes[0].switches.leaf); // planes are alike
            QCOMPARE(t.spine, m.computePlanes[0].switches.spine);
            sum += t.leaf + t.spine + t.core;
        }
        QCOMPARE(sum, all.leaf + all.spine + all.core);
        // Links: every server has each of its NICs on every plane, at the lane speed, and
        // no link crosses planes.
        const CatalogItem& type = *bundled().catalog().item(QString::fromLatin1(server));
        const int nics = type.portCount(PortRole::Compute);
        std::map<std::pair<std::uint32_t, int>, int> serverPlaneLinks;
        long long nodeLeaf = 0;
        d.links.forEach([&](LinkId, const Link& l) {
            const auto it = planeOfFabric.find(l.fabric.value());
            if (it == planeOfFabric.end())
                return;
            const Device& a = d.devices[l.a.device];
            const Device& b = d.devices[l.b.device];
            for (const Device* sw : {&a, &b})
                if (sw->tier != Tier::None)
                    QCOMPARE(sw->fabric.value(), l.fabric.value());
            const bool aServer = d.typeOf(a).gpuCount() > 0;
            if (!aServer && d.typeOf(b).gpuCount() == 0)
                return;
            QCOMPARE(linkSpeedGbps(d, l), laneGbps);
            ++serverPlaneLinks[{(aServer ? l.a : l.b).device.value(), it->second}];
            ++nodeLeaf;
        });
        QCOMPARE(serverPlaneLinks.size(), std::size_t(m.servers) * std::size_t(planes));
        // Each host has its own NICs on every plane: a server's, or a rack-scale system's
        // compute tray's (4 of the rack's 72).
        long long hostNics = 0;
        for (const auto& [key, n] : serverPlaneLinks) {
            const int own = d.typeOf(d.devices[DeviceId(key.first)]).portCount(PortRole::Compute);
            QCOMPARE(n, own);
            hostNics += own;
        }
        hostNics /= planes;
        // As many as the systems listed: the GPUs over the system's GPUs, its NICs each.
        QCOMPARE(hostNics, 1LL * m.gpus / type.gpuCount() * nics);
        QCOMPARE(nodeLeaf, hostNics * planes);
        double bisection = 0;
        for (const PlaneMetrics& pm : m.computePlanes) {
            QCOMPARE(pm.links.nodeLeaf, hostNics);
            QCOMPARE(pm.injectionGbpsPerGpu, laneGbps * nics / type.gpuCount());
            bisection += pm.bisectionTbps;
        }
        QCOMPARE(bisection, m.bisectionTbps);
        const std::vector<Finding> fs = runChecks(d);
        QVERIFY2(errorCodes(fs).isEmpty(), qPrintable(errorCodes(fs).join(u'\n')));
    }

private Q_SLOTS:
    void twinPlaneSpectrumX() {
        // 800G SuperNIC as 2 x 400G, one lane to each plane.
        const DesignData d = generated(b300(512, 2));
        checkPlanes(d, 2, 400);
        const Metrics m = computeMetrics(d);
        // 64 servers in 2 SUs of 32, 8 rail leaves per SU; 16 leaves x 32 x 400G up over
        // 128-port (2 x 400G split) spines = 4 spines per plane.
        for (const PlaneMetrics& pm : m.computePlanes) {
            QCOMPARE(pm.switches.leaf, 16);
            QCOMPARE(pm.switches.spine, 4);
            QCOMPARE(pm.switches.core, 0);
            QCOMPARE(pm.links.leafSpine, 512LL);
            QCOMPARE(pm.bisectionTbps, 512 * 400 / 2 / 1000.0);
        }
        QCOMPARE(m.bisectionTbps, 512 * 800 / 2 / 1000.0); // both planes: the NIC's full 800G
        QCOMPARE(m.injectionGbpsPerGpu, 800.0);
        d.devices.forEach([&](DeviceId, const Device& v) {
            if (d.typeOf(v).gpuCount() > 0)
                QCOMPARE(int(v.breakout), 2);
        });
    }
    /// Issue #33: NVIDIA's twin-plane Spectrum-X tables count one cable per GPU. Each 800G
    /// SuperNIC takes one MPO-16 SR8 and one splitter fibre to its two planes' leaves: the BOM
    /// bills the splitter once per server port, the schedule has one row per port, NetBox one
    /// cable id per port (a NetBox cable per leg, both labelled with it), and stats count so.
    void twinPlaneServerPortIsOneCable() {
        const DesignData d = generated(b300(512, 2));
        const long long ports = 64 * 8;
        const Bom bom = computeBom(d);
        auto billed = [&](const char* id) {
            for (const BomLine& line : bom.lines)
                if (d.catalog[line.type].id == QLatin1String(id))
                    return line.quantity;
            return 0LL;
        };
        const QString optic = QStringLiteral("generic-800g-osfp-sr8-mpo16");
        const QString splitter = QStringLiteral("generic-fiber-mpo16-2x-mpo12-om4-splitter");
        QCOMPARE(billed("generic-fiber-mpo16-2x-mpo12-om4-splitter"), ports);
        QCOMPARE(billed("generic-800g-osfp-sr8-mpo16"), ports);
        // The schedule: one row per server port, from its cage to both planes' leaves.
        const std::vector<CableRow> rows = cablingRows(d);
        std::set<QString> portRows;
        for (const CableRow& r : rows) {
            const Link& l = d.links[r.links.front()];
            const Fabric* f = d.fabric(l.fabric);
            if (!f || f->kind != FabricKind::Compute ||
                (d.typeOf(d.devices[l.a.device]).gpuCount() == 0 &&
                 d.typeOf(d.devices[l.b.device]).gpuCount() == 0))
                continue;
            QCOMPARE(int(r.links.size()), 2);
            QCOMPARE(r.aEndPart, optic);
            QCOMPARE(r.cablePart, splitter);
            QCOMPARE(r.cableConnector, QStringLiteral("MPO-16/APC"));
            QCOMPARE(r.bEndPart, QStringLiteral("nvidia-mma4z00-ns"));
            QVERIFY2(!r.a.device.contains(u'+') && r.b.device.contains(u'+'),
                     qPrintable(r.label)); // one server, a leaf of each plane
            portRows.insert(r.id);
        }
        QCOMPARE(qint64(portRows.size()), ports);
        QCOMPARE(computeMetrics(d).cables, qint64(rows.size())); // stats count what is pulled
        // NetBox: a cable per leg, the legs of one port under one cable id.
        const NetBoxExport nb = netboxExport(d, QStringLiteral("site"));
        QMap<QString, int> legs;
        const QList<QByteArray> lines = nb.cablesCsv.split('\n');
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> cells = lines[i].trimmed().split(',');
            const QString label = cells.size() > 8 ? QString::fromUtf8(cells[8]) : QString();
            if (portRows.count(label))
                ++legs[label];
        }
        QCOMPARE(qint64(legs.size()), ports);
        for (int n : legs)
            QCOMPARE(n, 2);
    }
    void quadPlane() {
        const DesignData d = generated(b300(256, 4));
        checkPlanes(d, 4, 200);
    }
    void onePlaneIsTheDefault() {
        const DesignData d = generated(b300(256, 1));
        const Metrics m = computeMetrics(d);
        QCOMPARE(int(m.computePlanes.size()), 1);
        QCOMPARE(m.computePlanes[0].name, QStringLiteral("Compute"));
        QCOMPARE(m.injectionGbpsPerGpu, 800.0);
    }
    void planesSurviveSaveAndLoad() {
        const DesignData d = generated(b300(256, 2));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.cds.json"));
        QString error;
        QVERIFY2(DesignFile::save(d, path, &error), qPrintable(error));
        LoadResult r = DesignFile::load(path);
        QVERIFY2(r.ok, qPrintable(r.errors.empty() ? QString() : r.errors.front().toString()));
        routeCables(r.data);
        checkPlanes(r.data, 2, 400);
    }
    void impossiblePlanesAreRefused_data() {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("fabricSwitch");
        QTest::addColumn<int>("planes");
        QTest::addColumn<QString>("message");
        QTest::newRow("ConnectX-7 feeds one plane")
            << "nvidia-dgx-h100"
            << "nvidia-qm9700" << 2 << "cannot be split over parallel planes";
        QTest::newRow("GB300 is dual-plane only") << "nvidia-gb300-nvl72"
                                                  << "nvidia-sn5610" << 4 << "split only 2 ways";
        QTest::newRow("3 does not divide the port")
            << "nvidia-dgx-b300"
            << "nvidia-sn5610" << 3 << "--planes must be 1, 2 or 4";
        QTest::newRow("switch has no lane split")
            << "nvidia-dgx-b300"
            << "nvidia-q3400" << 4 << "has no 200G port split";
    }
    void impossiblePlanesAreRefused() {
        QFETCH(QString, server);
        QFETCH(QString, fabricSwitch);
        QFETCH(int, planes);
        QFETCH(QString, message);
        GenerateParams p = b300(576, planes);
        p.serverId = server;
        p.switchId = fabricSwitch;
        const QString why = refusal(p);
        QVERIFY2(why.contains(message),
                 qPrintable(why.isEmpty() ? QStringLiteral("generated") : why));
    }
    /// Vera Rubin NVL144's 1.6T ConnectX-9 port per GPU: refused alone on 800G switches, it
    /// generates as two 800G planes on XDR, Spectrum-X and co-packaged-optics switches, and the
    /// design validates (issue #33).
    void veraRubinRunsAsTwoPlanes_data() {
        QTest::addColumn<QString>("fabricSwitch");
        for (const char* sw : {"nvidia-q3400", "nvidia-q3450-ld", "nvidia-sn5610", "nvidia-sn6810"})
            QTest::newRow(sw) << QString::fromLatin1(sw);
    }
    void veraRubinRunsAsTwoPlanes() {
        QFETCH(QString, fabricSwitch);
        GenerateParams p = b300(576, 1);
        p.serverId = QStringLiteral("nvidia-vera-rubin-nvl144");
        p.switchId = fabricSwitch;
        QVERIFY(refusal(p).contains(QLatin1String("has no port split matching the 1600G")));
        p.planes = 2;
        const DesignData d = generated(p);
        checkPlanes(d, 2, 800, "nvidia-vera-rubin-nvl144");
        QVERIFY2(errorCodes(runChecks(d)).isEmpty(),
                 qPrintable(errorCodes(runChecks(d)).join(u'\n')));
    }
    /// Optics as a budget line (issue #33): stats' optics {count, watts, cost_usd, per_gpu} are
    /// the design's pluggable transceivers, their power and their priced BOM lines; the same
    /// cluster on co-packaged-optics switches needs fewer and draws less.
    void opticsAreABudgetLine() {
        GenerateParams p = b300(576, 1);
        p.switchId = QStringLiteral("nvidia-q3400");
        const DesignData pluggable = generated(p);
        p.switchId = QStringLiteral("nvidia-q3450-ld");
        const DesignData cpo = generated(p);
        const Metrics mp = computeMetrics(pluggable), mc = computeMetrics(cpo);
        double linesUsd = 0;
        for (const BomLine& line : computeBom(pluggable).lines)
            if (pluggable.catalog[line.type].category == Category::Transceiver &&
                line.extendedUsd())
                linesUsd += *line.extendedUsd();
        QVERIFY(mp.transceivers > 0 && linesUsd > 0);
        QCOMPARE(mp.pluggableOptics, mp.transceivers); // no co-packaged ports here
        QCOMPARE(mp.opticsCostUsd, linesUsd);
        QCOMPARE(mp.opticsPerGpu(), double(mp.transceivers) / 576);
        QVERIFY2(mc.pluggableOptics < mp.pluggableOptics,
                 qPrintable(QStringLiteral("CPO %1, pluggable %2")
                                .arg(mc.pluggableOptics)
                                .arg(mp.pluggableOptics)));
        QVERIFY(mc.opticsPowerW < mp.opticsPowerW);
        QVERIFY(mc.opticsCostUsd < mp.opticsCostUsd);
        const QJsonObject optics = QJsonDocument::fromJson(statsJson(pluggable, mp))
                                       .object()[QStringLiteral("optics")]
                                       .toObject();
        QCOMPARE(optics[QStringLiteral("count")].toInteger(), mp.pluggableOptics);
        QCOMPARE(optics[QStringLiteral("watts")].toDouble(),
                 std::round(mp.opticsPowerW * 100) / 100);
        QCOMPARE(optics[QStringLiteral("cost_usd")].toDouble(),
                 std::round(mp.opticsCostUsd * 100) / 100);
        QVERIFY(std::abs(optics[QStringLiteral("per_gpu")].toDouble() - mp.opticsPerGpu()) < 1e-3);
    }
    /// generate --cpo: the fabric switch becomes the catalog's co-packaged-optics switch of the
    /// same technology and port speed; a switch with none is refused, naming why.
    void cpoSwapsTheFabricSwitch_data() {
        QTest::addColumn<QString>("pluggable");
        QTest::addColumn<QString>("cpo");
        QTest::newRow("Quantum-X800")
            << QStringLiteral("nvidia-q3400") << QStringLiteral("nvidia-q3450-ld");
        QTest::newRow("Spectrum-X")
            << QStringLiteral("nvidia-sn5610") << QStringLiteral("nvidia-sn6810");
    }
    void cpoSwapsTheFabricSwitch() {
        QFETCH(QString, pluggable);
        QFETCH(QString, cpo);
        GenerateParams p = b300(576, 1);
        p.switchId = pluggable;
        p.cpo = true;
        const GenerateResult r = generateCluster(p, bundled().catalog());
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY2(r.notes.join(u'\n').contains(QStringLiteral("replaced by %1").arg(cpo)),
                 qPrintable(r.notes.join(u'\n')));
        int fabricSwitches = 0;
        r.design.devices.forEach([&](DeviceId, const Device& v) {
            if (v.tier != Tier::None &&
                r.design.fabrics[v.fabric.value()].kind == FabricKind::Compute) {
                QCOMPARE(r.design.typeOf(v).id, cpo);
                ++fabricSwitches;
            }
        });
        QVERIFY(fabricSwitches > 0);
        QVERIFY2(errorCodes(runChecks(r.design)).isEmpty(),
                 qPrintable(errorCodes(runChecks(r.design)).join(u'\n')));
        GenerateParams old;
        old.gpus = 256;
        old.switchId = QStringLiteral("nvidia-qm9700");
        old.cpo = true;
        QVERIFY2(refusal(old).contains(QLatin1String("no co-packaged-optics switch")),
                 qPrintable(refusal(old)));
    }
    void serversPerRackIsObeyed() {
        GenerateParams p;
        p.gpus = 512;
        const std::map<QString, int> dflt = serversByRack(generated(p));
        p.serversPerRack = 2; // hyperscale RoCE practice
        const DesignData d = generated(p);
        const std::map<QString, int> two = serversByRack(d);
        int servers = 0;
        for (const auto& [rack, n] : two) {
            QVERIFY2(n <= 2, qPrintable(rack));
            servers += n;
        }
        QCOMPARE(servers, 64);
        QCOMPARE(int(two.size()), 32); // 32 servers per SU, 2 per rack
        QVERIFY(dflt.size() < two.size());
        for (const auto& [rack, n] : dflt)
            QVERIFY(n > 2);
        QVERIFY2(errorCodes(runChecks(d)).isEmpty(),
                 qPrintable(errorCodes(runChecks(d)).join(u'\n')));
    }
    void impossibleServersPerRackIsRefused_data() {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("perRack");
        QTest::addColumn<bool>("air");
        QTest::addColumn<QString>("message");
        // 6 x 8U = 48U in a 42U rack.
        QTest::newRow("U") << "nvidia-dgx-h100" << 6 << false << "holds 42U: at most 5 per rack";
        // 4 x ~14 kW on air.
        QTest::newRow("power") << "nvidia-dgx-b300" << 4 << true << "beyond the air cooling";
        QTest::newRow("NVL72 is a rack") << "nvidia-gb300-nvl72" << 2 << false << "at most 1";
        // 8 x 14 kW on direct liquid: racks are planned to the envelope's warning level (100
        // kW), and the message quotes it, not the 150 kW error level (issue #33).
        QTest::newRow("liquid warning level")
            << "amd-mi355x-8gpu" << 8 << false
            << "beyond the direct-liquid cooling envelope's warning level of 100 kW per rack: "
               "at most 7 per rack";
    }
    void impossibleServersPerRackIsRefused() {
        QFETCH(QString, server);
        QFETCH(int, perRack);
        QFETCH(bool, air);
        QFETCH(QString, message);
        GenerateParams p;
        p.gpus = 576;
        p.serverId = server;
        p.switchId = QStringLiteral("nvidia-q3400");
        if (server == QLatin1String("nvidia-dgx-h100"))
            p.switchId = QStringLiteral("nvidia-qm9700");
        if (server == QLatin1String("amd-mi355x-8gpu"))
            p.switchId = QStringLiteral("nvidia-sn5600");
        if (air)
            p.cooling = CoolingType::Air;
        p.serversPerRack = perRack;
        const QString why = refusal(p);
        QVERIFY2(why.contains(message),
                 qPrintable(why.isEmpty() ? QStringLiteral("generated") : why));
        QVERIFY2(why.contains(QStringLiteral("--servers-per-rack %1").arg(perRack)),
                 qPrintable(why));
    }
};

QTEST_APPLESS_MAIN(TestPlanes)
#include "tst_planes.moc"
