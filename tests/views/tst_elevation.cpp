// Rack elevation: U slots under the mouse, mounting and moving devices with collision
// refused, undo/redo, and the floorplan following the same model at once.
#include "StudioFixture.h"

#include "DesignEditor.h"

#include "model/analysis/LiveAnalysis.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/phases/BuildPlan.h"
#include "views/SelectionModel.h"
#include "views/dashboard/ChartExport.h"
#include "views/dashboard/DashboardWidget.h"
#include "views/dashboard/PhaseTimelineChart.h"
#include "views/elevation/ElevationView.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/panels/PropertiesPanel.h"
#include "views/report/ReportContent.h"

#include <QComboBox>
#include <QDir>
#include <QHelpEvent>
#include <QImage>
#include <QLabel>
#include <QMenuBar>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QToolTip>
#include <QUndoStack>

using namespace cds;
using namespace cds::test;

class TestElevation : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

    static void drag(QWidget* w, QPoint from, QPoint to) {
        QMouseEvent press(QEvent::MouseButtonPress, from, w->mapToGlobal(from), Qt::LeftButton,
                          Qt::LeftButton, {});
        QApplication::sendEvent(w, &press);
        QMouseEvent move(QEvent::MouseMove, to, w->mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                         {});
        QApplication::sendEvent(w, &move);
        QMouseEvent release(QEvent::MouseButtonRelease, to, w->mapToGlobal(to), Qt::LeftButton,
                            Qt::NoButton, {});
        QApplication::sendEvent(w, &release);
    }

