// A tray drag (issue #32): each Dijkstra over the tray graph runs only until the node asked
// for is settled and resumes on the next question, a drag step's new graph carries searches
// over from the last step's graph, and each step re-derives only the rack pairs whose way
// changed. All are held here to what they stand in for: a lazily searched graph answers as one
// searched to the end, and every step of a drag over a generated hall and a campus leaves
// every cable's route, length and media and the trays' fill as a routing from scratch on a
// newly built graph gives them.
#include "TestDesigns.h"

#include "model/Design.h"
#include "model/DesignIndex.h"
#include "model/SiteHalls.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/cabling/CableRouteMap.h"
#include "model/cabling/CableRouting.h"
#include "model/cabling/TrayChange.h"
#include "model/cabling/TrayFill.h"
#include "model/cabling/TrayGraph.h"
#include "model/edits/Operations.h"
#include "model/edits/PathwayOps.h"
#include "model/generator/Generator.h"
#include "model/metrics/Metrics.h"
#include "model/rules/FindingCodes.h"
#include "model/rules/Rule.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <utility>
#include <vector>

using namespace cds;

namespace {

/// A drop at the first end of @p piece: with one on every piece, distanceMm() asks every
/// node's search for every node.
TrayDrop dropOn(std::size_t piece) {
    TrayDrop d;
    d.piece = std::int32_t(piece);
    return d;
}

/// Searches every tree of @p g to the end.
void searchEverything(const TrayGraph& g) {
    for (std::size_t p = 0; p < g.pieceCount(); ++p)
        for (std::size_t q = 0; q < g.pieceCount(); ++q)
            (void)g.distanceMm(dropOn(p), dropOn(q));
}

/// A graph of @p d's pathways built anew: TrayGraph::of() keeps the last graph it built, so
/// one for other pathways is asked for first (an empty floor).
std::shared_ptr<const TrayGraph> freshGraph(const DesignData& d) {
    (void)TrayGraph::of(DesignData{});
    return TrayGraph::of(d);
}

/// The rack pairs @p d's cables join (A end first), each once, in link order.
std::vector<std::pair<RackId, RackId>> rackPairs(const DesignData& d) {
    std::vector<std::pair<RackId, RackId>> out;
    std::set<std::pair<RackId, RackId>> seen;
    d.links.forEach([&](LinkId, const Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (a && b && a->rack != b->rack && d.racks.contains(a->rack) &&
            d.racks.contains(b->rack) && seen.insert({a->rack, b->rack}).second)
            out.push_back({a->rack, b->rack});
    });
    return out;
}

/// How many rack pairs @p lazy routes otherwise than @p full (length, pieces or line).
int pairsThatDiffer(const DesignData& d, const TrayGraph& lazy, const TrayGraph& full,
                    const std::vector<std::pair<RackId, RackId>>& pairs) {
    int differ = 0;
    for (const auto& [ra, rb] : pairs) {
        const PointMm a = d.racks[ra].centre, b = d.racks[rb].centre;
        const TrayDrop da = lazy.drop(a), db = lazy.drop(b), fa = full.drop(a), fb = full.drop(b);
        differ += lazy.distanceMm(da, db) != full.distanceMm(fa, fb) ||
                  lazy.route(da, db) != full.route(fa, fb) ||
                  lazy.polyline(a, da, b, db) != full.polyline(a, fa, b, fb);
    }
    return differ;
}

bool sameLoad(const TrayLoad& a, const TrayLoad& b) {
    if (a.segments.size() != b.segments.size() || a.noPathway != b.noPathway ||
        a.maxFillPct != b.maxFillPct)
        return false;
    for (std::size_t i = 0; i < a.segments.size(); ++i) {
        const TrayLoad::Segment &x = a.segments[i], &y = b.segments[i];
        if (x.id != y.id || x.cableAreaMm2 != y.cableAreaMm2 || x.cables != y.cables ||
            x.fillPct != y.fillPct)
            return false;
    }
    return true;
}

/// The links between two racks that no tray path joins on @p g, found link by link.
std::vector<LinkId> strandedLinks(const DesignData& d, const TrayGraph& g) {
    std::vector<LinkId> out;
    d.links.forEach([&](LinkId id, const Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (!a || !b || a->rack == b->rack || !d.racks.contains(a->rack) ||
            !d.racks.contains(b->rack))
            return;
        if (g.distanceMm(g.drop(d.racks[a->rack].centre), g.drop(d.racks[b->rack].centre)) < 0)
            out.push_back(id);
    });
    return out;
}

/// Pins copper on every third link between two halls of @p d: each is a
/// `link.inter-hall-multimode` warning whose message gives the length a tray step changes.
int pinCopperBetweenHalls(DesignData& d) {
    const TypeId copper = d.catalog.find(QStringLiteral("nvidia-acc-800g-osfp"));
    if (!copper)
        qFatal("no nvidia-acc-800g-osfp in the catalog");
    const std::vector<int> hall = rackHalls(d, d.halls);
    int seen = 0, pinned = 0;
    d.links.forEach([&](LinkId, Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (!a || !b || hallOfRack(hall, a->rack) < 0 ||
            hallOfRack(hall, a->rack) == hallOfRack(hall, b->rack) || seen++ % 3 != 0)
            return;
        l.pinnedMedium = copper;
        ++pinned;
    });
    return pinned;
}

/// How many `link.reach` findings each checked step had, in order (a drag that never moves a
/// cable past its reach, or never back, proves nothing about re-checking links).
std::vector<int> g_reachByStep;
/// Links without a tray path seen by the checks so far: a test that strands none does not
/// test finding them.
std::size_t g_strandedSeen = 0;
std::vector<int> g_interHallByStep; ///< and `link.inter-hall-multimode` findings

/// The live analysis against a routing from scratch of the design as it stands: every rack
/// pair's way, both ways round, over the graph the step used (searched as far as the step
/// asked) against a new graph searched to the end, and every cable's length and media and the
/// trays' fill against routeCables() and computeTrayLoad(). With @p newGraph those route over
/// the new graph (TrayGraph::of() is made to build it); without, over the graph the step used,
/// which the next step's graph then carries its searches over from, as in a drag.
void checkAgainstScratch(const Design& design, const LiveAnalysis& live, const QString& when,
                         bool newGraph) {
    const std::shared_ptr<const TrayGraph> used = TrayGraph::of(design.data());
    DesignData scratch = design.data();
    const std::shared_ptr<const TrayGraph> full =
        newGraph ? freshGraph(scratch) : std::make_shared<const TrayGraph>(scratch.pathways);
    QVERIFY(used != full);
    searchEverything(*full);
    std::vector<std::pair<RackId, RackId>> pairs = rackPairs(scratch);
    for (std::size_t i = 0, n = pairs.size(); i < n; ++i)
        pairs.push_back({pairs[i].second, pairs[i].first});
    const int ways = pairsThatDiffer(scratch, *used, *full, pairs);
    QVERIFY2(ways == 0,
             qPrintable(QStringLiteral("%1: %2 rack pairs' ways differ").arg(when).arg(ways)));
    routeCables(scratch);
    int differ = 0;
    scratch.links.forEach([&](LinkId id, const Link& want) {
        const Link& now = design.data().links[id];
        differ +=
            now.lengthM != want.lengthM || now.medium != want.medium || now.mediumB != want.mediumB;
    });
    QVERIFY2(differ == 0, qPrintable(QStringLiteral("%1: %2 cables differ").arg(when).arg(differ)));
    QVERIFY2(sameLoad(live.trayLoad(), computeTrayLoad(scratch, DesignIndex(scratch))),
             qPrintable(when + QStringLiteral(": tray fill differs")));
    QVERIFY2(live.trayLoad().noPathway == strandedLinks(scratch, *full),
             qPrintable(when + QStringLiteral(": the links without a tray path differ")));
    g_strandedSeen += live.trayLoad().noPathway.size();
    // The findings, re-checked link by link where the rule allows (RuleResults::relink),
    // are a full check's, in its order.
    auto describe = [](const std::vector<Finding>& fs) {
        QStringList out;
        for (const Finding& f : fs)
            out << f.code + QLatin1Char(' ') + f.message;
        return out;
    };
    const QStringList found = describe(live.findings()), checked = describe(runChecks(scratch));
    auto count = [&](const QString& code) {
        return int(std::count_if(live.findings().begin(), live.findings().end(),
                                 [&](const Finding& f) { return f.code == code; }));
    };
    g_reachByStep.push_back(count(codes::kLinkReach));
    g_interHallByStep.push_back(count(codes::kLinkInterHallMultimode));
    QVERIFY2(found == checked, qPrintable(QStringLiteral("%1: %2 findings, a full check %3")
                                              .arg(when)
                                              .arg(found.size())
                                              .arg(checked.size())));
}

/// Pins a 5 m copper cable on every link of @p d that now runs 3-7 m between two racks, so
/// that a tray step moves some of them past its reach (`link.reach`) and some back.
int pinShortCopper(DesignData& d) {
    const TypeId copper = d.catalog.find(QStringLiteral("nvidia-acc-800g-osfp"));
    if (!copper)
        qFatal("no nvidia-acc-800g-osfp in the catalog");
    int pinned = 0;
    d.links.forEach([&](LinkId, Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (a && b && a->rack != b->rack && l.lengthM >= 3 && l.lengthM <= 7) {
            l.pinnedMedium = copper;
            ++pinned;
        }
    });
    return pinned;
}

/// The first pathway of @p kind (invalid if none).
PathwayId firstOf(const DesignData& d, PathwayKind kind) {
    for (PathwayId id : d.pathways.ids())
        if (d.pathways[id].kind == kind)
            return id;
    return {};
}

/// A generated hall of @p gpus GPUs, its cables routed.
DesignData routedHall(int gpus) {
    GenerateParams p;
    p.gpus = gpus;
    GenerateResult g = generateCluster(p, test::bundled().catalog());
    if (!g.ok)
        qFatal("cannot generate %d GPUs: %s", gpus, qPrintable(g.error));
    routeCables(g.design);
    return std::move(g.design);
}

/// Routes @p d's cables again after its trays changed: the links whose route changed, each
/// with the link as it was (what TrayTally::retray() takes).
std::vector<std::pair<LinkId, Link>> rerouted(DesignData& d) {
    const SlotVector<Link, LinkId> before = d.links;
    routeCables(d);
    std::vector<std::pair<LinkId, Link>> changed;
    d.links.forEach([&](LinkId id, const Link& l) {
        if (!(l == before[id]))
            changed.push_back({id, before[id]});
    });
    return changed;
}

/// Drags @p trays of @p g's design in steps, checking each step against a routing from
/// scratch; returns how many steps were not refused.
int dragAndCheck(const GenerateResult& g, const std::vector<std::pair<PathwayId, PointMm>>& steps) {
    Design design(g.design);
    LiveAnalysis live(&design);
    live.runNow();
    int applied = 0;
    for (const auto& [tray, delta] : steps) {
        auto step = edits::movePathways(design.data(), {tray}, delta);
        if (!step) // out of the hall: a drag stops there too
            continue;
        step.edit->apply(design);
        live.runNow();
        ++applied;
        if (!live.lastRunWasPlacementOnly()) {
            QTest::qFail("a tray step ran the whole analysis", __FILE__, __LINE__);
            break;
        }
        checkAgainstScratch(design, live,
                            QStringLiteral("step %1 (tray %2 by %3, %4)")
                                .arg(applied)
                                .arg(tray.value())
                                .arg(delta.x)
                                .arg(delta.y),
                            applied % 2 == 1);
        if (QTest::currentTestFailed())
            break;
    }
    return applied;
}

/// The first difference between two route maps of one design, or an empty string: every
/// bundle's racks, layer, cables, cross-section, points and pieces, and every piece's load.
QString routeMapsDiffer(const CableRouteMap& a, const CableRouteMap& b) {
    if (a.bundles().size() != b.bundles().size() || a.pieces().size() != b.pieces().size())
        return QStringLiteral("%1 bundles and %2 pieces, not %3 and %4")
            .arg(a.bundles().size())
            .arg(a.pieces().size())
            .arg(b.bundles().size())
            .arg(b.pieces().size());
    for (std::size_t i = 0; i < a.bundles().size(); ++i) {
        const BundleRoute &x = a.bundles()[i], &y = b.bundles()[i];
        if (x.a != y.a || x.b != y.b || x.fabricKind != y.fabricKind || x.cables != y.cables ||
            x.areaMm2 != y.areaMm2 || x.noPathway != y.noPathway || x.points != y.points ||
            x.pieces != y.pieces || x.links != y.links)
            return QStringLiteral("bundle %1 (racks %2-%3)")
                .arg(i)
                .arg(x.a.value())
                .arg(x.b.value());
    }
    for (std::size_t i = 0; i < a.pieces().size(); ++i) {
        const TrayPieceLoad &x = a.pieces()[i], &y = b.pieces()[i];
        if (!(x.from == y.from) || !(x.to == y.to) || x.segment != y.segment ||
            x.cables != y.cables || x.areaMm2 != y.areaMm2 || x.fillPct != y.fillPct ||
            x.limitPct != y.limitPct)
            return QStringLiteral("piece %1").arg(i);
    }
    return {};
}

/// Holds TrayChange to its promise on @p before's trays changed to @p after: for every pair
/// of @p points (rack centres) whose way it says cannot change, the new graph gives the same
/// drops, the same length to the bit and, where each of its pieces still stands, the same
/// pieces. Returns how many pairs it let keep
/// their way, and sets @p longer to how many of the others the change made longer or
/// shorter (a test that changes nothing proves nothing). @p alongTrays: measured on the two
/// graphs (TrayChange::measureAlong), else by its boxes alone.
int checkTrayChange(const SlotVector<Pathway, PathwayId>& before,
                    const SlotVector<Pathway, PathwayId>& after, const std::vector<PointMm>& points,
                    int& longer, bool alongTrays = true) {
    const TrayGraph g0(before), g1(after);
    TrayChange change(before, after);
    if (alongTrays)
        change.measureAlong(g0, g1);
    const std::vector<std::int32_t> pieceNow = g1.piecesFrom(g0);
    int kept = 0;
    longer = 0;
    for (const PointMm& a : points)
        for (const PointMm& b : points) {
            const TrayDrop a0 = g0.drop(a), b0 = g0.drop(b), a1 = g1.drop(a), b1 = g1.drop(b);
            double len0 = -1, len1 = -1;
            std::vector<std::int32_t> way0 = g0.route(a0, b0, &len0);
            const std::vector<std::int32_t> way1 = g1.route(a1, b1, &len1);
            if (change.mayReroute(a, a0.lateralMm, b, b0.lateralMm, len0)) {
                longer += len0 != len1;
                continue;
            }
            ++kept;
            // A piece that is no longer the same (its far end was a junction with the moved
            // tray) sends the way to be found again (TrayTally); the others must match.
            bool samePieces = true;
            for (std::int32_t& piece : way0)
                samePieces = samePieces && (piece = pieceNow[std::size_t(piece)]) >= 0;
            if (len0 != len1 || (samePieces && way0 != way1) || a0.lateralMm != a1.lateralMm ||
                b0.lateralMm != b1.lateralMm || a0.elevationMm != a1.elevationMm ||
                b0.elevationMm != b1.elevationMm) {
                QTest::qFail(qPrintable(QStringLiteral("kept the way from (%1, %2) to (%3, %4), "
                                                       "%5 mm; it is %6 mm now")
                                            .arg(a.x)
                                            .arg(a.y)
                                            .arg(b.x)
                                            .arg(b.y)
                                            .arg(len0)
                                            .arg(len1)),
                             __FILE__, __LINE__);
                return kept;
            }
        }
    return kept;
}

/// Where @p d's racks stand, in id order.
std::vector<PointMm> rackCentres(const DesignData& d) {
    std::vector<PointMm> out;
    d.racks.forEach([&](RackId, const Rack& r) { out.push_back(r.centre); });
    return out;
}

/// A straight tray from @p a to @p b.
Pathway trayFrom(PointMm a, PointMm b) {
    Pathway p;
    p.from = a;
    p.to = b;
    return p;
}

} // namespace

