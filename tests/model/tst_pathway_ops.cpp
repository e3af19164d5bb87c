// Tray editing as model operations: draw, move, split, delete and resize trays, each one
// undoable to the byte, refused where a tray could not be, and re-routing the cables.
#include "EditChecks.h"
#include "RandomEdits.h"
#include "TestDesigns.h"

#include "model/DesignIndex.h"
#include "model/SegmentDistance.h"
#include "model/analysis/Analysis.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/cabling/CableInspection.h"
#include "model/cabling/CableRouting.h"
#include "model/cabling/TrayFill.h"
#include "model/edits/PathwayOps.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/json/EditJournal.h"

#include <QRandomGenerator>

#include <QTemporaryDir>
#include <QTest>

using namespace cds;
using cds::test::applyUndoRedo;

namespace {

/// Findings as sorted keys with their messages, to compare two analyses.
QStringList keys(const std::vector<Finding>& fs) {
    QStringList k;
    for (const Finding& f : fs)
        k << f.key() + f.message;
    k.sort();
    return k;
}

/// Applies @p r, checks that revert restores the bytes, then applies it again.

Pathway tray(PointMm from, PointMm to) {
    Pathway p;
    p.from = from;
    p.to = to;
    return p;
}

/// Racks A (x 1200) and B (x 9000) on y = 2000 with a cable between their switches, a tray
/// over the row at y = 2400 and nothing else.
struct RowHall {
    test::Builder b;
    FabricId f = b.fabric(FabricKind::Compute);
    RackId ra = b.rack(QStringLiteral("A"), 1200, 2000);
    RackId rb = b.rack(QStringLiteral("B"), 9000, 2000);
    DeviceId sa = b.device(QStringLiteral("swA"), "nvidia-qm9700", ra, 40, Tier::Leaf, f);
    DeviceId sb = b.device(QStringLiteral("swB"), "nvidia-qm9700", rb, 40, Tier::Spine, f);
    LinkId ab = b.link(sa, 0, sb, 0, f);
    PathwayId row = b.d.pathways.add([] {
        Pathway p = tray({600, 2400}, {9600, 2400});
        p.name = QStringLiteral("row");
        return p;
    }());
};

} // namespace

