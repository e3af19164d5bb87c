// The user operations of model/edits, without a window: what each builds, what it refuses,
// and that undo takes back everything, the catalog entries it brought included.
#include "EditChecks.h"
#include "TestDesigns.h"

#include "model/Wording.h"
#include "model/edits/Operations.h"
#include "model/json/DesignFile.h"

#include <QTest>

using namespace cds;
using cds::test::applyUndoRedo;

namespace {

const Catalog& library() {
    return test::bundled().catalog();
}

/// Applies @p r to @p design, checks that revert restores the bytes, then applies it again.

} // namespace

class TestOperations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// Counts read right in every text a user sees (issue 35: "1 errors", "1 racks").
    void countsAgreeWithTheirNouns() {
        QCOMPARE(counted(1, QStringLiteral("rack")), QStringLiteral("1 rack"));
        QCOMPARE(counted(0, QStringLiteral("GPU")), QStringLiteral("0 GPUs"));
        QCOMPARE(counted(2, QStringLiteral("switch")), QStringLiteral("2 switches"));
        QCOMPARE(counted(3, QStringLiteral("bus")), QStringLiteral("3 buses"));
        QCOMPARE(counted(2, QStringLiteral("chassis"), QStringLiteral("chassis")),
                 QStringLiteral("2 chassis"));
    }
    void droppedRackBringsItsCatalogEntryInsideTheEdit() {
        Design design(test::smallCluster());
        const QString type = QStringLiteral("rack-48u-800x1200");
        QVERIFY(!design.data().catalog.find(type));
        const std::size_t types = design.data().catalog.size();
        auto r = edits::dropCatalogItem(design.data(), library(), type, {6000, 6000});
        // Building the edit changes nothing yet.
        QCOMPARE(design.data().catalog.size(), types);
        applyUndoRedo(design, r);
        const RackId placed = test::rackNamed(design.data(), QStringLiteral("R03"));
        QVERIFY(placed);
        QCOMPARE(design.data().typeOf(design.data().racks[placed]).id, type);
        QCOMPARE(r.edit->text(), QStringLiteral("Place rack R03"));
        // 800 mm wide on 600 mm tiles: the corner, not the centre, sits on the grid.
        const RectMm f = footprint(design.data(), design.data().racks[placed]);
        QCOMPARE(std::fmod(f.x, 600.0), 0.0);
        QCOMPARE(f.w, 800.0);
    }

    void refusedDropChangesNothing() {
        Design design(test::smallCluster());
        const QByteArray before = DesignFile::toBytes(design.data());
        const std::size_t types = design.data().catalog.size();
        // On top of rack R01 (a rack type dropped on a rack) and outside the hall.
        for (PointMm at : {PointMm{1200, 2000}, PointMm{-5000, 2000}}) {
            auto r = edits::dropCatalogItem(design.data(), library(),
                                            QStringLiteral("rack-48u-800x1200"), at);
            QVERIFY(!r);
            QVERIFY2(r.refusal.startsWith(QStringLiteral("Cannot place the rack: ")),
                     qPrintable(r.refusal));
        }
        auto unknown = edits::dropCatalogItem(design.data(), library(),
                                              QStringLiteral("no-such-item"), {6000, 6000});
        QCOMPARE(unknown.refusal, QStringLiteral("no-such-item is not in the catalog"));
        QCOMPARE(design.data().catalog.size(), types);
        QCOMPARE(DesignFile::toBytes(design.data()), before);
    }

    void serverDroppedOnARackGoesToItsLowestFreeU() {
        Design design(test::smallCluster());
        // R01 holds 8U DGX H100s at U2-U9 and U12-U19: the gaps at U1 and U10-U11 are too
        // small, so the third one goes to U20.
        auto r = edits::dropCatalogItem(design.data(), library(), QStringLiteral("nvidia-dgx-h100"),
                                        {1200, 2000});
        applyUndoRedo(design, r);
        const DeviceId dev = test::deviceNamed(design.data(), QStringLiteral("dgx-h100-01"));
        QVERIFY(dev);
        QCOMPARE(design.data().devices[dev].uPosition, 20);
        QCOMPARE(design.data().devices[dev].rack,
                 test::rackNamed(design.data(), QStringLiteral("R01")));
    }

    void serverDroppedOnTheFloorComesInTheSmallestRackThatHoldsIt() {
        DesignData empty;
        Design design(empty);
        auto r = edits::dropCatalogItem(design.data(), library(), QStringLiteral("nvidia-dgx-b200"),
                                        {3000, 3000});
        applyUndoRedo(design, r);
        const DesignData& d = design.data();
        QCOMPARE(d.racks.size(), std::size_t(1));
        QCOMPARE(d.devices.size(), std::size_t(1));
        // Both entries travelled in the edit: the rack type and the server.
        QCOMPARE(d.catalog.size(), std::size_t(2));
        QVERIFY(d.catalog.find(QStringLiteral("nvidia-dgx-b200")));
        QVERIFY(r.edit->text().startsWith(QStringLiteral("Place dgx-b200-01 in new rack ")));
    }

    void movesThatCollideAreRefusedWithTheReason() {
        Design design(test::smallCluster());
        const DesignData& d = design.data();
        const RackId r1 = test::rackNamed(d, QStringLiteral("R01"));
        const RackId n1 = test::rackNamed(d, QStringLiteral("N01"));
        auto onTop = edits::moveRacks(d, {{r1, d.racks[n1].centre, 0}});
        QVERIFY(!onTop);
        QCOMPARE(onTop.refusal, QStringLiteral("Cannot move: R01 would overlap rack N01"));
        auto both = edits::moveRacks(d, {{r1, {4200, 6000}, 0}, {n1, {4800, 6000}, 0}});
        QVERIFY(both);
        QCOMPARE(both.edit->text(), QStringLiteral("Move 2 racks"));
        QCOMPARE(both.edit->mergeId(), int(MergeMoveRacks));
        auto one = edits::moveRacks(d, {{r1, {4200, 6000}, 0}});
        QCOMPARE(one.edit->text(), QStringLiteral("Move rack R01"));
        QCOMPARE(edits::alignRacks(d, {r1}, edits::Align::Left).refusal,
                 QStringLiteral("Select two or more racks to align"));
        QCOMPARE(edits::rotateRacks(d, {}).refusal, QStringLiteral("Select racks to rotate"));
    }

    void deletionNamesWhatGoesWithIt() {
        Design design(test::smallCluster());
        const DesignData& d = design.data();
        const std::size_t links = d.links.size();
        auto r = edits::deleteObjects(d, {test::rackNamed(d, QStringLiteral("R01"))}, {}, {});
        QVERIFY(r);
        QCOMPARE(r.edit->text(),
                 QStringLiteral("Delete 1 rack, 2 devices, %1 cables")
                     .arg(dynamic_cast<ObjectsEdit&>(*r.edit).objects().links.size()));
        applyUndoRedo(design, r);
        QVERIFY(design.data().links.size() < links);
        QCOMPARE(edits::deleteObjects(design.data(), {}, {}, {}).refusal,
                 QStringLiteral("Nothing selected to delete"));
    }

    void pasteIntoAnotherDesignCarriesTheEntriesAndRenames() {
        const DesignData source = test::smallCluster();
        const auto clip =
            edits::copyRacks(source, {test::rackNamed(source, QStringLiteral("R01")),
                                      test::rackNamed(source, QStringLiteral("N01"))});
        QCOMPARE(clip.racks.size(), std::size_t(2));
        QCOMPARE(clip.devices.size(), std::size_t(6));
        // Into an empty design: every entry comes in the edit.
        Design other((DesignData()));
        std::vector<RackId> ids;
        auto r = edits::paste(other.data(), clip, &ids);
        applyUndoRedo(other, r);
        QCOMPARE(r.edit->text(), QStringLiteral("Paste 2 racks"));
        QCOMPARE(ids.size(), std::size_t(2));
        QCOMPARE(other.data().racks[ids[0]].name, QStringLiteral("R01"));
        QCOMPARE(other.data().devices.size(), std::size_t(6));
        QVERIFY(placementProblem(other.data(), {{ids[0], other.data().racks[ids[0]]},
                                                {ids[1], other.data().racks[ids[1]]}})
                    .isEmpty());
        // Into the design it came from: next to the originals, with new names.
        Design same(source);
        auto again = edits::paste(same.data(), clip, &ids);
        applyUndoRedo(same, again);
        QCOMPARE(same.data().racks[ids[0]].name, QStringLiteral("R01-2"));
        QVERIFY(test::deviceNamed(same.data(), QStringLiteral("dgx01-2")));
        QCOMPARE(edits::paste(same.data(), edits::Clipboard{}).refusal,
                 QStringLiteral("Nothing copied"));
    }

    void cablesJoinTwoFreePortsOfTwoDevices() {
        Design design(test::smallCluster());
        const DesignData& d = design.data();
        const DeviceId dgx = test::deviceNamed(d, QStringLiteral("dgx01"));
        QCOMPARE(edits::addLink(d, {dgx, 0}, {dgx, 1}).refusal,
                 QStringLiteral("A cable joins two different devices"));
        const Link& taken = d.links[LinkId(0)];
        auto r = edits::addLink(d, taken.a, taken.b);
        QVERIFY(!r);
        QVERIFY2(r.refusal.endsWith(QStringLiteral("already has a cable")), qPrintable(r.refusal));
    }

    void mountRefusesTakenUsAndUnmountableItems() {
        Design design(test::smallCluster());
        const DesignData& d = design.data();
        const RackId r1 = test::rackNamed(d, QStringLiteral("R01"));
        auto taken =
            edits::mountDevice(d, library(), QStringLiteral("nvidia-dgx-h100"), r1, 5, Face::Front);
        QVERIFY(!taken);
        QVERIFY2(taken.refusal.contains(QStringLiteral("is taken by dgx01")),
                 qPrintable(taken.refusal));
        auto rack = edits::mountDevice(d, library(), QStringLiteral("rack-42u-600x1200"), r1, 30,
                                       Face::Front);
        QVERIFY(rack.refusal.endsWith(QStringLiteral("does not mount in a U slot")));
        auto leaf =
            edits::mountDevice(d, library(), QStringLiteral("nvidia-qm9700"), r1, 30, Face::Rear);
        applyUndoRedo(design, leaf);
        const DeviceId added = test::deviceNamed(design.data(), QStringLiteral("qm9700-01"));
        QVERIFY(added);
        QCOMPARE(design.data().devices[added].tier, Tier::Leaf);
        QCOMPARE(design.data().devices[added].face, Face::Rear);
    }
};

QTEST_APPLESS_MAIN(TestOperations)
#include "tst_operations.moc"
