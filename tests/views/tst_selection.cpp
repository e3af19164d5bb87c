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

#include <QSignalSpy>
#include <QTreeView>
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

    /// Every row of @p a as @p b shows it: texts, tooltips and colour.
    static bool sameRows(const QAbstractItemModel& a, const QAbstractItemModel& b) {
        if (a.rowCount() != b.rowCount() || a.columnCount() != b.columnCount())
            return false;
        for (int i = 0; i < a.rowCount(); ++i)
            for (int c = 0; c < a.columnCount(); ++c)
                for (int role :
                     {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::ForegroundRole)})
                    if (a.index(i, c).data(role) != b.index(i, c).data(role))
                        return false;
        return true;
    }

private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    /// The list is updated in place after each analysis (only the rows between those it
    /// begins and ends with are replaced): it shows what a list built afresh shows, and a
    /// row that did not change keeps its item, so it stays selected.
    void problemsListFollowsEachAnalysis() {
        auto w =
            openStudio(m_tmp.path(), QStringLiteral(CDS_SOURCE_DIR "/resources/examples/"
                                                                   "dgx-h100-256gpu-su.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        studio::DesignEditor* editor = w->workbench().editor();
        // Air cooling breaks the 15 kW envelope of a rack of DGX H100s: one error each.
        auto toAir = [&](std::initializer_list<const char*> names) {
            std::vector<std::pair<RackId, Rack>> edits;
            for (const char* n : names) {
                const RackId id = rackNamed(d, QString::fromLatin1(n));
                Rack r = d.racks[id];
                r.cooling = CoolingType::Air;
                edits.push_back({id, r});
            }
            const bool ok = editor->editRacks(edits, QStringLiteral("Set cooling"));
            w->workbench().analysis()->runNow();
            return ok;
        };
        views::ProblemsPanel* panel = w->problems();
        QAbstractItemModel* rows = panel->tree()->model();
        auto fresh = [&] {
            views::ProblemsPanel again(w->workbench().design(), w->workbench().analysis());
            return sameRows(*rows, *again.tree()->model());
        };
        QVERIFY(toAir({"su01-c01", "su01-c03", "su01-c05"}));
        QVERIFY(rows->rowCount() >= 3);
        QVERIFY(fresh());
        const int last = rows->rowCount() - 1;
        const QString lastMessage = panel->findingAt(last)->message;
        panel->tree()->setCurrentIndex(rows->index(last, 2));
        QVERIFY(toAir({"su01-c04"})); // one more error, before the last
        QVERIFY(fresh());
        QCOMPARE(rows->rowCount(), last + 2);
        QCOMPARE(panel->tree()->currentIndex().row(), last + 1); // the selection moved with it
        QCOMPARE(panel->findingAt(last + 1)->message, lastMessage);
        w->workbench().undoStack()->undo(); // and gone again
        w->workbench().analysis()->runNow();
        QVERIFY(fresh());
        QCOMPARE(panel->tree()->currentIndex().row(), last);
        // A rename changes the objects column of the rows naming the rack.
        const RackId c03 = rackNamed(d, QStringLiteral("su01-c03"));
        Rack r = d.racks[c03];
        r.name = QStringLiteral("su01-c03-renamed");
        QVERIFY(editor->editRacks({{c03, r}}, QStringLiteral("Rename")));
        QSignalSpy repainted(rows, &QAbstractItemModel::dataChanged); // the view repaints
        w->workbench().analysis()->runNow();
        QVERIFY(fresh());
        QVERIFY(!repainted.isEmpty());
        bool named = false;
        for (int i = 0; i < rows->rowCount(); ++i)
            named = named || rows->index(i, 3).data().toString().contains(r.name);
        QVERIFY(named);
    }

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
        QTreeView* tree = panel->tree();
        panel->resize(360, 300);
        panel->show();
        QCoreApplication::processEvents();
        const int viewport = tree->viewport()->width();
        QVERIFY2(
            tree->columnWidth(2) * 2 >= viewport,
            qPrintable(
                QStringLiteral("message %1 px of %2").arg(tree->columnWidth(2)).arg(viewport)));
        const QAbstractItemModel* m = tree->model();
        QVERIFY(m->index(row, 2)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(m->index(row, 2).data().toString()));
        QCOMPARE(m->index(row, 3).data(Qt::ToolTipRole), m->index(row, 3).data());
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
