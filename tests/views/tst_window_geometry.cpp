// The studio window at a given screen (the offscreen platform's configfile sets its size,
// QT_SCALE_FACTOR its scaling; CTest runs this at 1366x768, 1920x1080 and 1920x1080 at 150 %):
// it lies within the screen with the status bar and the dashboard visible, every chart's plot
// area is at least 300x150 px and no title, legend or axis label is cut. Screenshots of each
// dashboard page go to CDS_SCREENSHOT_DIR for review.

#include "StudioFixture.h"

#include "HelpMenu.h"
#include "WindowGeometry.h"

#include "views/dashboard/DashboardWidget.h"
#include "views/dashboard/QCustomPlotInclude.h"
#include "views/floorplan/FloorplanView.h"

#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>

using namespace cds;

class TestWindowGeometry : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    static QString sizeName() {
        const QString n = qEnvironmentVariable("CDS_GEOMETRY_NAME");
        return n.isEmpty() ? QStringLiteral("default") : n;
    }

    static QDockWidget* dashboardDock(const studio::MainWindow& w) {
        return w.findChild<QDockWidget*>(QStringLiteral("DashboardDock"));
    }

    /// Text of @p font that must fit in @p room px, with a message naming it.
    static void checkFits(const QString& what, const QString& text, const QFont& font, int room) {
        int widest = 0;
        for (const QString& line : text.split(u'\n'))
            widest = std::max(widest, QFontMetrics(font).horizontalAdvance(line));
        QVERIFY2(widest <= room, qPrintable(QStringLiteral("%1 \"%2\" needs %3 px, has %4")
                                                .arg(what, text)
                                                .arg(widest)
                                                .arg(room)));
    }

    static void checkPlot(const QCustomPlot* plot) {
        // QCustomPlot rounds its layout: allow one pixel at the edges.
        const QRect view = plot->viewport().adjusted(-1, -1, 1, 1);
        for (QCPAxisRect* r : plot->axisRects()) {
            QVERIFY2(r->width() >= 300 && r->height() >= 150,
                     qPrintable(QStringLiteral("%1: plot area %2x%3, needs 300x150")
                                    .arg(plot->parentWidget()->metaObject()->className())
                                    .arg(r->width())
                                    .arg(r->height())));
            QVERIFY2(view.contains(r->outerRect()),
                     qPrintable(QStringLiteral("plot area %1,%2 %3x%4 outside the plot %5x%6")
                                    .arg(r->outerRect().x())
                                    .arg(r->outerRect().y())
                                    .arg(r->outerRect().width())
                                    .arg(r->outerRect().height())
                                    .arg(view.width())
                                    .arg(view.height())));
            for (QCPAxis* a : r->axes()) {
                if (!a->visible() || a->label().isEmpty())
                    continue;
                const bool horizontal = a->orientation() == Qt::Horizontal;
                checkFits(QStringLiteral("axis title"), a->label(), a->labelFont(),
                          horizontal ? r->width() : r->height());
            }
            // Each inset legend lies inside its plot area, every item's text inside the legend.
            for (int i = 0; i < r->insetLayout()->elementCount(); ++i)
                if (auto* legend = qobject_cast<QCPLegend*>(r->insetLayout()->elementAt(i)))
                    QVERIFY(r->rect().contains(legend->outerRect()));
        }
        for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
            QCPLayoutElement* e = plot->plotLayout()->elementAt(i);
            if (auto* t = qobject_cast<QCPTextElement*>(e); t && t->visible())
                checkFits(QStringLiteral("title"), t->text(), t->font(), t->outerRect().width());
            if (auto* legend = qobject_cast<QCPLegend*>(e); legend && legend->visible()) {
                QVERIFY(view.contains(legend->outerRect()));
                for (int k = 0; k < legend->itemCount(); ++k)
                    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(k)))
                        QVERIFY(legend->outerRect().contains(item->outerRect()));
            }
        }
        // Category labels (the cost chart's names and money) fit in the plot's width.
        for (QCPAxisRect* r : plot->axisRects())
            for (QCPAxis* a : r->axes(QCPAxis::atLeft))
                for (const QString& label : a->tickVectorLabels())
                    checkFits(QStringLiteral("tick label"), label, a->tickLabelFont(),
                              r->outerRect().left() + r->margins().left() - view.left());
    }

