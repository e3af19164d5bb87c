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

    void aDesignWithErrorsIsMarkedNotRanked() {
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        ChartModel model(&analysis);
        ScenarioPanel panel(&model);
        panel.setEditSink([&](std::unique_ptr<Edit> e) { e->apply(design); });
        // A variant over its cooling envelope (an error), kept; then the envelope is restored.
        DesignData over = design.data();
        const DesignData ok = over;
        over.settings.cooling[std::size_t(CoolingType::DirectLiquid)] = {10, 15, 1.15, {}};
        design.reset(over);
        model.refreshNow();
        QVERIFY(countFindings(model.findings()).errors > 0);
        QVERIFY(panel.keepCurrent(QStringLiteral("tight")));
        DesignData back = ok;
        back.scenarios = design.data().scenarios;
        design.reset(back);
        model.refreshNow();
        QCOMPARE(panel.comparison().columns[0].errors, 0);
        QVERIFY(panel.comparison().columns[1].errors > 0);
        QVERIFY(panel.table()->horizontalHeaderItem(1)->text().contains(QStringLiteral("error")));
        QVERIFY(!panel.table()->horizontalHeaderItem(0)->text().contains(QStringLiteral("error")));
        const QString cost = panel.table()->item(int(ScenarioFigure::CostPerGpu), 1)->text();
        QVERIFY2(cost.contains(QStringLiteral("has errors")), qPrintable(cost));
    }
};

QTEST_MAIN(TestScenarioPanel)
#include "tst_scenariopanel.moc"
