#include "FabricTestUtil.h"
#include "model/DesignIndex.h"
#include "model/PortTable.h"
#include "model/cabling/CableRouting.h"
#include "model/edits/Edit.h"
#include "model/fabric/AllReduce.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Metrics.h"

#include <QTemporaryDir>

using namespace cds;
using namespace cds::test;

/// @brief generateCluster end to end: counts, rails, breakouts, placement, errors, files.
class TestGenerator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oneScalableUnit() {
        const DesignData d = generated(256);
        const Metrics m = computeMetrics(d);
        QCOMPARE(m.gpus, 256);
        QCOMPARE(m.servers, 32);
        const TierCounts& sw = m.switches[std::size_t(FabricKind::Compute)];
        QCOMPARE(sw.leaf, 8);  // one per rail
        QCOMPARE(sw.spine, 4); // 8 x 32 uplinks over 64-port spines
        QCOMPARE(sw.core, 0);
        const LinkTierCounts& l = m.links[std::size_t(FabricKind::Compute)];
        QCOMPARE(l.nodeLeaf, 256LL);
        QCOMPARE(l.leafSpine, 256LL);
        QCOMPARE(m.bisectionTbps, 256 * 400 / 2 / 1000.0); // N*B/2 at 1:1
        QCOMPARE(m.leafOversubscription, 1.0);
        QVERIFY(m.transceivers > 0);
        const std::vector<Finding> fs = runChecks(d);
        QVERIFY2(errorCodes(fs).isEmpty(), qPrintable(errorCodes(fs).join(u'\n')));
    }
    void railAlignment() {
        const DesignData d = generated(512);
        const int first = firstLogicalPort(
            *bundled().catalog().item(QStringLiteral("nvidia-dgx-h100")), 1, PortRole::Compute);
        int checked = 0;
        d.links.forEach([&](LinkId, const Link& l) {
            const Device& a = d.devices[l.a.device];
            const Device& b = d.devices[l.b.device];
            if (a.tier == Tier::None && b.tier == Tier::Leaf &&
                d.fabrics[b.fabric.value()].kind == FabricKind::Compute) {
                QCOMPARE(int(l.a.port) - first, int(b.rail));
                QCOMPARE(a.group, b.group); // the leaf of the server's own SU
                ++checked;
            }
        });
        QCOMPARE(checked, 512);
    }
    void breakoutMatchesNicSpeed() {
        GenerateParams p;
        p.gpus = 4096;
        p.switchId = QStringLiteral("nvidia-sn5600");
        const DesignData d = generated(p);
        int leaves = 0;
        d.devices.forEach([&](DeviceId, const Device& v) {
            if (v.tier == Tier::Leaf && d.typeOf(v).id == QLatin1String("nvidia-sn5600") &&
                d.fabrics[v.fabric.value()].kind == FabricKind::Compute) {
                QCOMPARE(int(v.breakout), 2); // 800G cages split to 2 x 400G
                QCOMPARE(d.typeOf(v).logicalPortCount(2), 129);
                ++leaves;
            }
        });
        QCOMPARE(leaves, 16 * 8);
        // 128 leaves fit 2 tiers of 128-port switches: k^2/2 = 8192 endpoints.
        QCOMPARE(computeMetrics(d).switches[0].core, 0);
        QVERIFY(errorCodes(runChecks(d)).isEmpty());
    }
    void threeTiersWhenNeeded() {
        const DesignData d = generated(16384);
        const TierCounts sw = computeMetrics(d).switches[0];
        QCOMPARE(sw.leaf, 512);
        QCOMPARE(sw.spine, 512);
        QCOMPARE(sw.core, 256);
        QVERIFY(errorCodes(runChecks(d)).isEmpty());
    }
    void frontierScaleHasNoMissingMedia() {
        // Regression: at 100,000 GPUs the in-band leaf-spine runs pass 100 m, beyond the only
        // 100G medium the catalog had (AOC), giving 285 link.no-medium errors.
        GenerateParams p;
        p.gpus = 100000;
        p.switchId = QStringLiteral("nvidia-sn5600");
        const DesignData d = generated(p);
        QCOMPARE(computeMetrics(d).gpus, 100000);
        QCOMPARE(errorCodes(runChecks(d)), QStringList());
    }
    /// Liquid-cooled 8-GPU systems are not held to the air racks' four: a rack takes what its
    /// direct-liquid envelope (100 kW warning level) and its U allow.
    void liquidRacksFillToTheirEnvelope() {
        GenerateParams p;
        p.gpus = 512;
        p.serverId = QStringLiteral("amd-mi355x-8gpu");
        p.switchId = QStringLiteral("nvidia-sn5600");
        const DesignData d = generated(p);
        const double warnKw = d.settings.cooling[std::size_t(CoolingType::DirectLiquid)].warnKw;
        const Metrics m = computeMetrics(d);
        int full = 0;
        for (const RackMetrics& rm : m.perRack) {
            if (rm.gpus == 0)
                continue;
            QVERIFY2(rm.itMaxW / 1000.0 <= warnKw, qPrintable(QString::number(rm.itMaxW)));
            full += rm.gpus == 7 * 8;
        }
        QVERIFY2(full >= 8, qPrintable(QString::number(full))); // 64 servers: 9 racks of 7 + 1
        QCOMPARE(errorCodes(runChecks(d)), QStringList());
    }
    /// Air-cooled DGX H100s go four to a rack (40.8 kW) behind the catalog's 55-75 kW active
    /// rear door, as NVIDIA deploys air-cooled racks of 28.6-57 kW; with no door that carries
    /// them, the seed's rule applies and they need direct liquid cooling.
    void coolingPerRack() {
        DesignData d = generated(256);
        auto computeRacks = [](const DesignData& design, CoolingType cooling, const char* door) {
            int racks = 0;
            DesignIndex index(design);
            design.racks.forEach([&](RackId id, const Rack& r) {
                int servers = 0;
                for (DeviceId dev : index.devicesIn(id))
                    servers += design.typeOf(design.devices[dev]).gpuCount() > 0;
                if (servers == 0)
                    return;
                QCOMPARE(servers, 4);
                QCOMPARE(r.cooling, cooling);
                QCOMPARE(r.coolingProduct ? design.catalog[r.coolingProduct].id : QString(),
                         QString::fromLatin1(door));
                ++racks;
            });
            return racks;
        };
        QCOMPARE(computeRacks(d, CoolingType::RearDoorHx, "rdhx-active-75kw"), 8);
        QCOMPARE(errorCodes(runChecks(d)), QStringList());
        Catalog noActiveDoors;
        for (const CatalogItem& c : bundled().catalog().items())
            if (!c.id.startsWith(QLatin1String("rdhx-active")))
                noActiveDoors.add(c);
        GenerateParams p;
        p.gpus = 256;
        const GenerateResult seedOnly = generateCluster(p, noActiveDoors);
        QVERIFY2(seedOnly.ok, qPrintable(seedOnly.error));
        QCOMPARE(computeRacks(seedOnly.design, CoolingType::DirectLiquid, ""), 8);
        DesignIndex index(d);
        GenerateParams air;
        air.gpus = 64;
        air.cooling = CoolingType::Air;
        d = generated(air);
        index.rebuild(d);
        d.racks.forEach([&](RackId id, const Rack& r) {
            QCOMPARE(r.cooling, CoolingType::Air);
            int servers = 0;
            for (DeviceId dev : index.devicesIn(id))
                servers += d.typeOf(d.devices[dev]).gpuCount() > 0;
            QVERIFY(servers <= 1); // 10.2 kW each: one per air-cooled rack
        });
    }
    void givenHallIsKept() {
        GenerateParams p;
        p.gpus = 512;
        p.hallWidthMm = 12000;
        p.hallDepthMm = 18000;
        const DesignData d = generated(p);
        QCOMPARE(d.hall.widthMm, 12000.0);
        QCOMPARE(d.hall.depthMm, 18000.0);
        const RectMm hall{0, 0, d.hall.widthMm, d.hall.depthMm};
        d.racks.forEach([&](RackId, const Rack& r) {
            QVERIFY(hall.contains({r.centre.x - 300, r.centre.y - 600, 600, 1200}));
        });
        for (const Row& row : d.hall.rows)
            QVERIFY(hall.contains(row.area));
        p.hallDepthMm = 4000; // too shallow for the rows it needs
        const GenerateResult r = generateCluster(p, bundled().catalog());
        QVERIFY(!r.ok);
        QVERIFY(r.error.contains(QLatin1String("too small")));
    }
    void badParameters_data() {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<QString>("expect");
        QTest::newRow("not a multiple") << 1001 << "nvidia-dgx-h100"
                                        << "nvidia-qm9700"
                                        << "not a multiple of 8 GPUs per server "
                                           "(nvidia-dgx-h100); 1000 or 1008 would be";
        QTest::newRow("under one server") << 4 << "nvidia-dgx-h100"
                                          << "nvidia-qm9700"
                                          << "(nvidia-dgx-h100); 8 would be";
        QTest::newRow("unknown server") << 64 << "nope"
                                        << "nvidia-qm9700"
                                        << "unknown GPU server";
        QTest::newRow("unknown switch") << 64 << "nvidia-dgx-h100"
                                        << "nope"
                                        << "unknown fabric";
        QTest::newRow("beyond 3 tiers") << 100000 << "nvidia-dgx-h100"
                                        << "nvidia-qm9700"
                                        << "beyond what 3 tiers";
        QTest::newRow("no matching split") << 64 << "nvidia-dgx-h100"
                                           << "nvidia-qm8700"
                                           << "no port split";
    }
    void badParameters() {
        QFETCH(int, gpus);
        QFETCH(QString, server);
        QFETCH(QString, sw);
        QFETCH(QString, expect);
        GenerateParams p;
        p.gpus = gpus;
        p.serverId = server;
        p.switchId = sw;
        const GenerateResult r = generateCluster(p, bundled().catalog());
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(expect), qPrintable(r.error));
    }
    void cancel() {
        GenerateParams p;
        p.gpus = 1024;
        int calls = 0;
        const GenerateResult r = generateCluster(p, bundled().catalog(), [&](int percent) {
            ++calls;
            return percent < 50;
        });
        QVERIFY(!r.ok);
        QVERIFY(r.error.contains(QLatin1String("cancelled")));
        QVERIFY(calls >= 2);
    }
    void saveLoadValidate() {
        const DesignData d = generated(256);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("g.cds.json"));
        QString error;
        QVERIFY2(DesignFile::save(d, path, &error), qPrintable(error));
        LoadResult r = DesignFile::load(path);
        QVERIFY(r.ok);
        routeCables(r.data);
        QCOMPARE(r.data.links.size(), d.links.size());
        const std::vector<Finding> fs = runChecks(r.data);
        QVERIFY2(errorCodes(fs).isEmpty(), qPrintable(errorCodes(fs).join(u'\n')));
        QCOMPARE(DesignFile::toBytes(r.data), DesignFile::toBytes(d));
    }
    void allReduceEstimates() {
        const DesignData ib = generated(1024);
        const Metrics mi = computeMetrics(ib);
        const double gib = 1024.0 * 1024 * 1024;
        const AllReduceEstimate ring = estimateAllReduce(ib, mi, gib, AllReduceAlgorithm::Ring);
        // Hierarchical over 128 NVLink domains (servers) of 8 GPUs: each GPU's NIC carries 1/8
        // of the message. 2 (N-1)/N x 8 Gib / (8 x 400G x 95%) plus 2 (M-1) steps of 2 us +
        // 3 hops x 0.13 us.
        QCOMPARE(mi.nvlinkDomains, 128);
        const double expect =
            2.0 * 1023 / 1024 * gib * 8 / (8 * 400e9 * 0.95) + 2.0 * 127 * (2.0 + 3 * 0.13) * 1e-6;
        QVERIFY(std::abs(ring.seconds - expect) < 1e-9);
        QCOMPARE(ring.switchHops, 3);
        // Small messages: the tree's log N steps beat the ring's N steps.
        const double small = 64 * 1024;
        QVERIFY(estimateAllReduce(ib, mi, small, AllReduceAlgorithm::Tree).seconds <
                estimateAllReduce(ib, mi, small, AllReduceAlgorithm::Ring).seconds);
        // RoCE on SN5600 is slower than InfiniBand; 2:1 is slower than 1:1 for large messages.
        GenerateParams p;
        p.gpus = 1024;
        p.switchId = QStringLiteral("nvidia-sn5600");
        const DesignData roce = generated(p);
        QVERIFY(
            estimateAllReduce(roce, computeMetrics(roce), gib, AllReduceAlgorithm::Ring).seconds >
            ring.seconds);
        p.switchId = QStringLiteral("nvidia-qm9700");
        p.topology = Topology::FatTree;
        p.oversubscription = 2.0;
        const DesignData over = generated(p);
        const Metrics mo = computeMetrics(over);
        const AllReduceEstimate slow = estimateAllReduce(over, mo, gib, AllReduceAlgorithm::Ring);
        // 7 leaves per SU of 32 servers (5 servers each, the last 2): 28 x 20 uplinks.
        QCOMPARE(mo.leafOversubscription, 1024.0 / 560.0);
        QCOMPARE(slow.perGpuGbps, 400 * 0.95 / mo.leafOversubscription);
        QVERIFY(slow.seconds > 1.7 * ring.seconds); // bandwidth term x 1.83
    }
    void allReduceCurveAgainstMessageSize() {
        const DesignData ib = generated(1024);
        const Metrics m = computeMetrics(ib);
        const std::vector<double> sizes = allReduceMessageSizes();
        QCOMPARE(sizes.front(), 64e3);
        QVERIFY(sizes.back() >= 16e9);
        for (auto algorithm : {AllReduceAlgorithm::Ring, AllReduceAlgorithm::Tree}) {
            const std::vector<AllReducePoint> curve = allReduceCurve(ib, m, sizes, algorithm);
            QCOMPARE(curve.size(), sizes.size());
            for (std::size_t i = 0; i < curve.size(); ++i) {
                QCOMPARE(curve[i].messageBytes, sizes[i]);
                QCOMPARE(curve[i].seconds, estimateAllReduce(ib, m, sizes[i], algorithm).seconds);
                if (i > 0)
                    QVERIFY(curve[i].seconds > curve[i - 1].seconds);
            }
        }
        // No compute fabric to estimate: no curve rather than a line of zeros.
        QVERIFY(allReduceCurve(DesignData{}, Metrics{}, sizes, AllReduceAlgorithm::Ring).empty());
    }
    void generationIsOneUndoableEdit() {
        Design doc;
        const DesignData before = doc.data();
        ReplaceDesignEdit e(QStringLiteral("Generate cluster"), before, generated(64));
        e.apply(doc);
        QCOMPARE(computeMetrics(doc.data()).gpus, 64);
        e.revert(doc);
        QVERIFY(doc.data() == before);
        e.apply(doc); // redo
        QCOMPARE(computeMetrics(doc.data()).gpus, 64);
    }
};

QTEST_APPLESS_MAIN(TestGenerator)
#include "tst_generator.moc"
