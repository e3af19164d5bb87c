#include "FabricTestUtil.h"
#include "model/DesignIndex.h"
#include "model/cabling/CableRouting.h"
#include "model/export/CablingSchedule.h"
#include "model/metrics/Bom.h"
#include "model/rules/fabric/FabricRules.h"

using namespace cds;
using namespace cds::test;

namespace {

/// Two QM9700 in two racks, joined by both lanes of one twin-port cage (a paired cage).
struct Pair {
    Builder b;
    FabricId f = b.fabric(FabricKind::Compute);
    RackId r1 = b.rack(QStringLiteral("A"), 1000, 1000);
    RackId r2 = b.rack(QStringLiteral("B"), 1600, 1000);
    DeviceId s1 = b.device(QStringLiteral("sw1"), "nvidia-qm9700", r1, 40, Tier::Leaf, f);
    DeviceId s2 = b.device(QStringLiteral("sw2"), "nvidia-qm9700", r2, 40, Tier::Spine, f);
    LinkId l0 = b.link(s1, 0, s2, 0, f);
    LinkId l1 = b.link(s1, 1, s2, 1, f);
    QString mediumAt(double x) {
        b.d.racks[r2].centre.x = x;
        routeCables(b.d);
        const TypeId m = b.d.links[l0].medium;
        return m ? b.d.catalog[m].id : QString();
    }
};

/// A server's first compute port linked to a leaf's first port, @p metres apart in a row.
struct HostToLeaf {
    Builder b;
    FabricId f = b.fabric(FabricKind::Compute);
    LinkId l;
    HostToLeaf(const char* server, const char* leaf, double metres) {
        const RackId r1 = b.rack(QStringLiteral("A"), 1000, 1000);
        const RackId r2 = b.rack(QStringLiteral("B"), 1000 + metres * 1000, 1000);
        const DeviceId srv = b.device(QStringLiteral("srv"), server, r1, 1);
        const DeviceId sw = b.device(QStringLiteral("leaf"), leaf, r2, 38, Tier::Leaf, f);
        l = b.link(srv, 0, sw, 0, f);
        routeCables(b.d);
    }
    /// "server-end / switch-end" catalog ids of the link's media.
    QString media() const {
        const Link& k = b.d.links[l];
        const auto id = [&](TypeId t) { return t ? b.d.catalog[t].id : QStringLiteral("-"); };
        return id(k.medium) + QStringLiteral(" / ") + id(k.mediumB ? k.mediumB : k.medium);
    }
};

} // namespace

