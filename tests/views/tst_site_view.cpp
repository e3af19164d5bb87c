// The site plan (issue #31): a campus's halls to scale with their figures and the bundles of
// links between them, a design of one hall saying so, and a hall clicked opening in the
// floorplan of the studio.
#include "StudioFixture.h"

#include "model/Design.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/generator/Generator.h"
#include "model/site/HallLoads.h"
#include "views/SelectionModel.h"
#include "views/floorplan/FloorplanView.h"
#include "views/panels/PropertiesPanel.h"
#include "views/site/SiteView.h"

#include <QAction>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLocale>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QStatusBar>
#include <QUndoStack>

#include <cmath>
#include <set>

using namespace cds;
using namespace cds::test;

namespace {

DesignData campus(int halls, int gpus = 1024) {
    GenerateParams p;
    p.gpus = gpus;
    p.halls = halls;
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

/// The links with one end in hall @p a and the other in hall @p b, counted here from each
/// end's rack rather than through interHallBundles.
long long linksBetween(const DesignData& d, int a, int b) {
    const std::vector<int> hall = rackHalls(d, d.halls);
    long long n = 0;
    d.links.forEach([&](LinkId, const Link& l) {
        const Device* x = d.devices.find(l.a.device);
        const Device* y = d.devices.find(l.b.device);
        if (!x || !y)
            return;
        const int hx = hallOfRack(hall, x->rack), hy = hallOfRack(hall, y->rack);
        if ((hx == a && hy == b) || (hx == b && hy == a))
            ++n;
    });
    return n;
}

QRectF areaOf(const SiteHall& h) {
    return QRectF(h.area.x, h.area.y, h.area.w, h.area.h);
}

int distinctColours(const QImage& img) {
    std::set<QRgb> seen;
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); x += 2)
            seen.insert(img.pixel(x, y));
    return int(seen.size());
}

QString figures(int n) {
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(n);
}

/// A campus of @p halls in a site view of @p size, analysed, shown.
struct ShownSite {
    ShownSite(int halls, QSize size, int gpus = 1024)
        : design(campus(halls, gpus))
        , analysis(&design) {
        analysis.runNow();
        view.resize(size);
        view.show();
    }
    Design design;
    LiveAnalysis analysis;
    views::SelectionModel selection;
    views::SiteView view{&design, &analysis, &selection};
};

} // namespace

