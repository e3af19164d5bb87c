// Palette drop, move, rotate, delete, copy/paste and align on the floorplan: each applies,
// undoes and redoes to the exact model (DesignFile::toBytes), and collisions are refused.
#include "StudioFixture.h"

#include "DesignEditor.h"
#include "GenerateDialog.h"

#include "model/RackGeometry.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/metrics/Metrics.h"
#include "views/SelectionModel.h"
#include "views/floorplan/CableBundleItem.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"
#include "views/floorplan/RackItem.h"
#include "views/panels/CatalogPalette.h"
#include "views/panels/PropertiesPanel.h"
#include "views/render/CableStyle.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDragMoveEvent>
#include <QDropEvent>
#include <QGraphicsItem>
#include <QImage>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QStatusBar>
#include <QTreeWidget>
#include <QUndoStack>

#include <cmath>
#include <set>

using namespace cds;
using namespace cds::test;

class TestCanvasEdits : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

    /// Real mouse and drop events need a laid-out, exposed window.
    static bool showOnScreen(studio::MainWindow& w) {
        w.resize(1400, 900);
        w.show();
        return QTest::qWaitForWindowExposed(&w);
    }

private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    void dropFromPaletteCreatesRack() {
        auto w = openStudio(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        QVERIFY(w->workbench().editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"),
                                                         {4510, 3890}));
        const DesignData& d = w->workbench().design()->data();
        QCOMPARE(d.racks.size(), std::size_t(3));
        const RackId id = RackId(2);
        QVERIFY(d.racks.contains(id));
        // Snapped: the footprint's corner sits on the 600 mm tile grid.
        const RectMm f = footprint(d, d.racks[id]);
        QCOMPARE(std::fmod(f.x, 600.0), 0.0);
        QCOMPARE(std::fmod(f.y, 600.0), 0.0);
        QVERIFY(w->scene()->rackItem(id) != nullptr);
        QCOMPARE(w->workbench().undoStack()->count(), 1);
        const QByteArray after = bytesOf(*w);
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        QVERIFY(w->scene()->rackItem(id) == nullptr);
        w->workbench().undoStack()->redo();
        QCOMPARE(bytesOf(*w), after);
        // The file keeps it: save and load give the same model.
        const QString path = m_tmp.filePath(QStringLiteral("drop.cds.json"));
        QVERIFY(w->workbench().document()->saveTo(path));
        const LoadResult r = DesignFile::load(path);
        QVERIFY(r.ok);
        QCOMPARE(DesignFile::toBytes(r.data), after);
    }

    /// Issue 35: an empty hall says what to do first; the hint goes with the first rack and
    /// comes back with File > New.
    void anEmptyHallShowsAHint() {
        auto w = openStudio(m_tmp.path());
        QVERIFY(w->canvas()->emptyHallHint().isEmpty()); // the example has racks
        w->workbench().document()->newDesign();
        QVERIFY(w->canvas()->emptyHallHint().contains(QStringLiteral("Generate cluster")));
        QVERIFY(w->canvas()->emptyHallHint().contains(QStringLiteral("Catalog")));
        // It is drawn: the middle of the viewport is not the plain floor.
        w->resize(1366, 768);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        const QImage shown = w->canvas()->viewport()->grab().toImage();
        const QPoint mid = shown.rect().center();
        bool ink = false;
        for (int y = mid.y() - 20; y < mid.y() + 20 && !ink; ++y)
            for (int x = mid.x() - 150; x < mid.x() + 150 && !ink; ++x)
                ink = qGray(shown.pixel(x, y)) < 100;
        QVERIFY(ink);
        Q_EMIT w->canvas()->catalogDropRequested(QStringLiteral("rack-48u-800x1200"), {4800, 3900});
        QVERIFY(w->canvas()->emptyHallHint().isEmpty());
    }

    /// Issue 35: a rack dragged in from the catalog shows its outline at scale, snapped to the
    /// tiles, and drops where the outline was; the new rack is selected.
    void aDraggedRackShowsItsFootprint() {
        auto w = openStudio(m_tmp.path());
        w->resize(1366, 768);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        views::FloorplanView* view = w->canvas();
        QMimeData mime;
        mime.setData(views::catalogMimeType(), "rack-48u-800x1200");
        mime.setData(views::footprintMimeType(), "800x1200");
        const QPoint at = view->mapFromScene(QPointF(4800, 3900));
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(view->viewport(), &enter);
        QDragMoveEvent move(at, Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(view->viewport(), &move);
        const QRectF ghost = view->dropGhost();
        QCOMPARE(ghost.size(), QSizeF(800, 1200));
        const double tile = w->workbench().design()->data().hall.tileMm;
        QCOMPARE(std::fmod(ghost.left(), tile), 0.0);
        QCOMPARE(std::fmod(ghost.top(), tile), 0.0);
        QVERIFY(ghost.contains(QPointF(4800, 3900)) ||
                QLineF(ghost.center(), QPointF(4800, 3900)).length() < tile);
        QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(view->viewport(), &drop);
        QVERIFY(view->dropGhost().isEmpty());
        const DesignData& d = w->workbench().design()->data();
        const std::vector<RackId> selected = w->workbench().selection()->racks();
        QCOMPARE(selected.size(), std::size_t(1));
        const Rack& r = d.racks[selected.front()];
        QCOMPARE(QPointF(r.centre.x, r.centre.y), ghost.center());
    }

    void dropThroughTheCanvasSignal() {
        auto w = openStudio(m_tmp.path());
        Q_EMIT w->canvas()->catalogDropRequested(QStringLiteral("rack-48u-800x1200"), {4800, 3900});
        const DesignData& d = w->workbench().design()->data();
        QCOMPARE(d.racks.size(), std::size_t(3));
        // Issue 35: the dropped rack is selected (so labelled and in the properties).
        const std::vector<RackId> selected = w->workbench().selection()->racks();
        QCOMPARE(selected.size(), std::size_t(1));
        QCOMPARE(d.catalog[d.racks[selected.front()].type].id, QStringLiteral("rack-48u-800x1200"));
        QVERIFY(w->scene()->rackItem(selected.front())->isSelected());
        QCOMPARE(w->properties()->heading(),
                 QStringLiteral("Rack ") + d.racks[selected.front()].name);
    }

    void paletteFiltersAndDragsTheCatalogId() {
        auto w = openStudio(m_tmp.path());
        views::CatalogPalette* pal = w->palette();
        const int all = pal->visibleCount();
        QVERIFY(all > 40);
        pal->setFilter(QStringLiteral("dgx"));
        QVERIFY(pal->visibleCount() >= 3 && pal->visibleCount() < all); // DGX B200, H100, H200...
        auto rowShown = [&](const QString& start) {
            QTreeWidget* t = pal->tree();
            for (int g = 0; g < t->topLevelItemCount(); ++g)
                for (int i = 0; i < t->topLevelItem(g)->childCount(); ++i)
                    if (t->topLevelItem(g)->child(i)->text(0).startsWith(start))
                        return !t->topLevelItem(g)->child(i)->isHidden();
            return false;
        };
        QVERIFY(rowShown(QStringLiteral("DGX H100\n")));
        QVERIFY(!rowShown(QStringLiteral("Quantum-2 QM9700")));
        pal->setFilter(QStringLiteral("no such thing"));
        QCOMPARE(pal->visibleCount(), 0);
        pal->setFilter(QString());
        QCOMPARE(pal->visibleCount(), all);
        const CatalogItem* dgx = w->workbench().library().item(QStringLiteral("nvidia-dgx-h100"));
        const QString figures = views::CatalogPalette::keyFigures(*dgx);
        QVERIFY2(figures.contains(QStringLiteral("8U")) &&
                     figures.contains(QStringLiteral("10.2 kW")),
                 qPrintable(figures));
        // Issue 35: entries of a family are told apart by their first line (the model first),
        // and the two lines of every rack entry differ from every other one's.
        std::set<QString> rackRows;
        QTreeWidget* palTree = pal->tree();
        for (int g = 0; g < palTree->topLevelItemCount(); ++g)
            for (int i = 0; i < palTree->topLevelItem(g)->childCount(); ++i) {
                const QTreeWidgetItem* row = palTree->topLevelItem(g)->child(i);
                const QString id = row->data(0, Qt::UserRole + 1).toString();
                QVERIFY2(!id.endsWith(QStringLiteral("-compute-tray")), qPrintable(id));
                if (id.startsWith(QStringLiteral("rack-"))) {
                    QVERIFY2(rackRows.insert(row->text(0).section(QLatin1Char('\n'), 0, 0)).second,
                             qPrintable(row->text(0)));
                    QVERIFY(!row->text(0).startsWith(QStringLiteral("Generic")));
                }
            }
        QVERIFY(rackRows.size() >= 3);
        // The drag payload is the entry's catalog id.
        QTreeWidget* tree = pal->tree();
        QModelIndex found;
        for (int g = 0; g < tree->topLevelItemCount() && !found.isValid(); ++g)
            for (int i = 0; i < tree->topLevelItem(g)->childCount(); ++i)
                if (tree->topLevelItem(g)->child(i)->text(0).startsWith(
                        QStringLiteral("DGX H100\n")))
                    found = tree->model()->index(i, 0, tree->model()->index(g, 0));
        QVERIFY(found.isValid());
        std::unique_ptr<QMimeData> mime(tree->model()->mimeData({found}));
        QVERIFY(mime);
        QCOMPARE(QString::fromUtf8(mime->data(views::catalogMimeType())),
                 QStringLiteral("nvidia-dgx-h100"));
    }

    void dropEventOnTheCanvasPlacesTheRack() {
        auto w = openStudio(m_tmp.path());
        QVERIFY(showOnScreen(*w));
        views::FloorplanView* view = w->canvas();
        QMimeData mime;
        mime.setData(views::catalogMimeType(), QByteArrayLiteral("rack-42u-600x1200"));
        const QPoint at = view->mapFromScene(QPointF(4500, 3900));
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(view->viewport(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(view->viewport(), &drop);
        QCOMPARE(w->workbench().design()->data().racks.size(), std::size_t(3));
    }

    void dropOntoRackIsRefusedWithReason() {
        auto w = openStudio(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        QVERIFY(!w->workbench().editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"),
                                                          {1200, 2000}));
        QVERIFY2(w->workbench().editor()->lastProblem().contains(QStringLiteral("overlap")),
                 qPrintable(w->workbench().editor()->lastProblem()));
        QVERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("overlap")));
        QVERIFY(!w->workbench().editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"),
                                                          {-5000, 100}));
        QVERIFY(
            w->workbench().editor()->lastProblem().contains(QStringLiteral("outside the hall")));
        QCOMPARE(bytesOf(*w), before);
        QCOMPARE(w->workbench().undoStack()->count(), 0);
    }

    void dropServerOnRackMountsItAtFirstFreeU() {
        auto w = openWorkbench(m_tmp.path());
        QVERIFY(w->editor()->dropCatalogItem(QStringLiteral("nvidia-dgx-h100"), {1200, 2000}));
        const DesignData& d = w->design()->data();
        const Device& v = d.devices[DeviceId(6)];
        QCOMPARE(v.rack, rackNamed(d, QStringLiteral("R01")));
        // dgx01 takes U2-9 and dgx02 U12-19; U10-11 is too small, so the 8U server goes to U20.
        QCOMPARE(v.uPosition, 20);
    }

    void moveIsOneStepPerDragAndUndoesExactly() {
        auto w = openWorkbench(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        const RackId r01 = rackNamed(w->design()->data(), QStringLiteral("R01"));
        // One drag: three mouse steps with the same drag serial.
        for (double dy : {600.0, 1200.0, 1800.0})
            QVERIFY(w->editor()->moveRacks({{r01, {1200, 2000 + dy}, 0}}, 7));
        QCOMPARE(w->undoStack()->count(), 1);
        QCOMPARE(w->design()->data().racks[r01].centre, (PointMm{1200, 3800}));
        const QByteArray moved = bytesOf(*w);
        // A second drag of the same rack is a second step.
        QVERIFY(w->editor()->moveRacks({{r01, {600, 3800}, 0}}, 8));
        QCOMPARE(w->undoStack()->count(), 2);
        w->undoStack()->undo();
        QCOMPARE(bytesOf(*w), moved);
        w->undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        w->undoStack()->redo();
        QCOMPARE(bytesOf(*w), moved);
    }

    void movedRackChangesItsCableLengths() {
        auto w = openWorkbench(m_tmp.path());
        const DesignData& d = w->design()->data();
        const DeviceId dgx01 = deviceNamed(d, QStringLiteral("dgx01"));
        LinkId link;
        d.links.forEach([&](LinkId id, const Link& l) {
            if (!link && l.a.device == dgx01)
                link = id;
        });
        QVERIFY(link);
        const float before = d.links[link].lengthM;
        const RackId r01 = rackNamed(d, QStringLiteral("R01"));
        QVERIFY(w->editor()->moveRacks({{r01, {1200, 3800}, 0}}));
        w->analysis()->runNow();
        // 1.8 m further along the floor.
        QCOMPARE(qRound((d.links[link].lengthM - before) * 10), 18);
        w->undoStack()->undo();
        w->analysis()->runNow();
        QCOMPARE(d.links[link].lengthM, before);
    }

    void moveOntoAnotherRackIsRefused() {
        auto w = openStudio(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        const RackId r01 = rackNamed(w->workbench().design()->data(), QStringLiteral("R01"));
        QVERIFY(!w->workbench().editor()->moveRacks({{r01, {1800, 2300}, 0}}, 1));
        QVERIFY2(w->workbench().editor()->lastProblem().contains(QStringLiteral("N01")),
                 qPrintable(w->workbench().editor()->lastProblem()));
        QVERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("N01")));
        QCOMPARE(bytesOf(*w), before);
    }

    void rotateUndoRedo() {
        auto w = openStudio(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        const RackId n01 = rackNamed(w->workbench().design()->data(), QStringLiteral("N01"));
        // Turned in place, N01 would hit R01: move it clear first.
        QVERIFY(w->workbench().editor()->moveRacks({{n01, {3000, 2000}, 0}}));
        const QByteArray moved = bytesOf(*w);
        QVERIFY(w->workbench().editor()->rotateRacks({n01}));
        QCOMPARE(w->workbench().design()->data().racks[n01].rotationDeg, 90);
        const RectMm f =
            footprint(w->workbench().design()->data(), w->workbench().design()->data().racks[n01]);
        QCOMPARE(f.w, 1200.0);
        QCOMPARE(w->scene()->rackItem(n01)->boundingRect().width(), 1200.0);
        const QByteArray rotated = bytesOf(*w);
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), moved);
        w->workbench().undoStack()->redo();
        QCOMPARE(bytesOf(*w), rotated);
        w->workbench().undoStack()->undo();
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
    }

    void deleteRemovesDevicesAndLinksAndUndoRestores() {
        auto w = openStudio(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        const RackId r01 = rackNamed(w->workbench().design()->data(), QStringLiteral("R01"));
        QVERIFY(w->workbench().editor()->deleteObjects({r01}, {}, {}));
        const DesignData& d = w->workbench().design()->data();
        QCOMPARE(d.racks.size(), std::size_t(1));
        QCOMPARE(d.devices.size(), std::size_t(4));
        QVERIFY(d.links.size() < 29);
        QVERIFY(w->scene()->rackItem(r01) == nullptr);
        const QByteArray deleted = bytesOf(*w);
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        QVERIFY(w->scene()->rackItem(r01) != nullptr);
        w->workbench().undoStack()->redo();
        QCOMPARE(bytesOf(*w), deleted);
    }

    void copyPasteIsOneStep() {
        auto w = openWorkbench(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        const DesignData& d = w->design()->data();
        const RackId r01 = rackNamed(d, QStringLiteral("R01"));
        w->editor()->copyRacks({r01});
        const std::vector<RackId> pasted = w->editor()->paste();
        QCOMPARE(pasted.size(), std::size_t(1));
        QCOMPARE(d.racks.size(), std::size_t(3));
        QCOMPARE(d.devices.size(), std::size_t(8)); // two DGX came along
        QVERIFY(placementProblem(d, {{pasted[0], d.racks[pasted[0]]}}).isEmpty());
        QVERIFY(d.racks[pasted[0]].name != QStringLiteral("R01"));
        QCOMPARE(w->undoStack()->count(), 1);
        QCOMPARE(w->undoStack()->undoText(), QStringLiteral("Paste 1 rack"));
        w->undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        // Undo labels name what they undo, in words: "Paste 2 racks", not "2 rack(s)".
        w->editor()->copyRacks(d.racks.ids());
        w->editor()->paste();
        QCOMPARE(w->undoStack()->undoText(), QStringLiteral("Paste 2 racks"));
        QVERIFY(w->editor()->deleteObjects({r01}, {}, {}));
        // A rack takes its two DGX and their cables along, and the label says so.
        QVERIFY2(
            w->undoStack()->undoText().startsWith(QStringLiteral("Delete 1 rack, 2 devices, ")),
            qPrintable(w->undoStack()->undoText()));
        QVERIFY(!w->undoStack()->undoText().contains(QStringLiteral("(s)")));
    }

    void mixedSelectionShowsMixed() {
        auto w = openStudio(m_tmp.path());
        const DesignData& d = w->workbench().design()->data();
        const RackId r01 = rackNamed(d, QStringLiteral("R01"));
        const RackId n01 = rackNamed(d, QStringLiteral("N01"));
        QVERIFY(d.racks[r01].cooling != d.racks[n01].cooling);
        w->workbench().selection()->set({ObjectRef::rack(r01), ObjectRef::rack(n01)});
        QCoreApplication::processEvents();
        auto* cooling = w->properties()->findChild<QComboBox*>();
        QVERIFY(cooling);
        QCOMPARE(cooling->currentText(), QStringLiteral("mixed"));
        // One rack: its value, and no "mixed".
        w->workbench().selection()->set({ObjectRef::rack(r01)});
        QCoreApplication::processEvents();
        cooling = w->properties()->findChild<QComboBox*>();
        QVERIFY(cooling);
        QCOMPARE(cooling->currentText(), coolingLabel(d.racks[r01].cooling));
        QCOMPARE(cooling->findText(QStringLiteral("mixed")), -1);
    }

    /// A rack's cooling product is picked in its properties, as one undo step; the panel
    /// offers only products for the rack's cooling type, and a new type clears the product.
    void coolingProductFromTheProperties() {
        auto w = openStudio(m_tmp.path());
        const RackId n01 = rackNamed(w->workbench().design()->data(), QStringLiteral("N01"));
        QCOMPARE(w->workbench().design()->data().racks[n01].cooling, CoolingType::Air);
        w->workbench().selection()->set({ObjectRef::rack(n01)});
        QCoreApplication::processEvents();
        auto* product = w->properties()->findChild<QComboBox*>(QStringLiteral("coolingProduct"));
        QVERIFY(product);
        QVERIFY(product->currentText().startsWith(QStringLiteral("None")));
        const int cooler =
            product->findText(QStringLiteral("In-row air cooler"), Qt::MatchStartsWith);
        QVERIFY2(cooler > 0, qPrintable(product->itemText(1)));
        QCOMPARE(product->findText(QStringLiteral("Passive rear-door"), Qt::MatchStartsWith), -1);
        Q_EMIT product->activated(cooler);
        const Rack& r = w->workbench().design()->data().racks[n01];
        QVERIFY(r.coolingProduct);
        QCOMPARE(w->workbench().design()->data().catalog[r.coolingProduct].id,
                 QStringLiteral("inrow-cooler-35kw"));
        // The undo text names the product and the rack (issue 35).
        QVERIFY(w->workbench().undoStack()->undoText().startsWith(
            QStringLiteral("Set cooling product")));
        QVERIFY2(w->workbench().undoStack()->undoText().endsWith(QStringLiteral(" on rack N01")),
                 qPrintable(w->workbench().undoStack()->undoText()));
        QCoreApplication::processEvents();
        auto* cooling = w->properties()->findChild<QComboBox*>(QStringLiteral("rackCooling"));
        QVERIFY(cooling);
        Q_EMIT cooling->activated(int(CoolingType::RearDoorHx));
        QCOMPARE(w->workbench().design()->data().racks[n01].cooling, CoolingType::RearDoorHx);
        QVERIFY(!w->workbench().design()->data().racks[n01].coolingProduct);
        QCOMPARE(w->workbench().undoStack()->undoText(),
                 QStringLiteral("Set rear-door heat exchanger cooling on rack N01"));
        w->workbench().undoStack()->undo();
        w->workbench().undoStack()->undo();
        QVERIFY(!w->workbench().design()->data().racks[n01].coolingProduct);
        QCOMPARE(w->workbench().design()->data().racks[n01].cooling, CoolingType::Air);
        QCoreApplication::processEvents();
        if (const QString dir = qEnvironmentVariable("CDS_SCREENSHOT_DIR"); !dir.isEmpty()) {
            w->resize(1366, 768);
            w->properties()->grab().save(dir + QStringLiteral("/properties-rack-cooling.png"));
        }
    }

    void generatedDesignIsANewUntitledDocument() {
        auto w = openStudio(m_tmp.path());
        QVERIFY(!w->workbench().document()->path().isEmpty());
        GenerateParams p;
        p.gpus = 64;
        QVERIFY2(w->workbench().document()->generate(p),
                 qPrintable(w->workbench().document()->lastError()));
        // Save now asks for a file: the example that was open cannot be overwritten.
        QVERIFY(w->workbench().document()->path().isEmpty());
        QVERIFY(w->isWindowModified());
        QVERIFY(!w->windowTitle().contains(QStringLiteral("two-dgx-h100")));
    }

    void generateDialogShowsErrorsInline() {
        auto w = openStudio(m_tmp.path());
        studio::GenerateDialog dlg(w->workbench().library(), w.get());
        GenerateParams p;
        p.gpus = 12; // not a multiple of 8 GPUs per server
        dlg.setParams(p);
        dlg.setGenerator([&](const GenerateParams& q) {
            QString error;
            return w->workbench().document()->generate(q, &error) ? QString() : error;
        });
        QPushButton* ok = dlg.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        ok->click();
        QVERIFY(!dlg.errorText().isEmpty());
        QVERIFY2(!dlg.errorText().contains(QStringLiteral("--")), qPrintable(dlg.errorText()));
        QVERIFY2(dlg.errorText().contains(QStringLiteral("12 GPUs")), qPrintable(dlg.errorText()));
        QCOMPARE(dlg.result(), int(QDialog::Rejected)); // not closed
        QCOMPARE(dlg.params().gpus, 12);                // the inputs are kept
        // Parallel planes a ConnectX-7 cannot split: refused in the studio's words, kept.
        p.gpus = 64;
        p.planes = 2;
        dlg.setParams(p);
        ok->click();
        QCOMPARE(dlg.result(), int(QDialog::Rejected));
        QVERIFY2(!dlg.errorText().contains(QStringLiteral("--")), qPrintable(dlg.errorText()));
        QCOMPARE(dlg.params().planes, 2);
        p.planes = 1;
        p.serversPerRack = 2;
        dlg.setParams(p);
        ok->click();
        QCOMPARE(dlg.result(), int(QDialog::Accepted));
        QVERIFY(w->workbench().design()->data().devices.size() > 8);
        // 8 DGX H100 two per rack: 4 compute racks.
        std::set<RackId> serverRacks;
        const DesignData& d = w->workbench().design()->data();
        d.devices.forEach([&](DeviceId, const Device& v) {
            if (d.typeOf(v).gpu)
                serverRacks.insert(v.rack);
        });
        QCOMPARE(int(serverRacks.size()), 4);
    }

    /// Issue 35: the dialog holds every choice the CLI has, and previews what they build
    /// (the same counts the generator gives) before anything is built.
    void generateDialogHasEveryChoiceAndPreviews() {
        auto w = openStudio(m_tmp.path());
        studio::GenerateDialog dlg(w->workbench().library(), w.get());
        GenerateParams p;
        p.gpus = 512;
        p.serverId = QStringLiteral("nvidia-dgx-b200");
        p.switchId = QStringLiteral("nvidia-qm9700");
        p.suNodes = 16;
        p.podGpus = 256; // pods of 2 SUs: 3 tiers
        p.serversPerRack = 2;
        p.hallWidthMm = 30000;
        p.hallDepthMm = 24000;
        p.cooling = CoolingType::RearDoorHx;
        p.storageTb = 2000;
        p.storageGbpsPerGpu = 8;
        p.checkpointMinutes = 2;
        p.power = PowerBuildOptions{};
        p.power->scheme = PowerScheme::NPlusOne;
        p.title = QStringLiteral("Preview test");
        p.phases = 2;
        p.phaseStart = QStringLiteral("2027-01-04");
        dlg.setParams(p);
        const GenerateParams q = dlg.params();
        QCOMPARE(q.phases, 2);
        QCOMPARE(q.phaseStart, QStringLiteral("2027-01-04"));
        QCOMPARE(q.gpus, p.gpus);
        QCOMPARE(q.serverId, p.serverId);
        QCOMPARE(q.suNodes, 16);
        QCOMPARE(q.podGpus, 256);
        QCOMPARE(q.serversPerRack, 2);
        QCOMPARE(q.hallWidthMm, 30000.0);
        QCOMPARE(q.hallDepthMm, 24000.0);
        QVERIFY(q.cooling && *q.cooling == CoolingType::RearDoorHx);
        QCOMPARE(q.storageTb, 2000.0);
        QCOMPARE(q.storageGbpsPerGpu, 8.0);
        QCOMPARE(q.checkpointMinutes, 2.0);
        QVERIFY(q.power && q.power->scheme == PowerScheme::NPlusOne);
        QCOMPARE(q.title, p.title);
        dlg.waitForPreview();
        const GenerateResult r = generateCluster(q, w->workbench().library());
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(int(r.design.phases.size()), 2);
        QCOMPARE(r.design.phases[1].date, QStringLiteral("2027-03-01"));
        const Metrics m = computeMetrics(r.design);
        const QString text = dlg.previewText();
        QVERIFY2(text.contains(QStringLiteral("%1 racks").arg(m.racks)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("512 GPUs in 64 servers")), qPrintable(text));
        QVERIFY(text.contains(QLatin1Char('$')));
        // Nothing was built: the design is still the example.
        QCOMPARE(w->workbench().design()->data().racks.size(), std::size_t(2));
        // Every row fits a 1366x768 laptop screen (below the title bar and the task bar).
        QVERIFY2(dlg.sizeHint().height() <= 700,
                 qPrintable(QString::number(dlg.sizeHint().height())));
        const QString review =
            QCoreApplication::applicationDirPath() + QStringLiteral("/generate-review");
        QDir().mkpath(review);
        dlg.resize(dlg.sizeHint());
        QVERIFY(dlg.grab().save(review + QStringLiteral("/generate-dialog.png")));
        p.gpus = 12;
        dlg.setParams(p);
        dlg.waitForPreview();
        QVERIFY2(dlg.previewText().startsWith(QStringLiteral("Cannot build: ")) &&
                     !dlg.previewText().contains(QStringLiteral("--")),
                 qPrintable(dlg.previewText()));
    }

    void alignLeft() {
        auto w = openWorkbench(m_tmp.path());
        const DesignData& d = w->design()->data();
        const RackId r01 = rackNamed(d, QStringLiteral("R01"));
        const RackId n01 = rackNamed(d, QStringLiteral("N01"));
        QVERIFY(w->editor()->moveRacks({{n01, {1800, 3800}, 0}}));
        QVERIFY(w->editor()->alignRacks({r01, n01}, studio::DesignEditor::Align::Left));
        QCOMPARE(d.racks[n01].centre.x, d.racks[r01].centre.x);
        w->undoStack()->undo();
        QCOMPARE(d.racks[n01].centre.x, 1800.0);
    }

    void generateClusterIsOneUndoStep() {
        auto w = openWorkbench(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        GenerateParams p;
        p.gpus = 64;
        QVERIFY2(w->document()->generate(p), qPrintable(w->document()->lastError()));
        w->analysis()->runNow();
        QCOMPARE(w->analysis()->metrics().gpus, 64);
        QVERIFY(w->design()->data().links.size() > 64);
        QCOMPARE(w->undoStack()->count(), 1);
        const QByteArray generated = bytesOf(*w);
        w->undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        w->undoStack()->redo();
        QCOMPARE(bytesOf(*w), generated);
        // An impossible request is refused with the generator's reason; nothing changes.
        p.gpus = 12;
        QVERIFY(!w->document()->generate(p));
        QVERIFY(!w->document()->lastError().isEmpty());
        QCOMPARE(bytesOf(*w), generated);
    }

    /// The example without its trays: zoomed out past CableBundleItem::kOverviewLod and zoomed in,
    /// its bundles run along the floor route, drawn in the compute fabric's colour.
    void cablesDrawAtEveryZoom_data() {
        QTest::addColumn<double>("lod");
        QTest::newRow("overview trunks") << 0.02;
        QTest::newRow("bundles") << 0.1;
    }
    void cablesDrawAtEveryZoom() {
        QFETCH(double, lod);
        auto w =
            openStudio(m_tmp.filePath(QStringLiteral("rec-zoom")),
                       exampleWithoutTrays(m_tmp.filePath(QStringLiteral("floor-zoom.cds.json"))));
        QGraphicsScene* scene = w->scene();
        for (QGraphicsItem* it : scene->items())
            if (!it->parentItem())
                it->setVisible(it == w->scene()->cables());
        const Hall& hall = w->workbench().design()->data().hall;
        const QRectF source(0, 0, hall.widthMm, hall.depthMm);
        QImage img((source.size() * lod).toSize(), QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::white);
        QPainter p(&img);
        scene->render(&p, QRectF(img.rect()), source);
        p.end();
        const QRgb compute = render::CableStyle::layerColour(0).rgb();
        int computePixels = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x)
                computePixels += img.pixel(x, y) == compute;
        QVERIFY2(computePixels > 50, qPrintable(QString::number(computePixels)));
    }

    /// The cable layer keeps its routes between repaints; moving a rack must redraw them
    /// (floor routes: with trays, the overview draws the trays' fill instead).
    void overviewFollowsARackMove() {
        auto w = openStudio(
            m_tmp.filePath(QStringLiteral("rec-trunks")),
            exampleWithoutTrays(m_tmp.filePath(QStringLiteral("floor-trunks.cds.json"))));
        for (QGraphicsItem* it : w->scene()->items())
            if (!it->parentItem())
                it->setVisible(it == w->scene()->cables());
        const Hall& hall = w->workbench().design()->data().hall;
        const QRectF source(-1000, -1000, hall.widthMm + 2000, hall.depthMm + 2000);
        auto draw = [&] {
            QImage img((source.size() * 0.02).toSize(), QImage::Format_ARGB32_Premultiplied);
            img.fill(Qt::white);
            QPainter p(&img);
            w->scene()->render(&p, QRectF(img.rect()), source);
            return img;
        };
        const QImage before = draw();
        QCOMPARE(draw(), before); // nothing changed: the same trunks
        // Move the first rack to the first free place at least 3 m away.
        const RackId rack = w->workbench().design()->data().racks.ids().front();
        const PointMm from = w->workbench().design()->data().racks[rack].centre;
        bool moved = false;
        for (double y = 600; y < hall.depthMm && !moved; y += 600)
            for (double x = 600; x < hall.widthMm && !moved; x += 600)
                if (std::hypot(x - from.x, y - from.y) > 3000)
                    moved = w->workbench().editor()->moveRacks({{rack, {x, y}, 0}});
        QVERIFY(moved);
        QVERIFY(draw() != before);
    }

    void canvasDragMovesSelectedRack() {
        auto w = openStudio(m_tmp.path());
        QVERIFY(showOnScreen(*w));
        views::FloorplanView* view = w->canvas();
        const RackId n01 = rackNamed(w->workbench().design()->data(), QStringLiteral("N01"));
        const QPoint start = view->mapFromScene(QPointF(1800, 2000));
        const QPoint end = view->mapFromScene(QPointF(1800, 3800));
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, start);
        QVERIFY(w->scene()->rackItem(n01)->isSelected());
        for (int i = 1; i <= 4; ++i) {
            QMouseEvent move(QEvent::MouseMove, start + (end - start) * i / 4,
                             view->viewport()->mapToGlobal(start + (end - start) * i / 4),
                             Qt::NoButton, Qt::LeftButton, {});
            QApplication::sendEvent(view->viewport(), &move);
        }
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, end);
        QCOMPARE(w->workbench().design()->data().racks[n01].centre, (PointMm{1800, 3800}));
        QCOMPARE(w->workbench().undoStack()->count(), 1);
    }
};

QTEST_MAIN(TestCanvasEdits)
#include "tst_canvas_edits.moc"
