#include "TestDesigns.h"

#include "model/cabling/CableRouting.h"
#include "model/metrics/Metrics.h"

using namespace cds;

/// @brief Metrics computed from the model: counts, power with PUE, missing data, cost, bandwidth.
class TestMetrics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countsAndGpuFigures() {
        const Metrics m = computeMetrics(test::smallCluster());
        QCOMPARE(m.gpus, 16);
        QCOMPARE(m.servers, 2);
        QCOMPARE(m.racks, 2);
        QCOMPARE(m.gpuMemoryGb, 16 * 80.0);
        QCOMPARE(m.bf16Pflops, 16 * 989 / 1000.0);
        QCOMPARE(m.switches[std::size_t(FabricKind::Compute)].leaf, 1);
        QCOMPARE(m.links[std::size_t(FabricKind::Compute)].nodeLeaf, 16LL);
        QCOMPARE(m.links[std::size_t(FabricKind::Compute)].leafSpine, 0LL);
    }
    void powerPerRackAndFacilityWithPue() {
        const DesignData d = test::smallCluster();
        const Metrics m = computeMetrics(d);
        QCOMPARE(m.perRack.size(), std::size_t(2));
        QCOMPARE(m.perRack[0].itMaxW, 2 * 10200.0);
        QCOMPARE(m.maxRackKw, 20.4);
        const CatalogItem& qm = *test::bundled().catalog().item(QStringLiteral("nvidia-qm9700"));
        const CatalogItem& sn = *test::bundled().catalog().item(QStringLiteral("nvidia-sn5600"));
        const CatalogItem& s46 = *test::bundled().catalog().item(QStringLiteral("nvidia-sn4600c"));
        const CatalogItem& s22 = *test::bundled().catalog().item(QStringLiteral("nvidia-sn2201"));
        const double netW = *qm.powerMaxW + *sn.powerMaxW + *s46.powerMaxW + *s22.powerMaxW;
        QCOMPARE(m.perRack[1].itMaxW, netW);
        const double dlcPue = d.settings.cooling[std::size_t(CoolingType::DirectLiquid)].pue;
        const double airPue = d.settings.cooling[std::size_t(CoolingType::Air)].pue;
        QCOMPARE(m.facilityW, 20400 * dlcPue + netW * airPue);
        QCOMPARE(m.powerMissing, 0);
    }
    void unknownPowerIsMissingNotZero() {
        test::Builder b{test::smallCluster()};
        CatalogItem mystery = *test::bundled().catalog().item(QStringLiteral("nvidia-dgx-h100"));
        mystery.id = QStringLiteral("mystery-server");
        mystery.powerMaxW.reset();
        mystery.powerTypicalW.reset();
        mystery.weightKg.reset();
        Device v;
        v.name = QStringLiteral("mystery");
        v.type = b.d.catalog.add(mystery);
        v.rack = RackId(0);
        v.uPosition = 22;
        b.d.devices.add(v);
        const Metrics m = computeMetrics(b.d);
        QCOMPARE(m.powerMissing, 1);
        QCOMPARE(m.weightMissing, 1);
        QCOMPARE(m.perRack[0].powerMissing, 1);
        QCOMPARE(m.perRack[0].itMaxW, 2 * 10200.0); // still the known part only
        QCOMPARE(m.gpus, 24);
    }
    void costByCategoryFromBom() {
        DesignData d = test::smallCluster();
        routeCables(d);
        const Metrics m = computeMetrics(d);
        const double dgx =
            test::bundled().catalog().item(QStringLiteral("nvidia-dgx-h100"))->price->usd;
        QCOMPARE(m.costByCategory[std::size_t(CostCategory::GpuServers)], 2 * dgx);
        double sum = 0;
        for (double c : m.costByCategory)
            sum += c;
        QCOMPARE(sum, m.totalCostUsd);
        QVERIFY(m.costByCategory[std::size_t(CostCategory::NetworkSwitches)] > 0);
        QVERIFY(m.costByCategory[std::size_t(CostCategory::CablesAndOptics)] > 0);
        QCOMPARE(m.costPerGpu(), m.totalCostUsd / 16);
    }
    void priceOverrideApplies() {
        DesignData d = test::smallCluster();
        d.priceOverrides[QStringLiteral("nvidia-dgx-h100")] = {250000,
                                                               QStringLiteral("quote Q-17")};
        const Metrics m = computeMetrics(d);
        QCOMPARE(m.costByCategory[std::size_t(CostCategory::GpuServers)], 500000.0);
    }
    void bisectionFromLinksSingleLeaf() {
        // 16 x 400G into one non-blocking leaf: N*B/2 = 3.2 Tb/s per direction.
        const Metrics m = computeMetrics(test::smallCluster());
        QCOMPARE(m.bisectionTbps, 3.2);
        QCOMPARE(m.injectionGbpsPerGpu, 400.0);
    }
    void bisectionHalvesWithOversubscribedSpines() {
        // 2 leaves x 4 servers x 400G down; 2 uplinks of 400G per leaf -> 4:1 at the leaf.
        test::Builder b;
        const FabricId f = b.fabric(FabricKind::Compute);
        const RackId r =
            b.rack(QStringLiteral("R"), 1000, 1000, CoolingType::Immersion, "rack-48u-600x1200");
        DeviceId l1 = b.device(QStringLiteral("l1"), "nvidia-qm9700", r, 40, Tier::Leaf, f);
        DeviceId l2 = b.device(QStringLiteral("l2"), "nvidia-qm9700", r, 41, Tier::Leaf, f);
        DeviceId sp = b.device(QStringLiteral("s1"), "nvidia-qm9700", r, 42, Tier::Spine, f);
        const CatalogItem& dgx = *test::bundled().catalog().item(QStringLiteral("nvidia-dgx-h100"));
        const int nic = dgx.firstPort(PortRole::Compute);
        int p1 = 0, p2 = 0;
        DeviceId s1 = b.device(QStringLiteral("a"), "nvidia-dgx-h100", r, 1);
        DeviceId s2 = b.device(QStringLiteral("b"), "nvidia-dgx-h100", r, 9);
        for (int i = 0; i < 4; ++i) {
            b.link(s1, nic + i, l1, p1++, f);
            b.link(s2, nic + i, l2, p2++, f);
        }
        int sp0 = 0;
        for (DeviceId leaf : {l1, l2}) {
            int& p = leaf == l1 ? p1 : p2;
            b.link(leaf, p++, sp, sp0++, f);
        }
        const Metrics m = computeMetrics(b.d);
        QCOMPARE(m.links[0].leafSpine, 2LL);
        QCOMPARE(m.leafOversubscription, 4.0);
        QCOMPARE(m.bisectionTbps, 2 * 400 / 2 / 1000.0);
        // Per tier: 8 x 400G injected, 2 x 400G up to the spine, no core.
        QCOMPARE(m.tierGbps[0], 8 * 400.0);
        QCOMPARE(m.tierGbps[1], 2 * 400.0);
        QCOMPARE(m.tierGbps[2], 0.0);
    }
};

QTEST_APPLESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
