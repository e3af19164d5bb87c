// The studio's live analysis: after a drag it re-runs only the rules that read placement,
// and its findings and metrics are always exactly what a full check of the same design gives.
#include "StudioFixture.h"

#include "DesignEditor.h"

#include "model/RackGeometry.h"
#include "model/analysis/LiveAnalysis.h"

#include "model/DesignIndex.h"
#include "model/cabling/TrayFill.h"
#include "model/generator/PathwayLayout.h"
#include "model/rules/Rule.h"

#include <QRandomGenerator>
#include <QUndoStack>

using namespace cds;
using namespace cds::test;

namespace {
QStringList describe(const std::vector<Finding>& fs) {
    QStringList out;
    for (const Finding& f : fs)
        out << QStringLiteral("%1|%2|%3|%4")
                   .arg(f.key(), f.message)
                   .arg(f.waived)
                   .arg(f.waiverReason);
    return out;
}
/// The figures of an analysis that the dashboard, the BOM and the report show.
QStringList describeFigures(const Analysis& a) {
    const Metrics& m = a.metrics;
    QStringList out{QStringLiteral("gpus %1 servers %2 racks %3 it %4/%5 facility %6 maxRack %7")
                        .arg(m.gpus)
                        .arg(m.servers)
                        .arg(m.racks)
                        .arg(m.itTypicalW)
                        .arg(m.itMaxW)
                        .arg(m.facilityW)
                        .arg(m.maxRackKw),
                    QStringLiteral("cost %1 optics %2 W, %3 transceivers, %4 cables, bisection %5")
                        .arg(m.totalCostUsd, 0, 'f', 2)
                        .arg(m.opticsPowerW)
                        .arg(m.transceivers)
                        .arg(m.cables)
                        .arg(m.bisectionTbps)};
    for (const BomLine& l : a.bom.lines) {
        QString bins;
        for (const auto& [len, n] : l.lengthBins)
            bins += QStringLiteral(" %1m:%2").arg(len).arg(n);
        out << QStringLiteral("bom %1 x%2 %3%4")
                   .arg(l.type.value())
                   .arg(l.quantity)
                   .arg(l.unitPriceUsd.value_or(-1))
                   .arg(bins);
    }
    for (const RackPower& r : a.rackPower)
        out << QStringLiteral("rack %1 %2 kW %3").arg(r.name).arg(r.kw).arg(int(r.status));
    return out;
}
} // namespace

class TestAnalysis : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

    /// What the analysis shows must be what a full check of the same data gives.
    static void expectSameAsFullCheck(studio::MainWindow& w) {
        const DesignData& d = w.workbench().design()->data();
        const DesignIndex index(d);
        const Metrics m = computeMetrics(d);
        const std::vector<Finding> full = runChecks(CheckContext{d, index, m});
        QCOMPARE(describe(w.workbench().analysis()->findings()), describe(full));
        QCOMPARE(w.workbench().analysis()->metrics().totalCostUsd, m.totalCostUsd);
        // Metrics, BOM and rack power too: the live result equals a full analysis.
        QCOMPARE(describeFigures(w.workbench().analysis()->result()), describeFigures(analyze(d)));
        QCOMPARE(describeTrays(w.workbench().analysis()->trayLoad()),
                 describeTrays(computeTrayLoad(d, index)));
    }
    static QStringList describeTrays(const TrayLoad& t) {
        QStringList out{QStringLiteral("length %1 max %2").arg(t.lengthM).arg(t.maxFillPct)};
        for (const TrayLoad::Segment& s : t.segments)
            out << QStringLiteral("tray %1: %2 cables %3 mm2 %4 %")
                       .arg(s.id.value())
                       .arg(s.cables)
                       .arg(s.cableAreaMm2, 0, 'f', 6)
                       .arg(s.fillPct, 0, 'f', 9);
        for (LinkId l : t.noPathway)
            out << QStringLiteral("no pathway %1").arg(l.value());
        return out;
    }

