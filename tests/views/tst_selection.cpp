// Selection sync between a finding, the canvas and the properties panel; waivers as
// undoable document edits that survive save and load.
#include "StudioFixture.h"

#include "DesignEditor.h"

#include "model/analysis/LiveAnalysis.h"
#include "views/SelectionModel.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"
#include "views/floorplan/RackItem.h"
#include "views/panels/ProblemsPanel.h"
#include "views/panels/PropertiesPanel.h"

#include <QTreeWidget>
#include <QUndoStack>

using namespace cds;
using namespace cds::test;

class TestSelection : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

    /// R01 holds two DGX H100 (20.4 kW): turned to air cooling it breaks the 15 kW envelope.
    static int overloadR01(studio::MainWindow& w) {
        const RackId r01 = rackNamed(w.workbench().design()->data(), QStringLiteral("R01"));
        Rack r = w.workbench().design()->data().racks[r01];
        r.cooling = CoolingType::Air;
        if (!w.workbench().editor()->editRacks({{r01, r}}, QStringLiteral("Set cooling")))
            return -1;
        w.workbench().analysis()->runNow();
        for (int i = 0; i < w.problems()->rowCount(); ++i)
            if (w.problems()->findingAt(i)->code == QStringLiteral("rack.power-density"))
                return i;
        return -1;
    }

