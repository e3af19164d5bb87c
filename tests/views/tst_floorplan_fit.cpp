// A fitted floorplan settles: fitting the hall may show or hide a scroll bar, and that must not
// make the view fit again. The studio once froze on an empty new design with a layout saved at
// 1920x1080 (the right dock ~20 px wider than the default): the fit showed a scroll bar, the
// smaller viewport fitted smaller, the scroll bar went, the larger viewport fitted larger...

#include "StudioFixture.h"

#include "model/Design.h"
#include "model/analysis/LiveAnalysis.h"
#include "views/SelectionModel.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QSettings>

using namespace cds;

namespace {

/// Counts the resizes of a widget.
class ResizeCounter : public QObject {
public:
    int count = 0;
    bool eventFilter(QObject* o, QEvent* e) override {
        if (e->type() == QEvent::Resize)
            ++count;
        return QObject::eventFilter(o, e);
    }
};

/// Processes events until a round resizes nothing; false when @p rounds rounds still resize.
bool settles(QWidget* viewport, int rounds = 60) {
    ResizeCounter counter;
    viewport->installEventFilter(&counter);
    bool quiet = false;
    for (int i = 0; i < rounds && !quiet; ++i) {
        const int before = counter.count;
        QCoreApplication::processEvents();
        QCoreApplication::sendPostedEvents();
        quiet = counter.count == before;
    }
    viewport->removeEventFilter(&counter);
    return quiet;
}

} // namespace

class TestFloorplanFit : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() {
        test::initStudioTests();
        QCoreApplication::setApplicationName(QStringLiteral("cds-floorplan-fit"));
        QLocale::setDefault(QLocale::c());
    }

    /// Every view size from a laptop's floorplan to a large monitor's: each fit settles, and
    /// it depends on the room the view has, never on the scroll bars the fit itself toggles.
    void fitSettlesAtEverySize() {
        Design design(DesignData{});
        LiveAnalysis analysis(&design);
        views::SelectionModel selection;
        views::FloorplanScene scene(&design, &analysis, &selection);
        views::FloorplanView view(&scene);
        view.resize(900, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fitHall();
        QVERIFY(settles(view.viewport()));
        int sizes = 0;
        for (int h = 380; h <= 620; h += 7)
            for (int w = 700; w <= 1300; w += 3) {
                view.resize(w, h);
                QVERIFY2(
                    settles(view.viewport()),
                    qPrintable(
                        QStringLiteral("the fitted view keeps resizing at %1x%2").arg(w).arg(h)));
                const double fitted = view.zoom();
                view.fitHall(); // as Home does: the same fit again
                QCOMPARE(view.zoom(), fitted);
                ++sizes;
            }
        QVERIFY(sizes > 1000);
    }

    /// The studio as the user met the freeze: a layout saved with the right dock ~20 px wider
    /// than the default, the studio started with no file, then File > New after an open.
    void studioWithASavedWiderDockSettles() {
        QSettings().clear();
        {
            auto first = test::openStudio(m_dir.path(), QString());
            first->resize(1920, 1040);
            first->show();
            QVERIFY(QTest::qWaitForWindowExposed(first.get()));
            const auto docks = first->findChildren<QDockWidget*>();
            for (QDockWidget* d : docks)
                if (first->dockWidgetArea(d) == Qt::RightDockWidgetArea && d->isVisible())
                    first->resizeDocks({d}, {d->width() + 20}, Qt::Horizontal);
            QCoreApplication::processEvents();
            first->close(); // saves the layout
        }
        // Each start restores the layout the last one saved, one pixel wider each time.
        for (int dw = 21; dw <= 41; ++dw) {
            auto w = test::openStudio(m_dir.path(), QString());
            w->show();
            QVERIFY(QTest::qWaitForWindowExposed(w.get()));
            const auto docks = w->findChildren<QDockWidget*>();
            for (QDockWidget* d : docks)
                if (w->dockWidgetArea(d) == Qt::RightDockWidgetArea && d->isVisible())
                    w->resizeDocks({d}, {d->width() + 1}, Qt::Horizontal);
            w->canvas()->fitHall();
            QVERIFY2(settles(w->canvas()->viewport()),
                     qPrintable(QStringLiteral("empty design, dock +%1 px").arg(dw)));
            QVERIFY(w->workbench().document()->openFile(test::examplePath()));
            w->workbench().document()->newDesign(); // File > New
            QVERIFY2(settles(w->canvas()->viewport()),
                     qPrintable(QStringLiteral("File > New, dock +%1 px").arg(dw)));
            w->close();
        }
    }
};

QTEST_MAIN(TestFloorplanFit)
#include "tst_floorplan_fit.moc"
