// The floorplan's level of detail for text (FloorLabels): at every zoom no two labels overlap
// and no cable count prints over a label or a legend; row names show at fit zoom, rack names as
// soon as they fit and always whole (su01-c01, never "c01"); zoomed into a generated
// 16,384-GPU hall every rack in view has its name and kW and the cables their counts; kW never
// lies on a tray line; Find by name selects and centres. Screenshots of each zoom go to
// build/<dir>/screenshots/labels-*.png for review.

#include "StudioFixture.h"

#include "ViewActions.h"

#include "model/analysis/LiveAnalysis.h"
#include "model/generator/Generator.h"
#include "model/json/CatalogFile.h"
#include "views/SelectionModel.h"
#include "views/floorplan/CableBundleItem.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"
#include "views/floorplan/RackItem.h"

#include <QAction>
#include <QDir>
#include <QMouseEvent>
#include <QScrollBar>

using namespace cds;
using Kind = views::FloorLabel::Kind;

namespace {

QString screenshotDir() {
    const QString dir = QStringLiteral(CDS_BINARY_DIR "/screenshots");
    QDir().mkpath(dir);
    return dir;
}

QString describe(const QRectF& r) {
    return QStringLiteral("%1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

} // namespace

class TestFloorplanLabels : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_hall16k;

    QString hall16k() {
        if (m_hall16k.isEmpty()) {
            GenerateParams p;
            p.gpus = 16384;
            GenerateResult r = generateCluster(p, CatalogLibrary::loadDefault().catalog());
            if (!r.ok)
                qFatal("generate: %s", qPrintable(r.error));
            m_hall16k = m_tmp.filePath(QStringLiteral("hall-16384.cds.json"));
            QString error;
            if (!DesignFile::save(r.design, m_hall16k, &error))
                qFatal("save: %s", qPrintable(error));
        }
        return m_hall16k;
    }

    std::unique_ptr<studio::MainWindow> open(const QString& file, QSize size, const char* tag) {
        auto w =
            test::openStudio(m_tmp.filePath(QStringLiteral("rec-") + QLatin1String(tag)), file);
        w->resize(size);
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get()))
            qFatal("window not exposed");
        w->workbench().analysis()->runNow(); // the kW labels need the rack power
        w->canvas()->fitHall();
        QCoreApplication::processEvents();
        return w;
    }

    /// Every label and count lies in the view, none overlaps another, every rack name is a
    /// rack's whole name at a readable size.
    static void checkLayout(studio::MainWindow& w, const QString& where) {
        views::FloorplanView* v = w.canvas();
        const std::vector<views::FloorLabel> labels = v->labels();
        const std::vector<QRectF> counts = v->countBoxes();
        std::vector<std::pair<QRectF, QString>> boxes;
        QSet<QString> names;
        w.workbench().design()->data().racks.forEach(
            [&](RackId, const Rack& r) { names.insert(r.name); });
        for (const views::FloorLabel& l : labels) {
            boxes.emplace_back(l.box, l.text);
            QVERIFY2(
                l.px >= views::FloorLabels::kMinPx,
                qPrintable(QStringLiteral("%1: \"%2\" at %3 px").arg(where, l.text).arg(l.px)));
            if (l.kind == Kind::RackName || l.kind == Kind::Callout)
                QVERIFY2(names.contains(l.text),
                         qPrintable(QStringLiteral("%1: rack label \"%2\" is no rack's name")
                                        .arg(where, l.text)));
        }
        for (const QRectF& c : counts)
            boxes.emplace_back(c, QStringLiteral("(count)"));
        for (std::size_t i = 0; i < boxes.size(); ++i)
            for (std::size_t k = i + 1; k < boxes.size(); ++k)
                QVERIFY2(!boxes[i].first.intersects(boxes[k].first),
                         qPrintable(QStringLiteral("%1: \"%2\" at %3 overlaps \"%4\" at %5")
                                        .arg(where, boxes[i].second, describe(boxes[i].first),
                                             boxes[k].second, describe(boxes[k].first))));
    }

    static int count(const std::vector<views::FloorLabel>& labels, Kind kind) {
        return int(std::count_if(labels.begin(), labels.end(),
                                 [kind](const views::FloorLabel& l) { return l.kind == kind; }));
    }

    static void zoomTo(views::FloorplanView* v, double pxPerMm, QPointF centre) {
        v->resetTransform();
        v->scale(pxPerMm, pxPerMm);
        v->centerOn(centre);
        QCoreApplication::processEvents();
    }