/// @brief Cable length from placement, media by reach and cage, twin-port counting.
class TestRouting : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lengthFollowsPlacement() {
        Pair p;
        routeCables(p.b.d);
        // 0.6 m along the row + 2 x (1991 - 1755.8 + 300) mm up and down + 1 m slack.
        const double up = 1991 - (39 + 0.5) * kMillimetresPerU + 300;
        QCOMPARE(qRound(p.b.d.links[p.l0].lengthM * 1000), qRound(600 + 2 * up + 1000));
        p.b.d.settings.cableSlackM = 3;
        routeCables(p.b.d);
        QCOMPARE(qRound(p.b.d.links[p.l0].lengthM * 1000), qRound(600 + 2 * up + 3000));
    }
    void mediumByReach() {
        Pair p;
        QCOMPARE(p.mediumAt(1600), QStringLiteral("nvidia-dac-400g-osfp-twin")); // ~2.7 m
        QCOMPARE(p.mediumAt(3000), QStringLiteral("nvidia-acc-400g-osfp-twin")); // ~4.1 m
        QCOMPARE(p.mediumAt(20000), QStringLiteral("nvidia-mma4z00-ns"));        // SR8, 50 m
        QCOMPARE(p.mediumAt(80000), QStringLiteral("nvidia-mms4x00-ns"));        // DR8, 100 m
        QCOMPARE(p.mediumAt(400000), QStringLiteral("nvidia-mms4x00-nm"));       // 2xDR4
        QCOMPARE(p.mediumAt(3000000), QString()); // 3 km: nothing reaches
    }
    void movedRackRederivesItsLinks() {
        Pair p;
        routeCables(p.b.d);
        const float before = p.b.d.links[p.l0].lengthM;
        const DesignIndex index(p.b.d);
        p.b.d.racks[p.r2].centre.x += 30000; // one edit: the rack moves 30 m along the row
        QCOMPARE(linksOfRack(index, p.r2).size(), std::size_t(2));
        QVERIFY(recheckMovedRack(p.b.d, index, p.r2).empty());
        QVERIFY(p.b.d.links[p.l0].lengthM > before + 29.9f);
        QCOMPARE(p.b.d.catalog[p.b.d.links[p.l0].medium].media->type, MediaType::Mmf);
        // Pinned to the twin DAC, the same move is a reach error on both links.
        p.b.d.links[p.l0].pinnedMedium = p.b.d.links[p.l1].pinnedMedium =
            p.b.type("nvidia-dac-400g-osfp-twin");
        p.b.d.racks[p.r2].centre.x += 600;
        const std::vector<Finding> fs = recheckMovedRack(p.b.d, index, p.r2);
        QCOMPARE(countCode(fs, "link.reach"), 2);
    }
    void unpairedTwinCagesTakeOptics() {
        // The two lanes of sw1's cage go to different switches: no twin cable fits.
        Pair p;
        const DeviceId s3 =
            p.b.device(QStringLiteral("sw3"), "nvidia-qm9700", p.r2, 38, Tier::Spine, p.f);
        p.b.d.links[p.l1].b = {s3, 0};
        routeCables(p.b.d);
        QCOMPARE(p.b.d.catalog[p.b.d.links[p.l0].medium].id, QStringLiteral("nvidia-mma4z00-ns"));
    }
    void xdrHasNoDac() {
        Builder b;
        const FabricId f = b.fabric(FabricKind::Compute);
        const RackId r = b.rack(QStringLiteral("A"), 1000, 1000);
        const DeviceId a = b.device(QStringLiteral("x1"), "nvidia-q3400", r, 1, Tier::Leaf, f);
        const DeviceId c = b.device(QStringLiteral("x2"), "nvidia-q3400", r, 5, Tier::Spine, f);
        const LinkId l0 = b.link(a, 0, c, 0, f);
        b.link(a, 1, c, 1, f);
        routeCables(b.d);
        const MediaSpec& m = *b.d.catalog[b.d.links[l0].medium].media;
        QCOMPARE(m.speedGbps, 800.0);
        QCOMPARE(m.type, MediaType::Acc); // 1.2 m, yet no 800G InfiniBand DAC exists
    }
    void mixedCagesUseDifferentOpticsPerEnd() {
        // DGX storage port (QSFP112) to an SN5600 lane (OSFP split 2 ways), 20 m apart.
        Builder b;
        const FabricId f = b.fabric(FabricKind::Storage, Technology::Ethernet);
        const RackId r1 = b.rack(QStringLiteral("A"), 1000, 1000);
        const RackId r2 = b.rack(QStringLiteral("B"), 21000, 1000);
        const DeviceId srv = b.device(QStringLiteral("dgx"), "nvidia-dgx-h100", r1, 1);
        const DeviceId sw = b.device(QStringLiteral("s"), "nvidia-sn5600", r2, 1, Tier::Leaf, f);
        b.d.devices[sw].breakout = 2;
        const int stor = b.d.catalog[b.d.devices[srv].type].firstPort(PortRole::Storage);
        const LinkId l = b.link(srv, stor, sw, 0, f);
        routeCables(b.d);
        QCOMPARE(b.d.catalog[b.d.links[l].medium].id, QStringLiteral("nvidia-mma1z00-ns400"));
        QCOMPARE(b.d.catalog[b.d.links[l].mediumB].id, QStringLiteral("nvidia-mma4z00-ns"));
        const Bom bom = computeBom(b.d);
        QCOMPARE(bom.transceivers, 2LL);
        QCOMPARE(bom.cables, 1LL); // the MPO fibre
    }
    void twinPortCounting() {
        Pair p;
        routeCables(p.b.d); // 2 links on one cage pair: one twin DAC
        Bom bom = computeBom(p.b.d);
        QCOMPARE(bom.cables, 1LL);
        QCOMPARE(bom.transceivers, 0LL);
        p.mediumAt(20000); // 2 links over twin SR8 optics: one transceiver per cage, 2 fibres
        bom = computeBom(p.b.d);
        QCOMPARE(bom.transceivers, 2LL);
        QCOMPARE(bom.cables, 2LL);
    }
    /// Two different twin plugs pinned into the lanes of one cage pair: each is counted.
    void mixedTwinMediaInOneCage() {
        Pair p;
        routeCables(p.b.d);
        const TypeId dac = p.b.d.links[p.l0].medium; // the twin DAC the router chose
        const TypeId acc = p.b.d.catalog.find(QStringLiteral("nvidia-acc-400g-osfp-twin"));
        QVERIFY(dac && acc && dac != acc);
        p.b.d.links[p.l1].pinnedMedium = acc;
        const Bom bom = computeBom(p.b.d);
        QCOMPARE(bom.cables, 2LL); // one DAC for lane 0, one ACC for lane 1
        long long dacs = 0, accs = 0;
        for (const BomLine& l : bom.lines) {
            dacs += l.type == dac ? l.quantity : 0;
            accs += l.type == acc ? l.quantity : 0;
        }
        QCOMPARE(dacs, 1LL);
        QCOMPARE(accs, 1LL);
    }
    void linkRouterMatchesRouteCables() {
        DesignData d = generated(256);
        LinkRouter router(d);
        routeCables(d);
        int checked = 0;
        d.links.forEach([&](LinkId, const Link& l) {
            const LinkRouter::Route r = router.route(l);
            QCOMPARE(r.lengthM, l.lengthM);
            QCOMPARE(r.medium, l.medium);
            QCOMPARE(r.mediumB, l.mediumB);
            ++checked;
        });
        QVERIFY(checked > 500);
        // The cage-blind chooser still picks by reach: a 400G copper cable at 2 m.
        const TypeId t = chooseMedium(d, 400, 2, Technology::InfiniBand);
        QVERIFY(t);
        QCOMPARE(d.catalog[t].media->type, MediaType::Dac);
    }
    /// A DGX H100 (flat-top twin cages) to a QM9700 leaf beyond DR8's 100 m: the flat-top
    /// 2xDR4 MMS4X00-NM-FLT at the server, the finned MMS4X00-NM at the switch (issue #33).
    void flatTopHostRunBeyond100m() {
        QCOMPARE(HostToLeaf("nvidia-dgx-h100", "nvidia-qm9700", 80).media(),
                 QStringLiteral("nvidia-mms4x00-ns-flt / nvidia-mms4x00-ns"));
        QCOMPARE(HostToLeaf("nvidia-dgx-h100", "nvidia-qm9700", 150).media(),
                 QStringLiteral("nvidia-mms4x00-nm-flt / nvidia-mms4x00-nm"));
    }
    /// A co-packaged-optics port takes a fibre: a B300's 800G NIC reaches a Q3450-LD with a
    /// DR4 optic at the server end only, and the BOM counts one fibre.
    void coPackagedPortNeedsOnlyTheFarOptic() {
        const HostToLeaf h("nvidia-dgx-b300", "nvidia-q3450-ld", 20);
        QCOMPARE(h.media(), QStringLiteral("nvidia-xdr-osfp-dr4 / nvidia-cpo-port-800g"));
        QCOMPARE(computeBom(h.b.d).cables, 1LL); // the single-mode MPO fibre
    }
    /// Issue #33: a B300 SuperNIC split over two planes takes one MPO-16 SR8 and one splitter
    /// fibre to both leaves (billed once, one schedule row); the leaves keep their twin-port
    /// SR8s, and a switch cage never takes the one-connector module, whose lanes go two ways
    /// as well.
    void splitHostPortTakesOneSplitterFibre() {
        Builder b;
        const FabricId f = b.fabric(FabricKind::Compute, Technology::Ethernet);
        const RackId r1 = b.rack(QStringLiteral("A"), 1000, 1000);
        const RackId r2 = b.rack(QStringLiteral("B"), 21000, 1000);
        const DeviceId srv = b.device(QStringLiteral("srv"), "nvidia-dgx-b300", r1, 1);
        const DeviceId p1 = b.device(QStringLiteral("p1"), "nvidia-sn5610", r2, 30, Tier::Leaf, f);
        const DeviceId p2 = b.device(QStringLiteral("p2"), "nvidia-sn5610", r2, 33, Tier::Leaf, f);
        b.d.devices[srv].breakout = 2; // cx8-1's two lanes are logical ports 0 and 1
        b.d.devices[p1].breakout = 2;
        b.d.devices[p2].breakout = 2;
        const LinkId l0 = b.link(srv, 0, p1, 0, f);
        const LinkId l1 = b.link(srv, 1, p2, 0, f);
        const LinkId s2s = b.link(p1, 1, p2, 1, f); // both switch cages split two ways
        routeCables(b.d);
        const auto id = [&](TypeId t) { return t ? b.d.catalog[t].id : QStringLiteral("-"); };
        for (LinkId l : {l0, l1}) {
            QCOMPARE(id(b.d.links[l].medium), QStringLiteral("generic-800g-osfp-sr8-mpo16"));
            QCOMPARE(id(b.d.links[l].mediumB), QStringLiteral("nvidia-mma4z00-ns"));
        }
        QCOMPARE(id(b.d.links[s2s].medium), QStringLiteral("nvidia-mma4z00-ns"));
        QVERIFY(!b.d.links[s2s].mediumB);
        const Bom bom = computeBom(b.d);
        auto billed = [&](const char* part) {
            for (const BomLine& line : bom.lines)
                if (b.d.catalog[line.type].id == QLatin1String(part))
                    return line.quantity;
            return 0LL;
        };
        QCOMPARE(billed("generic-800g-osfp-sr8-mpo16"), 1LL);
        QCOMPARE(billed("generic-fiber-mpo16-2x-mpo12-om4-splitter"), 1LL);
        QCOMPARE(billed("nvidia-mma4z00-ns"), 2LL);      // a cage of each leaf
        QCOMPARE(billed("nvidia-fiber-mpo12-om4"), 1LL); // the switch-to-switch lane
        QCOMPARE(bom.cables, 2LL);
        const std::vector<CableRow> rows = cablingRows(b.d);
        QCOMPARE(int(rows.size()), 2);
        const CableRow& port = rows.front();
        QCOMPARE(int(port.links.size()), 2);
        QCOMPARE(port.a.device, QStringLiteral("srv"));
        QCOMPARE(port.b.device, QStringLiteral("p1+p2"));
        QCOMPARE(port.cablePart, QStringLiteral("generic-fiber-mpo16-2x-mpo12-om4-splitter"));
    }
    /// Between halls: 800GbE switch-to-switch runs past DR8's 100 m take the 2xDR4 (500 m)
    /// and then the 2xFR4 (2 km) OSFP optics.
    void ethernetRunsBetweenHalls() {
        Builder b;
        const FabricId f = b.fabric(FabricKind::Compute, Technology::Ethernet);
        const RackId r1 = b.rack(QStringLiteral("A"), 1000, 1000);
        const RackId r2 = b.rack(QStringLiteral("B"), 301000, 1000);
        const DeviceId a = b.device(QStringLiteral("s1"), "nvidia-sn5600", r1, 1, Tier::Spine, f);
        const DeviceId c = b.device(QStringLiteral("s2"), "nvidia-sn5600", r2, 1, Tier::Core, f);
        const LinkId l = b.link(a, 0, c, 0, f);
        routeCables(b.d);
        QCOMPARE(b.d.catalog[b.d.links[l].medium].id, QStringLiteral("nvidia-800gbe-osfp-2xdr4"));
        b.d.racks[r2].centre.x = 1501000;
        routeCables(b.d);
        QCOMPARE(b.d.catalog[b.d.links[l].medium].id, QStringLiteral("nvidia-800gbe-osfp-2xfr4"));
    }
    void pinnedMediumOutOfReach() {
        Pair p;
        p.b.d.racks[p.r2].centre.x = 20000;
        p.b.d.links[p.l0].pinnedMedium = p.b.type("nvidia-dac-400g-osfp-twin");
        routeCables(p.b.d);
        std::vector<Finding> fs;
        CableReachRule().checkLinks(p.b.d, {p.l0, p.l1}, fs);
        QCOMPARE(countCode(fs, "link.reach"), 1);
        QCOMPARE(fs.front().severity, Severity::Error);
        p.b.d.racks[p.r2].centre.x = 1600; // moved back: the pinned DAC reaches again
        routeCables(p.b.d);
        fs.clear();
        CableReachRule().checkLinks(p.b.d, {p.l0, p.l1}, fs);
        QCOMPARE(countCode(fs, "link.reach"), 0);
    }
};

QTEST_APPLESS_MAIN(TestRouting)
#include "tst_routing.moc"
