#include "../../model/TestDesigns.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/scenarios/ChartModel.h"
#include "views/dashboard/ScenarioPanel.h"

#include <QTableWidget>

using namespace cds;
using namespace cds::views;

class TestScenarioPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keepCompareUndo() {
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        ChartModel model(&analysis);
        ScenarioPanel panel(&model);
        std::vector<std::unique_ptr<Edit>> stack; // stands in for the studio's undo stack
        panel.setEditSink([&](std::unique_ptr<Edit> e) {
            e->apply(design);
            stack.push_back(std::move(e));
        });
        QVERIFY(panel.keepCurrent(QStringLiteral("InfiniBand")));
        QCOMPARE(int(stack.size()), 1);
        QCOMPARE(int(design.data().scenarios.size()), 1);
        QVERIFY(!panel.keepCurrent(QStringLiteral("InfiniBand")));
        QVERIFY(panel.statusText().contains(QStringLiteral("already")));

        // Change the working design: the GPU rack goes to air (PUE 1.58 instead of 1.15).
        DesignData air = design.data();
        air.racks[RackId(0)].cooling = CoolingType::Air;
        design.reset(air);
        model.refreshNow();
        QCOMPARE(panel.table()->columnCount(), 2);
        QCOMPARE(panel.table()->horizontalHeaderItem(1)->text(), QStringLiteral("InfiniBand"));
        const FigureDelta mw = panel.comparison().delta(1, ScenarioFigure::TotalMw);
        QVERIFY(mw.delta < 0); // the kept DLC variant draws less from the facility
        const QString cell = panel.table()->item(int(ScenarioFigure::TotalMw), 1)->text();
        QVERIFY2(cell.contains(QStringLiteral("(-")), qPrintable(cell));
        QVERIFY(panel.table()
                    ->item(int(ScenarioFigure::Optics), 1)
                    ->text()
                    .contains(QStringLiteral("(0")));

        stack.back()->revert(design);
        model.refreshNow();
        QVERIFY(design.data().scenarios.empty());
        QCOMPARE(panel.table()->columnCount(), 1);
    }

    void removeAndOpen() {
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        ChartModel model(&analysis);
        ScenarioPanel panel(&model);
        QVERIFY(!panel.keepCurrent(QStringLiteral("a"))); // no undo stack: the view edits nothing
        QVERIFY(design.data().scenarios.empty());
        QVERIFY(panel.statusText().contains(QStringLiteral("undo stack")));
        panel.setEditSink([&](std::unique_ptr<Edit> e) { e->apply(design); });
        QVERIFY(panel.keepCurrent(QStringLiteral("a")));
        DesignData changed = design.data();
        changed.meta.title = QStringLiteral("changed");
        design.reset(changed);
        QVERIFY(panel.openScenario(0));
        QCOMPARE(design.data().meta.title, test::smallCluster().meta.title);
        QVERIFY(panel.removeScenario(0));
        QVERIFY(design.data().scenarios.empty());
        QVERIFY(!panel.removeScenario(0));
    }
};

QTEST_MAIN(TestScenarioPanel)
#include "tst_scenariopanel.moc"
