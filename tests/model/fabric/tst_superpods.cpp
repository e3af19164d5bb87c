#include "FabricTestUtil.h"
#include "model/DesignIndex.h"
#include "model/export/CablingSchedule.h"
#include "model/metrics/Metrics.h"

#include <cmath>
#include <functional>
#include <map>
#include <set>

using namespace cds;
using namespace cds::test;

namespace {

GenerateParams params(int gpus, const char* server, const char* sw, int suNodes = 0) {
    GenerateParams p;
    p.gpus = gpus;
    p.serverId = QString::fromLatin1(server);
    p.switchId = QString::fromLatin1(sw);
    p.suNodes = suNodes;
    return p;
}

/// Checks the compute fabric of @p d against a published table: leaves, spines, no cores,
/// @p links node-leaf and leaf-spine links, and 0 errors.
void checkPublishedCounts(const DesignData& d, int leaves, int spines, long long links) {
    const Metrics m = computeMetrics(d);
    const TierCounts& sw = m.switches[std::size_t(FabricKind::Compute)];
    QCOMPARE(sw.leaf, leaves);
    QCOMPARE(sw.spine, spines);
    QCOMPARE(sw.core, 0);
    const LinkTierCounts& l = m.links[std::size_t(FabricKind::Compute)];
    QCOMPARE(l.nodeLeaf, links);
    QCOMPARE(l.leafSpine, links);
    QCOMPARE(errorCodes(runChecks(d)), QStringList());
}

void verifyPublishedCounts(const GenerateParams& p, int leaves, int spines, long long links) {
    checkPublishedCounts(generated(p), leaves, spines, links);
}

/// The compute fabric's node-leaf cables as an installer pulls them: the cabling schedule's
/// rows with a GPU server at one end, one per physical assembly whatever links it carries.
long long nodeLeafCables(const DesignData& d) {
    long long n = 0;
    for (const CableRow& r : cablingRows(d)) {
        const Link& l = d.links[r.links.front()];
        const Fabric* f = d.fabric(l.fabric);
        const bool node = d.typeOf(d.devices[l.a.device]).gpuCount() > 0 ||
                          d.typeOf(d.devices[l.b.device]).gpuCount() > 0;
        n += f && f->kind == FabricKind::Compute && node;
    }
    return n;
}

} // namespace

