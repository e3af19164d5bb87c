// Editing the power chain in the studio (issue #29): deleting an element with Edit > Delete or
// the diagram's context menu, adding one below another, the chain's settings in the Properties
// panel, a power rack moved on the floor by a drag or by its X and Y or placed beside its racks,
// and the whole chain built or rebuilt under another scheme; each one undo step.
#include "DesignEditor.h"
#include "PowerChainActions.h"
#include "PowerChainDialog.h"
#include "PowerElementDialog.h"
#include "StudioFixture.h"

#include "model/analysis/LiveAnalysis.h"
#include "model/edits/PowerOps.h"
#include "model/generator/Generator.h"
#include "views/SelectionModel.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"
#include "views/floorplan/PowerRackItem.h"
#include "views/panels/PropertiesPanel.h"
#include "views/power/PowerItems.h"
#include "views/power/PowerScene.h"
#include "views/power/PowerView.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QMenuBar>
#include <QMouseEvent>
#include <QPushButton>
#include <QUndoStack>

#include <cmath>

using namespace cds;
using namespace cds::test;

namespace {

DesignData generated(int gpus, const QString& server = {}, bool dc = false) {
    GenerateParams p;
    p.gpus = gpus;
    if (!server.isEmpty())
        p.serverId = server;
    if (dc)
        p.switchId = QStringLiteral("nvidia-q3400");
    p.power->scheme = PowerScheme::TwoN;
    p.power->dc800 = dc;
    GenerateResult r = generateCluster(p, bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

/// A generated 256-GPU design without a power chain.
DesignData withoutChain() {
    GenerateParams p;
    p.gpus = 256;
    p.power = std::nullopt;
    GenerateResult r = generateCluster(p, bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

QString saved(const DesignData& d, const QString& path) {
    QString error;
    if (!DesignFile::save(d, path, &error))
        qFatal("cannot save %s: %s", qPrintable(path), qPrintable(error));
    return path;
}

/// The entry @p text of the window's menu @p title.
QAction* menuEntry(const QMainWindow& w, const QString& title, const QString& text) {
    for (const QMenu* menu : w.menuBar()->findChildren<QMenu*>())
        if (menu->title() == title)
            for (QAction* a : menu->actions())
                if (a->text() == text)
                    return a;
    return nullptr;
}

/// Where power rack @p id could stand instead: whole tiles away from where it stands, on free
/// floor, nearest first.
PointMm freeStepFor(const DesignData& d, PowerElementId id) {
    const RectMm from = *d.power.elements[id].area;
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    for (int k = 1; k < 40; ++k)
        for (const PointMm step : {PointMm{0, k * tile}, PointMm{0, -k * tile},
                                   PointMm{k * tile, 0}, PointMm{-k * tile, 0}})
            if (edits::powerAreaProblem(d, id, {from.x + step.x, from.y + step.y, from.w, from.h})
                    .isEmpty())
                return step;
    qFatal("no free floor near %s", qPrintable(d.power.elements[id].name));
    return {};
}

} // namespace

class TestPowerChainEdits : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

    std::unique_ptr<studio::MainWindow> open(const DesignData& d, const QString& name) {
        auto w = openStudio(m_tmp.path(), saved(d, m_tmp.filePath(name)));
        w->workbench().analysis()->runNow();
        return w;
    }

private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    /// A busway selected in the diagram and deleted with Edit > Delete: its box goes, the racks
    /// it fed are unconnected on that side, the selection is empty; one undo brings the design
    /// back to the byte. The diagram's context menu does the same.
    void deleteSelectedElementAndUndo() {
        auto w = open(generated(256), QStringLiteral("delete.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        QUndoStack* undo = w->workbench().undoStack();
        const QByteArray before = bytesOf(*w);
        const RackId rack = d.racks.ids().front();
        const PowerElementId bus = d.racks[rack].feeds.a;
        QVERIFY(bus);
        const QString name = d.power.elements[bus].name;
        views::PowerScene* diagram = w->powerView()->scene();
        diagram->clearSelection();
        diagram->nodeItem(bus)->setSelected(true);
        QCOMPARE(w->workbench().selection()->objects(),
                 std::vector<ObjectRef>{ObjectRef::powerElement(bus)});
        QAction* del = menuEntry(*w, QStringLiteral("&Edit"), QStringLiteral("&Delete"));
        QVERIFY(del);
        const int steps = undo->count();
        del->trigger();
        QCOMPARE(undo->count(), steps + 1);
        QVERIFY(!d.power.elements.contains(bus));
        QVERIFY(!d.racks[rack].feeds.a);
        QVERIFY2(undo->undoText().startsWith(QStringLiteral("Delete %1 (").arg(name)),
                 qPrintable(undo->undoText()));
        QVERIFY(undo->undoText().endsWith(QLatin1String(" rack feeds disconnected)")));
        QVERIFY(w->workbench().selection()->objects().empty());
        w->workbench().analysis()->runNow();
        QVERIFY(!diagram->nodeItem(bus));
        undo->undo();
        QCOMPARE(bytesOf(*w), before);
        w->workbench().analysis()->runNow();
        QVERIFY(diagram->nodeItem(bus));
        undo->redo();
        QVERIFY(!d.power.elements.contains(bus));
        undo->undo();
        QCOMPARE(bytesOf(*w), before);

        // The diagram's context menu has the entries; its Delete element deletes the selection.
        studio::PowerChainActions* actions = w->powerActions();
        QVERIFY(w->powerView()->actions().contains(actions->addBelowAction()));
        QVERIFY(w->powerView()->actions().contains(actions->deleteAction()));
        const PowerElementId ups = d.power.findByName(QStringLiteral("UPS-A1"));
        w->workbench().selection()->set({ObjectRef::powerElement(ups)});
        actions->deleteAction()->trigger();
        QVERIFY(!d.power.elements.contains(ups));
        QCOMPARE(undo->undoText(), QStringLiteral("Delete UPS-A1"));
        undo->undo();
        QCOMPARE(bytesOf(*w), before);
        // Nothing of the chain selected: nothing deleted.
        w->workbench().selection()->clear();
        actions->deleteAction()->trigger();
        QCOMPARE(bytesOf(*w), before);
    }

    /// Add element below…: the dialog offers the kind usually below (a busway under a UPS) and
    /// that kind's entries, smallest first; the element added draws from the one selected, is
    /// selected and shown in the Properties panel, and undoes.
    void addElementBelowTheSelectedOne() {
        auto w = open(generated(256), QStringLiteral("add.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        const QByteArray before = bytesOf(*w);
        const PowerElementId ups = d.power.findByName(QStringLiteral("UPS-A1"));
        studio::PowerElementDialog dlg(d, w->workbench().library(), QStringLiteral("UPS-A1"),
                                       PowerKind::Ups);
        QVERIFY(dlg.kind() == PowerKind::Busway);
        QVERIFY(dlg.typeBox()->count() > 1);
        QCOMPARE(dlg.catalogId(), QStringLiteral("busway-starline-t5-800a"));
        dlg.setKind(PowerKind::Rpp);
        QCOMPARE(dlg.catalogId(), QStringLiteral("rpp-415v-225a-160kva"));
        dlg.typeBox()->setCurrentIndex(0);
        QVERIFY(dlg.catalogId().isEmpty());
        QVERIFY(dlg.typeBox()->currentText().startsWith(QLatin1String("None: a typical 160 kVA")));

        QVERIFY(w->workbench().addPowerElement(dlg.kind(), QStringLiteral("rpp-415v-225a-160kva"),
                                               {QStringLiteral("UPS-A1")}));
        const std::vector<PowerElementId> sel = w->workbench().selectedPowerElements();
        QCOMPARE(sel.size(), std::size_t(1));
        const PowerElement& added = d.power.elements[sel.front()];
        QCOMPARE(added.upstream, std::vector<PowerElementId>{ups});
        QVERIFY(added.kind == PowerKind::Rpp);
        QCoreApplication::processEvents();
        QCOMPARE(w->properties()->heading(), QStringLiteral("Remote power panel ") + added.name);
        w->workbench().analysis()->runNow();
        QVERIFY(w->powerView()->scene()->nodeItem(sel.front()));
        QCOMPARE(w->workbench().undoStack()->undoText(),
                 QStringLiteral("Add remote power panel %1 below UPS-A1").arg(added.name));
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        // With no element selected the entry says what to select and adds nothing.
        w->workbench().selection()->clear();
        QVERIFY(!w->powerActions()->addBelowSelection());
        QCOMPARE(bytesOf(*w), before);
    }

    /// With nothing selected the Properties panel shows the chain's settings; each finished
    /// field is one step, the others keep the chain's own values.
    void chainSettingsInTheProperties() {
        auto w = open(generated(256), QStringLiteral("settings.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        QUndoStack* undo = w->workbench().undoStack();
        const PowerChain before = d.power;
        w->workbench().selection()->clear();
        QCoreApplication::processEvents();
        QCOMPARE(w->properties()->heading(), QStringLiteral("Power chain 2N"));
        auto box = [&](const char* name) {
            return w->properties()->findChild<QDoubleSpinBox*>(QLatin1String(name));
        };
        QVERIFY(box("powerFactor") && box("powerTransient") && box("powerStranded"));
        QCOMPARE(box("powerFactor")->value(), before.powerFactor);
        box("powerFactor")->setValue(0.9);
        Q_EMIT box("powerFactor")->editingFinished();
        QCOMPARE(d.power.powerFactor, 0.9);
        QCOMPARE(d.power.transientPct, before.transientPct);
        QCOMPARE(undo->undoText(), QStringLiteral("Power chain settings"));
        QCoreApplication::processEvents();
        box("powerTransient")->setValue(30);
        Q_EMIT box("powerTransient")->editingFinished();
        QCOMPARE(d.power.transientPct, 30.0);
        QCOMPARE(d.power.powerFactor, 0.9);
        QCOMPARE(d.power.strandedPct, before.strandedPct);
        undo->undo();
        undo->undo();
        QVERIFY(d.power == before);
        // A selected element shows them too, under its own values.
        w->workbench().selection()->set(
            {ObjectRef::powerElement(d.power.findByName(QStringLiteral("UPS-A1")))});
        QCoreApplication::processEvents();
        QCOMPARE(w->properties()->heading(), QStringLiteral("UPS UPS-A1"));
        QVERIFY(box("powerFactor"));
        // An AC element has no place on the floor.
        QVERIFY(!box("powerAreaX"));
    }

    /// A power rack dragged on the floor moves by whole tiles as one undo step, and by its X
    /// and Y in the Properties panel; a place on a rack is refused and changes nothing.
    void powerRackMovedOnTheFloor() {
        auto w = open(generated(576, QStringLiteral("nvidia-gb300-nvl72"), true),
                      QStringLiteral("dc.cds.json"));
        w->resize(1400, 900);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        const DesignData& d = w->workbench().design()->data();
        QUndoStack* undo = w->workbench().undoStack();
        views::FloorplanView* view = w->canvas();
        QVERIFY(!w->scene()->powerRackItems().empty());
        const PowerElementId pr = w->scene()->powerRackItems().front()->elementId();
        const QString name = d.power.elements[pr].name;
        const RectMm from = *d.power.elements[pr].area;
        const PointMm step = freeStepFor(d, pr);
        const RectMm moved{from.x + step.x, from.y + step.y, from.w, from.h};
        const QPointF centre(from.x + from.w / 2, from.y + from.h / 2);
        const QPoint start = view->mapFromScene(centre);
        const QPoint end = view->mapFromScene(centre + QPointF(step.x, step.y));
        const int at = undo->index();
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, start);
        for (int i = 1; i <= 4; ++i) {
            const QPoint p = start + (end - start) * i / 4;
            QMouseEvent move(QEvent::MouseMove, p, view->viewport()->mapToGlobal(p), Qt::NoButton,
                             Qt::LeftButton, {});
            QApplication::sendEvent(view->viewport(), &move);
        }
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, end);
        auto areaNow = [&] {
            const RectMm a = *d.power.elements[pr].area;
            return QStringLiteral("%1 stands at (%2, %3)").arg(name).arg(a.x).arg(a.y);
        };
        QVERIFY2(*d.power.elements[pr].area == moved, qPrintable(areaNow()));
        QCOMPARE(undo->index(), at + 1);
        QCOMPARE(undo->count(), at + 1); // the drag's moves are one step
        QCOMPARE(undo->undoText(), QStringLiteral("Move power rack ") + name);
        QCOMPARE(w->scene()->powerRackItems().front()->sceneBoundingRect(),
                 QRectF(moved.x, moved.y, moved.w, moved.h));
        undo->undo();
        QVERIFY2(*d.power.elements[pr].area == from, qPrintable(areaNow()));

        // X and Y in the Properties panel.
        w->workbench().selection()->set({ObjectRef::powerElement(pr)});
        QCoreApplication::processEvents();
        auto field = [&](const char* objectName) {
            return w->properties()->findChild<QDoubleSpinBox*>(QLatin1String(objectName));
        };
        QVERIFY(field("powerAreaX") && field("powerAreaY"));
        QVERIFY(std::abs(field("powerAreaX")->value() - from.x) < 1);
        QVERIFY(std::abs(field("powerAreaY")->value() - from.y) < 1);
        QDoubleSpinBox* along = field(step.x != 0 ? "powerAreaX" : "powerAreaY");
        along->setValue(step.x != 0 ? moved.x : moved.y);
        Q_EMIT along->editingFinished();
        const RectMm now = *d.power.elements[pr].area;
        QVERIFY2(std::abs(now.x - moved.x) < 1 && std::abs(now.y - moved.y) < 1,
                 qPrintable(areaNow()));
        QCOMPARE(undo->index(), at + 1);
        undo->undo();
        QVERIFY2(*d.power.elements[pr].area == from, qPrintable(areaNow()));
        // On a rack it feeds, in its row: refused with the element named, nothing changes.
        RackId fed;
        d.racks.forEach([&](RackId id, const Rack& r) {
            if (!fed && (r.feeds.a == pr || r.feeds.b == pr))
                fed = id;
        });
        QVERIFY(fed);
        QCoreApplication::processEvents();
        QVERIFY(field("powerAreaX"));
        field("powerAreaX")->setValue(footprint(d, d.racks[fed]).x);
        Q_EMIT field("powerAreaX")->editingFinished();
        QVERIFY2(*d.power.elements[pr].area == from, qPrintable(areaNow()));
        QCOMPARE(undo->index(), at);
        QVERIFY2(w->workbench().editor()->lastProblem().startsWith(
                     QStringLiteral("Cannot move %1 to ").arg(name)),
                 qPrintable(w->workbench().editor()->lastProblem()));
    }

    /// Build power chain… on a design without a chain (here the power view's button): one step
    /// "Build power chain (2N)", the button gone; again from the Power menu as N+1, the dialog
    /// filled in from the chain and saying first that it replaces it: "Rebuild power chain as
    /// N+1". Each undoes to the byte.
    void buildAndRebuildTheChain() {
        auto w = open(withoutChain(), QStringLiteral("build.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        QUndoStack* undo = w->workbench().undoStack();
        const QByteArray before = bytesOf(*w);
        QVERIFY(d.power.elements.empty());
        auto* button =
            w->powerView()->findChild<QPushButton*>(QStringLiteral("buildPowerChainButton"));
        QVERIFY(button && !button->isHidden());
        studio::PowerChainActions* actions = w->powerActions();
        QString warning = QStringLiteral("not asked");
        actions->setDialogPreparer([&](studio::PowerChainDialog& dlg) {
            warning = dlg.warningText();
            edits::PowerChainOptions o;
            o.build.scheme = PowerScheme::TwoN;
            dlg.setOptions(o);
        });
        const int steps = undo->count();
        button->click();
        QCOMPARE(undo->count(), steps + 1);
        QCOMPARE(undo->undoText(), QStringLiteral("Build power chain (2N)"));
        QVERIFY2(warning.isEmpty(), qPrintable(warning)); // nothing to replace
        QVERIFY(d.power.scheme == PowerScheme::TwoN);
        const PowerElementId upsA = d.power.findByName(QStringLiteral("UPS-A1"));
        QVERIFY(upsA);
        w->workbench().analysis()->runNow();
        QVERIFY(button->isHidden());
        QVERIFY(w->powerView()->scene()->nodeItem(upsA));
        const QByteArray built = bytesOf(*w);

        QAction* entry =
            menuEntry(*w, QStringLiteral("&Power"), QStringLiteral("&Build power chain…"));
        QVERIFY(entry);
        PowerScheme offered = PowerScheme::Single;
        actions->setDialogPreparer([&](studio::PowerChainDialog& dlg) {
            warning = dlg.warningText();
            edits::PowerChainOptions o = dlg.options();
            offered = o.build.scheme;
            o.build.scheme = PowerScheme::NPlusOne;
            dlg.setOptions(o);
        });
        entry->trigger();
        QVERIFY(offered == PowerScheme::TwoN); // filled in from the chain
        QVERIFY2(warning.contains(QStringLiteral("replaces all of it")), qPrintable(warning));
        QCOMPARE(undo->count(), steps + 2);
        QCOMPARE(undo->undoText(), QStringLiteral("Rebuild power chain as N+1"));
        QVERIFY(d.power.scheme == PowerScheme::NPlusOne);
        undo->undo();
        QCOMPARE(bytesOf(*w), built);
        undo->undo();
        QCOMPARE(bytesOf(*w), before);
        w->workbench().analysis()->runNow();
        QVERIFY(!button->isHidden());
        // With nothing selected and no chain, the Properties panel offers it too.
        w->workbench().selection()->clear();
        QCoreApplication::processEvents();
        QVERIFY(w->properties()->findChild<QPushButton*>(QStringLiteral("buildPowerChain")));
    }

    /// A power rack without a place: its Properties give Place on floor, which stands it where
    /// the generator had it (the free floor after the racks it feeds), one undo step; Power >
    /// Place on floor does the same for the selection, and refuses a rack placed already.
    void placePowerRackBesideItsRacks() {
        DesignData dc = generated(576, QStringLiteral("nvidia-gb300-nvl72"), true);
        QString name;
        RectMm where;
        dc.power.elements.forEach([&](PowerElementId, PowerElement& e) {
            if (name.isEmpty() && e.kind == PowerKind::PowerRack && e.area) {
                name = e.name;
                where = *e.area;
                e.area.reset();
            }
        });
        QVERIFY(!name.isEmpty());
        auto w = open(dc, QStringLiteral("place.cds.json"));
        const DesignData& d = w->workbench().design()->data();
        QUndoStack* undo = w->workbench().undoStack();
        const PowerElementId pr = d.power.findByName(name);
        QVERIFY(pr && !d.power.elements[pr].area);
        const QByteArray before = bytesOf(*w);
        w->workbench().selection()->set({ObjectRef::powerElement(pr)});
        QCoreApplication::processEvents();
        QVERIFY(!w->properties()->findChild<QDoubleSpinBox*>(QStringLiteral("powerAreaX")));
        auto* place = w->properties()->findChild<QPushButton*>(QStringLiteral("powerPlace"));
        QVERIFY(place);
        place->click();
        auto atItsPlace = [&] {
            const std::optional<RectMm>& a = d.power.elements[pr].area;
            return a && std::abs(a->x - where.x) < 1 && std::abs(a->y - where.y) < 1 &&
                   std::abs(a->w - where.w) < 1 && std::abs(a->h - where.h) < 1;
        };
        QVERIFY(atItsPlace());
        QCOMPARE(undo->undoText(), QStringLiteral("Place power rack ") + name);
        QCoreApplication::processEvents();
        QVERIFY(w->properties()->findChild<QDoubleSpinBox*>(QStringLiteral("powerAreaX")));
        QVERIFY(!w->properties()->findChild<QPushButton*>(QStringLiteral("powerPlace")));
        undo->undo();
        QCOMPARE(bytesOf(*w), before);

        w->workbench().selection()->set({ObjectRef::powerElement(pr)});
        w->powerActions()->placeAction()->trigger();
        QVERIFY(atItsPlace());
        const int steps = undo->count();
        w->powerActions()->placeAction()->trigger();
        QCOMPARE(undo->count(), steps);
        QVERIFY2(w->workbench().editor()->lastProblem().contains(QStringLiteral("already")),
                 qPrintable(w->workbench().editor()->lastProblem()));
    }
};

QTEST_MAIN(TestPowerChainEdits)
#include "tst_power_chain_edits.moc"