private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    /// Far moves push pinned cables past their reach (link.reach appears and goes); renames,
    /// cooling changes, waivers and undos in between.
    void randomEditsMatchAFullCheck_data() {
        QTest::addColumn<bool>("trays");
        QTest::newRow("cables along the floor") << false;
        QTest::newRow("cables over trays") << true; // moves far from the trays: no pathway
    }
    void randomEditsMatchAFullCheck() {
        QFETCH(bool, trays);
        // The 256-GPU example in a hall 150 m wide: room to move racks beyond optical reach.
        const QString path = m_tmp.filePath(QStringLiteral("wide.cds.json"));
        {
            LoadResult r = DesignFile::load(
                QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json"));
            QVERIFY(r.ok);
            r.data.hall.widthMm = 150000;
            r.data.pathways = {};
            if (trays)
                layOutPathways(r.data); // over the wider hall
            QCOMPARE(r.data.pathways.empty(), !trays);
            QString error;
            QVERIFY2(DesignFile::save(r.data, path, &error), qPrintable(error));
        }
        auto w = openStudio(m_tmp.filePath(QStringLiteral("rec")), path);
        // Pin the media the router chose: short copper then breaks when its rack moves away.
        {
            const DesignData& d = w->workbench().design()->data();
            std::vector<std::pair<LinkId, Link>> pins;
            d.links.forEach([&](LinkId id, const Link& l) {
                if (l.medium && pins.size() < 400) {
                    Link after = l;
                    after.pinnedMedium = l.medium;
                    pins.emplace_back(id, after);
                }
            });
            for (const auto& [id, after] : pins)
                QVERIFY(w->workbench().editor()->editLink(id, after, QStringLiteral("pin")));
        }
        w->workbench().analysis()->runNow();
        expectSameAsFullCheck(*w);
        QRandomGenerator rng(20261202);
        int placementRuns = 0, fullRuns = 0, reachFindings = 0;
        bool noPathwaySeen = false;
        for (int step = 0; step < 120; ++step) {
            const DesignData& d = w->workbench().design()->data();
            const std::vector<RackId> racks = d.racks.ids();
            const RackId rack = racks[rng.bounded(int(racks.size()))];
            const Rack r = d.racks[rack];
            const int what = rng.bounded(10);
            bool placement = false;
            if (what < 7) { // a move, possibly far: across the hall and beyond cable reach
                const double x = rng.bounded(int(d.hall.widthMm - 1200)) + 600.0;
                const double y = rng.bounded(int(d.hall.depthMm - 1200)) + 600.0;
                placement = w->workbench().editor()->moveRacks({{rack, {x, y}, r.rotationDeg}});
            } else if (what == 7) {
                Rack after = r;
                after.cooling = after.cooling == CoolingType::Air ? CoolingType::DirectLiquid
                                                                  : CoolingType::Air;
                QVERIFY(
                    w->workbench().editor()->editRacks({{rack, after}}, QStringLiteral("cooling")));
            } else if (what == 8) {
                Rack after = r;
                after.name += QLatin1Char('x');
                QVERIFY(
                    w->workbench().editor()->editRacks({{rack, after}}, QStringLiteral("rename")));
            } else if (!w->workbench().analysis()->findings().empty() && rng.bounded(2)) {
                const auto& fs = w->workbench().analysis()->findings();
                const Finding& f = fs[rng.bounded(int(fs.size()))];
                if (!f.waived)
                    QVERIFY(w->workbench().editor()->waive(f.key(), QStringLiteral("accepted")));
            } else {
                w->workbench().undoStack()->undo();
            }
            w->workbench().analysis()->runNow();
            if (placement) {
                QVERIFY(w->workbench().analysis()->lastRunWasPlacementOnly());
                ++placementRuns;
            } else if (!w->workbench().analysis()->lastRunWasPlacementOnly()) {
                ++fullRuns;
            }
            for (const Finding& f : w->workbench().analysis()->findings()) {
                reachFindings += f.code.startsWith(QLatin1String("link."));
                noPathwaySeen = noPathwaySeen || f.code == QLatin1String("link.no-pathway");
            }
            expectSameAsFullCheck(*w);
            if (QTest::currentTestFailed())
                qFatal("step %d (edit kind %d) differs from a full check", step, what);
        }
        qInfo("placement-only runs %d, full runs %d, link findings seen %d", placementRuns,
              fullRuns, reachFindings);
        QVERIFY(placementRuns > 20);
        QVERIFY(fullRuns > 10);
        QVERIFY2(reachFindings > 0, "the moves never broke a cable's reach: the test is too tame");
        if (trays)
            QVERIFY2(noPathwaySeen, "no move left the trays behind: the test is too tame");
    }
};

QTEST_MAIN(TestAnalysis)
#include "tst_analysis.moc"