private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    void findingSelectsCanvasAndProperties() {
        auto w = openStudio(m_tmp.path());
        const int row = overloadR01(*w);
        QVERIFY(row >= 0);
        const DesignData& d = w->workbench().design()->data();
        const RackId r01 = rackNamed(d, QStringLiteral("R01"));
        const RackId n01 = rackNamed(d, QStringLiteral("N01"));
        QCOMPARE(w->problems()->findingAt(row)->severity, Severity::Error);
        w->problems()->activateRow(row);
        QVERIFY(w->workbench().selection()->contains(ObjectRef::rack(r01)));
        QVERIFY(w->scene()->rackItem(r01)->isSelected());
        QVERIFY(!w->scene()->rackItem(n01)->isSelected());
        QCOMPARE(w->properties()->heading(), QStringLiteral("Rack R01"));
        // Selecting on the canvas moves the selection everywhere.
        w->scene()->clearSelection();
        w->scene()->rackItem(n01)->setSelected(true);
        QCOMPARE(w->workbench().selection()->racks(), std::vector<RackId>{n01});
        QCOMPARE(w->properties()->heading(), QStringLiteral("Rack N01"));
    }

    /// Issue 35: at laptop width the message column keeps most of the panel, elided texts
    /// are whole in their tooltips, and the counts say "1 error", not "1 errors".
    void problemsReadAtLaptopWidth() {
        auto w = openStudio(m_tmp.path());
        const int row = overloadR01(*w);
        QVERIFY(row >= 0);
        views::ProblemsPanel* panel = w->problems();
        auto* tree = panel->findChild<QTreeWidget*>();
        QVERIFY(tree);
        panel->resize(360, 300);
        panel->show();
        QCoreApplication::processEvents();
        const int viewport = tree->viewport()->width();
        QVERIFY2(
            tree->columnWidth(2) * 2 >= viewport,
            qPrintable(
                QStringLiteral("message %1 px of %2").arg(tree->columnWidth(2)).arg(viewport)));
        const QTreeWidgetItem* it = tree->topLevelItem(row);
        QVERIFY(it->toolTip(2).startsWith(it->text(2)));
        QCOMPARE(it->toolTip(3), it->text(3));
        const FindingCounts c = countFindings(w->workbench().analysis()->findings());
        QVERIFY(c.errors >= 1);
        const QString errors = c.errors == 1 ? QStringLiteral("1 error, ")
                                             : QStringLiteral("%1 errors, ").arg(c.errors);
        QVERIFY2(panel->countsText().startsWith(errors), qPrintable(panel->countsText()));
    }

    /// Issue 35: what the panels show never resizes them, so the floorplan stays where it is
    /// under the mouse whatever is selected.
    void selectingNeverMovesTheFloorplan() {
        auto w = openStudio(m_tmp.path());
        w->resize(1366, 768);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QCoreApplication::processEvents();
        const DesignData& d = w->workbench().design()->data();
        const QRect canvas = w->canvas()->geometry();
        std::vector<std::vector<ObjectRef>> selections;
        d.racks.forEach(
            [&](RackId id, const Rack&) { selections.push_back({ObjectRef::rack(id)}); });
        d.devices.forEach(
            [&](DeviceId id, const Device&) { selections.push_back({ObjectRef::device(id)}); });
        int links = 0;
        d.links.forEach([&](LinkId id, const Link&) {
            if (links++ < 5)
                selections.push_back({ObjectRef::link(id)});
        });
        std::vector<ObjectRef> allRacks;
        d.racks.forEach([&](RackId id, const Rack&) { allRacks.push_back(ObjectRef::rack(id)); });
        selections.push_back(allRacks);
        selections.push_back({});
        for (const auto& sel : selections) {
            w->workbench().selection()->set(sel);
            QCoreApplication::processEvents();
            QCOMPARE(w->canvas()->geometry(), canvas);
        }
    }

    void deviceFindingSelectsItsRackAndOpensElevation() {
        auto w = openStudio(m_tmp.path());
        const DesignData& d = w->workbench().design()->data();
        const DeviceId dgx01 = deviceNamed(d, QStringLiteral("dgx01"));
        w->revealObjects({ObjectRef::device(dgx01)});
        QCOMPARE(w->properties()->heading(), QStringLiteral("Device dgx01"));
        QVERIFY(w->scene()->rackItem(d.devices[dgx01].rack)->isSelected());
    }

    void statusBarTotalsFollowTheDesign() {
        auto w = openWorkbench(m_tmp.path());
        QVERIFY2(w->totalsText().startsWith(QStringLiteral("16 GPUs · 2 racks")),
                 qPrintable(w->totalsText()));
        const RackId n01 = rackNamed(w->design()->data(), QStringLiteral("N01"));
        QVERIFY(w->editor()->mountDevice(QStringLiteral("nvidia-dgx-h100"), n01, 1, Face::Front));
        QTRY_VERIFY(w->totalsText().startsWith(QStringLiteral("24 GPUs")));
    }

    void waiveIsUndoableAndSaved() {
        auto w = openStudio(m_tmp.path());
        const int row = overloadR01(*w);
        QVERIFY(row >= 0);
        const QString key = w->problems()->findingAt(row)->key();
        const QByteArray before = bytesOf(*w);
        QVERIFY(!w->workbench().editor()->waive(key, QStringLiteral("  ")));
        QVERIFY(w->workbench().editor()->waive(
            key, QStringLiteral("temporary lab load, customer accepts")));
        w->workbench().analysis()->runNow();
        auto waived = [&] {
            for (const Finding& f : w->workbench().analysis()->findings())
                if (f.key() == key)
                    return f.waived;
            return false;
        };
        QVERIFY(waived());
        const QString path = m_tmp.filePath(QStringLiteral("waived.cds.json"));
        QVERIFY(w->workbench().document()->saveTo(path));
        auto reopened = openStudio(m_tmp.path(), path);
        QCOMPARE(reopened->workbench().design()->data().waivers.size(), std::size_t(1));
        QCOMPARE(reopened->workbench().design()->data().waivers[0].key, key);
        w->workbench().undoStack()->undo();
        w->workbench().analysis()->runNow();
        QVERIFY(!waived());
        QCOMPARE(bytesOf(*w), before);
        w->workbench().undoStack()->redo();
        w->workbench().analysis()->runNow();
        QVERIFY(waived());
    }

    void propertiesRenameIsAnEdit() {
        auto w = openStudio(m_tmp.path());
        const RackId r01 = rackNamed(w->workbench().design()->data(), QStringLiteral("R01"));
        const QByteArray before = bytesOf(*w);
        Q_EMIT w->properties()->racksEditRequested(
            {{r01,
              [&] {
                  Rack r = w->workbench().design()->data().racks[r01];
                  r.name = QStringLiteral("GPU-A");
                  return r;
              }()}},
            QStringLiteral("Rename rack"));
        QCOMPARE(w->workbench().design()->data().racks[r01].name, QStringLiteral("GPU-A"));
        QVERIFY(w->isWindowModified());
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        QVERIFY(!w->isWindowModified());
    }

    void priceOverrideUndoRedo() {
        auto w = openWorkbench(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        QVERIFY(w->editor()->setPriceOverride(QStringLiteral("nvidia-dgx-h100"), 250000,
                                              QStringLiteral("quote 2026-11")));
        QCOMPARE(w->design()->data().priceOverrides.at(QStringLiteral("nvidia-dgx-h100")).usd,
                 250000.0);
        w->undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
    }
};

QTEST_MAIN(TestSelection)
#include "tst_selection.moc"
