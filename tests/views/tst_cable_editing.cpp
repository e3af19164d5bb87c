// Working with cables, trays and the hall in the studio: a click on a bundle lists its cables
// in the Cables panel, a cable is inspected (ends, medium, length, route), pinned and deleted
// with undo; trays drawn with the mouse, moved (one step per drag, cables re-routed) and
// deleted; servers connected to a leaf set rail by rail; the hall dialog. With
// CDS_SCREENSHOT_DIR set, the panel and dialogs are saved as PNGs there for review.
#include "StudioFixture.h"

#include "ConnectRailsDialog.h"
#include "DesignEditor.h"
#include "HallDialog.h"
#include "ToolsActions.h"

#include "model/analysis/LiveAnalysis.h"
#include "model/cabling/CableInspection.h"
#include "model/edits/CableOps.h"
#include "model/edits/HallOps.h"
#include "model/edits/PathwayOps.h"
#include "views/SelectionModel.h"
#include "views/floorplan/FloorplanView.h"
#include "views/floorplan/PathwayOverlayItem.h"
#include "views/panels/CablePanel.h"
#include "views/panels/PropertiesPanel.h"
#include "views/tools/HallTool.h"
#include "views/tools/TrayTool.h"

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QMouseEvent>
#include <QTableWidget>
#include <QUndoStack>

using namespace cds;
using namespace cds::test;

