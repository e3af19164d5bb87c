// The studio's commands without a window: a Workbench (document, editor, selection) driven
// directly, as the menus and canvas tools drive it. No widget exists in these tests.

#include "StudioFixture.h"

#include "DesignEditor.h"

#include "model/analysis/LiveAnalysis.h"
#include "model/cabling/CableInspection.h"
#include "model/edits/PropertyOps.h"
#include "views/SelectionModel.h"

#include <QApplication>
#include <QSignalSpy>
#include <QUndoStack>

using namespace cds;
using test::bytesOf;
using test::openWorkbench;

namespace {

RackId rackNamed(const DesignData& d, const QString& name) {
    RackId found;
    d.racks.forEach([&](RackId id, const Rack& r) {
        if (r.name == name)
            found = id;
    });
    return found;
}

} // namespace

class TestWorkbench : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::initStudioTests(); }

    void cleanup() {
        // The Workbench is the studio without a window: none was ever made.
        QVERIFY(QApplication::allWidgets().isEmpty());
    }

    void selectAllThenRotateIsOneUndoStep() {
        auto wb = openWorkbench(m_tmp.filePath(QStringLiteral("rec-rotate")));
        wb->selectAll();
        QCOMPARE(wb->selection()->racks().size(), wb->design()->data().racks.size());
        // Turned in place, N01 would hit R01: move it clear first.
        const RackId n01 = rackNamed(wb->design()->data(), QStringLiteral("N01"));
        QVERIFY(wb->editor()->moveRacks({{n01, {3000, 2000}, 0}}));
        wb->undoStack()->clear();
        const QByteArray before = bytesOf(*wb);
        wb->selection()->set({ObjectRef::rack(n01)});
        QVERIFY(wb->rotateSelection());
        QCOMPARE(wb->design()->data().racks[n01].rotationDeg, 90);
        QCOMPARE(wb->undoStack()->count(), 1);
        QVERIFY(bytesOf(*wb) != before);
        wb->undoStack()->undo();
        QCOMPARE(bytesOf(*wb), before);
    }

    void pasteSelectsThePastedRacks() {
        auto wb = openWorkbench(m_tmp.filePath(QStringLiteral("rec-paste")));
        const RackId r01 = rackNamed(wb->design()->data(), QStringLiteral("R01"));
        QVERIFY(r01);
        wb->selection()->set({ObjectRef::rack(r01)});
        wb->copySelection();
        const std::vector<RackId> pasted = wb->paste();
        QCOMPARE(pasted.size(), std::size_t(1));
        QVERIFY(pasted.front() != r01);
        QCOMPARE(wb->selection()->racks(), pasted);
        QCOMPARE(wb->design()->data().racks.size(), std::size_t(3));
        // Nothing copied: paste adds nothing and leaves the selection alone.
        auto empty = openWorkbench(m_tmp.filePath(QStringLiteral("rec-paste-none")));
        empty->selection()->set({ObjectRef::rack(r01)});
        QVERIFY(empty->paste().empty());
        QCOMPARE(empty->selection()->racks(), std::vector<RackId>{r01});
        QCOMPARE(empty->undoStack()->count(), 0);
    }

    void alignLinesUpTheSelectedRacks() {
        auto wb = openWorkbench(m_tmp.filePath(QStringLiteral("rec-align")));
        const DesignData& d = wb->design()->data();
        const RackId r01 = rackNamed(d, QStringLiteral("R01"));
        const RackId n01 = rackNamed(d, QStringLiteral("N01"));
        wb->selection()->set({ObjectRef::rack(r01)});
        QVERIFY(!wb->alignSelection(edits::Align::Left)); // one rack: nothing to align with
        QCOMPARE(wb->editor()->lastProblem(), QStringLiteral("Select two or more racks to align"));
        QCOMPARE(wb->undoStack()->count(), 0);
        // Move N01 off R01's left edge first, then line them up again.
        wb->selection()->set({ObjectRef::rack(r01), ObjectRef::rack(n01)});
        const PointMm c = d.racks[n01].centre;
        QVERIFY(
            wb->editor()->moveRacks({{n01, {c.x + 1200, c.y + 1200}, d.racks[n01].rotationDeg}}));
        QVERIFY(footprint(d, d.racks[r01]).x != footprint(d, d.racks[n01]).x);
        QVERIFY(wb->alignSelection(edits::Align::Left));
        QCOMPARE(footprint(d, d.racks[r01]).x, footprint(d, d.racks[n01]).x);
    }

    void deleteSelectionTakesTheTraysWhenNoObjectIsSelected() {
        auto wb = openWorkbench(m_tmp.filePath(QStringLiteral("rec-delete")));
        const QByteArray before = bytesOf(*wb);
        QVERIFY(!wb->deleteSelection()); // nothing selected: nothing happens
        QCOMPARE(wb->undoStack()->count(), 0);
        const PathwayId tray = wb->design()->data().pathways.ids().front();
        wb->selection()->set({ObjectRef::pathway(tray)});
        QVERIFY(wb->deleteSelection());
        QVERIFY(wb->design()->data().pathways.empty());
        QVERIFY(wb->selection()->objects().empty());
        wb->undoStack()->undo();
        QCOMPARE(bytesOf(*wb), before);
        // A selected rack goes, with its devices, before any tray.
        const RackId n01 = rackNamed(wb->design()->data(), QStringLiteral("N01"));
        wb->selection()->set({ObjectRef::rack(n01), ObjectRef::pathway(tray)});
        QVERIFY(wb->deleteSelection());
        QVERIFY(!wb->design()->data().racks.contains(n01));
        QVERIFY(wb->design()->data().pathways.contains(tray));
    }

    void drawnTrayJoinsTheOthersAndIsPickedByAClick() {
        auto wb = openWorkbench(m_tmp.filePath(QStringLiteral("rec-tray")));
        const DesignData& d = wb->design()->data();
        const Pathway existing = d.pathways[d.pathways.ids().front()];
        QVERIFY(wb->drawTray({900, 3600}, {3900, 3600}));
        QCOMPARE(wb->selection()->objects().size(), std::size_t(1));
        const PathwayId drawn(wb->selection()->objects().front().id);
        QCOMPARE(d.pathways[drawn].elevationMm, existing.elevationMm);
        QCOMPARE(d.pathways[drawn].widthMm, existing.widthMm);
        // A click on it, away from any cable, selects the tray and lists no bundle.
        wb->selection()->clear();
        QVERIFY(!wb->pickAt({2400, 3600}, 1));
        QVERIFY(wb->selection()->contains(ObjectRef::pathway(drawn)));
        // Split in two: both halves selected, one undo step.
        const int steps = wb->undoStack()->count();
        QVERIFY(wb->splitTray(drawn, {2400, 3600}));
        QCOMPARE(wb->selection()->objects().size(), std::size_t(2));
        QCOMPARE(wb->undoStack()->count(), steps + 1);
        // Far from everything: nothing is picked.
        wb->selection()->clear();
        QVERIFY(!wb->pickAt({-900, -900}, 1));
        QVERIFY(wb->selection()->objects().empty());
    }

    void aClickOnACableListsItsBundle() {
        auto wb = openWorkbench(m_tmp.filePath(QStringLiteral("rec-bundle")));
        GenerateParams p;
        p.gpus = 64;
        p.tiers = 2;
        QVERIFY2(wb->document()->generate(p), qPrintable(wb->document()->lastError()));
        QVERIFY(wb->selection()->objects().empty());
        const DesignData& d = wb->design()->data();
        // Halfway along the longest leg of a rack-to-rack cable.
        PointMm at;
        d.links.forEach([&](LinkId id, const Link&) {
            const CableRoute r = cableRoute(d, id);
            if (at.x != 0 || r.inRack || r.polyline.size() < 2)
                return;
            const PointMm a = r.polyline[r.polyline.size() / 2 - 1];
            const PointMm b = r.polyline[r.polyline.size() / 2];
            at = {(a.x + b.x) / 2, (a.y + b.y) / 2};
        });
        const CableBundle bundle = bundleAt(d, at, 60);
        QVERIFY(!bundle.links.empty());
        QVERIFY(wb->pickAt(at, 10));
        QCOMPARE(wb->selection()->links(), bundle.links);
    }

    void hallToolEditsIgnoreRowsTheHallLacks() {
        auto wb = openWorkbench(m_tmp.filePath(QStringLiteral("rec-hall")));
        const DesignData& d = wb->design()->data();
        const QByteArray before = bytesOf(*wb);
        QVERIFY(!wb->moveRow(5, {0, 0, 1200, 600}));
        QVERIFY(!wb->flipRowAisle(-1));
        QVERIFY(!wb->moveObstacle(0, {0, 0, 600, 600}));
        QCOMPARE(wb->undoStack()->count(), 0);
        const bool north = d.hall.rows.front().coldAisleNorth;
        QVERIFY(wb->flipRowAisle(0));
        QCOMPARE(d.hall.rows.front().coldAisleNorth, !north);
        QVERIFY(wb->drawObstacle({4800, 3600, 600, 600}, 0));
        QCOMPARE(d.hall.obstacles.size(), std::size_t(1));
        QVERIFY(wb->moveObstacle(0, {4200, 3600, 600, 600}));
        QCOMPARE(d.hall.obstacles.front().area.x, 4200.0);
        QVERIFY(wb->removeObstacle(0));
        QVERIFY(d.hall.obstacles.empty());
        while (wb->undoStack()->canUndo())
            wb->undoStack()->undo();
        QCOMPARE(bytesOf(*wb), before);
    }

    void waiversAndPropertiesAreModelOperations() {
        auto wb = openWorkbench(m_tmp.filePath(QStringLiteral("rec-waive")));
        const QByteArray before = bytesOf(*wb);
        studio::DesignEditor* ed = wb->editor();
        QSignalSpy problems(ed, &studio::DesignEditor::problem);
        // Without a reason a waiver is refused, and says why.
        QVERIFY(!ed->waive(QStringLiteral("POWER-DENSITY:R01"), QStringLiteral("  ")));
        QCOMPARE(problems.size(), 1);
        QCOMPARE(ed->lastProblem(), QStringLiteral("A waiver needs a reason"));
        QVERIFY(!edits::waive(wb->design()->data(), QStringLiteral("K"), {}));
        QVERIFY(ed->waive(QStringLiteral("POWER-DENSITY:R01"), QStringLiteral(" lab only ")));
        QCOMPARE(wb->design()->data().waivers.front().reason, QStringLiteral("lab only"));
        QVERIFY(ed->unwaive(QStringLiteral("POWER-DENSITY:R01")));
        QVERIFY(wb->design()->data().waivers.empty());
        // An edit of a device that is gone pushes nothing and is no refusal.
        QVERIFY(!ed->editDevice(DeviceId(9999), Device{}, QStringLiteral("Edit")));
        QCOMPARE(problems.size(), 1);
        // The same details again change nothing: no undo step.
        const int steps = wb->undoStack()->count();
        QVERIFY(!ed->setProjectDetails(wb->design()->data().meta));
        QCOMPARE(wb->undoStack()->count(), steps);
        while (wb->undoStack()->canUndo())
            wb->undoStack()->undo();
        QCOMPARE(bytesOf(*wb), before);
    }

    void titleAndTotalsFollowTheDesign() {
        auto wb = openWorkbench(m_tmp.filePath(QStringLiteral("rec-title")));
        QCOMPARE(wb->titleText(), QStringLiteral("two-dgx-h100.cds.json[*] — Example — "
                                                 "Cluster Design Studio"));
        DesignMeta meta = wb->design()->data().meta;
        meta.project = QStringLiteral("Pilot");
        meta.revision = QStringLiteral("C");
        QVERIFY(wb->editor()->setProjectDetails(meta));
        QVERIFY(wb->titleText().contains(QStringLiteral(" — Example · Pilot · rev C — ")));
        wb->analysis()->runNow();
        QVERIFY2(wb->totalsText().startsWith(QStringLiteral("16 GPUs · 2 racks · ")),
                 qPrintable(wb->totalsText()));
        QVERIFY2(wb->totalsText().contains(QStringLiteral(" kW IT")), qPrintable(wb->totalsText()));
        // A site's load reads in MW from 10,000 kW (issue 35), kW below it.
        QCOMPARE(studio::Workbench::itPowerText(23883.3), QStringLiteral("23.88 MW IT"));
        QCOMPARE(studio::Workbench::itPowerText(9999.9), QStringLiteral("9,999.9 kW IT"));
    }

    void anotherDesignDropsTheSelection() {
        auto wb = openWorkbench(m_tmp.filePath(QStringLiteral("rec-reopen")));
        wb->selectAll();
        QVERIFY(!wb->selection()->objects().empty());
        wb->document()->newDesign();
        QVERIFY(wb->selection()->objects().empty());
    }

private:
    QTemporaryDir m_tmp;
};

QTEST_MAIN(TestWorkbench)
#include "tst_workbench.moc"