class TestTrayDrag : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// Questions asked in any order, of a graph searched only as far as each needed, get the
    /// answers of a graph searched to the end: distances to the bit, the same pieces and line.
    void lazySearchAnswersAsAFullSearch() {
        GenerateParams p;
        p.gpus = 4096;
        const GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY(g.ok && !g.design.pathways.empty());
        const auto pairs = rackPairs(g.design);
        QVERIFY(pairs.size() > 100);
        const TrayGraph full(g.design.pathways);
        searchEverything(full);
        const TrayGraph inOrder(g.design.pathways);
        QCOMPARE(pairsThatDiffer(g.design, inOrder, full, pairs), 0);
        const TrayGraph backwards(g.design.pathways);
        const std::vector<std::pair<RackId, RackId>> reversed(pairs.rbegin(), pairs.rend());
        QCOMPARE(pairsThatDiffer(g.design, backwards, full, reversed), 0);
    }

    /// polyline() asked for the pieces too gives route()'s pieces, and its points walk them:
    /// the rack centres at its ends and, from one drop point to the other, a way as long as
    /// distanceMm(). The route map routes a rack pair once for all its bundles (one per
    /// layer): each bundle still starts and ends at its own racks and runs route()'s pieces.
    void polylineAndRouteMapWalkTheWay() {
        const DesignData d = routedHall(4096);
        const std::shared_ptr<const TrayGraph> g = TrayGraph::of(d);
        const auto pairs = rackPairs(d);
        QVERIFY(pairs.size() > 100);
        const auto same = [](PointMm p, PointMm q) {
            return std::abs(p.x - q.x) < 1e-6 && std::abs(p.y - q.y) < 1e-6;
        };
        int walked = 0;
        for (const auto& [ra, rb] : pairs) {
            const PointMm a = d.racks[ra].centre, b = d.racks[rb].centre;
            const TrayDrop da = g->drop(a), db = g->drop(b);
            std::vector<std::int32_t> pieces{-7}; // replaced, not appended to
            const std::vector<PointMm> line = g->polyline(a, da, b, db, &pieces);
            QVERIFY(pieces == g->route(da, db));
            QVERIFY(line == g->polyline(a, da, b, db));
            if (line.empty())
                continue;
            QVERIFY(same(line.front(), a) && same(line.back(), b));
            std::size_t from = 0, to = line.size();
            while (from < line.size() && !same(line[from], g->pointOf(da)))
                ++from;
            while (to > from && !same(line[to - 1], g->pointOf(db)))
                --to;
            QVERIFY(from < line.size() && to > from);
            double along = 0;
            for (std::size_t k = from; k + 1 < to; ++k)
                along += std::hypot(line[k + 1].x - line[k].x, line[k + 1].y - line[k].y);
            const double want = g->distanceMm(da, db);
            QVERIFY2(std::abs(along - want) <= 1 + 1e-4 * want,
                     qPrintable(QStringLiteral("%1 mm drawn, %2 mm along").arg(along).arg(want)));
            ++walked;
        }
        QVERIFY(walked > 100);
        CableRouteMap map;
        map.build(d);
        std::size_t sharing = 0;
        for (std::size_t k = 0; k < map.bundles().size(); ++k) {
            const BundleRoute& r = map.bundles()[k];
            sharing += k > 0 && map.bundles()[k - 1].a == r.a && map.bundles()[k - 1].b == r.b;
            const PointMm a = d.racks[r.a].centre, b = d.racks[r.b].centre;
            QVERIFY(same(r.points.front(), a) && same(r.points.back(), b));
            QVERIFY(r.pieces == g->route(g->drop(a), g->drop(b)));
        }
        QVERIFY(sharing > 0); // pairs with bundles on more than one layer
    }

    /// Two rows joined by a trunk halfway along and another near their far end: racks at the
    /// rows' near ends stand well beyond a drop from the first trunk, yet their way runs along
    /// it, so moving it lengthens their way; racks beside each other past the second trunk
    /// keep theirs. (Racks on a piece of a row the first trunk ends are asked again: their
    /// drops are measured from a junction that moved.)
    void trayChangeKeepsOnlyWaysClearOfTheChange() {
        SlotVector<Pathway, PathwayId> before;
        before.add(trayFrom({0, 0}, {40000, 0}));
        before.add(trayFrom({0, 10000}, {40000, 10000}));
        before.add(trayFrom({30000, 0}, {30000, 10000}));
        const PathwayId trunk = before.add(trayFrom({20000, 0}, {20000, 10000}));
        const std::vector<PointMm> racks = {{1000, -1000},  {2200, -1000},  {1000, 11000},
                                            {36000, -1000}, {38400, -1000}, {37000, 11000}};
        for (const double dx : {600.0, 5000.0, -15000.0}) {
            SlotVector<Pathway, PathwayId> after = before;
            after[trunk].from.x += dx;
            after[trunk].to.x += dx;
            int longer = 0;
            const int kept = checkTrayChange(before, after, racks, longer);
            if (QTest::currentTestFailed())
                return;
            QVERIFY2(kept > 0, qPrintable(QStringLiteral("trunk by %1: nothing kept").arg(dx)));
            QVERIFY2(longer > 0, qPrintable(QStringLiteral("trunk by %1: no way changed").arg(dx)));
        }
    }

    /// The same promise on a generated hall's rack centres: a row tray and a trunk moved by
    /// a step and by several metres, and a tray deleted.
    void trayChangeHoldsOnAGeneratedHall() {
        GenerateParams p;
        p.gpus = 2048;
        const GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY(g.ok);
        const std::vector<PointMm> racks = rackCentres(g.design);
        const PathwayId row = firstOf(g.design, PathwayKind::Ladder);
        const PathwayId trunk = firstOf(g.design, PathwayKind::FibreRunner);
        QVERIFY(row && trunk);
        int keptAll = 0, longerAll = 0, keptByBoxes = 0;
        for (const auto& [tray, delta] : std::vector<std::pair<PathwayId, PointMm>>{
                 {row, {0, 300}}, {row, {0, -2400}}, {trunk, {600, 0}}, {trunk, {-6000, 0}}}) {
            SlotVector<Pathway, PathwayId> after = g.design.pathways;
            after[tray].from = {after[tray].from.x + delta.x, after[tray].from.y + delta.y};
            after[tray].to = {after[tray].to.x + delta.x, after[tray].to.y + delta.y};
            int longer = 0;
            keptAll += checkTrayChange(g.design.pathways, after, racks, longer);
            longerAll += longer;
            keptByBoxes += checkTrayChange(g.design.pathways, after, racks, longer, false);
            if (QTest::currentTestFailed())
                return;
        }
        // Along the trays far more ways are seen to keep clear of the changed pieces than the
        // boxes around the trays dragged let go (each way kept is checked above).
        QVERIFY2(keptAll > keptByBoxes,
                 qPrintable(QStringLiteral("kept %1 measured along the trays, %2 by the boxes")
                                .arg(keptAll)
                                .arg(keptByBoxes)));
        SlotVector<Pathway, PathwayId> without = g.design.pathways;
        without.take(row);
        int longer = 0;
        keptAll += checkTrayChange(g.design.pathways, without, racks, longer);
        QVERIFY(keptAll > 0);
        QVERIFY(longerAll + longer > 0);
    }

    /// A campus of two halls: the first hall's first row tray moved off the trunks' ends and
    /// back (as a drag does). Ways out of the hall pass the junction at that tray's end, in its
    /// box, but run on none of its pieces: measured along the trays they keep their way.
    void trayChangeHoldsOnACampus() {
        GenerateParams p;
        p.gpus = 2048;
        p.halls = 2;
        const GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY(g.ok);
        const std::vector<PointMm> racks = rackCentres(g.design);
        const PathwayId row = firstOf(g.design, PathwayKind::Ladder);
        QVERIFY(row);
        SlotVector<Pathway, PathwayId> off = g.design.pathways;
        off[row].from.y -= 300;
        off[row].to.y -= 300;
        int longer = 0, longerBack = 0;
        const int kept = checkTrayChange(g.design.pathways, off, racks, longer);
        const int keptBack = checkTrayChange(off, g.design.pathways, racks, longerBack);
        if (QTest::currentTestFailed())
            return;
        const int byBoxes = checkTrayChange(g.design.pathways, off, racks, longer, false) +
                            checkTrayChange(off, g.design.pathways, racks, longerBack, false);
        QVERIFY(longer + longerBack > 0);
        QVERIFY2(kept + keptBack > byBoxes,
                 qPrintable(QStringLiteral("kept %1 measured along the trays, %2 by the boxes")
                                .arg(kept + keptBack)
                                .arg(byBoxes)));
    }

    /// A hall of 4,096 GPUs: its first row tray dragged off the trunks and back, past them, and
    /// a trunk dragged across the rows.
    void hallTrayDragMatchesARoutingFromScratch() {
        GenerateParams p;
        p.gpus = 4096;
        GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY(g.ok);
        QVERIFY(pinShortCopper(g.design) > 20);
        g_reachByStep.clear();
        g_strandedSeen = 0;
        const PathwayId row = firstOf(g.design, PathwayKind::Ladder);
        const PathwayId trunk = firstOf(g.design, PathwayKind::FibreRunner);
        QVERIFY(row && trunk);
        const std::vector<std::pair<PathwayId, PointMm>> steps = {
            {row, {0, -300}},   {row, {0, -300}},   {row, {0, 600}},   {row, {0, 300}},
            {row, {0, -300}},   {trunk, {600, 0}},  {trunk, {600, 0}}, {trunk, {-1200, 0}},
            {trunk, {2400, 0}}, {row, {1200, 300}},
        };
        const int applied = dragAndCheck(g, steps);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(applied >= 7, qPrintable(QStringLiteral("only %1 steps moved").arg(applied)));
        const std::set<int> reach(g_reachByStep.begin(), g_reachByStep.end());
        QVERIFY2(reach.size() >= 2 && *reach.rbegin() > 0,
                 "no step changed which pinned cables are past their reach");
        QVERIFY2(g_strandedSeen > 0, "no step left a link without a tray path");
    }

    /// The floorplan's route map follows a tray drag step by step (CableRouteMap::followTrays)
    /// and holds, each step, what a map built from scratch holds: the same bundles, points,
    /// pieces, cross-sections and tray loads, a rack moved on the way included, while routing
    /// again only the bundles the change can reach.
    void routeMapFollowsATrayDragAsABuildFromScratch() {
        GenerateParams p;
        p.gpus = 4096;
        GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY(g.ok);
        Design design(g.design);
        LiveAnalysis live(&design);
        live.runNow(); // the cables routed over the trays, as in the studio
        CableRouteMap map;
        map.build(design.data());
        const PathwayId row = firstOf(design.data(), PathwayKind::Ladder);
        const PathwayId trunk = firstOf(design.data(), PathwayKind::FibreRunner);
        QVERIFY(row && trunk);
        const std::vector<std::pair<PathwayId, PointMm>> steps = {
            {row, {0, -300}},   {row, {0, 600}},    {trunk, {600, 0}}, {trunk, {-1200, 0}},
            {row, {1200, 300}}, {trunk, {2400, 0}}, {row, {0, -300}},
        };
        const RackId rack = design.data().racks.ids().back(); // far from the trays dragged
        std::size_t rerouted = 0, applied = 0;
        for (const auto& [tray, delta] : steps) {
            auto step = edits::movePathways(design.data(), {tray}, delta);
            if (!step)
                continue;
            step.edit->apply(design);
            std::vector<RackId> moved;
            if (++applied == 3) { // a rack moved in the same step, as a drag's paint may find
                const PointMm c = design.data().racks[rack].centre;
                auto move = edits::moveRacks(design.data(), {{rack, {c.x, c.y - 600}, 0}});
                QVERIFY2(move, qPrintable(move.refusal));
                move.edit->apply(design);
                moved.push_back(rack);
            }
            live.runNow();
            if (applied == 2) { // a cable of another diameter, as a re-routed one may get
                const LinkId id = map.bundles().front().links.front();
                Link l = design.data().links[id];
                const double was = cableDiameterMm(design.data(), l);
                for (std::size_t t = 0; t < design.data().catalog.size() && !l.pinnedMedium; ++t) {
                    const auto& media = design.data().catalog.items()[t].media;
                    if (media && media->diameterMm && *media->diameterMm != was)
                        l.pinnedMedium = TypeId(static_cast<TypeId::Rep>(t));
                }
                QVERIFY(l.pinnedMedium && design.updateLink(id, l));
            }
            map.followTrays(design.data(), moved);
            CableRouteMap scratch;
            scratch.build(design.data());
            const QString differ = routeMapsDiffer(map, scratch);
            QVERIFY2(differ.isEmpty(),
                     qPrintable(QStringLiteral("step %1: %2").arg(applied).arg(differ)));
            QVERIFY2(map.reroutedLast() < map.bundles().size() / 2,
                     qPrintable(QStringLiteral("step %1 routed %2 of %3 bundles again")
                                    .arg(applied)
                                    .arg(map.reroutedLast())
                                    .arg(map.bundles().size())));
            rerouted += map.reroutedLast();
        }
        QVERIFY(applied >= 5);
        QVERIFY(rerouted > 0); // the steps moved some bundles' ways
    }

    /// The tally keeps a way only on pieces that still stand, whatever the racks' reaches say:
    /// told (wrongly) that no tray changed while a row tray was deleted, it finds again every
    /// way that ran on it, or on a piece it split, and its fill is a count from scratch's.
    void keptWaysOnGonePiecesAreFoundAgain() {
        DesignData d = routedHall(2048);
        const std::shared_ptr<const TrayGraph> before = TrayGraph::of(d);
        TrayTally tally(d, DesignIndex(d));
        QCOMPARE(tally.graph().get(), before.get());
        const PathwayId row = firstOf(d, PathwayKind::Ladder);
        QVERIFY(row);
        d.pathways.take(row);
        const std::vector<std::pair<LinkId, Link>> changed = rerouted(d);
        const std::shared_ptr<const TrayGraph> now = TrayGraph::of(d);
        TrayChange blind(d.pathways, d.pathways); // no box: every way may stay, it says
        blind.measureAlong(*before, *now);
        std::size_t gone = 0;
        for (std::int32_t piece : blind.pieceNow())
            gone += piece < 0;
        QVERIFY2(gone > 0, "the deleted tray left no piece gone");
        RackReaches reaches(blind, d);
        const DesignIndex index(d);
        tally.retray(d, index, changed, &reaches);
        QCOMPARE(tally.graph().get(), now.get()); // the blind reaches were the ones used
        QVERIFY(sameLoad(tally.load(d, index), computeTrayLoad(d, index)));
    }

    /// A long drag: each step gives the moved tray's pieces new ids, until the ids of pieces
    /// no longer standing outnumber the graph's and the tally renumbers them. Its fill stays a
    /// count from scratch's throughout, before and after.
    void longTrayDragKeepsTheFillExact() {
        DesignData d = routedHall(2048);
        const PathwayId row = firstOf(d, PathwayKind::Ladder);
        QVERIFY(row);
        TrayTally tally(d, DesignIndex(d));
        // The tray moved by @p dy, its cables routed again: the tally told which changed.
        auto moveRow = [&](double dy) {
            d.pathways[row].from.y += dy;
            d.pathways[row].to.y += dy;
            const std::vector<std::pair<LinkId, Link>> changed = rerouted(d);
            const DesignIndex index(d);
            tally.retray(d, index, changed);
            return sameLoad(tally.load(d, index), computeTrayLoad(d, index));
        };
        const std::size_t pieces = TrayGraph::of(d)->pieceCount();
        QCOMPARE(tally.pieceIds(), pieces);
        std::size_t most = 0;
        bool renumbered = false;
        for (int step = 1; step <= 400 && !renumbered; ++step) {
            const bool same = moveRow(step % 2 ? -300 : 300);
            renumbered = tally.pieceIds() < most;
            most = std::max(most, tally.pieceIds());
            QVERIFY2(same, qPrintable(QStringLiteral("step %1: tray fill differs").arg(step)));
        }
        QVERIFY2(
            renumbered,
            qPrintable(
                QStringLiteral("%1 ids for %2 pieces, never renumbered").arg(most).arg(pieces)));
        QCOMPARE(tally.pieceIds(), TrayGraph::of(d)->pieceCount());
        QVERIFY2(moveRow(-300), "and on from there"); // with the ids renumbered
    }

    /// A campus of two halls joined by duct banks: a tray of the first hall and a trunk dragged.
    void campusTrayDragMatchesARoutingFromScratch() {
        GenerateParams p;
        p.gpus = 2048;
        p.halls = 2;
        GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY(g.ok);
        QCOMPARE(g.design.halls.size(), std::size_t(2));
        QVERIFY(pinCopperBetweenHalls(g.design) > 10);
        g_interHallByStep.clear();
        const PathwayId row = firstOf(g.design, PathwayKind::Ladder);
        const PathwayId trunk = firstOf(g.design, PathwayKind::FibreRunner);
        QVERIFY(row && trunk);
        const PathwayId duct = firstOf(g.design, PathwayKind::DuctBank);
        QVERIFY(duct); // the inter-hall links run along it
        const std::vector<std::pair<PathwayId, PointMm>> steps = {
            {row, {0, -300}},  {row, {0, 300}},      {row, {0, 300}},  {trunk, {600, 0}},
            {trunk, {600, 0}}, {trunk, {-600, 0}},   {row, {0, -600}}, {duct, {600, 0}},
            {duct, {0, 600}},  {duct, {-600, -600}},
        };
        const int applied = dragAndCheck(g, steps);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(applied >= 5, qPrintable(QStringLiteral("only %1 steps moved").arg(applied)));
        QVERIFY(!g_interHallByStep.empty() && g_interHallByStep.front() > 10);
        QVERIFY2(applied >= 8, "the duct bank did not move");
    }

    /// A tray step runs again only the rules that read the trays: one that reads where racks
    /// stand and not the trays keeps its findings (RackPlacementRule's overlap here), and they
    /// stay a full check's, step by step.
    void trayStepKeepsTheFindingsOfRulesThatReadNoTrays() {
        // The split itself, on rules that count their runs.
        class Counting final : public Rule {
        public:
            Counting(bool trays, int& runs)
                : m_trays(trays)
                , m_runs(runs) {}
            QString name() const override { return QStringLiteral("Counting%1").arg(m_trays); }
            QStringList codes() const override { return {}; }
            void check(const CheckContext&, std::vector<Finding>&) const override { ++m_runs; }
            bool readsPlacement() const override { return true; }
            bool readsTrays() const override { return m_trays; }

        private:
            bool m_trays;
            int& m_runs;
        };
        int trayRuns = 0, rackRuns = 0;
        RuleRegistry registry;
        registry.add(std::make_unique<Counting>(true, trayRuns));
        registry.add(std::make_unique<Counting>(false, rackRuns));
        RuleResults results(registry);
        const DesignData empty;
        const DesignIndex index(empty);
        const Metrics metrics = computeMetrics(empty);
        const CheckContext ctx{empty, index, metrics};
        results.runAll(ctx);
        QCOMPARE(std::pair(trayRuns, rackRuns), std::pair(1, 1));
        results.rerunPlacement(ctx, nullptr, false); // only trays changed
        QCOMPARE(std::pair(trayRuns, rackRuns), std::pair(2, 1));
        results.rerunPlacement(ctx, nullptr, true);
        QCOMPARE(std::pair(trayRuns, rackRuns), std::pair(3, 2));
        // The built-in rules that say they read no trays read nothing a tray changes.
        QStringList trayBlind;
        for (const auto& rule : RuleRegistry::builtin().rules()) {
            QVERIFY2(!rule->readsTrays() || rule->readsPlacement(), qPrintable(rule->name()));
            if (rule->readsPlacement() && !rule->readsTrays())
                trayBlind << rule->name();
        }
        trayBlind.sort();
        QCOMPARE(trayBlind, QStringList({QStringLiteral("PowerFloorRule"),
                                         QStringLiteral("RackPlacementRule")}));

        // In the studio's analysis: two racks on one spot, then a tray dragged.
        GenerateParams p;
        p.gpus = 1024;
        GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY(g.ok);
        const std::vector<RackId> racks = g.design.racks.ids();
        QVERIFY(racks.size() > 2);
        g.design.racks[racks[1]].centre = g.design.racks[racks[0]].centre;
        const auto overlaps = [](const std::vector<Finding>& fs) {
            return std::count_if(fs.begin(), fs.end(),
                                 [](const Finding& f) { return f.code == codes::kRackOverlap; });
        };
        QCOMPARE(overlaps(runChecks(g.design)), 1);
        const PathwayId row = firstOf(g.design, PathwayKind::Ladder);
        QVERIFY(row);
        const int applied = dragAndCheck(g, {{row, {0, -300}}, {row, {0, 300}}, {row, {0, 300}}});
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(applied, 3);
    }
};

QTEST_GUILESS_MAIN(TestTrayDrag)
#include "tst_tray_drag.moc"