private Q_SLOTS:
    void initTestCase() {
        test::initStudioTests();
        // Settings of its own: the other studio tests, running beside it, save their windows'
        // layouts too, and so do the runs of this test at the other screen sizes.
        QCoreApplication::setApplicationName(QStringLiteral("cds-window-geometry-") + sizeName());
        QLocale::setDefault(QLocale::c());
        QSettings().clear(); // first start: the window sizes itself to the screen
    }

    void minimumSizeFitsA720pScreen() {
        QVERIFY(studio::minimumWindowSize().width() <= 1280);
        QVERIFY(studio::minimumWindowSize().height() <= 720 - 48); // a taskbar and a title bar
        const QRect laptop(0, 0, 1366, 728);
        QVERIFY(laptop.contains(studio::initialWindowGeometry(laptop)));
        // A window saved on a larger monitor opens whole on this one.
        const QRect fitted = studio::fitIntoScreen(QRect(1800, 900, 1600, 1000), laptop);
        QVERIFY(laptop.contains(fitted));
    }

    void windowFitsTheScreen_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("example") << test::examplePath();
        QTest::newRow("256-gpu") << QStringLiteral(
            CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json");
    }

    void windowFitsTheScreen() {
        QFETCH(QString, file);
        QSettings().clear();
        auto w = test::openStudio(m_dir.path(), file);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QCoreApplication::processEvents();
        w->canvas()->fitHall(); // as the studio does once a file opens in a shown window
        const QRect screen = w->screen()->availableGeometry();
        QVERIFY2(screen.contains(w->frameGeometry()),
                 qPrintable(QStringLiteral("window %1,%2 %3x%4 on a screen of %5x%6")
                                .arg(w->frameGeometry().x())
                                .arg(w->frameGeometry().y())
                                .arg(w->frameGeometry().width())
                                .arg(w->frameGeometry().height())
                                .arg(screen.width())
                                .arg(screen.height())));
        QVERIFY(w->minimumSizeHint().width() <= screen.width());
        QVERIFY(w->minimumSizeHint().height() <= screen.height());
        const QRect status(w->statusBar()->mapToGlobal(QPoint()), w->statusBar()->size());
        QVERIFY(w->statusBar()->isVisible());
        QVERIFY(screen.contains(status));

        QDockWidget* dock = dashboardDock(*w);
        QVERIFY(dock && dock->isVisible());
        QVERIFY(w->tabifiedDockWidgets(dock).isEmpty()); // not behind a tab
        auto* dash = qobject_cast<views::DashboardWidget*>(dock->widget());
        QVERIFY(dash && !dash->visibleRegion().isEmpty());
        QVERIFY(screen.contains(QRect(dash->mapToGlobal(QPoint()), dash->size())));
        // The floorplan is the work area: no side panel squeezes it (a panel's minimum width
        // once made it a third of a laptop window).
        QCoreApplication::processEvents();
        const QSize canvas = w->canvas()->size();
        QVERIFY2(canvas.width() >= w->width() * 45 / 100 && canvas.height() >= w->height() / 3,
                 qPrintable(QStringLiteral("floorplan %1x%2 in a %3x%4 window")
                                .arg(canvas.width())
                                .arg(canvas.height())
                                .arg(w->width())
                                .arg(w->height())));

        QTabWidget* pages = dash->pages();
        const QString dir = qEnvironmentVariable("CDS_SCREENSHOT_DIR");
        for (int p = 0; p < pages->count(); ++p) {
            pages->setCurrentIndex(p);
            QCoreApplication::processEvents();
            for (QCustomPlot* plot : pages->currentWidget()->findChildren<QCustomPlot*>()) {
                if (!plot->isVisible())
                    continue;
                plot->replot(QCustomPlot::rpImmediateRefresh);
                checkPlot(plot);
                if (QTest::currentTestFailed())
                    qWarning("on page %s", qPrintable(pages->tabText(p)));
            }
            // Tabs (the dashboard's pages, the docks' tabs) show their whole titles: the
            // width QTabBar gives an unelided tab is its text plus the style's tab margin.
            for (QTabBar* bar : w->findChildren<QTabBar*>())
                for (int t = 0; bar->isVisible() && t < bar->count(); ++t) {
                    const int needs =
                        bar->fontMetrics().horizontalAdvance(bar->tabText(t)) +
                        bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
                    QVERIFY2(bar->tabRect(t).width() >= needs,
                             qPrintable(QStringLiteral("tab \"%1\" cut: %2 of %3 px")
                                            .arg(bar->tabText(t))
                                            .arg(bar->tabRect(t).width())
                                            .arg(needs)));
                }
            for (QLabel* l : pages->currentWidget()->findChildren<QLabel*>())
                if (l->isVisible() && !l->wordWrap() && !l->text().isEmpty())
                    QVERIFY2(l->width() >= l->sizeHint().width(),
                             qPrintable(QStringLiteral("label \"%1\" cut: %2 of %3 px")
                                            .arg(l->text())
                                            .arg(l->width())
                                            .arg(l->sizeHint().width())));
            if (!dir.isEmpty()) {
                QDir().mkpath(dir);
                const QString page = pages->tabText(p).toLower().replace(u' ', u'-');
                w->grab().save(QStringLiteral("%1/window-%2-%3-%4.png")
                                   .arg(dir, sizeName(), QTest::currentDataTag(), page));
            }
        }
        pages->setCurrentIndex(0);
        w->close();
    }

    void layoutIsRestoredOnTheNextStart() {
        QSettings().clear();
        QRect saved;
        {
            auto w = test::openStudio(m_dir.path(), QString());
            w->show();
            QVERIFY(QTest::qWaitForWindowExposed(w.get()));
            w->setWindowState(Qt::WindowNoState);
            const QRect screen = w->screen()->availableGeometry();
            w->setGeometry(QRect(screen.topLeft() + QPoint(10, 10),
                                 studio::minimumWindowSize() + QSize(20, 10)));
            dashboardDock(*w)->hide();
            QCoreApplication::processEvents();
            saved = w->geometry();
            QVERIFY(w->close());
        }
        auto w = test::openStudio(m_dir.path(), QString());
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QCOMPARE(w->geometry().size(), saved.size());
        QVERIFY(!dashboardDock(*w)->isVisible());
        QSettings().clear();
    }

    void helpMenuListsTheShortcuts() {
        auto w = test::openStudio(m_dir.path(), QString());
        QStringList menus;
        for (QAction* a : w->menuBar()->actions())
            menus << a->text().remove(u'&');
        QCOMPARE(menus.last(), QStringLiteral("Help"));
        const QString keys = studio::shortcutsHtml(w.get());
        for (const char* action : {"Generate cluster", "Presentation mode", "Keyboard shortcuts"})
            QVERIFY2(keys.contains(QLatin1String(action)), action);
        QVERIFY(keys.contains(QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText)));
        QVERIFY(studio::userGuideMarkdown().contains(QStringLiteral("## Using the studio")));
    }
};

QTEST_MAIN(TestWindowGeometry)
#include "tst_window_geometry.moc"
