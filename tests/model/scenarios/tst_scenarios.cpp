#include "FakeCluster.h"
#include "model/scenarios/ScenarioComparison.h"
#include "model/scenarios/ScenarioEdit.h"

using namespace cds;

class TestScenarios : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void figuresFromMetrics() {
        Metrics m;
        m.gpus = 16;
        m.totalCostUsd = 1.6e6;
        m.facilityW = 1.5e6;
        m.maxRackKw = 40;
        m.transceivers = 96;
        m.bisectionTbps = 3.2;
        m.perRack.resize(3);
        m.perRack[0].itMaxW = 20000;
        m.perRack[1].itMaxW = 40000;
        m.perRack[2].itMaxW = 0; // an empty rack does not dilute the mean
        const ScenarioFigures f = scenarioFigures(QStringLiteral("IB"), m);
        QCOMPARE(f.value(ScenarioFigure::CostPerGpu), 100000.0);
        QCOMPARE(f.value(ScenarioFigure::TotalMw), 1.5);
        QCOMPARE(f.value(ScenarioFigure::MeanRackKw), 30.0);
        QCOMPARE(f.value(ScenarioFigure::MaxRackKw), 40.0);
        QCOMPARE(f.value(ScenarioFigure::Optics), 96.0);
        QCOMPARE(f.value(ScenarioFigure::BisectionTbps), 3.2);
    }

    void deltasAndPercent() {
        Metrics a, b;
        a.gpus = b.gpus = 16;
        a.totalCostUsd = 1.6e6;
        b.totalCostUsd = 2.0e6;
        a.bisectionTbps = 0; // no baseline: no percentage
        b.bisectionTbps = 1.6;
        const auto fa = scenarioFigures(QStringLiteral("a"), a);
        const auto fb = scenarioFigures(QStringLiteral("b"), b);
        const FigureDelta cost = figureDelta(fa, fb, ScenarioFigure::CostPerGpu);
        QCOMPARE(cost.base, 100000.0);
        QCOMPARE(cost.value, 125000.0);
        QCOMPARE(cost.delta, 25000.0);
        QVERIFY(cost.percent);
        QCOMPARE(*cost.percent, 25.0);
        const FigureDelta bis = figureDelta(fa, fb, ScenarioFigure::BisectionTbps);
        QCOMPARE(bis.delta, 1.6);
        QVERIFY(!bis.percent);
    }

    void compareDesignWithScenarios() {
        Design design(test::smallCluster());
        auto keep = ScenariosEdit::addCurrent(design.data(), QStringLiteral("two servers"));
        QVERIFY(keep);
        keep->apply(design);
        // Variant: one DGX H100 fewer (10.2 kW nameplate, 8 GPUs), kept as a second scenario.
        auto remove =
            ObjectsEdit::removal(design.data(), QStringLiteral("remove"), {},
                                 {test::deviceNamed(design.data(), QStringLiteral("dgx02"))});
        remove->apply(design);
        auto keep2 = ScenariosEdit::addCurrent(design.data(), QStringLiteral("one server"));
        keep2->apply(design);
        remove->revert(design); // the working design has two servers again

        const ScenarioComparison c = compareScenarios(design.data(), QStringLiteral("Current"));
        QCOMPARE(int(c.columns.size()), 3);
        QCOMPARE(c.columns[0].name, QStringLiteral("Current"));
        QCOMPARE(c.columns[1].name, QStringLiteral("two servers"));
        QCOMPARE(c.columns[2].name, QStringLiteral("one server"));
        QCOMPARE(c.columns[0].gpus, 16);
        QCOMPARE(c.columns[2].gpus, 8);
        QCOMPARE(c.delta(1, ScenarioFigure::MaxRackKw).delta, 0.0);
        QCOMPARE(c.delta(2, ScenarioFigure::MaxRackKw).delta, -10.2);
        QCOMPARE(c.delta(2, ScenarioFigure::BisectionTbps).delta, -1.6); // 8 x 400G / 2 fewer
        const Metrics m0 = computeMetrics(design.data());
        QCOMPARE(c.columns[0].value(ScenarioFigure::CostPerGpu), m0.costPerGpu());
        QCOMPARE(c.columns[0].errors, 0);
    }

    void aScenarioWithErrorsCountsThem() {
        // Kept over its cooling envelope (rack.power-density is an error above maxKw): the
        // comparison carries the errors, so a table can mark it instead of ranking it.
        DesignData tight = test::smallCluster();
        tight.settings.cooling[std::size_t(CoolingType::DirectLiquid)] = {10, 15, 1.15, {}};
        Design design(tight);
        auto keep = ScenariosEdit::addCurrent(design.data(), QStringLiteral("tight"));
        QVERIFY(keep);
        keep->apply(design);
        DesignData fixed = test::smallCluster();
        fixed.scenarios = design.data().scenarios;
        const ScenarioComparison c = compareScenarios(fixed, QStringLiteral("Current"));
        QCOMPARE(c.columns[0].errors, 0);
        QVERIFY(c.columns[1].errors > 0);
    }

    void addUndoRedo() {
        Design design(test::smallCluster());
        auto e = ScenariosEdit::addCurrent(design.data(), QStringLiteral("InfiniBand"));
        QVERIFY(e && !e->isNoOp());
        e->apply(design);
        QCOMPARE(int(design.data().scenarios.size()), 1);
        QCOMPARE(design.data().scenarios[0].name, QStringLiteral("InfiniBand"));
        QVERIFY(design.data().scenarios[0].design->scenarios.empty());
        e->revert(design);
        QVERIFY(design.data().scenarios.empty());
        e->apply(design);
        QCOMPARE(int(design.data().scenarios.size()), 1);

        // A second snapshot never nests the first.
        auto e2 = ScenariosEdit::addCurrent(design.data(), QStringLiteral("RoCE"));
        e2->apply(design);
        QVERIFY(design.data().scenarios[1].design->scenarios.empty());

        QString err;
        QVERIFY(!ScenariosEdit::addCurrent(design.data(), QStringLiteral("RoCE"), &err));
        QVERIFY(err.contains(QStringLiteral("already")));
        QVERIFY(!ScenariosEdit::addCurrent(design.data(), QStringLiteral("  "), &err));
        QVERIFY(!ScenariosEdit::remove(design.data(), 5));
    }

    void removeAndRename() {
        Design design(test::smallCluster());
        ScenariosEdit::addCurrent(design.data(), QStringLiteral("a"))->apply(design);
        ScenariosEdit::addCurrent(design.data(), QStringLiteral("b"))->apply(design);
        auto rm = ScenariosEdit::remove(design.data(), 0);
        rm->apply(design);
        QCOMPARE(int(design.data().scenarios.size()), 1);
        QCOMPARE(design.data().scenarios[0].name, QStringLiteral("b"));
        rm->revert(design);
        QCOMPARE(design.data().scenarios[0].name, QStringLiteral("a"));
        QString err;
        QVERIFY(!ScenariosEdit::rename(design.data(), 0, QStringLiteral("b"), &err));
        auto rn = ScenariosEdit::rename(design.data(), 0, QStringLiteral("liquid"));
        rn->apply(design);
        QCOMPARE(design.data().scenarios[0].name, QStringLiteral("liquid"));
        rn->revert(design);
        QCOMPARE(design.data().scenarios[0].name, QStringLiteral("a"));
        QVERIFY(ScenariosEdit::rename(design.data(), 0, QStringLiteral("a"))->isNoOp());
    }

    void openScenarioReplacesWorkingDesign() {
        Design design(test::smallCluster());
        ScenariosEdit::addCurrent(design.data(), QStringLiteral("two"))->apply(design);
        auto remove =
            ObjectsEdit::removal(design.data(), QStringLiteral("remove"), {},
                                 {test::deviceNamed(design.data(), QStringLiteral("dgx02"))});
        remove->apply(design);
        const DesignData edited = design.data();
        auto open = openScenarioEdit(design.data(), 0);
        QVERIFY(open);
        open->apply(design);
        QCOMPARE(computeMetrics(design.data()).gpus, 16);
        QCOMPARE(int(design.data().scenarios.size()), 1); // the list survives
        open->revert(design);
        QVERIFY(design.data() == edited);
        QVERIFY(!openScenarioEdit(design.data(), 1));
    }
};

QTEST_APPLESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