private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    void slotsMapBothWays() {
        auto w = openStudio(m_tmp.path());
        views::ElevationView* e = w->elevation();
        e->resize(360, 700);
        w->openElevation(rackNamed(w->workbench().design()->data(), QStringLiteral("R01")));
        for (int u : {1, 5, 42})
            for (Face f : {Face::Front, Face::Rear}) {
                const auto s = e->slotAt(e->slotRect(u, 1, f).center());
                QCOMPARE(s.u, u);
                QCOMPARE(s.face, f);
            }
        QCOMPARE(e->slotAt(QPoint(2, 300)).u, 0); // on the U numbers, not a slot
        QCOMPARE(e->summary(), QStringLiteral("R01 · 42U · 16U used · 26U free"));
    }

    /// Issue 35: a device's text is elided to its slot, so its tooltip gives the whole name,
    /// the vendor and model, its U range and the face it is mounted from.
    void deviceTooltipGivesTheWholeText() {
        auto w = openStudio(m_tmp.path());
        views::ElevationView* e = w->elevation();
        e->resize(360, 700);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        const DesignData& d = w->workbench().design()->data();
        w->openElevation(rackNamed(d, QStringLiteral("R01")));
        const DeviceId id = e->deviceAt(e->slotRect(3, 1, Face::Front).center());
        QVERIFY(id);
        const Device& dev = d.devices[id];
        const int top = dev.uPosition + d.typeOf(dev).uHeight - 1;
        QHelpEvent help(QEvent::ToolTip, e->slotRect(3, 1, Face::Front).center(),
                        e->mapToGlobal(e->slotRect(3, 1, Face::Front).center()));
        QCoreApplication::sendEvent(e, &help);
        QCOMPARE(QToolTip::text(), QStringLiteral("%1\n%2 %3\nU%4-%5, front")
                                       .arg(dev.name, d.typeOf(dev).vendor, d.typeOf(dev).model)
                                       .arg(dev.uPosition)
                                       .arg(top));
        QToolTip::hideText();
    }

    /// Issue 35: the elevation's text is the UI font (as large as the menus), at 100 % and at
    /// 150 % text size; a 1U slot holds a line of it, and a short dock scrolls instead.
    void textReadsLikeTheMenus() {
        const QFont before = QApplication::font();
        for (double scale : {1.0, 1.5}) {
            QFont f = before;
            f.setPointSizeF(before.pointSizeF() * scale);
            QApplication::setFont(f);
            auto w = openStudio(m_tmp.path());
            w->resize(1366, 768);
            w->show();
            QVERIFY(QTest::qWaitForWindowExposed(w.get()));
            w->openElevation(rackNamed(w->workbench().design()->data(), QStringLiteral("R01")));
            QCoreApplication::processEvents();
            views::ElevationView* e = w->elevation();
            const QFontInfo menu(w->menuBar()->font()), text(e->font());
            QVERIFY2(text.pixelSize() >= menu.pixelSize(),
                     qPrintable(QStringLiteral("%1 px against the menu's %2 px at %3x")
                                    .arg(text.pixelSize())
                                    .arg(menu.pixelSize())
                                    .arg(scale)));
            QVERIFY(e->slotHeight() >= QFontMetrics(e->font()).height());
            QCOMPARE(e->slotRect(1, 1, Face::Front).height() + 1 >=
                         QFontMetrics(e->font()).height(),
                     true);
            // 42U at that size is taller than the dock of a 768-pixel window: it scrolls.
            auto* scroll = w->findChild<QScrollArea*>(QStringLiteral("ElevationScroll"));
            QVERIFY(scroll);
            QVERIFY(scroll->verticalScrollBar()->maximum() > 0);
        }
        QApplication::setFont(before);
    }

    void mountAndCollision() {
        auto w = openWorkbench(m_tmp.path());
        const QByteArray before = bytesOf(*w);
        const RackId r01 = rackNamed(w->design()->data(), QStringLiteral("R01"));
        // U14 is inside dgx02 (U12-19).
        QVERIFY(!w->editor()->mountDevice(QStringLiteral("nvidia-qm9700"), r01, 14, Face::Rear));
        QVERIFY2(w->editor()->lastProblem().contains(QStringLiteral("dgx02")),
                 qPrintable(w->editor()->lastProblem()));
        QVERIFY(!w->editor()->mountDevice(QStringLiteral("nvidia-dgx-h100"), r01, 38, Face::Front));
        QVERIFY(w->editor()->lastProblem().contains(QStringLiteral("outside")));
        QCOMPARE(bytesOf(*w), before);
        QVERIFY(w->editor()->mountDevice(QStringLiteral("nvidia-qm9700"), r01, 10, Face::Rear));
        const DesignData& d = w->design()->data();
        const Device& sw = d.devices[DeviceId(6)];
        QCOMPARE(sw.uPosition, 10);
        QCOMPARE(sw.face, Face::Rear);
        const QByteArray mounted = bytesOf(*w);
        w->undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
        w->undoStack()->redo();
        QCOMPARE(bytesOf(*w), mounted);
    }

    void dragDeviceToFreeSlotMovesIt() {
        auto w = openStudio(m_tmp.path());
        views::ElevationView* e = w->elevation();
        e->resize(360, 700);
        const DesignData& d = w->workbench().design()->data();
        const RackId r01 = rackNamed(d, QStringLiteral("R01"));
        const DeviceId dgx02 = deviceNamed(d, QStringLiteral("dgx02"));
        w->openElevation(r01);
        const QByteArray before = bytesOf(*w);
        // Grab dgx02 by its top U (19) and drop that U on U27: it then spans U20-27.
        const QPoint grab = e->slotRect(19, 1, Face::Front).center();
        drag(e, grab, e->slotRect(27, 1, Face::Front).center());
        QCOMPARE(d.devices[dgx02].uPosition, 20);
        QCOMPARE(w->workbench().undoStack()->count(), 1);
        // The floorplan reads the same model: the rack's U fill is unchanged, its colour too,
        // but a device moved onto dgx01 is refused and nothing changes.
        drag(e, e->slotRect(27, 1, Face::Front).center(), e->slotRect(9, 1, Face::Front).center());
        QCOMPARE(d.devices[dgx02].uPosition, 20);
        QCOMPARE(w->workbench().undoStack()->count(), 1);
        w->workbench().undoStack()->undo();
        QCOMPARE(bytesOf(*w), before);
    }

    void floorplanFollowsElevationEdits() {
        auto w = openStudio(m_tmp.path());
        w->scene()->setColorMetric(views::ColorMetric::UFill);
        const RackId n01 = rackNamed(w->workbench().design()->data(), QStringLiteral("N01"));
        w->workbench().analysis()->runNow();
        const QColor before = w->scene()->coloring().colourOf(n01);
        QVERIFY(w->workbench().editor()->mountDevice(QStringLiteral("nvidia-dgx-h100"), n01, 1,
                                                     Face::Front));
        w->workbench().analysis()->runNow();
        QVERIFY(w->scene()->coloring().colourOf(n01) != before);
    }

    /// Colour racks by build phase (issue #34): each phase its colour, the legend the phases
    /// with their dates; a design without phases says so.
    void floorplanColoursByBuildPhase() {
        GenerateParams p;
        p.gpus = 512;
        p.power.reset();
        GenerateResult g = generateCluster(p, CatalogLibrary::loadDefault().catalog());
        QVERIFY2(g.ok, qPrintable(g.error));
        QVERIFY(splitByScalableUnit(g.design, 2, QDate(2027, 5, 3), 6).isEmpty());
        const QString path = m_tmp.filePath(QStringLiteral("phased.cds.json"));
        QString error;
        QVERIFY2(DesignFile::save(g.design, path, &error), qPrintable(error));
        auto w = openStudio(m_tmp.filePath(QStringLiteral("phased")), path);
        w->scene()->setColorMetric(views::ColorMetric::Phase);
        w->workbench().analysis()->runNow();
        const DesignData& d = w->workbench().design()->data();
        RackId first, second;
        d.racks.forEach([&](RackId id, const Rack& r) { (r.phase == 0 ? first : second) = id; });
        QVERIFY(first.isValid() && second.isValid());
        const views::RackColoring& c = w->scene()->coloring();
        QCOMPARE(c.colourOf(first), views::RackColoring::phaseColour(0));
        QCOMPARE(c.colourOf(second), views::RackColoring::phaseColour(1));
        QVERIFY(c.colourOf(first) != c.colourOf(second));
        const auto legend = c.legend();
        QCOMPARE(int(legend.size()), 2);
        QCOMPARE(legend[1].label, QStringLiteral("Phase 2 (2027-06-14)"));
        // The phase filter: the floor as it stands after phase 1.
        auto* upTo = w->findChild<QComboBox*>(QStringLiteral("phaseLimit"));
        QVERIFY(upTo);
        QCOMPARE(upTo->count(), 3);
        QCOMPARE(upTo->itemText(1), QStringLiteral("up to Phase 1"));
        w->scene()->setPhaseLimit(0);
        QCOMPARE(c.colourOf(first), views::RackColoring::phaseColour(0));
        QVERIFY(c.colourOf(second) != views::RackColoring::phaseColour(1));
        QCOMPARE(c.legend().back().label, QStringLiteral("later phases: not yet built"));
        w->scene()->setPhaseLimit(-1);
        QCOMPARE(c.colourOf(second), views::RackColoring::phaseColour(1));
        // The toolbar drives the same: Build phase, then up to Phase 1.
        auto* colourBy = w->findChild<QComboBox*>(QStringLiteral("colourBy"));
        QVERIFY(colourBy);
        const int phaseItem = colourBy->findData(int(views::ColorMetric::Phase));
        colourBy->setCurrentIndex(phaseItem);
        Q_EMIT colourBy->activated(phaseItem);
        upTo->setCurrentIndex(1);
        Q_EMIT upTo->activated(1);
        QCOMPARE(c.phaseLimit(), 0);
        // The dashboard's timeline: GPUs ready phase by phase, the first order's date.
        auto* dash = w->findChild<views::DashboardWidget*>();
        QVERIFY(dash);
        views::PhaseTimelineChart* t = dash->phaseTimelineChart();
        QVERIFY2(
            t->title().startsWith(QStringLiteral("Build plan: 2 phases · 512 GPUs by 2027-06-14 "
                                                 "· first order due ")),
            qPrintable(t->title()));
        QCOMPARE(t->categories().front(), QStringLiteral("Phase 1\n2027-05-03"));
        QCOMPARE(t->gpusReady(0), 256);
        QCOMPARE(t->gpusReady(1), 512);
        // A bar's tooltip says what the GPUs ready at its phase's end can do.
        QVERIFY2(t->barToolTip(1).startsWith(QStringLiteral("Phase 2: 512 GPUs ready, 256 "
                                                            "added\ntrain up to ")) &&
                     t->barToolTip(1).contains(QLatin1String("\nLlama 3 70B, 15T tokens: ")),
                 qPrintable(t->barToolTip(1)));
        QVERIFY(t->barToolTip(2).isEmpty());
        // For review (build/<dir>/tests/views/phases-review): the window at laptop size with
        // racks coloured by phase up to phase 1 and the dashboard on its Build phases page,
        // and the chart as it exports.
        const QString review =
            QCoreApplication::applicationDirPath() + QStringLiteral("/phases-review");
        QDir().mkpath(review);
        if (auto* tabs = dash->findChild<QTabWidget*>())
            tabs->setCurrentWidget(t);
        w->resize(1366, 768);
        w->show();
        QTest::qWait(300);
        QVERIFY(w->grab().save(review + QStringLiteral("/window-1366x768.png")));
        QVERIFY(
            views::chartImage(*t, QSize(900, 360)).save(review + QStringLiteral("/phases.png")));
        // The report's build plan page, drawn.
        const report::ReportContent content(g.design);
        int planPages = 0;
        for (const report::ReportPage& pg : content.pages()) {
            if (pg.kind != report::ReportPage::Kind::BuildPlan)
                continue;
            ++planPages;
            QCOMPARE(pg.heading, QStringLiteral("Build plan: 2 phases"));
            QImage img(1026, 667, QImage::Format_RGB32);
            img.fill(Qt::white);
            QPainter painter(&img);
            pg.draw(painter, QRectF(0, 0, 1026, 667));
            painter.end();
            int inked = 0; // the header and two rows leave ink across the top of the page
            for (int y = 0; y < 120; y += 2)
                for (int x = 0; x < 1026; x += 2)
                    inked += img.pixel(x, y) != QColor(Qt::white).rgb();
            QVERIFY2(inked > 500, qPrintable(QString::number(inked)));
            QVERIFY(img.save(review + QStringLiteral("/report-build-plan.png")));
        }
        QCOMPARE(planPages, 1);
        auto plain = openStudio(m_tmp.filePath(QStringLiteral("plain")));
        plain->scene()->setColorMetric(views::ColorMetric::Phase);
        plain->workbench().analysis()->runNow();
        QCOMPARE(plain->scene()->coloring().legend().front().label,
                 QStringLiteral("no build phases"));
    }

    /// 0U rack PDUs sit in the rear side channels (A feed left, B right), inside the rack's
    /// drawing, selectable, and not draggable into a U slot; rack-mounted gear sits between
    /// them; a floor-standing CDU fills its rack's drawing.
    void zeroUGearInSideChannels() {
        auto w = openStudio(
            m_tmp.path(),
            QStringLiteral(CDS_SOURCE_DIR "/resources/examples/gb300-nvl72-576gpu-su.cds.json"));
        views::ElevationView* e = w->elevation();
        e->resize(360, 700);
        const DesignData& d = w->workbench().design()->data();
        w->openElevation(rackNamed(d, QStringLiteral("spine-1")));
        const DeviceId a = deviceNamed(d, QStringLiteral("spine-1-pdu-a1"));
        const DeviceId b = deviceNamed(d, QStringLiteral("spine-1-pdu-b1"));
        const QRect rear = e->slotRect(1, 48, Face::Rear);
        const QRect ra = e->zeroURect(a), rb = e->zeroURect(b);
        QVERIFY(rear.contains(ra) && rear.contains(rb));
        QVERIFY(ra.height() > rear.height() * 0.9);
        QVERIFY(ra.right() < rear.center().x() && rb.left() > rear.center().x());
        QCOMPARE(e->deviceAt(ra.center()), a);
        QCOMPARE(e->deviceAt(rb.center()), b);
        QVERIFY(e->zeroURect(deviceNamed(d, QStringLiteral("ib-spine-0001"))).isNull());
        const QByteArray before = bytesOf(*w);
        drag(e, ra.center(), e->slotRect(20, 1, Face::Front).center());
        QCOMPARE(w->workbench().selection()->devices(), std::vector<DeviceId>{a});
        QCOMPARE(bytesOf(*w), before);
        QStringList labels; // the Properties panel says where a 0U PDU is, not "U0"
        for (const QLabel* l : w->properties()->findChildren<QLabel*>())
            labels << l->text();
        QVERIFY2(labels.contains(QStringLiteral("spine-1, 0U in the rear side channel")),
                 qPrintable(labels.join(u'|')));

        // An NVL72 rack's ten PDUs: two lanes a side at most, stacked, none over another,
        // each found under the mouse, leaving the rack's middle to its system.
        w->openElevation(rackNamed(d, QStringLiteral("su01-c01")));
        std::vector<QRect> strips;
        d.devices.forEach([&](DeviceId id, const Device& v) {
            // The rack's PDUs: its power shelves are trays in U slots, not strips.
            if (v.rack == rackNamed(d, QStringLiteral("su01-c01")) &&
                d.typeOf(v).category == Category::Power && d.typeOf(v).tray == TrayKind::None)
                strips.push_back(e->zeroURect(id));
        });
        QCOMPARE(strips.size(), std::size_t(10));
        const QRect rack = e->slotRect(1, 48, Face::Rear);
        for (std::size_t i = 0; i < strips.size(); ++i) {
            QVERIFY(rack.contains(strips[i]));
            QVERIFY(strips[i].right() < rack.left() + 30 || strips[i].left() > rack.right() - 30);
            QVERIFY(e->zeroURect(e->deviceAt(strips[i].center())) == strips[i]);
            for (std::size_t j = 0; j < i; ++j)
                QVERIFY(!strips[i].intersects(strips[j]));
        }

        w->openElevation(rackNamed(d, QStringLiteral("cdu-01")));
        const DeviceId cdu = deviceNamed(d, QStringLiteral("cdu-01-unit"));
        const QRect rc = e->zeroURect(cdu);
        QVERIFY(rc.contains(e->slotRect(1, 48, Face::Front)));
        QVERIFY(rc.contains(e->slotRect(1, 48, Face::Rear)));
        QCOMPARE(e->deviceAt(e->slotRect(10, 1, Face::Rear).center()), cdu);
    }
};

QTEST_MAIN(TestElevation)
#include "tst_elevation.moc"