/// @brief Today's systems against NVIDIA's published reference architectures, complete
/// clusters (storage, UFM, head nodes, PDUs, CDUs), and every server with every switch.
class TestSuperpods : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void dgxB300XdrSuperpod_data() {
        // NVIDIA DGX SuperPOD with DGX B300 on Quantum-X800 (XDR) RA, Table 3 "Example
        // Compute Fabric Components": SUs of 72 nodes; leaves, spines, node-leaf and
        // leaf-spine cables (docs.nvidia.com/dgx-superpod/reference-architecture/
        // scalable-infrastructure-b300-xdr, DGX SuperPOD Architecture).
        QTest::addColumn<int>("sus");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("cables");
        QTest::newRow("1 SU") << 1 << 8 << 4 << 576;
        QTest::newRow("2 SU") << 2 << 16 << 8 << 1152;
        QTest::newRow("4 SU") << 4 << 32 << 18 << 2304;
        QTest::newRow("8 SU") << 8 << 64 << 36 << 4608;
        QTest::newRow("18 SU") << 18 << 144 << 72 << 10368;
    }
    void dgxB300XdrSuperpod() {
        QFETCH(int, sus);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, cables);
        verifyPublishedCounts(params(sus * 72 * 8, "nvidia-dgx-b300", "nvidia-q3400"), leaves,
                              spines, cables);
    }
    /// The same RA: "four DGX B300 fit within a single rack. The rack-level power consumption
    /// per rack is ~56kW", 18 compute racks for a 72-node SU.
    void dgxB300XdrRackPower() {
        const Metrics m = computeMetrics(generated(params(576, "nvidia-dgx-b300", "nvidia-q3400")));
        QCOMPARE(m.racksByRole[std::size_t(RackRole::Compute)], 18);
        for (const RackMetrics& rm : m.perRack) {
            if (rm.gpus == 0)
                continue;
            QCOMPARE(rm.gpus, 32);
            QVERIFY2(rm.itMaxW >= 0.95 * 56000 && rm.itMaxW <= 1.05 * 56000,
                     qPrintable(QString::number(rm.itMaxW)));
        }
    }
    /// NVIDIA DGX SuperPOD with DGX H100, rack layout: four DGX H100 a rack, "40.8 kW per
    /// rack"; the PDUs' own electronics are a loss, not part of the rack's IT load.
    void dgxH100RackPowerIsItsSystems() {
        const DesignData d = generated(params(1024, "nvidia-dgx-h100", "nvidia-qm9700", 31));
        const Metrics m = computeMetrics(d);
        int gpus = 0;
        for (const RackMetrics& rm : m.perRack) {
            if (rm.gpus == 0)
                continue;
            QVERIFY(rm.gpus <= 32);
            QCOMPARE(rm.itMaxW, rm.gpus / 8 * 10200.0); // 4 a rack; 3 in the last of an SU
            gpus += rm.gpus;
        }
        QCOMPARE(gpus, 1024);
        QVERIFY(m.pdus > 0);
    }
    void dgxB300SpectrumXSuperpod_data() {
        QTest::addColumn<int>("sus");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("cables");
        // NVIDIA DGX SuperPOD with DGX B300 (Spectrum-X), "Larger DGX SuperPOD component
        // counts": 64-node SUs on a twin-planar SN5610 fabric, switches and cables of both
        // planes (docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-
        // b300, DGX SuperPOD Architecture, Table 3).
        QTest::newRow("1 SU") << 1 << 16 << 8 << 512;
        QTest::newRow("2 SU") << 2 << 32 << 16 << 1024;
        QTest::newRow("4 SU") << 4 << 64 << 32 << 2048;
        QTest::newRow("8 SU") << 8 << 128 << 64 << 4096;
        QTest::newRow("16 SU") << 16 << 256 << 128 << 8192;
    }
    void dgxB300SpectrumXSuperpod() {
        QFETCH(int, sus);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, cables);
        GenerateParams p = params(sus * 64 * 8, "nvidia-dgx-b300", "nvidia-sn5610", 64);
        p.planes = 2;
        const DesignData d = generated(p);
        // A published cable is one 800G port: two 400G lanes, one per plane, so two links.
        checkPublishedCounts(d, leaves, spines, 2LL * cables);
        if (QTest::currentTestFailed())
            return;
        // Issue #33: and one cable as pulled. Table 3's "Cable Count, Node-Leaf" column is one
        // per GPU (512 for a 64-node SU; "Each GPU has 2x 400GbE connectivity through two
        // different planes", Network Fabrics, Compute Fabric). Each SuperNIC takes one MPO-16
        // SR8 and one splitter fibre to its two planes' leaves, so the schedule has as many.
        QCOMPARE(nodeLeafCables(d), 1LL * cables);
    }
    void dgxB200Superpod_data() {
        // NVIDIA DGX SuperPOD with DGX B200 RA, "Larger DGX SuperPOD component counts": 32-node
        // SUs on QM9700 (docs.nvidia.com/dgx-superpod/reference-architecture-scalable-
        // infrastructure-b200, DGX SuperPOD Architecture).
        QTest::addColumn<int>("sus");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("cores");
        QTest::newRow("2 SU") << 2 << 16 << 8 << 0;
        QTest::newRow("4 SU") << 4 << 32 << 16 << 0;
        QTest::newRow("8 SU") << 8 << 64 << 32 << 0;
        QTest::newRow("16 SU") << 16 << 128 << 128 << 64;
    }
    void dgxB200Superpod() {
        QFETCH(int, sus);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, cores);
        const DesignData d = generated(params(sus * 256, "nvidia-dgx-b200", "nvidia-qm9700"));
        const TierCounts sw = computeMetrics(d).switches[std::size_t(FabricKind::Compute)];
        QCOMPARE(sw.leaf, leaves);
        QCOMPARE(sw.spine, spines);
        QCOMPARE(sw.core, cores);
    }
    // Issue #33: a 4,096-GPU B200 fabric at 2:1 sized its SUs at the ratio asked (72-node SUs
    // and an 8-node stub, 1.78:1). SUs are sized on a non-blocking leaf, as the RAs do, and a
    // 72-port leaf the nodes do not fill evenly takes whole smaller SUs.
    void oversubscribedFabricKeepsWholeSus_data() {
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("suNodes");
        QTest::newRow("Quantum-X800 Q3400") << QStringLiteral("nvidia-q3400") << 64;
        QTest::newRow("Spectrum-X SN5600") << QStringLiteral("nvidia-sn5600") << 32;
        QTest::newRow("Spectrum-X SN5610") << QStringLiteral("nvidia-sn5610") << 32;
        QTest::newRow("Quantum-2 QM9700") << QStringLiteral("nvidia-qm9700") << 32;
    }
    void oversubscribedFabricKeepsWholeSus() {
        QFETCH(QString, sw);
        QFETCH(int, suNodes);
        GenerateParams p = params(4096, "nvidia-dgx-b200", "");
        p.switchId = sw;
        p.oversubscription = 2.0;
        const DesignData d = generated(p);
        std::map<int, int> perSu; // SU -> GPU servers
        d.devices.forEach([&](DeviceId, const Device& v) {
            if (d.typeOf(v).gpuCount() > 0)
                ++perSu[v.group];
        });
        QCOMPARE(int(perSu.size()), 512 / suNodes);
        for (const auto& [su, nodes] : perSu)
            QVERIFY2(nodes == suNodes, qPrintable(QStringLiteral("SU %1: %2").arg(su).arg(nodes)));
        QCOMPARE(computeMetrics(d).leafOversubscription, 2.0);
    }

    void dgxB200DeployedSus_data() {
        // NVIDIA DGX SuperPOD with DGX B200 RA, Network Fabrics, Table 4 "Compute fabric
        // component count": the 32-node SU design with one DGX removed for the UFM ("a DGX
        // system must be removed to accommodate for UFM connectivity"); leaves, spines,
        // compute-and-UFM cables and spine-leaf cables
        // (docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-b200).
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("computeAndUfm");
        QTest::addColumn<int>("spineLeaf");
        QTest::newRow("1 SU") << 31 << 8 << 4 << 252 << 256;
        QTest::newRow("2 SU") << 63 << 16 << 8 << 508 << 512;
        QTest::newRow("3 SU") << 95 << 24 << 16 << 764 << 768;
        QTest::newRow("4 SU") << 127 << 32 << 16 << 1020 << 1024;
    }
    void dgxB200DeployedSus() {
        QFETCH(int, nodes);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, computeAndUfm);
        QFETCH(int, spineLeaf);
        const DesignData d = generated(params(nodes * 8, "nvidia-dgx-b200", "nvidia-qm9700"));
        const Metrics m = computeMetrics(d);
        const TierCounts& sw = m.switches[std::size_t(FabricKind::Compute)];
        QCOMPARE(sw.leaf, leaves);
        QCOMPARE(sw.spine, spines);
        QCOMPARE(m.ufm, 2);
        long long ufmLinks = 0;
        d.links.forEach([&](LinkId, const Link& l) {
            for (const PortRef& e : {l.a, l.b})
                ufmLinks += d.fabrics[l.fabric.value()].kind == FabricKind::Compute &&
                            d.typeOf(d.devices[e.device]).category == Category::Management;
        });
        const LinkTierCounts& l = m.links[std::size_t(FabricKind::Compute)];
        QCOMPARE(l.nodeLeaf + ufmLinks, (long long)computeAndUfm);
        QCOMPARE(l.leafSpine, (long long)spineLeaf);
        QCOMPARE(errorCodes(runChecks(d)), QStringList());
    }
    void dgxGb200Superpod() {
        // NVIDIA DGX SuperPOD with DGX GB200 RA: 8 DGX GB200 NVL72 racks per SU, each SU a
        // thermal design power of 1.2 MW; scales to 128 racks (9,216 GPUs)
        // (docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-gb200).
        for (const char* server : {"nvidia-gb200-nvl72", "nvidia-gb300-nvl72"}) {
            const DesignData d = generated(params(576, server, "nvidia-q3400"));
            const Metrics m = computeMetrics(d);
            QCOMPARE(m.racksByRole[std::size_t(RackRole::Compute)], 8);
            QCOMPARE(m.nvlinkDomainGpus, 72);
            double computeW = 0;
            for (const RackMetrics& rm : m.perRack)
                computeW += rm.gpus > 0 ? rm.itMaxW : 0;
            QVERIFY2(computeW <= 1.2e6, qPrintable(QString::number(computeW)));
            QVERIFY(computeW >= 0.8e6);
            QCOMPARE(errorCodes(runChecks(d)), QStringList());
            d.racks.forEach([&](RackId, const Rack& r) {
                if (r.name.contains(QLatin1String("-c")))
                    QCOMPARE(r.cooling, CoolingType::DirectLiquid);
            });
        }
        const DesignData big = generated(params(9216, "nvidia-gb200-nvl72", "nvidia-q3400"));
        const Metrics mb = computeMetrics(big);
        QCOMPARE(mb.racksByRole[std::size_t(RackRole::Compute)], 128);
        QCOMPARE(mb.gpus, 9216);
        QCOMPARE(errorCodes(runChecks(big)), QStringList());
    }
    /// 10U systems go in the 52U 700 x 1,200 mm rack NVIDIA recommends for them (DGX B200
    /// data-centre best practices; the DGX B300 RA puts four in a rack with three 2U PDUs); an
    /// 8U DGX H100 keeps its 42U 600 mm racks.
    /// A GB300 NVL72 rack's storage leaf serves its 18 trays (36 ports): at 1:1 it needs 36
    /// uplinks, not the 64 a full SN5600 leaf would have (which gave 130 storage switches
    /// for 64 racks).
    void storageLeavesGetTheUplinksTheyNeed() {
        const DesignData d = generated(params(4608, "nvidia-gb300-nvl72", "nvidia-q3400"));
        std::map<DeviceId::Rep, int> down, up;
        d.links.forEach([&](LinkId, const Link& l) {
            if (!l.fabric || d.fabrics[l.fabric.value()].kind != FabricKind::Storage)
                return;
            const Tier ta = d.devices[l.a.device].tier, tb = d.devices[l.b.device].tier;
            for (const auto& [self, other, end] :
                 {std::tuple{ta, tb, l.a.device}, std::tuple{tb, ta, l.b.device}})
                if (self == Tier::Leaf)
                    ++(other == Tier::None ? down : up)[end.value()];
        });
        QVERIFY(down.size() >= 64);
        int fullest = 0;
        for (const auto& [leaf, n] : down)
            fullest = std::max(fullest, n);
        QCOMPARE(fullest, 36); // no storage or management leaf fuller than a rack's
        for (const auto& [leaf, n] : down)
            QVERIFY2(up[leaf] <= fullest, qPrintable(d.devices[DeviceId(leaf)].name));
        const int storageSwitches =
            computeMetrics(d).switches[std::size_t(FabricKind::Storage)].total();
        QVERIFY2(storageSwitches < 110, qPrintable(QString::number(storageSwitches)));
        QCOMPARE(errorCodes(runChecks(d)), QStringList());
    }
    /// Meta's 24k-GPU RoCE cluster: 8 pods of 3,072 H100 joined by an aggregation tier
    /// ("RoCE networks for distributed AI training at scale", SIGCOMM 2024), on SN5600 with
    /// 64-node SUs (8 rail leaves each). By default a pod takes as many leaves as a spine's
    /// 64 downlinks reach: 8 SUs, 6 pods.
    void podSizeOfARoceCluster_data() {
        QTest::addColumn<int>("podGpus");
        QTest::addColumn<int>("pods");
        QTest::newRow("--pod-gpus 3072") << 3072 << 8;
        QTest::newRow("default") << 0 << 6;
    }
    void podSizeOfARoceCluster() {
        QFETCH(int, podGpus);
        QFETCH(int, pods);
        GenerateParams p = params(24576, "nvidia-dgx-h100", "nvidia-sn5600", 64);
        p.podGpus = podGpus;
        p.support = false;
        const DesignData d = generated(p);
        // Pods: the leaf-spine islands of the compute fabric, cores left out.
        std::map<DeviceId::Rep, DeviceId::Rep> parent;
        std::function<DeviceId::Rep(DeviceId::Rep)> root = [&](DeviceId::Rep x) {
            while (parent[x] != x)
                x = parent[x] = parent[parent[x]];
            return x;
        };
        std::map<DeviceId::Rep, int> leavesUnder;
        d.devices.forEach([&](DeviceId id, const Device& v) {
            const bool compute =
                v.fabric && d.fabrics[v.fabric.value()].kind == FabricKind::Compute;
            if (compute && (v.tier == Tier::Leaf || v.tier == Tier::Spine))
                parent[id.value()] = id.value();
        });
        d.links.forEach([&](LinkId, const Link& l) {
            const Tier a = d.devices[l.a.device].tier, b = d.devices[l.b.device].tier;
            const bool both = parent.count(l.a.device.value()) && parent.count(l.b.device.value());
            if (both &&
                ((a == Tier::Leaf && b == Tier::Spine) || (a == Tier::Spine && b == Tier::Leaf)))
                parent[root(l.a.device.value())] = root(l.b.device.value());
        });
        for (const auto& [id, up] : parent)
            if (d.devices[DeviceId(id)].tier == Tier::Leaf)
                ++leavesUnder[root(id)];
        QCOMPARE(int(leavesUnder.size()), pods);
        const Metrics m = computeMetrics(d);
        QVERIFY(m.switches[0].core > 0);
        for (const auto& [pod, leaves] : leavesUnder)
            QCOMPARE(leaves, m.switches[0].leaf / pods);
        QCOMPARE(errorCodes(runChecks(d)), QStringList());
    }
    void podSizeNotWholeSusIsRefused() {
        GenerateParams p = params(24576, "nvidia-dgx-h100", "nvidia-sn5600", 64);
        p.podGpus = 3000;
        GenerateResult r = generateCluster(p, bundled().catalog());
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QLatin1String("--pod-gpus 3000")) &&
                     r.error.contains(QLatin1String("2560 or 3072")),
                 qPrintable(r.error));
        p.podGpus = 8192; // 16 SUs of 8 leaves: more than a 128-port spine's 64 downlinks
        r = generateCluster(p, bundled().catalog());
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QLatin1String("--pod-gpus 8192")), qPrintable(r.error));
    }
    void tenUSystemsGetNvidiasRecommendedRack() {
        for (const auto& [server, sw, id] :
             {std::tuple{"nvidia-dgx-b300", "nvidia-q3400", "rack-52u-700x1200"},
              std::tuple{"nvidia-hgx-b300-8gpu", "nvidia-q3400", "rack-52u-700x1200"},
              std::tuple{"nvidia-dgx-b200", "nvidia-qm9700", "rack-52u-700x1200"},
              std::tuple{"nvidia-dgx-h100", "nvidia-qm9700", "rack-42u-600x1200"}}) {
            const DesignData d = generated(params(256, server, sw));
            QVERIFY(d.racks.size() > 0);
            const QString want = QString::fromLatin1(id); // clang 14 cannot capture a binding
            d.racks.forEach([&](RackId, const Rack& r) {
                QCOMPARE(d.typeOf(r).id, want);
                QVERIFY(d.typeOf(r).rack->uCapacity >= 48 || want.contains(u"42u"));
            });
            QCOMPARE(errorCodes(runChecks(d)), QStringList());
        }
    }
    /// A catalog without the 52U rack (a user catalog that replaced the racks) still puts 10U
    /// systems in a 48U rack rather than a 42U one.
    void tenUSystemsFallBackToA48URack() {
        Catalog lib;
        for (const CatalogItem& c : bundled().catalog().items())
            if (c.id != QLatin1String("rack-52u-700x1200"))
                lib.add(c);
        const GenerateResult r =
            generateCluster(params(64, "nvidia-dgx-b300", "nvidia-q3400"), lib);
        QVERIFY2(r.ok, qPrintable(r.error));
        r.design.racks.forEach([&](RackId, const Rack& rack) {
            QCOMPARE(r.design.typeOf(rack).id, QStringLiteral("rack-48u-600x1200"));
        });
    }
    void nvl72OnAirIsRefusedAndAnError() {
        GenerateParams p = params(72, "nvidia-gb300-nvl72", "nvidia-q3400");
        p.cooling = CoolingType::Air;
        const GenerateResult r = generateCluster(p, bundled().catalog());
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QLatin1String("liquid-cooled only")), qPrintable(r.error));
        DesignData d = generated(params(72, "nvidia-gb300-nvl72", "nvidia-q3400"));
        QCOMPARE(countCode(runChecks(d), "rack.needs-liquid"), 0);
        d.racks.forEach([&](RackId, Rack& rack) {
            if (rack.name.contains(QLatin1String("-c")))
                rack.cooling = CoolingType::Air;
        });
        QCOMPARE(countCode(runChecks(d), "rack.needs-liquid"), 1);
    }
    void thirtyOneNodeSuGetsFourSpines() {
        // NVIDIA's deployed SU: 31 nodes, leaves at full radix, the leftover port to the UFM.
        const DesignData d = generated(params(4 * 31 * 8, "nvidia-dgx-h100", "nvidia-qm9700", 31));
        const Metrics m = computeMetrics(d);
        QCOMPARE(m.switches[0].leaf, 32);
        QCOMPARE(m.switches[0].spine, 16);
        QCOMPARE(m.ufm, 2);
        QCOMPARE(errorCodes(runChecks(d)), QStringList());
    }
    /// Below one SU the fabric is NVIDIA's DGX BasePOD: "2-8 DGX on NDR400" with a pair of
    /// QM9700, each taking half the rails of every node, the UFM pair on one port of each.
    void aBasePodIsASwitchPair_data() {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("switches");
        QTest::newRow("1 node: one switch") << 8 << 1;
        QTest::newRow("4 nodes") << 32 << 2;
        QTest::newRow("8 nodes (the RA's largest)") << 64 << 2;
    }
    void aBasePodIsASwitchPair() {
        QFETCH(int, gpus);
        QFETCH(int, switches);
        const DesignData d = generated(params(gpus, "nvidia-dgx-h100", "nvidia-qm9700"));
        const Metrics m = computeMetrics(d);
        QCOMPARE(m.switches[0].leaf, switches);
        QCOMPARE(m.switches[0].spine, 0);
        QCOMPARE(m.ufm, 2);
        const DesignIndex index(d);
        std::map<DeviceId::Rep, int> railsPerSwitch;
        d.devices.forEach([&](DeviceId id, const Device& v) {
            if (!d.typeOf(v).gpu)
                return;
            const CatalogItem& t = d.typeOf(v);
            std::set<DeviceId::Rep> reached;
            for (int p = 0; p < t.portCount(PortRole::Compute); ++p) {
                const PortRef port{id, std::uint16_t(t.firstPort(PortRole::Compute) + p)};
                const LinkId link = index.linkAt(port);
                QVERIFY2(link, qPrintable(v.name));
                const Link& l = d.links[link];
                const DeviceId sw = l.a.device == id ? l.b.device : l.a.device;
                reached.insert(sw.value());
                ++railsPerSwitch[sw.value()];
            }
            QCOMPARE(int(reached.size()), switches); // every node on both switches of a pair
        });
        for (const auto& [sw, rails] : railsPerSwitch)
            QCOMPARE(rails, gpus / switches); // half the rails of every node each
        QCOMPARE(errorCodes(runChecks(d)), QStringList());
    }
    void aFullSuKeepsItsLeaves() {
        QCOMPARE(computeMetrics(generated(params(256, "nvidia-dgx-h100", "nvidia-qm9700")))
                     .switches[0]
                     .leaf,
                 8);
    }
    /// --tiers 1 past one switch: two switches, each taking half the rails of every server,
    /// joined by inter-switch links for the oversubscription asked (NVIDIA DGX BasePOD).
    void aSwitchPairJoinedByInterSwitchLinks() {
        GenerateParams p = params(80, "nvidia-dgx-h100", "nvidia-qm9700");
        p.tiers = 1;
        p.oversubscription = 2.0; // 80 ports: more than one 64-port switch, 2 x 42 at 2:1
        const DesignData d = generated(p);
        std::vector<DeviceId> pair;
        d.devices.forEach([&](DeviceId id, const Device& v) {
            if (v.tier == Tier::Leaf &&
                d.fabrics[std::size_t(v.fabric.value())].kind == FabricKind::Compute)
                pair.push_back(id);
        });
        QCOMPARE(int(pair.size()), 2);
        int isl = 0, toServers[2] = {0, 0};
        d.links.forEach([&](LinkId, const Link& l) {
            const bool a = l.a.device == pair[0] || l.a.device == pair[1];
            const bool b = l.b.device == pair[0] || l.b.device == pair[1];
            if (a && b)
                ++isl;
            else if (b && d.typeOf(d.devices[l.a.device]).gpu)
                ++toServers[l.b.device == pair[0] ? 0 : 1];
        });
        QCOMPARE(toServers[0], 40); // 10 servers x 4 rails each
        QCOMPARE(toServers[1], 40);
        QCOMPARE(isl, 20); // 40 downlinks at 2:1
        QCOMPARE(errorCodes(runChecks(d)), QStringList());
    }
    void tiersOneThatCannotFitIsRefused() {
        GenerateParams p = params(256, "nvidia-dgx-h100", "nvidia-qm9700");
        p.tiers = 1;
        const GenerateResult r = generateCluster(p, bundled().catalog());
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QLatin1String("--tiers 1")) &&
                     r.error.contains(QLatin1String("256 compute ports")),
                 qPrintable(r.error));
    }
    void ethernetSwitchesAreNamedEth() {
        const DesignData d = generated(params(512, "nvidia-dgx-h100", "nvidia-sn5600"));
        int leaves = 0, spines = 0;
        d.devices.forEach([&](DeviceId, const Device& v) {
            if (!v.fabric || d.fabrics[v.fabric.value()].kind != FabricKind::Compute)
                return;
            QVERIFY2(!v.name.startsWith(QLatin1String("ib-")), qPrintable(v.name));
            leaves += v.tier == Tier::Leaf && v.name.startsWith(QLatin1String("eth-leaf-"));
            spines += v.tier == Tier::Spine && v.name.startsWith(QLatin1String("eth-spine-"));
        });
        QCOMPARE(leaves, 16);
        QVERIFY(spines > 0);
    }
    void completeCluster() {
        GenerateParams p = params(1024, "nvidia-dgx-h100", "nvidia-qm9700", 31);
        p.storageTb = 3000;
        p.storageGbpsPerGpu = 5;
        const DesignData d = generated(p);
        const Metrics m = computeMetrics(d);
        QVERIFY(m.storageServers > 0);
        QVERIFY(m.storageUsableTb >= 3000);
        QVERIFY(m.storageReadGbps >= 1024 * 5);
        QCOMPARE(m.headNodes, 4);
        QCOMPARE(m.ufm, 2);
        QVERIFY(m.racksByRole[std::size_t(RackRole::Storage)] > 0);
        QVERIFY(m.racksByRole[std::size_t(RackRole::Management)] > 0);
        QVERIFY(m.racksByRole[std::size_t(RackRole::Network)] > 0);
        // PDUs: A and B feeds, each carrying the whole rack (2N).
        DesignIndex index(d);
        int pdus = 0;
        d.racks.forEach([&](RackId id, const Rack& r) {
            double kw = 0, feedA = 0, feedB = 0;
            for (DeviceId dev : index.devicesIn(id)) {
                const Device& v = d.devices[dev];
                const CatalogItem& t = d.typeOf(v);
                if (t.category == Category::Power) {
                    (v.name.contains(QLatin1String("-pdu-a")) ? feedA : feedB) += *t.feedKw;
                    ++pdus;
                } else {
                    kw += t.powerMaxW.value_or(0) / 1000.0;
                }
            }
            QVERIFY2(feedA >= kw && feedB >= kw, qPrintable(r.name));
            QCOMPARE(r.feeds.count, 2);
        });
        QCOMPARE(m.pdus, pdus);
        // Air-cooled DGX H100 racks are on rear doors: no liquid heat, no CDUs.
        QCOMPARE(m.liquidHeatKw, 0.0);
        QCOMPARE(m.cdus, 0);
        QCOMPARE(errorCodes(runChecks(d)), QStringList());
        // CDUs: N+1 over the direct-liquid heat of liquid-cooled systems; flow = P / (c_p dT).
        for (const char* server : {"nvidia-gb300-nvl72", "amd-mi355x-8gpu"}) {
            const DesignData liquid =
                generated(params(576, server, server[0] == 'a' ? "nvidia-sn5600" : "nvidia-q3400"));
            const Metrics lm = computeMetrics(liquid);
            QVERIFY2(lm.liquidHeatKw > 0, server);
            QVERIFY(lm.cdus >= 2);
            QVERIFY((lm.cdus - 1) * (lm.cduCapacityKw / lm.cdus) >= lm.liquidHeatKw);
            QVERIFY((lm.cdus - 2) * (lm.cduCapacityKw / lm.cdus) < lm.liquidHeatKw);
            QVERIFY(std::abs(lm.coolantFlowLpm() - lm.liquidHeatKw * 60 / 41.8) < 1e-9);
            QCOMPARE(errorCodes(runChecks(liquid)), QStringList());
        }
    }
    void storageDefaultsFollowBandwidth() {
        const DesignData d = generated(params(256, "nvidia-dgx-h100", "nvidia-qm9700"));
        const Metrics m = computeMetrics(d);
        QVERIFY(m.storageReadGbps >= 256 * GenerateParams::kDefaultStorageGbpsPerGpu);
    }
    void everyServerWithEveryCompatibleSwitch() {
        const Catalog& lib = bundled().catalog();
        int generatedOk = 0, refused = 0;
        for (const CatalogItem& server : lib.items()) {
            if (server.category != Category::Server || server.gpuCount() == 0)
                continue;
            for (const CatalogItem& sw : lib.items()) {
                if (sw.category != Category::Switch || sw.portCount(PortRole::Fabric) == 0)
                    continue;
                for (int nodes : {4, 40}) {
                    GenerateParams p;
                    p.gpus = nodes * server.gpuCount() / (server.rackScale ? 4 : 1);
                    p.serverId = server.id;
                    p.switchId = sw.id;
                    const GenerateResult r = generateCluster(p, lib);
                    const QString what = server.id + QStringLiteral(" on ") + sw.id +
                                         QStringLiteral(" x ") + QString::number(p.gpus);
                    if (!r.ok) {
                        // Only a pair that cannot be joined is refused (400G NICs on a 200G
                        // HDR switch), with a message that says so.
                        QVERIFY2(r.error.contains(QLatin1String("has no port split matching")),
                                 qPrintable(what + QStringLiteral(": ") + r.error));
                        ++refused;
                        continue;
                    }
                    const QStringList errors = errorCodes(runChecks(r.design));
                    QVERIFY2(errors.isEmpty(), qPrintable(what + QStringLiteral(": ") +
                                                          errors.mid(0, 3).join(u'\n')));
                    ++generatedOk;
                }
            }
        }
        QVERIFY(generatedOk > 80);
        QVERIFY(refused > 0); // e.g. 400G NICs on a 200G HDR switch
    }
};

QTEST_APPLESS_MAIN(TestSuperpods)
#include "tst_superpods.moc"