class TestPathwayOps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// withinOfSegment() (squares, for loops) says what distanceToSegment() <= r says, around
    /// level, upright, slanted and zero-length segments, at and off their ends.
    void withinOfSegmentAgreesWithTheDistance() {
        const std::vector<std::pair<PointMm, PointMm>> segments = {{{0, 0}, {3000, 0}},
                                                                   {{500, -200}, {500, 2600}},
                                                                   {{-700, -700}, {1900, 1300}},
                                                                   {{1200, 800}, {1200, 800}}};
        int within = 0, beyond = 0;
        for (const auto& [a, b] : segments)
            for (double x = -2000; x <= 4000; x += 137)
                for (double y = -2000; y <= 3000; y += 113)
                    for (const double r : {0.0, 50.0, 600.0, 1500.0}) {
                        const double dist = distanceToSegment(a, b, {x, y});
                        if (std::abs(dist - r) < 1e-6)
                            continue; // on the circle: either answer is the rounding's
                        const bool near = withinOfSegment(a, b, {x, y}, r);
                        QCOMPARE(near, dist <= r);
                        (near ? within : beyond) += 1;
                    }
        QVERIFY(within > 1000 && beyond > 1000); // both answers were asked
    }

    void drawnTrayGetsANameAndUndoes() {
        Design design(RowHall().b.d);
        auto r = edits::addPathway(design.data(), tray({1200, 600}, {1200, 6000}));
        applyUndoRedo(design, r);
        QCOMPARE(design.data().pathways.size(), std::size_t(2));
        QCOMPARE(design.data().pathways[PathwayId(1)].name, QStringLiteral("T1"));
        QCOMPARE(r.edit->text(), QStringLiteral("Draw tray T1"));
    }

    void trayThatCannotBeIsRefused() {
        const DesignData d = RowHall().b.d;
        struct Case {
            Pathway p;
            const char* why;
        };
        Pathway deep = tray({0, 600}, {3000, 600});
        deep.depthMm = 0;
        for (const auto& [p, why] : {Case{tray({0, 600}, {3000, 1800}), "x or y"},
                                     Case{tray({0, 600}, {100, 600}), "at least 300 mm"},
                                     Case{tray({-600, 600}, {3000, 600}), "inside the hall"},
                                     Case{deep, "width and depth"}}) {
            const auto r = edits::addPathway(d, p);
            QVERIFY(!r);
            QVERIFY2(r.refusal.contains(QLatin1String(why)), qPrintable(r.refusal));
        }
    }

    void moveOfOneDragIsOneStep() {
        Design design(RowHall().b.d);
        const PathwayId row = PathwayId(0);
        auto first = edits::movePathways(design.data(), {row}, {0, 600});
        QVERIFY(first);
        first.edit->apply(design);
        auto second = edits::movePathways(design.data(), {row}, {0, 600});
        QVERIFY(second);
        QCOMPARE(first.edit->mergeId(), second.edit->mergeId());
        second.edit->apply(design);
        QVERIFY(first.edit->mergeWith(*second.edit));
        QCOMPARE(design.data().pathways[row].from, (PointMm{600, 3600}));
        first.edit->revert(design); // the merged step takes back both moves
        QCOMPARE(design.data().pathways[row].from, (PointMm{600, 2400}));
        QVERIFY(!edits::movePathways(design.data(), {row}, {0, -3000}));
    }

    void splitKeepsTheFirstPartAndAddsTheRest() {
        Design design(RowHall().b.d);
        PathwayId added;
        auto r = edits::splitPathway(design.data(), PathwayId(0), {5000.4, 2300}, &added);
        applyUndoRedo(design, r);
        const Pathway& a = design.data().pathways[PathwayId(0)];
        const Pathway& b = design.data().pathways[added];
        QCOMPARE(a.from, (PointMm{600, 2400}));
        QCOMPARE(a.to, (PointMm{5000, 2400}));
        QCOMPARE(b.from, (PointMm{5000, 2400}));
        QCOMPARE(b.to, (PointMm{9600, 2400}));
        QCOMPARE(b.name, QStringLiteral("row-2"));
        QCOMPARE(b.widthMm, a.widthMm);
        // Too near an end: nothing to split off.
        const auto near = edits::splitPathway(design.data(), PathwayId(0), {700, 2400});
        QVERIFY(!near);
        QVERIFY(near.refusal.contains(QLatin1String("from its ends")));
    }

    void deleteAndEditUndo() {
        Design design(RowHall().b.d);
        auto del = edits::deletePathways(design.data(), {PathwayId(0)});
        applyUndoRedo(design, del);
        QVERIFY(design.data().pathways.empty());
        QVERIFY(!edits::deletePathways(design.data(), {PathwayId(0)}));
        del.edit->revert(design);
        Pathway after = design.data().pathways[PathwayId(0)];
        after.kind = PathwayKind::FibreRunner;
        after.widthMm = 300;
        after.depthMm = 150;
        after.elevationMm = 3000;
        auto edit = edits::editPathway(design.data(), PathwayId(0), after);
        applyUndoRedo(design, edit);
        QCOMPARE(design.data().pathways[PathwayId(0)], after);
        after.elevationMm = -1;
        QVERIFY(!edits::editPathway(design.data(), PathwayId(0), after));
    }

    void traysEditedAreSavedAndLoaded() {
        Design design(RowHall().b.d);
        auto add = edits::addPathway(design.data(), tray({1200, 600}, {1200, 6000}));
        add.edit->apply(design);
        auto split = edits::splitPathway(design.data(), PathwayId(1), {1200, 3000});
        split.edit->apply(design);
        const auto loaded =
            DesignFile::loadFromBytes(DesignFile::toBytes(design.data()), QStringLiteral("t"));
        QVERIFY(loaded.ok);
        QCOMPARE(loaded.data.pathways, design.data().pathways);
    }

    void recoveryJournalKeepsTrayEdits() {
        QTemporaryDir dir;
        Design design(RowHall().b.d);
        EditJournal journal(&design);
        QVERIFY(journal.start(dir.filePath(QStringLiteral("j.journal"))));
        auto add = edits::addPathway(design.data(), tray({1200, 600}, {1200, 6000}));
        add.edit->apply(design);
        QVERIFY(journal.checkpoint(add.edit->text()));
        auto del = edits::deletePathways(design.data(), {PathwayId(0)});
        del.edit->apply(design);
        QVERIFY(journal.checkpoint(del.edit->text()));
        const auto rec = EditJournal::recover(journal.path());
        QVERIFY2(rec.ok, qPrintable(rec.error));
        QCOMPARE(rec.data.pathways, design.data().pathways);
    }

    /// An open routes the cables on its worker and resets the design with them routed: the live
    /// analysis takes them as they are (routing 100,000 GPUs' cables twice cost the open), and
    /// a reset that did not route them is routed.
    void aRoutedResetIsNotRoutedAgain() {
        DesignData d = RowHall().b.d;
        routeCables(d);
        const LinkId ab = LinkId(0);
        const float routed = d.links[ab].lengthM;
        QVERIFY(routed > 0);
        d.links[ab].lengthM = routed + 7; // stale on purpose: shows whether it was re-derived
        Design design;
        LiveAnalysis live(&design);
        design.reset(d, true);
        live.runNow();
        QCOMPARE(design.data().links[ab].lengthM, routed + 7);
        design.reset(d);
        live.runNow();
        QCOMPARE(design.data().links[ab].lengthM, routed);
        // After a routed reset, an edit still reroutes what it touched.
        design.reset(d, true);
        live.runNow();
        auto move = edits::movePathways(design.data(), {PathwayId(0)}, {0, 1200});
        move.edit->apply(design);
        live.runNow();
        QCOMPARE(design.data().links[ab].lengthM, routed + 2.4f);
    }

    /// A tray dragged step by step: after the first step the live analysis re-derives only the
    /// rack pairs whose way along the trays changed. With a rack moved between steps, and a
    /// step back, every cable's length and medium and the trays' load stay those of a full
    /// routing of the design as it stands.
    void trayDragStepsMatchAFullRouting() {
        GenerateParams p;
        p.gpus = 512;
        const GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY(g.ok && !g.design.pathways.empty());
        Design design(g.design);
        LiveAnalysis live(&design);
        live.runNow();
        auto check = [&](const char* when) {
            DesignData full = design.data();
            routeCables(full);
            int differ = 0;
            full.links.forEach([&](LinkId id, const Link& l) {
                const Link& now = design.data().links[id];
                differ +=
                    now.lengthM != l.lengthM || now.medium != l.medium || now.mediumB != l.mediumB;
            });
            QVERIFY2(differ == 0, qPrintable(QStringLiteral("%1: %2 cables differ from a full "
                                                            "routing")
                                                 .arg(QLatin1String(when))
                                                 .arg(differ)));
            const TrayLoad want = computeTrayLoad(full, DesignIndex(full));
            QCOMPARE(live.trayLoad().segments.size(), want.segments.size());
            for (std::size_t i = 0; i < want.segments.size(); ++i)
                QVERIFY2(qAbs(live.trayLoad().segments[i].cableAreaMm2 -
                              want.segments[i].cableAreaMm2) < 1e-6,
                         when);
        };
        // The tray most cables run on: every step changes many pairs' ways.
        const PathwayId tray = design.data().pathways.ids().front();
        const RackId rack = design.data().racks.ids().front();
        int moved = 0;
        for (const double dy : {-300.0, -300.0, 600.0, -300.0}) {
            auto step = edits::movePathways(design.data(), {tray}, {0, dy});
            QVERIFY(step);
            step.edit->apply(design);
            if (++moved == 2) { // a rack moved in the same analysis as a tray
                Rack r = design.data().racks[rack];
                r.centre.x += 600;
                design.updateRack(rack, r);
            }
            live.runNow();
            QVERIFY(live.lastRunWasPlacementOnly());
            check(moved == 2 ? "tray and rack moved" : "tray moved");
        }
        // A rack moved alone, then the tray again: the pair it is in is worked out anew.
        Rack r = design.data().racks[rack];
        r.centre.x -= 600;
        design.updateRack(rack, r);
        live.runNow();
        check("rack moved back");
        auto step = edits::movePathways(design.data(), {tray}, {0, 300});
        step.edit->apply(design);
        live.runNow();
        check("tray moved after the rack");
    }

    void movingATrayOrARackReroutes() {
        Design design(RowHall().b.d);
        LiveAnalysis live(&design);
        live.runNow();
        const LinkId ab = LinkId(0);
        const float onTray = design.data().links[ab].lengthM;
        QVERIFY(onTray > 0);
        QCOMPARE(cableRoute(design.data(), ab).segments, std::vector<PathwayId>{PathwayId(0)});
        // The tray 1.2 m farther from both racks: the drops get longer by 2 x 1.2 m.
        auto move = edits::movePathways(design.data(), {PathwayId(0)}, {0, 1200});
        move.edit->apply(design);
        live.runNow();
        QCOMPARE(design.data().links[ab].lengthM, onTray + 2.4f);
        move.edit->revert(design);
        live.runNow();
        QCOMPARE(design.data().links[ab].lengthM, onTray);
        // A tray deleted: the cable has no pathway, the rule says so.
        auto del = edits::deletePathways(design.data(), {PathwayId(0)});
        auto add = edits::addPathway(design.data(), tray({600, 6000}, {9600, 6000}));
        del.edit->apply(design);
        add.edit->apply(design);
        live.runNow();
        bool noPathway = false;
        for (const Finding& f : live.findings())
            noPathway = noPathway || f.code == QLatin1String("link.no-pathway");
        QVERIFY(noPathway);
        QVERIFY(cableRoute(design.data(), ab).noPathway);
        // Tray edits re-run only the placement rules; they find what a full check finds.
        QVERIFY(live.lastRunWasPlacementOnly());
        QCOMPARE(keys(live.findings()), keys(analyze(design.data()).findings));
        add.edit->revert(design);
        del.edit->revert(design);
        live.runNow();
        QCOMPARE(keys(live.findings()), keys(analyze(design.data()).findings));
        // A rack moved 1.2 m along the row: its cable is 1.2 m shorter.
        Rack moved = design.data().racks[RackId(1)];
        moved.centre.x -= 1200;
        design.updateRack(RackId(1), moved);
        live.runNow();
        QCOMPARE(design.data().links[ab].lengthM, onTray - 1.2f);
    }

    void randomTrayEditsMatchAFullAnalysis() {
        // A generated design's trays moved, split, deleted and drawn at random: after each,
        // the live analysis (re-routing, placement rules only) equals a fresh full one.
        GenerateParams p;
        p.gpus = 64;
        const GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY(g.ok);
        Design design(g.design);
        LiveAnalysis live(&design);
        live.runNow();
        QRandomGenerator rng(14);
        int applied = 0;
        for (int i = 0; i < 60 && applied < 25; ++i) {
            const DesignData& d = design.data();
            const PathwayId id = test::pick(d.pathways, rng);
            if (!id)
                break;
            const Pathway& w = d.pathways[id];
            edits::Result r;
            switch (rng.bounded(4)) {
            case 0:
                r = edits::movePathways(
                    d, {id},
                    {300.0 * (int(rng.bounded(5)) - 2), 300.0 * (int(rng.bounded(5)) - 2)});
                break;
            case 1:
                r = edits::splitPathway(d, id, {(w.from.x + w.to.x) / 2, (w.from.y + w.to.y) / 2});
                break;
            case 2:
                r = edits::deletePathways(d, {id});
                break;
            default:
                r = edits::addPathway(d, tray({w.from.x, w.from.y}, {w.from.x, d.hall.depthMm}));
            }
            if (!r)
                continue;
            r.edit->apply(design);
            ++applied;
            live.runNow();
            QVERIFY(live.lastRunWasPlacementOnly());
            DesignData fresh = design.data();
            routeCables(fresh);
            QCOMPARE(keys(live.findings()), keys(analyze(fresh).findings));
            fresh.links.forEach([&](LinkId l, const Link& want) {
                QCOMPARE(design.data().links[l].lengthM, want.lengthM);
                QCOMPARE(design.data().links[l].medium, want.medium);
            });
        }
        QVERIFY(applied >= 10);
    }

    void clickOnTheRouteFindsTheBundle() {
        const DesignData d = RowHall().b.d;
        const CableBundle onTray = bundleAt(d, {5000, 2450}, 200);
        QCOMPARE(onTray.links, std::vector<LinkId>{LinkId(0)});
        QCOMPARE(bundleAt(d, {5000, 5000}, 200).links.size(), std::size_t(0));
        QCOMPARE(edits::pathwayAt(d, {5000, 2650}, 100), PathwayId(0));
        QVERIFY(!edits::pathwayAt(d, {5000, 3000}, 100));
    }
};

QTEST_GUILESS_MAIN(TestPathwayOps)
#include "tst_pathway_ops.moc"