private Q_SLOTS:
    void initTestCase() {
        test::initStudioTests();
        QCoreApplication::setApplicationName(QStringLiteral("cds-floorplan-labels"));
        QLocale::setDefault(QLocale::c());
    }

    /// The example fitted on a laptop and a desktop screen: every rack and
    /// the row are named.
    void exampleNamesEveryRackAtFit() {
        for (const QSize size : {QSize(1366, 768), QSize(1920, 1080)}) {
            auto w = open(test::examplePath(), size, "example");
            QVERIFY(w->grab().save(QStringLiteral("%1/labels-example-%2x%3.png")
                                       .arg(screenshotDir())
                                       .arg(size.width())
                                       .arg(size.height())));
            const auto& labels = w->canvas()->labels();
            QCOMPARE(count(labels, Kind::RackName),
                     int(w->workbench().design()->data().racks.size()));
            QCOMPARE(count(labels, Kind::Row), 1);
            checkLayout(*w, QStringLiteral("example fitted"));
        }
    }

    /// A 16,384-GPU hall from fit zoom to racks 120 px wide: names appear as soon as they fit,
    /// whole; rows are named at fit; zoomed in, each rack in view has its name and kW, the
    /// trays their counts; kW never on a tray line; nothing overlaps.
    void largeHallLevelOfDetail_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1366x768") << QSize(1366, 768);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }
    void largeHallLevelOfDetail() {
        QFETCH(QSize, size);
        auto w = open(hall16k(), size, "16k");
        views::FloorplanView* v = w->canvas();
        const DesignData& d = w->workbench().design()->data();
        const QString tag = QStringLiteral("%1x%2").arg(size.width()).arg(size.height());
        QVERIFY(
            w->grab().save(QStringLiteral("%1/labels-16k-%2-fit.png").arg(screenshotDir(), tag)));
        // Fitted: rows are named, nothing overlaps.
        QVERIFY2(count(v->labels(), Kind::Row) >= int(d.hall.rows.size()) / 2,
                 qPrintable(QStringLiteral("%1 of %2 rows named at fit")
                                .arg(count(v->labels(), Kind::Row))
                                .arg(d.hall.rows.size())));
        checkLayout(*w, QStringLiteral("fitted"));
        const Rack& first = d.racks[d.racks.ids().front()];
        const QPointF at(first.centre.x + 4000, first.centre.y + 2000);
        for (const double z : {0.03, 0.05, 0.08, 0.12, 0.2}) {
            zoomTo(v, z, at);
            const QString where = QStringLiteral("%1 px/mm").arg(z);
            checkLayout(*w, where);
            const auto& labels = v->labels();
            const std::vector<QRectF> trays = w->scene()->cables()->trayBoxes(
                v->viewportTransform(), v->mapToScene(v->viewport()->rect()).boundingRect());
            for (const views::FloorLabel& l : labels)
                if (l.kind == Kind::RackKw)
                    for (const QRectF& t : trays)
                        QVERIFY2(
                            !t.intersects(l.box),
                            qPrintable(QStringLiteral("%1: \"%2\" on a tray").arg(where, l.text)));
            if (z >= 0.08) {
                // Every rack wholly in view (clear of the legends in the bottom corners) has
                // its whole name, and its kW unless a tray line crosses where it would fit.
                const QRectF view(QPointF(), QSizeF(v->viewport()->size()));
                const std::vector<QRectF> legends = v->legendBoxes();
                int inView = 0, withKw = 0;
                d.racks.forEach([&](RackId id, const Rack&) {
                    const QRectF r = v->mapFromScene(w->scene()->rackItem(id)->sceneBoundingRect())
                                         .boundingRect();
                    if (!view.contains(r) ||
                        std::any_of(legends.begin(), legends.end(),
                                    [&](const QRectF& g) { return g.intersects(r); }))
                        return;
                    ++inView;
                    int name = 0, kw = 0;
                    for (const views::FloorLabel& l : labels)
                        if (l.rack == id)
                            (l.kind == Kind::RackName || l.kind == Kind::Callout ? name : kw) += 1;
                    withKw += kw;
                    // No kW only where a tray line crosses the rack (kW keeps off them).
                    if (kw == 0)
                        QVERIFY2(std::any_of(trays.begin(), trays.end(),
                                             [&](const QRectF& t) { return t.intersects(r); }),
                                 qPrintable(QStringLiteral("%1: rack %2 has no kW and no tray")
                                                .arg(where, d.racks[id].name)));
                    QVERIFY2(name == 1 && kw <= 1,
                             qPrintable(QStringLiteral("%1: rack %2 has %3 name, %4 kW labels")
                                            .arg(where, d.racks[id].name)
                                            .arg(name)
                                            .arg(kw)));
                });
                QVERIFY2(withKw * 2 >= inView,
                         qPrintable(QStringLiteral("%1: %2 of %3 racks show their kW")
                                        .arg(where)
                                        .arg(withKw)
                                        .arg(inView)));
                QVERIFY(inView > 0 || z > 0.1); // closer in, a laptop view may hold no whole rack
                QVERIFY2(!v->countBoxes().empty(), qPrintable(where));
            }
            QVERIFY(w->grab().save(
                QStringLiteral("%1/labels-16k-%2-zoom%3.png").arg(screenshotDir(), tag).arg(z)));
        }
    }

    /// Issue 35: a selected rack is named at any zoom: at fit zoom on a 16,384-GPU hall, where
    /// no name fits in a rack, on a plate beside it; nothing overlaps.
    void aSelectedRackIsNamedAtFit() {
        auto w = open(hall16k(), QSize(1366, 768), "16k-selected");
        views::FloorplanView* v = w->canvas();
        const DesignData& d = w->workbench().design()->data();
        const RackId pick = d.racks.ids()[d.racks.size() / 2];
        w->workbench().selection()->set({ObjectRef::rack(pick)});
        QCoreApplication::processEvents();
        const auto& labels = v->labels();
        const auto named =
            std::find_if(labels.begin(), labels.end(), [&](const views::FloorLabel& l) {
                return l.rack == pick && (l.kind == Kind::Callout || l.kind == Kind::RackName);
            });
        QVERIFY(named != labels.end());
        QCOMPARE(named->text, d.racks[pick].name);
        checkLayout(*w, QStringLiteral("fitted, one rack selected"));
        QVERIFY(w->grab().save(QStringLiteral("%1/labels-16k-selected.png").arg(screenshotDir())));
    }

    /// Ctrl+F: a rack's whole name selects it and centres it with its name readable; a
    /// device's name finds its rack; an unknown name changes nothing.
    void findByNameSelectsAndCentres() {
        auto w = open(hall16k(), QSize(1366, 768), "find");
        views::FloorplanView* v = w->canvas();
        const DesignData& d = w->workbench().design()->data();
        RackId target;
        d.racks.forEach([&](RackId id, const Rack& r) {
            if (r.name == u"su02-c03")
                target = id;
        });
        QVERIFY(target.isValid());
        QVERIFY(v->findByName(QStringLiteral("SU02-C03")));
        QCoreApplication::processEvents();
        QVERIFY(w->scene()->rackItem(target)->isSelected());
        const auto& sel = w->workbench().selection()->objects();
        QCOMPARE(sel.size(), std::size_t(1));
        QCOMPARE(sel.front(), ObjectRef::rack(target));
        const QPointF centre =
            v->mapFromScene(QPointF(d.racks[target].centre.x, d.racks[target].centre.y));
        const QPointF mid = QRectF(v->viewport()->rect()).center();
        QVERIFY2(std::abs(centre.x() - mid.x()) < 4 && std::abs(centre.y() - mid.y()) < 4,
                 qPrintable(QStringLiteral("rack at %1,%2, view centre %3,%4")
                                .arg(centre.x())
                                .arg(centre.y())
                                .arg(mid.x())
                                .arg(mid.y())));
        bool named = false;
        for (const views::FloorLabel& l : v->labels())
            named = named || (l.rack == target && l.kind == Kind::RackName &&
                              l.text == QStringLiteral("su02-c03"));
        QVERIFY(named);
        // A device name finds its rack.
        const Device& dev = d.devices[d.devices.ids().front()];
        QVERIFY(v->findByName(dev.name));
        QCOMPARE(w->workbench().selection()->objects().front(), ObjectRef::rack(dev.rack));
        const QTransform before = v->transform();
        QVERIFY(!v->findByName(QStringLiteral("no-such-rack")));
        QCOMPARE(v->transform(), before);
        // View > Find by name… on Ctrl+F runs the same search.
        bool onCtrlF = false;
        for (QAction* a : w->findChildren<QAction*>())
            onCtrlF = onCtrlF || (a->shortcut() == QKeySequence(QKeySequence::Find) &&
                                  a->text().contains(QStringLiteral("by name")));
        QVERIFY(onCtrlF);
        QVERIFY(w->viewActions()->find(QStringLiteral("su01-c02")));
        QCOMPARE(w->workbench().selection()->objects().size(), std::size_t(1));
        QVERIFY(!w->viewActions()->find(QStringLiteral("zz-none")));
    }

    /// A large hall zoomed in shows its mini-map top right (none at fit); the labels keep off
    /// it; a click on it centres the view there, a drag keeps following the pointer.
    void miniMapForLargeHalls() {
        auto w = open(hall16k(), QSize(1366, 768), "16k-minimap");
        views::FloorplanView* v = w->canvas();
        const DesignData& d = w->workbench().design()->data();
        QVERIFY2(v->miniMapBox().isEmpty(), "a mini-map beside the whole hall");
        zoomTo(v, 0.3, QPointF(d.hall.widthMm * 0.2, d.hall.depthMm * 0.2));
        const QRectF box = v->miniMapBox();
        QVERIFY(!box.isEmpty());
        const QSizeF view(v->viewport()->size());
        QVERIFY2(box.right() <= view.width() && box.top() >= 0 && box.width() <= 240 &&
                     box.height() <= 170,
                 qPrintable(describe(box)));
        checkLayout(*w, QStringLiteral("16k zoomed, mini-map")); // labels keep off it too
        for (const views::FloorLabel& l : v->labels())
            QVERIFY2(!l.box.intersects(box), qPrintable(l.text + QStringLiteral(" under it")));
        QVERIFY(w->grab().save(QStringLiteral("%1/minimap-16k-1366x768.png").arg(screenshotDir())));
        auto centreMm = [v] { return v->mapToScene(v->viewport()->rect().center()); };
        // A click at 60 % across and half way down centres the view on that point of the hall.
        const QPoint at(int(box.x() + box.width() * 0.6), int(box.y() + box.height() * 0.5));
        QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, at);
        QCoreApplication::processEvents();
        QVERIFY2(
            std::abs(centreMm().x() - d.hall.widthMm * 0.6) < d.hall.widthMm * 0.03 &&
                std::abs(centreMm().y() - d.hall.depthMm * 0.5) < d.hall.depthMm * 0.03,
            qPrintable(
                QStringLiteral("centred on %1,%2 mm").arg(centreMm().x()).arg(centreMm().y())));
        QCOMPARE(w->scene()->selectedItems().size(), 0); // a click there selects nothing
        // A drag follows the pointer.
        const QRectF again = v->miniMapBox();
        const QPoint from(int(again.x() + again.width() * 0.3), int(again.center().y()));
        const QPoint to(int(again.x() + again.width() * 0.45), int(again.center().y()));
        QTest::mousePress(v->viewport(), Qt::LeftButton, {}, from);
        QMouseEvent move(QEvent::MouseMove, QPointF(to), v->viewport()->mapToGlobal(QPointF(to)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(v->viewport(), &move);
        QTest::mouseRelease(v->viewport(), Qt::LeftButton, {}, to);
        QCoreApplication::processEvents();
        QVERIFY2(std::abs(centreMm().x() - d.hall.widthMm * 0.45) < d.hall.widthMm * 0.03,
                 qPrintable(QStringLiteral("dragged to %1 mm").arg(centreMm().x())));
        // Fitted again, the whole hall is in view and the mini-map goes.
        v->fitHall();
        QCoreApplication::processEvents();
        QVERIFY(v->miniMapBox().isEmpty());
    }
};

QTEST_MAIN(TestFloorplanLabels)
#include "tst_floorplan_labels.moc"
