#include "FakeCluster.h"
#include "model/scenarios/Sweep.h"
#include "model/scenarios/SweepRunner.h"

#include <QSignalSpy>
#include <QThread>

using namespace cds;

class TestSweep : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void counts() {
        QCOMPARE(doublingCounts(256, 16384),
                 (std::vector<int>{256, 512, 1024, 2048, 4096, 8192, 16384}));
        QCOMPARE(doublingCounts(256, 1000), (std::vector<int>{256, 512, 1000}));
        QVERIFY(doublingCounts(0, 100).empty());
    }

    void sweepFindsNewTierAndRow() {
        const std::vector<int> counts = {32, 64, 128, 256, 512, 1024, 2048};
        std::vector<int> seen;
        const SweepResult r = runSweep(GenerateParams{}, counts, test::bundled().catalog(),
                                       &test::fakeGenerate, [&](int pc) {
                                           seen.push_back(pc);
                                           return true;
                                       });
        QVERIFY(!r.cancelled);
        QCOMPARE(int(r.points.size()), 7);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QCOMPARE(seen.back(), 100);
        std::vector<int> tiers, rows;
        for (const SweepPoint& p : r.points) {
            QVERIFY2(p.ok, qPrintable(p.error));
            tiers.push_back(p.tiers);
            rows.push_back(p.rows);
            // The fake is non-blocking: N x 400G / 2 per direction.
            QCOMPARE(p.bisectionTbps, p.gpus * 0.4 / 2);
            QCOMPARE(p.itKw > 0, true);
        }
        QCOMPARE(tiers, (std::vector<int>{1, 2, 2, 2, 2, 3, 3}));
        QCOMPARE(rows, (std::vector<int>{1, 1, 1, 1, 2, 4, 8}));
        QVERIFY(!r.points[0].newTier);
        QVERIFY(r.points[1].newTier);
        QVERIFY(r.points[5].newTier);
        QVERIFY(!r.points[6].newTier);
        QVERIFY(r.points[4].newRow && !r.points[3].newRow);
        for (std::size_t i = 1; i < r.points.size(); ++i) {
            QVERIFY(r.points[i].costUsd > r.points[i - 1].costUsd);
            QVERIFY(r.points[i].facilityKw > r.points[i - 1].facilityKw);
        }
        // 2 DGX H100 per 16 GPUs at 10.2 kW, plus a 1.72 kW leaf per rack of 4 servers.
        QCOMPARE(r.points[0].itKw, 4 * 10.2 + 1.72);
    }

    void generatorErrorsAreKeptPerPoint() {
        const SweepResult r = runSweep(GenerateParams{}, {64, 100, 128}, test::bundled().catalog(),
                                       &test::fakeGenerate);
        QCOMPARE(int(r.points.size()), 3);
        QVERIFY(r.points[0].ok && !r.points[1].ok && r.points[2].ok);
        QVERIFY(r.points[1].error.contains(QStringLiteral("multiple of 8")));
        QVERIFY(!r.points[2].newTier); // compared with the last good point, not the failure
    }

    void noGeneratorSaysSo() {
        const SweepResult r = runSweep(GenerateParams{}, {64}, test::bundled().catalog(), {});
        QCOMPARE(int(r.points.size()), 1);
        QVERIFY(!r.points[0].ok);
        QVERIFY(!r.points[0].error.isEmpty());
    }

    void cancelStops() {
        int calls = 0;
        const SweepResult r =
            runSweep(GenerateParams{}, {64, 128, 256, 512}, test::bundled().catalog(),
                     &test::fakeGenerate, [&](int) { return ++calls < 4; });
        QVERIFY(r.cancelled);
        QVERIFY(r.points.size() < 4);
    }

    void baseFollowsTheDesign() {
        const GenerateParams p = sweepBase(test::fakeCluster(64));
        QCOMPARE(p.serverId, QStringLiteral("nvidia-dgx-h100"));
        QCOMPARE(p.switchId, QStringLiteral("nvidia-qm9700"));
        QCOMPARE(p.topology, Topology::RailOptimized);
        QVERIFY(p.cooling && *p.cooling == CoolingType::DirectLiquid);
        QVERIFY(!p.storageFabric);
        DesignData d = test::fakeCluster(64);
        d.fabrics[0].railOptimized = false;
        d.fabrics[0].targetOversubscription = 2;
        QCOMPARE(sweepBase(d).topology, Topology::FatTree);
        QCOMPARE(sweepBase(d).oversubscription, 2.0);
    }

    void runnerOffThread() {
        SweepRunner runner;
        QSignalSpy done(&runner, &SweepRunner::finished);
        QSignalSpy progress(&runner, &SweepRunner::progressed);
        Qt::HANDLE worker = nullptr;
        GeneratorFn gen = [&](const GenerateParams& p, const Catalog& c, const Progress& pr) {
            worker = QThread::currentThreadId();
            return test::fakeGenerate(p, c, pr);
        };
        QVERIFY(runner.start(GenerateParams{}, {64, 128}, test::bundled().catalog(), gen));
        QVERIFY(!runner.start(GenerateParams{}, {64}, {}, gen)); // one at a time
        QVERIFY(done.wait(10000));
        QVERIFY(!runner.isRunning());
        QVERIFY(worker && worker != QThread::currentThreadId());
        QCOMPARE(int(runner.result().points.size()), 2);
        QVERIFY(progress.count() >= 2);
        QCOMPARE(progress.last().at(0).toInt(), 100);
    }

    void runnerCancel() {
        SweepRunner runner;
        QSignalSpy done(&runner, &SweepRunner::finished);
        // A slow generator that keeps reporting progress until told to stop.
        GeneratorFn slow = [](const GenerateParams&, const Catalog&, const Progress& pr) {
            GenerateResult r;
            for (int i = 0; i < 1000; ++i) {
                if (!pr(i % 100))
                    return r;
                QThread::msleep(5);
            }
            r.error = QStringLiteral("not cancelled");
            return r;
        };
        QVERIFY(runner.start(GenerateParams{}, {64, 128}, {}, slow));
        QThread::msleep(20);
        runner.cancel();
        QVERIFY(done.wait(5000));
        QVERIFY(runner.result().cancelled);
        QVERIFY(runner.result().points.empty());
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