namespace {

std::unique_ptr<studio::MainWindow> generated(const QString& tmp, int gpus = 64) {
    auto w = openStudio(tmp);
    GenerateParams p;
    p.gpus = gpus;
    p.tiers = 2; // rail leaves and spines: below one SU the automatic choice is a switch pair
    if (!w->workbench().document()->generate(p))
        qFatal("generate: %s", qPrintable(w->workbench().document()->lastError()));
    w->workbench().analysis()->runNow();
    return w;
}

/// A rack-to-rack compute link whose route runs over the trays.
LinkId trayLink(const DesignData& d) {
    LinkId found;
    d.links.forEach([&](LinkId id, const Link&) {
        if (found)
            return;
        const CableRoute r = cableRoute(d, id);
        if (!r.inRack && !r.noPathway && r.segments.size() >= 2)
            found = id;
    });
    return found;
}

/// A point halfway along the longest leg of @p link's route.
PointMm onRoute(const DesignData& d, LinkId link) {
    const auto line = cableRoute(d, link).polyline;
    std::size_t best = 1;
    double len = -1;
    for (std::size_t i = 1; i < line.size(); ++i) {
        const double l = std::hypot(line[i].x - line[i - 1].x, line[i].y - line[i - 1].y);
        if (l > len) {
            len = l;
            best = i;
        }
    }
    return {(line[best].x + line[best - 1].x) / 2, (line[best].y + line[best - 1].y) / 2};
}

void mouse(QWidget* viewport, QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
    QMouseEvent e(type, QPointF(at), viewport->mapToGlobal(QPointF(at)),
                  type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons,
                  Qt::NoModifier);
    QApplication::sendEvent(viewport, &e);
}

void screenshot(QWidget* w, const QString& name) {
    const QString dir = qEnvironmentVariable("CDS_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QVERIFY(w->grab().save(dir + QLatin1Char('/') + name));
}

} // namespace

class TestCableEditing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        initStudioTests();
        QVERIFY(m_tmp.isValid());
    }

    void clickOnABundleListsItsCables() {
        auto w = generated(m_tmp.path());
        const DesignData& d = w->workbench().design()->data();
        const LinkId link = trayLink(d);
        QVERIFY(link);
        const PointMm at = onRoute(d, link);
        const CableBundle bundle = bundleAt(d, at, 50);
        QVERIFY(!bundle.links.empty());
        w->tools()->pickAt(at, 50.0 / 6);
        QCOMPARE(w->workbench().selection()->links(), bundle.links);
        views::CablePanel* panel = w->tools()->cablePanel();
        QCOMPARE(panel->rowCount(), int(bundle.links.size()));
        QVERIFY2(panel->heading().startsWith(QStringLiteral("%1 cable").arg(bundle.links.size())),
                 qPrintable(panel->heading()));
        panel->chooseRow(0);
        const QString detail = panel->detailText();
        const Link& first = d.links[bundle.links.front()];
        QVERIFY2(
            detail.contains(QStringLiteral("Length: %1 m").arg(double(first.lengthM), 0, 'f', 1)),
            qPrintable(detail));
        QVERIFY(detail.contains(QStringLiteral("A end: ")));
        QVERIFY(detail.contains(QStringLiteral("Medium: ") + d.catalog[first.medium].model));
        // The route names the trays it runs on, in order.
        const CableRoute route = cableRoute(d, bundle.links.front());
        QStringList trays;
        for (PathwayId s : route.segments)
            trays << d.pathways[s].name;
        QVERIFY2(detail.contains(QStringLiteral("Route: ") + trays.join(QStringLiteral(" → "))),
                 qPrintable(detail));
        // The overlay draws the selected bundle's route.
        QCOMPARE(w->tools()->overlay()->selectedRoutes().size(), std::size_t(1));
        // A click on empty floor far from any cable or tray picks nothing new.
        w->workbench().selection()->clear();
        w->tools()->pickAt({-900, -900}, 1);
        QVERIFY(w->workbench().selection()->objects().empty());
    }

    void deleteAndPinFromThePanelUndo() {
        auto w = generated(m_tmp.path());
        const DesignData& d = w->workbench().design()->data();
        const LinkId link = trayLink(d);
        w->workbench().selection()->set({ObjectRef::link(link)});
        views::CablePanel* panel = w->tools()->cablePanel();
        QCOMPARE(panel->rowCount(), 1);
        const QByteArray before = bytesOf(*w);
        // Pin a medium other than the one chosen.
        TypeId pin;
        for (TypeId t : panel->pinChoices())
            if (t && t != d.links[link].medium)
                pin = t;
        QVERIFY(pin);
        panel->requestPin(pin);
        QCOMPARE(d.links[link].pinnedMedium, pin);
        w->workbench().analysis()->runNow();
        QCOMPARE(d.links[link].medium, pin);
        QTest::qWait(1); // the panel rebuilds after the change
        QVERIFY(panel->detailText().contains(QStringLiteral("(pinned)")));
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        const std::size_t links = d.links.size();
        panel->requestDelete();
        QCOMPARE(d.links.size(), links - 1);
        QVERIFY(!d.links.contains(link));
        w->workbench().undoStack()->undo();
        QCOMPARE(d.links.size(), links);
        QCOMPARE(bytesOf(*w), before);
        // Edit > Delete with the cable selected does the same.
        w->workbench().selection()->set({ObjectRef::link(link)});
        w->workbench().deleteSelection();
        QVERIFY(!d.links.contains(link));
    }

    void trayDrawnWithTheMouseMovedAndDeleted() {
        auto w = generated(m_tmp.path());
        w->resize(1366, 768);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        views::FloorplanView* view = w->canvas();
        view->fitHall();
        view->setExtraTool(w->tools()->trayTool());
        const DesignData& d = w->workbench().design()->data();
        const std::size_t trays = d.pathways.size();
        const int steps = w->workbench().undoStack()->count();
        // Drag along x across the hall's lower part, away from the generated trays.
        const Hall& h = d.hall;
        const QPoint a = view->mapFromScene(QPointF(h.widthMm * 0.2, h.depthMm - 300));
        const QPoint b = view->mapFromScene(QPointF(h.widthMm * 0.6, h.depthMm - 300 + 200));
        QWidget* vp = view->viewport();
        mouse(vp, QEvent::MouseButtonPress, a, Qt::LeftButton);
        mouse(vp, QEvent::MouseMove, (a + b) / 2, Qt::LeftButton);
        mouse(vp, QEvent::MouseMove, b, Qt::LeftButton);
        mouse(vp, QEvent::MouseButtonRelease, b, Qt::NoButton);
        QCOMPARE(d.pathways.size(), trays + 1);
        QCOMPARE(w->workbench().undoStack()->count(), steps + 1);
        const PathwayId drawn = PathwayId(std::uint32_t(d.pathways.capacity() - 1));
        const Pathway& t = d.pathways[drawn];
        QCOMPARE(t.from.y, t.to.y); // along x, though the mouse drifted in y
        QCOMPARE(std::fmod(t.from.x, h.tileMm / 2), 0.0);
        QCOMPARE(w->workbench().selection()->objects(),
                 std::vector<ObjectRef>{ObjectRef::pathway(drawn)});
        QCOMPARE(w->properties()->heading(), QStringLiteral("Tray ") + t.name);
        QTest::qWait(50); // the panel's new editors are shown from the event loop
        screenshot(w.get(), QStringLiteral("tray-drawn-1366x768.png"));
        // Its properties: width and kind, each one undoable edit of the tray.
        auto* width = w->properties()->findChild<QDoubleSpinBox*>(QStringLiteral("trayWidth"));
        QVERIFY(width);
        const int beforeProps = w->workbench().undoStack()->count();
        width->setValue(300);
        QCOMPARE(d.pathways[drawn].widthMm, 300.0);
        QCOMPARE(w->workbench().undoStack()->count(), beforeProps + 1);
        w->workbench().undoStack()->undo();
        QCOMPARE(d.pathways[drawn].widthMm, t.widthMm);
        // Drag it up by a few tiles: one undo step, however many mouse moves.
        const QPoint mid = view->mapFromScene(QPointF((t.from.x + t.to.x) / 2, t.from.y));
        const PointMm from = t.from;
        const int afterDraw = w->workbench().undoStack()->index();
        mouse(vp, QEvent::MouseButtonPress, mid, Qt::LeftButton);
        for (int i = 1; i <= 5; ++i)
            mouse(vp, QEvent::MouseMove,
                  view->mapFromScene(QPointF((t.from.x + t.to.x) / 2, from.y - 300 * i)),
                  Qt::LeftButton);
        mouse(vp, QEvent::MouseButtonRelease, view->mapFromScene(QPointF(0, 0)), Qt::NoButton);
        QCOMPARE(w->workbench().undoStack()->index(), afterDraw + 1);
        QCOMPARE(d.pathways[drawn].from.y, from.y - 1500);
        w->workbench().undoStack()->undo();
        QCOMPARE(d.pathways[drawn].from, from);
        // Edit > Delete removes the selected tray.
        w->workbench().deleteSelection();
        QVERIFY(!d.pathways.contains(drawn));
        w->workbench().undoStack()->undo();
        QVERIFY(d.pathways.contains(drawn));
    }

    void movingATrayReroutesItsCables() {
        auto w = generated(m_tmp.path());
        const DesignData& d = w->workbench().design()->data();
        const LinkId link = trayLink(d);
        const CableRoute route = cableRoute(d, link);
        const float before = d.links[link].lengthM;
        // The tray the A-end rack drops onto, moved 600 mm away from it.
        const PathwayId tray = route.segments.front();
        const QByteArray bytes = bytesOf(*w);
        const Pathway& p = d.pathways[tray];
        const PointMm step = p.from.y == p.to.y ? PointMm{0, 600} : PointMm{600, 0};
        QVERIFY(w->workbench().editor()->apply(edits::movePathways(d, {tray}, step), 77));
        QVERIFY(w->workbench().editor()->apply(edits::movePathways(d, {tray}, step), 77));
        w->workbench().analysis()->runNow();
        QVERIFY(d.links[link].lengthM != before);
        w->workbench().undoStack()->undo(); // both moves: one drag
        w->workbench().analysis()->runNow();
        QCOMPARE(d.links[link].lengthM, before);
        QCOMPARE(bytesOf(*w), bytes);
    }

    void connectServersRailByRail() {
        auto w = generated(m_tmp.path());
        const DesignData& d = w->workbench().design()->data();
        // Unplug the compute cables of the first server rack, then connect them again.
        RackId rack;
        d.devices.forEach([&](DeviceId, const Device& v) {
            if (!rack && d.typeOf(v).gpu)
                rack = v.rack;
        });
        QVERIFY(rack);
        const DesignIndex index(d);
        std::vector<LinkId> compute;
        std::vector<std::pair<PortRef, DeviceId>> wiring; // server NIC -> leaf
        d.links.forEach([&](LinkId id, const Link& l) {
            const Device& a = d.devices[l.a.device];
            const Device& b = d.devices[l.b.device];
            if (a.rack == rack && d.typeOf(a).gpu && b.tier == Tier::Leaf &&
                d.typeOf(a).logicalPort(a.breakout, l.a.port)->role == PortRole::Compute) {
                compute.push_back(id);
                wiring.emplace_back(l.a, l.b.device);
            }
        });
        QVERIFY(!compute.empty());
        QVERIFY(w->workbench().editor()->deleteObjects({}, {}, compute));
        w->workbench().selection()->set({ObjectRef::rack(rack)});
        studio::ConnectRailsDialog dlg(d, w->workbench().selection()->racks(), w.get());
        dlg.setConnector([&](const std::vector<DeviceId>& leaves) {
            return w->workbench().connectRails(leaves);
        });
        // The generator names its first SU's leaves first: the set wired as before.
        const DeviceId leafOfFirst = wiring.front().second;
        const auto sets = edits::leafSets(d);
        int chosen = -1;
        for (std::size_t i = 0; i < sets.size(); ++i)
            if (std::find(sets[i].leaves.begin(), sets[i].leaves.end(), leafOfFirst) !=
                sets[i].leaves.end())
                chosen = int(i);
        QVERIFY(chosen >= 0);
        dlg.chooseSet(chosen);
        screenshot(&dlg, QStringLiteral("connect-rails-dialog.png"));
        const int steps = w->workbench().undoStack()->count();
        dlg.accept();
        QCOMPARE(dlg.result(), int(QDialog::Accepted));
        QCOMPARE(w->workbench().undoStack()->count(), steps + 1);
        // Every NIC is back on the leaf of its rail.
        const DesignIndex after(d);
        for (const auto& [nic, leaf] : wiring) {
            const LinkId l = after.linkAt(nic);
            QVERIFY(l);
            QCOMPARE(d.links[l].b.device, leaf);
        }
        // Again: nothing left to connect, the dialog says so and stays open.
        studio::ConnectRailsDialog again(d, w->workbench().selection()->racks(), w.get());
        again.setConnector([&](const std::vector<DeviceId>& leaves) {
            return w->workbench().connectRails(leaves);
        });
        again.chooseSet(chosen);
        again.accept();
        QVERIFY(again.problem().contains(QStringLiteral("already has a cable")));
        QCOMPARE(again.result(), int(QDialog::Rejected));
    }

    void hallDialogEditsAreOneUndoStep() {
        auto w = openStudio(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        studio::HallDialog dlg(w->workbench().design()->data(), w.get());
        dlg.addRow();
        dlg.addObstacle(int(edits::ObstacleKind::Column));
        dlg.addObstacle(int(edits::ObstacleKind::Crac));
        const Hall h = dlg.hall();
        QCOMPARE(h.obstacles.size(), w->workbench().design()->data().hall.obstacles.size() + 2);
        QCOMPARE(h.obstacles.back().name.left(4), QStringLiteral("CRAC"));
        screenshot(&dlg, QStringLiteral("hall-dialog.png"));
        QVERIFY2(w->workbench().editor()->apply(edits::setHall(w->workbench().design()->data(), h)),
                 qPrintable(w->workbench().editor()->lastProblem()));
        QCOMPARE(w->workbench().design()->data().hall, h);
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        // A hall too small for its racks: the dialog names the rack and stays open.
        studio::HallDialog small(w->workbench().design()->data(), w.get());
        small.findChildren<QDoubleSpinBox*>().at(0)->setValue(1.0);
        small.accept();
        QCOMPARE(small.result(), int(QDialog::Rejected));
    }

    /// A campus's halls in the Hall dialog (issue #31): added, named and placed there, applied
    /// with the hall as one undo step; overlapping halls keep the dialog open with the reason.
    void hallDialogEditsACampusHalls() {
        auto w = openStudio(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        const DesignData& d = w->workbench().design()->data();
        studio::HallDialog dlg(d, w.get());
        QVERIFY(dlg.halls().empty());
        dlg.addHall();
        QCOMPARE(dlg.halls().size(), std::size_t(1));
        QCOMPARE(dlg.halls()[0].name, QStringLiteral("Hall 1"));
        QCOMPARE(dlg.halls()[0].area, (RectMm{0, 0, d.hall.widthMm, d.hall.depthMm}));
        // Two halls side by side: the floor's left and right halves.
        QTableWidget* t = dlg.siteHalls();
        const double half = std::floor(d.hall.widthMm / 2);
        t->item(0, 3)->setText(QString::number(half));
        dlg.addHall();
        t->item(1, 0)->setText(QStringLiteral("North hall"));
        t->item(1, 1)->setText(QString::number(half));
        t->item(1, 3)->setText(QString::number(d.hall.widthMm - half));
        const std::vector<SiteHall> halls = dlg.halls();
        QCOMPARE(halls.size(), std::size_t(2));
        QCOMPARE(edits::hallsProblem(dlg.hall(), halls), QString());
        screenshot(&dlg, QStringLiteral("hall-dialog-campus.png"));
        QVERIFY2(
            w->workbench().editor()->apply(edits::setSite(d, dlg.hall(), dlg.roomAir(), halls)),
            qPrintable(w->workbench().editor()->lastProblem()));
        QCOMPARE(w->workbench().design()->data().halls, halls);
        QCOMPARE(w->workbench().undoStack()->count(), 1);
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        // Overlapping halls: refused, the dialog stays open and says why.
        studio::HallDialog bad(w->workbench().design()->data(), w.get());
        bad.addHall();
        bad.addHall();
        bad.siteHalls()->item(1, 1)->setText(QStringLiteral("0"));
        bad.accept();
        QCOMPARE(bad.result(), int(QDialog::Rejected));
        QVERIFY(edits::hallsProblem(bad.hall(), bad.halls()).contains(QLatin1String("overlaps")));
    }

    /// The Hall dialog's air side (inlet class, air cooling, temperature rise, liquid racks'
    /// air share) goes into the design with the hall, one undo step.
    void hallDialogEditsTheRoomsAirSide() {
        auto w = openStudio(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        studio::HallDialog dlg(w->workbench().design()->data(), w.get());
        QCOMPARE(dlg.roomAir(), edits::RoomAir::of(w->workbench().design()->data().settings));
        dlg.findChild<QComboBox*>(QStringLiteral("inletClass"))
            ->setCurrentIndex(int(InletClass::A4));
        dlg.findChild<QDoubleSpinBox*>(QStringLiteral("roomAirCoolingKw"))->setValue(250);
        dlg.findChild<QDoubleSpinBox*>(QStringLiteral("airDeltaTF"))->setValue(18);
        dlg.findChild<QDoubleSpinBox*>(QStringLiteral("liquidAirSharePct"))->setValue(25);
        const edits::RoomAir air = dlg.roomAir();
        QCOMPARE(air, (edits::RoomAir{InletClass::A4, 18, 25, 250}));
        QVERIFY2(w->workbench().editor()->apply(
                     edits::setHall(w->workbench().design()->data(), dlg.hall(), air)),
                 qPrintable(w->workbench().editor()->lastProblem()));
        QCOMPARE(edits::RoomAir::of(w->workbench().design()->data().settings), air);
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        w->workbench().undoStack()->redo();
        QCOMPARE(edits::RoomAir::of(w->workbench().design()->data().settings), air);
    }

    void hallDrawnOnTheFloorplan() {
        auto w = openStudio(m_tmp.path());
        w->resize(1366, 768);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        views::FloorplanView* view = w->canvas();
        view->fitHall();
        views::HallTool* tool = w->tools()->hallTool();
        view->setExtraTool(tool);
        const DesignData& d = w->workbench().design()->data();
        const QByteArray before = bytesOf(*w);
        QWidget* vp = view->viewport();
        // A click with the column tool places a 600 mm column on the tile under the mouse.
        tool->setDraw(views::HallTool::Draw::Column);
        const QPoint at = view->mapFromScene(QPointF(4950, 4050));
        mouse(vp, QEvent::MouseButtonPress, at, Qt::LeftButton);
        mouse(vp, QEvent::MouseButtonRelease, at, Qt::NoButton);
        QCOMPARE(d.hall.obstacles.size(), std::size_t(1));
        QCOMPARE(d.hall.obstacles[0].name, QStringLiteral("Column 1"));
        QCOMPARE(d.hall.obstacles[0].area, (RectMm{4800, 3600, 600, 600}));
        // Dragged by a tile to the left: moved, one step.
        const int steps = w->workbench().undoStack()->count();
        mouse(vp, QEvent::MouseButtonPress, at, Qt::LeftButton);
        mouse(vp, QEvent::MouseMove, view->mapFromScene(QPointF(4350, 4050)), Qt::LeftButton);
        mouse(vp, QEvent::MouseButtonRelease, view->mapFromScene(QPointF(4350, 4050)),
              Qt::NoButton);
        QCOMPARE(w->workbench().undoStack()->count(), steps + 1);
        QCOMPARE(d.hall.obstacles[0].area.x, 4200.0);
        // A row drawn by dragging, snapped to whole tiles.
        tool->setDraw(views::HallTool::Draw::Row);
        mouse(vp, QEvent::MouseButtonPress, view->mapFromScene(QPointF(650, 3050)), Qt::LeftButton);
        mouse(vp, QEvent::MouseMove, view->mapFromScene(QPointF(3550, 4150)), Qt::LeftButton);
        mouse(vp, QEvent::MouseButtonRelease, view->mapFromScene(QPointF(3550, 4150)),
              Qt::NoButton);
        QCOMPARE(d.hall.rows.size(), std::size_t(2));
        QCOMPARE(d.hall.rows[1].area, (RectMm{600, 3000, 3000, 1200}));
        QCOMPARE(d.hall.rows[1].name, QStringLiteral("Row B"));
        screenshot(w.get(), QStringLiteral("hall-drawn-1366x768.png"));
        while (w->workbench().undoStack()->canUndo())
            w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
    }

    void cablesPanelScreenshot() {
        auto w = generated(m_tmp.path(), 256);
        w->resize(1366, 768);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        const DesignData& d = w->workbench().design()->data();
        const LinkId link = trayLink(d);
        const PointMm at = onRoute(d, link);
        w->canvas()->fitHall();
        w->canvas()->zoomBy(2.0);
        w->canvas()->centerOn(at.x, at.y);
        w->tools()->pickAt(at, 10);
        QVERIFY(!w->workbench().selection()->links().empty());
        QVERIFY(w->tools()->cableDock()->isVisible());
        w->tools()->cablePanel()->chooseRow(0);
        QTest::qWait(50);
        screenshot(w.get(), QStringLiteral("cables-panel-1366x768.png"));
    }

private:
    QTemporaryDir m_tmp;
};

QTEST_MAIN(TestCableEditing)
#include "tst_cable_editing.moc"