class TestSiteView : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    /// Every hall of a 3-hall campus drawn to scale with its name, GPUs, racks and IT load as
    /// model/site gives them; each bundle's label carries the links between its halls.
    void listsEveryHallAndBundle() {
        ShownSite site(3, QSize(400, 560));
        views::SiteView& view = site.view;
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const DesignData& d = site.design.data();
        QCOMPARE(d.halls.size(), std::size_t(3));
        const std::vector<HallLoad> loads = hallLoads(d, site.analysis.metrics());
        const views::SitePlan& plan = view.plan();
        QCOMPARE(plan.halls.size(), std::size_t(3));
        int gpus = 0;
        for (int i = 0; i < 3; ++i) {
            const HallLoad& l = loads[std::size_t(i)];
            QVERIFY(l.gpus > 0 && l.racks > 0 && l.itKw > 0);
            gpus += l.gpus;
            const QStringList lines = plan.hallLines(i);
            QCOMPARE(lines.size(), 3);
            QCOMPARE(lines[0], d.halls[std::size_t(i)].name);
            QCOMPARE(lines[1],
                     QStringLiteral("%1 GPUs · %2 racks").arg(figures(l.gpus), figures(l.racks)));
            QCOMPARE(lines[2], views::sitePower(l.itKw) + QStringLiteral(" IT"));
        }
        QCOMPARE(gpus, 1024);
        QVERIFY2(view.summary().startsWith(QStringLiteral("Site: 3 halls · 1,024 GPUs")),
                 qPrintable(view.summary()));
        // To scale, inside the view, apart as on the site, each with every figure drawn.
        const views::SitePlanGeometry& g = view.drawing();
        QCOMPARE(g.halls.size(), std::size_t(3));
        const QRectF inside = QRectF(view.rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
        for (std::size_t i = 0; i < 3; ++i) {
            const QRectF a = areaOf(d.halls[i]);
            QVERIFY(inside.contains(g.halls[i]));
            QVERIFY(std::abs(g.halls[i].width() - a.width() * g.pxPerMm) < 0.01);
            QVERIFY(std::abs(g.halls[i].height() - a.height() * g.pxPerMm) < 0.01);
            for (std::size_t j = i + 1; j < 3; ++j)
                QVERIFY(!g.halls[i].intersects(g.halls[j]));
            const QString drawn = g.texts[i].lines.join(QLatin1Char(' '));
            QVERIFY2(drawn.contains(figures(loads[i].gpus) + QStringLiteral(" GPUs")),
                     qPrintable(drawn));
            QVERIFY2(drawn.contains(d.halls[i].name), qPrintable(drawn));
            QVERIFY(g.texts[i].px >= 9);
            QVERIFY(inside.contains(g.texts[i].box));
        }
        // The bundles: each pair of halls with links, counted independently.
        QVERIFY(!plan.bundles.empty());
        QCOMPARE(g.labels.size(), plan.bundles.size());
        long long between = 0;
        for (std::size_t k = 0; k < plan.bundles.size(); ++k) {
            const HallBundle& b = plan.bundles[k];
            const long long n = linksBetween(d, b.a, b.b);
            QVERIFY(n > 0);
            QCOMPARE(b.links, n);
            between += n;
            const QString label = views::SitePlan::bundleText(b);
            QVERIFY2(label.startsWith(QLocale(QLocale::English, QLocale::UnitedStates).toString(n) +
                                      QStringLiteral(" links · up to ")),
                     qPrintable(label));
            QVERIFY2(label.endsWith(QStringLiteral("%1 m").arg(std::lround(b.maxLengthM))),
                     qPrintable(label));
            QVERIFY(b.maxLengthM > 0);
            QVERIFY(inside.contains(g.labels[k]));
            QVERIFY(!g.paths[k].isEmpty());
            const QRectF path = g.paths[k].boundingRect();
            // (Corner by corner: a straight vertical bundle's box has no width, and
            // QRectF::contains(QRectF) refuses an empty rectangle.)
            QVERIFY2(inside.contains(path.topLeft()) && inside.contains(path.bottomRight()),
                     qPrintable(QStringLiteral("bundle %1: %2,%3 %4x%5 in a %6x%7 view")
                                    .arg(k)
                                    .arg(path.x())
                                    .arg(path.y())
                                    .arg(path.width())
                                    .arg(path.height())
                                    .arg(view.width())
                                    .arg(view.height())));
        }
        QCOMPARE(between, interHallLinks(d, rackHalls(d, d.halls)).links);
    }

    /// The Site dock of a 1366x768 window (about 380 x 290 px) on an 8,192-GPU campus of 3
    /// halls: the blocks are too small for their figures, which then stand beside them, a
    /// figure on each line where the margin is narrow; none covers a hall or another's text.
    void smallBlocksShowTheirFiguresBeside() {
        ShownSite site(3, QSize(380, 290), 8192);
        QVERIFY(QTest::qWaitForWindowExposed(&site.view));
        const DesignData& d = site.design.data();
        const std::vector<HallLoad> loads = hallLoads(d, site.analysis.metrics());
        const views::SitePlanGeometry& g = site.view.drawing();
        QCOMPARE(g.texts.size(), std::size_t(3));
        const QRectF inside = QRectF(site.view.rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
        int beside = 0;
        for (std::size_t i = 0; i < 3; ++i) {
            const QString drawn = g.texts[i].lines.join(QLatin1Char(' '));
            QVERIFY2(drawn.contains(figures(loads[i].gpus) + QStringLiteral(" GPUs")),
                     qPrintable(QStringLiteral("hall %1 shows only '%2'").arg(i + 1).arg(drawn)));
            QVERIFY2(drawn.contains(views::sitePower(loads[i].itKw)), qPrintable(drawn));
            QVERIFY(g.texts[i].px >= 9);
            QVERIFY(inside.contains(g.texts[i].box));
            if (!g.halls[i].contains(g.texts[i].box)) {
                ++beside;
                for (std::size_t j = 0; j < 3; ++j)
                    QVERIFY(!g.halls[j].intersects(g.texts[i].box));
            }
            for (std::size_t j = i + 1; j < 3; ++j)
                QVERIFY(!g.texts[i].box.intersects(g.texts[j].box));
        }
        QVERIFY(beside > 0); // the case this test is for
    }

    /// A click on a hall asks for that hall; a click on the ground asks for none; a rack
    /// selected lights its hall only.
    void clickingAHallEmitsIt() {
        ShownSite site(3, QSize(400, 560));
        views::SiteView& view = site.view;
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy spy(&view, &views::SiteView::hallActivated);
        const QRectF hall2 = view.drawing().halls[2];
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, hall2.center().toPoint());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), 2);
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, QPoint(1, view.height() - 1));
        QCOMPARE(spy.count(), 1);

        const DesignData& d = site.design.data();
        const std::vector<int> hall = rackHalls(d, d.halls);
        RackId inHall1;
        d.racks.forEach([&](RackId id, const Rack&) {
            if (!inHall1.isValid() && hallOfRack(hall, id) == 1)
                inHall1 = id;
        });
        QVERIFY(inHall1.isValid());
        QVERIFY(!view.isLit(1));
        site.selection.set({ObjectRef::rack(inHall1)});
        QVERIFY(view.isLit(1));
        QVERIFY(!view.isLit(0));
        QVERIFY(!view.isLit(2));

        // Drawn: white ground, the halls' fill inside their walls, text and bundles.
        const QImage img = view.grab().toImage();
        QCOMPARE(img.size(), view.size() * img.devicePixelRatio());
        QVERIFY2(distinctColours(img) > 8, "the site view is blank");
        const QPoint corner = (view.drawing().halls[0].topLeft() + QPointF(4, 4)).toPoint();
        QVERIFY(img.pixelColor(corner) != QColor(Qt::white));
        if (const QString keep = qEnvironmentVariable("CDS_KEEP_SITE"); !keep.isEmpty())
            img.save(keep); // to look at it
    }

    /// Dragging a campus's hall asks for it to move by whole floor tiles, and opens nothing;
    /// the hall selected (clicked) is lit.
    void draggingAHallAsksToMoveIt() {
        ShownSite site(3, QSize(400, 560));
        views::SiteView& view = site.view;
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        int moves = 0, movedHall = -1;
        PointMm corner;
        QObject::connect(&view, &views::SiteView::hallDragged, &view, [&](int hall, PointMm at) {
            ++moves;
            movedHall = hall;
            corner = at;
        });
        QSignalSpy opened(&view, &views::SiteView::hallActivated);
        const QPointF from = view.drawing().halls[2].center();
        auto send = [&](QEvent::Type type, QPointF at, Qt::MouseButton button,
                        Qt::MouseButtons buttons) {
            QMouseEvent e(type, at, view.mapToGlobal(at), button, buttons, Qt::NoModifier);
            QCoreApplication::sendEvent(&view, &e);
        };
        send(QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
        send(QEvent::MouseMove, from + QPointF(30, 0), Qt::NoButton, Qt::LeftButton);
        send(QEvent::MouseMove, from + QPointF(60, 0), Qt::NoButton, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, from + QPointF(60, 0), Qt::LeftButton, Qt::NoButton);
        QCOMPARE(opened.count(), 0);
        QCOMPARE(moves, 1);
        QCOMPARE(movedHall, 2);
        const DesignData& d = site.design.data();
        const RectMm a = d.halls[2].area;
        const double tile = d.hall.tileMm;
        QCOMPARE(corner.y, a.y);
        QCOMPARE(corner.x, a.x + std::round(60 / view.drawing().pxPerMm / tile) * tile);
        QVERIFY(corner.x > a.x);

        QVERIFY(!view.isLit(1));
        site.selection.setHall(1);
        QVERIFY(view.isLit(1));
        QVERIFY(!view.isLit(0) && !view.isLit(2));
        site.selection.clear();
        QVERIFY(!view.isLit(1));
    }

    /// In the studio, a campus hall clicked in the site plan is selected and its place and size
    /// are in Properties; an X set there moves it with its racks, one undo step.
    void propertiesMoveTheClickedHall() {
        auto w = openStudio(m_tmp.path(), saved(campus(3), m_tmp.filePath("moved.cds.json")));
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        w->workbench().analysis()->runNow();
        QCoreApplication::processEvents();
        w->findChild<QAction*>(QStringLiteral("sitePlan"))->trigger();
        QCoreApplication::processEvents();
        views::SiteView* site = w->siteView();
        QTRY_VERIFY(!site->visibleRegion().isEmpty());
        QTest::mouseClick(site, Qt::LeftButton, Qt::NoModifier,
                          site->drawing().halls[2].center().toPoint());
        QCOMPARE(w->workbench().selection()->hall(), 2);
        QVERIFY(site->isLit(2));
        const Design& design = *w->workbench().design();
        const RectMm before = design.data().halls[2].area;
        QCOMPARE(w->properties()->heading(),
                 design.data().halls[2].name + QStringLiteral(" (campus hall)"));
        auto* x = w->properties()->findChild<QDoubleSpinBox*>(QStringLiteral("hallX"));
        QVERIFY(x);
        QCOMPARE(x->value(), before.x);
        const std::vector<int> hall = rackHalls(design.data(), design.data().halls);
        RackId rack;
        design.data().racks.forEach([&](RackId id, const Rack&) {
            if (!rack.isValid() && hallOfRack(hall, id) == 2)
                rack = id;
        });
        QVERIFY(rack.isValid());
        const PointMm centre = design.data().racks[rack].centre;
        // Hall 3 stands in the grid's lower left cell, the lower right one is empty.
        x->setValue(before.x + 6000);
        QCOMPARE(design.data().halls[2].area.x, before.x + 6000);
        QCOMPARE(design.data().racks[rack].centre.x, centre.x + 6000);
        QCOMPARE(w->workbench().selection()->hall(), 2);
        w->workbench().undoStack()->undo();
        QCOMPARE(design.data().halls[2].area, before);
        QCOMPARE(design.data().racks[rack].centre, centre);
    }

    /// A design of one hall: that hall drawn, and a sentence that the site has one hall.
    void oneHallSaysSo() {
        ShownSite site(1, QSize(380, 420));
        views::SiteView& view = site.view;
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(site.design.data().halls.empty());
        const views::SitePlan& plan = view.plan();
        QCOMPARE(plan.halls.size(), std::size_t(1));
        QVERIFY(plan.bundles.empty());
        QVERIFY2(view.summary().startsWith(
                     QStringLiteral("The site has one hall, %1").arg(site.design.data().hall.name)),
                 qPrintable(view.summary()));
        QVERIFY(plan.hallLines(0)[1].startsWith(QStringLiteral("1,024 GPUs")));
        const views::SitePlanGeometry& g = view.drawing();
        QCOMPARE(g.halls.size(), std::size_t(1));
        QVERIFY(std::max(g.halls[0].width(), g.halls[0].height()) > 150);
        QVERIFY(distinctColours(view.grab().toImage()) > 8);
    }

    /// In the studio: View > Site plan (Ctrl+Shift+P) opens the Site dock, closed at start; a
    /// hall clicked there fills the floorplan, whole, without the other halls.
    void studioOpensTheClickedHall() {
        auto w = openStudio(m_tmp.path(), saved(campus(3), m_tmp.filePath("campus.cds.json")));
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        w->workbench().analysis()->runNow();
        QCoreApplication::processEvents();
        QVERIFY(w->siteDock());
        QVERIFY(!w->siteDock()->isVisible());
        auto* sitePlan = w->findChild<QAction*>(QStringLiteral("sitePlan"));
        QVERIFY(sitePlan);
        QCOMPARE(sitePlan->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
        sitePlan->trigger();
        QCoreApplication::processEvents();
        QVERIFY(w->siteDock()->isVisible());
        views::SiteView* site = w->siteView();
        QTRY_VERIFY(!site->visibleRegion().isEmpty());
        const DesignData& d = w->workbench().design()->data();
        QCOMPARE(site->plan().halls.size(), std::size_t(3));
        // Readable in the dock: each hall inside the view, its name and GPUs drawn.
        const QRectF inside = QRectF(site->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
        for (std::size_t i = 0; i < 3; ++i) {
            QVERIFY(inside.contains(site->drawing().halls[i]));
            const QString drawn = site->drawing().texts[i].lines.join(QLatin1Char(' '));
            QVERIFY2(drawn.contains(QStringLiteral(" GPUs")),
                     qPrintable(QStringLiteral("%1 in a %2x%3 site view")
                                    .arg(drawn)
                                    .arg(site->width())
                                    .arg(site->height())));
        }
        views::FloorplanView* canvas = w->canvas();
        for (int hall : {2, 0, 1}) {
            const QPoint at = site->drawing().halls[std::size_t(hall)].center().toPoint();
            QTest::mouseClick(site, Qt::LeftButton, Qt::NoModifier, at);
            QCoreApplication::processEvents();
            const QRectF visible = canvas->mapToScene(canvas->viewport()->rect()).boundingRect();
            for (int i = 0; i < 3; ++i) {
                const QRectF a = areaOf(d.halls[std::size_t(i)]);
                QVERIFY2(visible.contains(a) == (i == hall),
                         qPrintable(QStringLiteral("clicked hall %1: hall %2 (%3, %4, %5 x %6 mm) "
                                                   "in view (%7, %8, %9 x %10 mm)")
                                        .arg(hall)
                                        .arg(i)
                                        .arg(a.x())
                                        .arg(a.y())
                                        .arg(a.width())
                                        .arg(a.height())
                                        .arg(visible.x())
                                        .arg(visible.y())
                                        .arg(visible.width())
                                        .arg(visible.height())));
            }
            QVERIFY(w->statusBar()->currentMessage().contains(d.halls[std::size_t(hall)].name));
        }
    }
};

QTEST_MAIN(TestSiteView)
#include "tst_site_view.moc"
