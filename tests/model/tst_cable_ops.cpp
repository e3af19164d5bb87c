// Working with cables as model operations: pin a medium, delete cables, and connect the
// servers of some racks to a leaf set rail by rail, each undoable to the byte.
#include "EditChecks.h"
#include "TestDesigns.h"

#include "model/DesignIndex.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/edits/CableOps.h"
#include "model/json/DesignFile.h"

#include <QTest>

using namespace cds;
using cds::test::applyUndoRedo;

namespace {

/// Two racks of four DGX H100 (eight compute NICs each) and a network rack with eight
/// QM9700 leaves of one scalable unit (rails 0..7, listed out of order) and a spare switch.
struct Pod {
    test::Builder b;
    FabricId f = b.fabric(FabricKind::Compute);
    RackId r1 = b.rack(QStringLiteral("R01"), 1200, 2000, CoolingType::DirectLiquid);
    RackId r2 = b.rack(QStringLiteral("R02"), 1800, 2000, CoolingType::DirectLiquid);
    RackId net = b.rack(QStringLiteral("N01"), 2400, 2000);
    std::vector<DeviceId> leaves;
    DeviceId spare;
    Pod() {
        for (RackId r : {r1, r2})
            for (int i = 0; i < 4; ++i)
                b.device(QStringLiteral("dgx-%1-%2").arg(r.value()).arg(i), "nvidia-dgx-h100", r,
                         2 + 9 * i);
        for (int rail : {3, 0, 1, 2, 7, 4, 5, 6}) {
            const DeviceId leaf = b.device(QStringLiteral("leaf%1").arg(rail + 1), "nvidia-qm9700",
                                           net, 1 + rail, Tier::Leaf, f);
            b.d.devices[leaf].rail = std::int16_t(rail);
            b.d.devices[leaf].group = 0;
            leaves.push_back(leaf);
        }
        spare = b.device(QStringLiteral("spare"), "nvidia-qm9700", net, 20, Tier::Spine, f);
        std::sort(leaves.begin(), leaves.end(), [this](DeviceId x, DeviceId y) {
            return b.d.devices[x].rail < b.d.devices[y].rail;
        });
    }
};

} // namespace

class TestCableOps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pinnedMediumIsKeptSavedAndUndone() {
        Design design(test::smallCluster());
        LiveAnalysis live(&design);
        live.runNow();
        const LinkId link = LinkId(0);
        const TypeId automatic = design.data().links[link].medium;
        TypeId pin;
        for (std::size_t i = 0; i < design.data().catalog.size() && !pin; ++i) {
            const TypeId t(static_cast<std::uint32_t>(i));
            if (design.data().catalog[t].media && t != automatic)
                pin = t;
        }
        QVERIFY(pin);
        auto r = edits::pinMedium(design.data(), {link}, pin);
        applyUndoRedo(design, r);
        live.runNow();
        QCOMPARE(design.data().links[link].medium, pin);
        const auto loaded =
            DesignFile::loadFromBytes(DesignFile::toBytes(design.data()), QStringLiteral("t"));
        QVERIFY(loaded.ok);
        const Link& back = loaded.data.links[link];
        QVERIFY(back.pinnedMedium);
        QCOMPARE(loaded.data.catalog[back.pinnedMedium].id, design.data().catalog[pin].id);
        r.edit->revert(design);
        live.runNow();
        QCOMPARE(design.data().links[link].medium, automatic);
        // Only cables and transceivers can be pinned.
        const TypeId rackType = design.data().racks[RackId(0)].type;
        QVERIFY(!edits::pinMedium(design.data(), {link}, rackType));
        QVERIFY(!edits::pinMedium(design.data(), {}, pin));
    }

    void deletedCableComesBackOnUndo() {
        Design design(test::smallCluster());
        const std::size_t links = design.data().links.size();
        auto r = edits::deleteLinks(design.data(), {LinkId(0)});
        QVERIFY(r.edit->text().startsWith(QLatin1String("Delete cable dgx01:")));
        applyUndoRedo(design, r);
        QCOMPARE(design.data().links.size(), links - 1);
        QCOMPARE(design.data().devices.size(), test::smallCluster().devices.size());
        r.edit->revert(design);
        QCOMPARE(design.data().links.size(), links);
        QVERIFY(!edits::deleteLinks(design.data(), {LinkId(99999)}));
    }

    void connectRailsWiresNicRToLeafR() {
        Pod pod;
        Design design(pod.b.d);
        auto r = edits::connectRails(design.data(), {pod.r1, pod.r2}, pod.leaves);
        applyUndoRedo(design, r);
        QCOMPARE(design.data().links.size(), std::size_t(64));
        const DesignData& d = design.data();
        std::vector<int> perLeaf(pod.leaves.size(), 0);
        d.links.forEach([&](LinkId, const Link& l) {
            const Device& server = d.devices[l.a.device];
            const CatalogItem& t = d.typeOf(server);
            int rail = 0;
            for (int p = 0; p < l.a.port; ++p)
                if (t.logicalPort(server.breakout, p)->role == PortRole::Compute)
                    ++rail;
            QCOMPARE(t.logicalPort(server.breakout, l.a.port)->role, PortRole::Compute);
            QCOMPARE(l.b.device, pod.leaves[std::size_t(rail)]);
            QCOMPARE(d.devices[l.b.device].rail, std::int16_t(rail));
            ++perLeaf[std::size_t(rail)];
        });
        for (int n : perLeaf)
            QCOMPARE(n, 8);
        // Nothing left to connect.
        const auto again = edits::connectRails(d, {pod.r1, pod.r2}, pod.leaves);
        QVERIFY(!again);
        QVERIFY(again.refusal.contains(QLatin1String("already has a cable")));
    }

    void connectRailsRefusesWhenPortsRunOut() {
        Pod pod;
        // Leaf of rail 4 has 4 free ports left; the two racks need 8 on every rail.
        for (int p = 0; p < 60; ++p)
            pod.b.link(pod.leaves[3], p, pod.spare, p, pod.f);
        Design design(pod.b.d);
        const QByteArray before = DesignFile::toBytes(design.data());
        const auto r = edits::connectRails(design.data(), {pod.r1, pod.r2}, pod.leaves);
        QVERIFY(!r);
        QVERIFY2(r.refusal.contains(QLatin1String("leaf4 (rail 4) has no free port")),
                 qPrintable(r.refusal));
        QCOMPARE(DesignFile::toBytes(design.data()), before);
        // One rack fits: 4 per leaf.
        QVERIFY(edits::connectRails(design.data(), {pod.r1}, pod.leaves));
        // Four leaves for eight NICs: one leaf per rail is needed.
        const std::vector<DeviceId> half(pod.leaves.begin(), pod.leaves.begin() + 4);
        const auto few = edits::connectRails(design.data(), {pod.r1}, half);
        QVERIFY(!few);
        QVERIFY(few.refusal.contains(QLatin1String("one leaf per rail")));
        QVERIFY(!edits::connectRails(design.data(), {pod.net}, pod.leaves)); // no servers
    }

    void leafSetsComeInRailOrder() {
        Pod pod;
        const auto sets = edits::leafSets(pod.b.d);
        QCOMPARE(sets.size(), std::size_t(1));
        QCOMPARE(sets[0].leaves, pod.leaves);
        QVERIFY2(sets[0].name.startsWith(QLatin1String("compute SU 1 (8 leaves")),
                 qPrintable(sets[0].name));
    }
};

QTEST_GUILESS_MAIN(TestCableOps)
#include "tst_cable_ops.moc"
