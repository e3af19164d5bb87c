#include "FakeCluster.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/edits/Edit.h"
#include "model/scenarios/ChartModel.h"

#include <QSignalSpy>

using namespace cds;

class TestChartModel : public QObject {
    Q_OBJECT

    static const RackPower& rackNamed(const ChartModel& m, const QString& name) {
        for (const RackPower& p : m.rackPower())
            if (p.name == name)
                return p;
        qFatal("no rack %s", qPrintable(name));
    }

private Q_SLOTS:
    void initialFigures() {
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        ChartModel model(&analysis);
        QCOMPARE(model.metrics().gpus, 16);
        QCOMPARE(int(model.rackPower().size()), 2);
        const RackPower& r1 = rackNamed(model, QStringLiteral("R01"));
        QCOMPARE(r1.kw, 20.4);
        QCOMPARE(r1.cooling, CoolingType::DirectLiquid);
        QCOMPARE(r1.status, PowerStatus::Ok);
        QCOMPARE(r1.warnKw, design.data().settings.cooling[2].warnKw);
        QVERIFY(model.allReduce().seconds > 0);
        QCOMPARE(model.allReduce().gpus, 16);
    }

    void editAndUndoReachTheModel() {
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        ChartModel model(&analysis);
        model.setIntervalMs(20);
        QSignalSpy updated(&model, &ChartModel::updated);
        auto e = ObjectsEdit::removal(design.data(), QStringLiteral("remove dgx02"), {},
                                      {test::deviceNamed(design.data(), QStringLiteral("dgx02"))});
        e->apply(design);
        QVERIFY(model.isPending());
        QCOMPARE(model.metrics().gpus, 16); // not yet: the update is coalesced
        QVERIFY(updated.wait(2000));
        QCOMPARE(model.metrics().gpus, 8);
        QCOMPARE(rackNamed(model, QStringLiteral("R01")).kw, 10.2);
        e->revert(design);
        QVERIFY(updated.wait(2000));
        QCOMPARE(model.metrics().gpus, 16);
        QCOMPARE(rackNamed(model, QStringLiteral("R01")).kw, 20.4);
    }

    void dragIsCoalesced() {
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        ChartModel model(&analysis);
        model.setIntervalMs(50);
        QSignalSpy updated(&model, &ChartModel::updated);
        const int before = model.updateCount();
        const RackId r(0);
        for (int i = 0; i < 60; ++i) {
            Rack moved = design.data().racks[r];
            moved.centre.x += 10;
            ChangeRacksEdit({QStringLiteral("move"), {{r, design.data().racks[r], moved}}})
                .apply(design);
        }
        QVERIFY(updated.wait(2000));
        QCOMPARE(model.updateCount(), before + 1);
        QCOMPARE(updated.count(), 1);
    }

    void statusFollowsEnvelopeEdits() {
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        ChartModel model(&analysis);
        DocumentProps before = DocumentProps::of(design.data()), after = before;
        after.settings.cooling[std::size_t(CoolingType::DirectLiquid)].warnKw = 20;
        after.settings.cooling[std::size_t(CoolingType::DirectLiquid)].maxKw = 25;
        DocumentEdit warn(QStringLiteral("envelope"), before, after);
        warn.apply(design);
        model.refreshNow();
        QCOMPARE(rackNamed(model, QStringLiteral("R01")).status, PowerStatus::Warning);
        QCOMPARE(rackNamed(model, QStringLiteral("R01")).maxKw, 25.0);
        DocumentProps over = after;
        over.settings.cooling[std::size_t(CoolingType::DirectLiquid)].maxKw = 20.1;
        DocumentEdit(QStringLiteral("tighter"), after, over).apply(design);
        model.refreshNow();
        QCOMPARE(rackNamed(model, QStringLiteral("R01")).status, PowerStatus::Over);
        warn.revert(design);
        model.refreshNow();
        QCOMPARE(rackNamed(model, QStringLiteral("R01")).status, PowerStatus::Ok);
    }

    void messageSizeReestimates() {
        Design design(test::smallCluster());
        LiveAnalysis analysis(&design);
        ChartModel model(&analysis);
        const AllReduceEstimate before = model.allReduce();
        // Same call as the fabric engine's estimate: the chart model only chooses its inputs.
        const AllReduceEstimate direct =
            estimateAllReduce(design.data(), model.metrics(), 1e9, AllReduceAlgorithm::Ring);
        QCOMPARE(before.seconds, direct.seconds);
        AllReduceParams p = model.allReduceParams();
        p.messageBytes *= 4;
        QSignalSpy updated(&model, &ChartModel::updated);
        model.setAllReduceParams(p);
        QCOMPARE(updated.count(), 1);
        QVERIFY(model.allReduce().seconds > before.seconds);
        QCOMPARE(model.allReduce().seconds,
                 estimateAllReduce(design.data(), model.metrics(), 4e9, AllReduceAlgorithm::Ring)
                     .seconds);
        p.algorithm = AllReduceAlgorithm::Tree;
        model.setAllReduceParams(p);
        QCOMPARE(model.allReduce().seconds,
                 estimateAllReduce(design.data(), model.metrics(), 4e9, AllReduceAlgorithm::Tree)
                     .seconds);
    }
};

QTEST_GUILESS_MAIN(TestChartModel)
#include "tst_chartmodel.moc"
