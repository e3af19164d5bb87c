#include "FabricTestUtil.h"
#include "model/DesignIndex.h"
#include "model/cabling/CableRouting.h"
#include "model/cabling/TrayFill.h"
#include "model/cabling/TrayGraph.h"
#include "model/json/DesignFile.h"
#include "model/rules/fabric/FabricRules.h"

#include <numbers>

using namespace cds;
using namespace cds::test;

namespace {

Pathway tray(const char* name, PointMm from, PointMm to, PathwayKind kind = PathwayKind::Ladder) {
    Pathway p;
    p.name = QString::fromLatin1(name);
    p.kind = kind;
    p.from = from;
    p.to = to;
    p.elevationMm = 2700;
    p.widthMm = 600;
    p.depthMm = 100;
    return p;
}

/// Two rows of trays joined by a trunk at x = 500, and a tray nothing joins.
///   row1  y = 1000, x 0..10000    racks A (1000), B (9000)
///   trunk x = 500,  y 0..7000     crosses both rows
///   row2  y = 6000, x 0..10000    rack C (1000)
///   island y = 10000, x 0..3000   rack E (1000): no path to the others
struct TrayHall {
    Builder b;
    FabricId f = b.fabric(FabricKind::Compute);
    RackId ra = b.rack(QStringLiteral("A"), 1000, 1000);
    RackId rb = b.rack(QStringLiteral("B"), 9000, 1000);
    RackId rc = b.rack(QStringLiteral("C"), 1000, 6000);
    RackId re = b.rack(QStringLiteral("E"), 1000, 10000);
    DeviceId sa = b.device(QStringLiteral("swA"), "nvidia-qm9700", ra, 40, Tier::Leaf, f);
    DeviceId sb = b.device(QStringLiteral("swB"), "nvidia-qm9700", rb, 40, Tier::Spine, f);
    DeviceId sc = b.device(QStringLiteral("swC"), "nvidia-qm9700", rc, 40, Tier::Spine, f);
    DeviceId se = b.device(QStringLiteral("swE"), "nvidia-qm9700", re, 40, Tier::Spine, f);
    LinkId ab = b.link(sa, 0, sb, 0, f);
    LinkId ac = b.link(sa, 2, sc, 0, f);
    LinkId ae = b.link(sa, 4, se, 0, f);
    PathwayId row1 = b.d.pathways.add(tray("row 1", {0, 1000}, {10000, 1000}));
    PathwayId trunk = b.d.pathways.add(tray("trunk", {500, 0}, {500, 7000}));
    PathwayId row2 = b.d.pathways.add(tray("row 2", {0, 6000}, {10000, 6000}));
    PathwayId island = b.d.pathways.add(tray("island", {0, 10000}, {3000, 10000}));

    /// Expected length: along the trays, both vertical runs from U40 to the tray, slack.
    static double expectedM(double alongMm) {
        const double device = (39 + 0.5) * kMillimetresPerU;
        return (alongMm + 2 * (2700 - device) + 1000) / 1000.0;
    }
};

} // namespace

/// @brief Cable pathways: the file keys, routing over the tray graph, re-routing on a move,
/// the no-pathway and fill findings, and stats.
class TestPathways : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pathwaysAndFillLimitsRoundTrip() {
        TrayHall h;
        h.b.d.settings.trayFillLimitPct[std::size_t(PathwayKind::Ladder)] = 45;
        h.b.d.settings.trayFillLimitPct[std::size_t(PathwayKind::FibreRunner)] = 35;
        h.b.d.pathways[h.trunk].kind = PathwayKind::FibreRunner;
        h.b.d.pathways[h.trunk].depthMm = 150;
        const QByteArray bytes = DesignFile::toBytes(h.b.d);
        QVERIFY(bytes.contains("\"pathways\": ["));
        QVERIFY(bytes.contains("\"kind\": \"fibre-runner\""));
        QVERIFY(bytes.contains("\"trayFillLimitPct\": {"));
        const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("p.cds.json"));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.data.pathways, h.b.d.pathways);
        QCOMPARE(r.data.settings.trayFillLimitPct[1], 35.0);
        QCOMPARE(DesignFile::toBytes(r.data), bytes);
    }
    void defaultFillLimitsAreFiftyAndForty() {
        const DesignSettings s;
        QCOMPARE(s.trayFillLimitPct[std::size_t(PathwayKind::Ladder)], 50.0);
        QCOMPARE(s.trayFillLimitPct[std::size_t(PathwayKind::FibreRunner)], 40.0);
    }
    void version2FileLoadsWithNoPathways() {
        QByteArray v2 = DesignFile::toBytes(smallCluster());
        v2.replace(QByteArray("\"formatVersion\": " + QByteArray::number(kDesignFormatVersion)),
                   "\"formatVersion\": 2");
        v2.replace("\"pathways\": [],", "");
        QVERIFY(!v2.contains("pathways"));
        const LoadResult r = DesignFile::loadFromBytes(v2, QStringLiteral("v2.cds.json"));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.fileFormatVersion, 2);
        QVERIFY(r.data.pathways.empty());
        QVERIFY(r.notes.join(QLatin1Char('\n')).contains(QLatin1String("formatVersion 2 to 3")));
    }
    void badPathwayNamesItsPlace() {
        TrayHall h;
        QByteArray bytes = DesignFile::toBytes(h.b.d);
        bytes.replace("\"kind\": \"ladder\"", "\"kind\": \"hose\"");
        LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("p.cds.json"));
        QVERIFY(!r.ok);
        QCOMPARE(r.errors.front().field, QStringLiteral("/pathways/0/kind"));
        h.b.d.pathways[h.row1].to = h.b.d.pathways[h.row1].from;
        r = DesignFile::loadFromBytes(DesignFile::toBytes(h.b.d), QStringLiteral("p.cds.json"));
        QVERIFY(!r.ok);
        QCOMPARE(r.errors.front().field, QStringLiteral("/pathways/0/to"));
    }
    void graphJoinsCrossingSegments() {
        TrayHall h;
        const TrayGraph g(h.b.d.pathways);
        // row1 and row2 are cut by the trunk, the trunk by both rows: 2 + 2 + 3 + 1 pieces.
        QCOMPARE(g.pieceCount(), std::size_t(8));
        const TrayDrop a = g.drop({1000, 1000}), c = g.drop({1000, 6000});
        QVERIFY(a.valid() && c.valid());
        QCOMPARE(g.distanceMm(a, c), 6000.0);
        QVERIFY(g.distanceMm(a, g.drop({1000, 10000})) < 0);
        // A drop reaches the nearest tray within 3 m, and no farther.
        QCOMPARE(g.drop({5000, 3500}).lateralMm, 2500.0);
        QVERIFY(!g.drop({9000, 13500}).valid());
    }
    void dropIsTheNearestTrayWithinReach() {
        // drop() looks only at the pieces its grid cell lists: it must find what a look at
        // every segment finds, for points all over (and beyond) a grid of trays.
        SlotVector<Pathway, PathwayId> trays;
        for (int r = 0; r < 12; ++r)
            trays.add(tray("row", {0, 2400.0 * r}, {40000, 2400.0 * r}));
        for (int c = 0; c < 6; ++c)
            trays.add(tray("trunk", {7000.0 * c + 350, -500}, {7000.0 * c + 350, 27000}));
        trays.add(tray("diagonal", {3000, 3000}, {30000, 21000}));
        const TrayGraph g(trays);
        auto nearest = [&](PointMm p) {
            double best = 1e300;
            trays.forEach([&](PathwayId, const Pathway& t) {
                const double dx = t.to.x - t.from.x, dy = t.to.y - t.from.y;
                const double u = std::clamp(((p.x - t.from.x) * dx + (p.y - t.from.y) * dy) /
                                                (dx * dx + dy * dy),
                                            0.0, 1.0);
                best = std::min(best, std::hypot(t.from.x + u * dx - p.x, t.from.y + u * dy - p.y));
            });
            return best;
        };
        std::uint32_t seed = 7;
        auto next = [&seed] { return (seed = seed * 1664525U + 1013904223U) >> 8; };
        int reached = 0, beyond = 0;
        for (int i = 0; i < 4000; ++i) {
            const PointMm p{double(next() % 60000) - 10000, double(next() % 45000) - 10000};
            const double want = nearest(p);
            const TrayDrop d = g.drop(p);
            if (want > TrayGraph::kMaxDropMm) {
                QVERIFY2(!d.valid(), qPrintable(QStringLiteral("%1,%2").arg(p.x).arg(p.y)));
                ++beyond;
                continue;
            }
            QVERIFY2(d.valid(), qPrintable(QStringLiteral("%1,%2").arg(p.x).arg(p.y)));
            QVERIFY(std::abs(d.lateralMm - want) < 1e-6);
            ++reached;
        }
        QVERIFY(reached > 1000 && beyond > 500); // both kinds of point were tried
    }
    void cablesRunAlongTheTrays() {
        TrayHall h;
        routeCables(h.b.d);
        // A to B along row 1: 8 m; A to C: 0.5 + 5 + 0.5 m through the trunk (the floor
        // distance would be 5 m).
        QVERIFY(qAbs(h.b.d.links[h.ab].lengthM - TrayHall::expectedM(8000)) < 1e-3);
        QVERIFY(qAbs(h.b.d.links[h.ac].lengthM - TrayHall::expectedM(6000)) < 1e-3);
        QVERIFY(h.b.d.links[h.ac].medium); // medium chosen from that length
    }
    void withoutPathwaysTheFloorRouteStays() {
        TrayHall h;
        h.b.d.pathways = {};
        routeCables(h.b.d);
        QVERIFY(qAbs(h.b.d.links[h.ac].lengthM - routedLengthM(h.b.d, h.b.d.links[h.ac])) < 1e-6);
        const std::vector<Finding> fs = runChecks(h.b.d);
        QCOMPARE(countCode(fs, "link.no-pathway"), 0);
    }
    void movingARackReroutesItsCables() {
        TrayHall h;
        routeCables(h.b.d);
        const DesignIndex index(h.b.d);
        h.b.d.racks[h.rc].centre.x = 9000; // to the far end of row 2
        recheckMovedRack(h.b.d, index, h.rc);
        QVERIFY(qAbs(h.b.d.links[h.ac].lengthM - TrayHall::expectedM(500 + 5000 + 8500)) < 1e-3);
        QVERIFY(qAbs(h.b.d.links[h.ab].lengthM - TrayHall::expectedM(8000)) < 1e-3); // untouched
    }
    void linkWithNoPathwayIsReported() {
        TrayHall h;
        routeCables(h.b.d);
        const std::vector<Finding> fs = runChecks(h.b.d);
        QCOMPARE(countCode(fs, "link.no-pathway"), 1);
        for (const Finding& f : fs)
            if (f.code == QLatin1String("link.no-pathway")) {
                QCOMPARE(f.objects.front(), ObjectRef::link(h.ae));
                QVERIFY(f.message.contains(QLatin1String("rack A to rack E")));
            }
        // Its length falls back to the floor route, never silently zero.
        QVERIFY(qAbs(h.b.d.links[h.ae].lengthM - routedLengthM(h.b.d, h.b.d.links[h.ae])) < 1e-6);
        // Joining the island to the trunk routes it.
        h.b.d.pathways[h.trunk].to = {500, 10000};
        routeCables(h.b.d);
        QCOMPARE(countCode(runChecks(h.b.d), "link.no-pathway"), 0);
        QVERIFY(qAbs(h.b.d.links[h.ae].lengthM - TrayHall::expectedM(500 + 9000 + 500)) < 1e-3);
    }
    void trayFillWarnsThenErrors() {
        TrayHall h;
        for (int p = 6; p < 30; ++p) // 12 more cables from A to B on row 1
            h.b.link(h.sa, p, h.sb, p, h.f);
        routeCables(h.b.d);
        // Row 1 east of the trunk, where A's drop lands, carries the A-B and the A-C cables
        // (A-E has no path and loads no tray).
        double area = 0;
        h.b.d.links.forEach([&](LinkId, const Link& l) {
            const double dia = cableDiameterMm(h.b.d, l);
            if (l.b.device != h.se)
                area += std::numbers::pi * dia * dia / 4;
        });
        QVERIFY(cableDiameterMm(h.b.d, h.b.d.links[h.ab]) != kDefaultCableDiameterMm);
        Pathway& row1 = h.b.d.pathways[h.row1];
        row1.depthMm = 20;
        row1.widthMm = area * 100 / (75 * row1.depthMm); // 75 %: above the 50 % ladder limit
        std::vector<Finding> fs = runChecks(h.b.d);
        QCOMPARE(countCode(fs, "tray.fill"), 1);
        for (const Finding& f : fs)
            if (f.code == QLatin1String("tray.fill")) {
                QCOMPARE(f.severity, Severity::Warning);
                QCOMPARE(f.objects.front(), ObjectRef::pathway(h.row1));
                QVERIFY2(f.message.contains(QLatin1String("row 1 is 75.0 % full")),
                         qPrintable(f.message));
                QVERIFY(f.message.contains(QLatin1String("limit is 50 %")));
            }
        row1.widthMm = area * 100 / (120 * row1.depthMm); // 120 %: more than the tray holds
        fs = runChecks(h.b.d);
        for (const Finding& f : fs)
            if (f.code == QLatin1String("tray.fill"))
                QCOMPARE(f.severity, Severity::Error);
        QCOMPARE(countCode(fs, "tray.fill"), 1);
        // A higher limit in the settings silences the warning level, not the error level.
        h.b.d.settings.trayFillLimitPct[0] = 100;
        QCOMPARE(countCode(runChecks(h.b.d), "tray.fill"), 1);
        row1.widthMm = 600;
        row1.depthMm = 100;
        QCOMPARE(countCode(runChecks(h.b.d), "tray.fill"), 0);
        const TrayLoad load = computeTrayLoad(h.b.d, DesignIndex(h.b.d));
        QCOMPARE(load.segments.size(), std::size_t(4));
        QVERIFY(qAbs(load.lengthM - (10 + 7 + 10 + 3)) < 1e-9);
        QVERIFY(load.maxFillPct > 0 && load.maxFillPct < 50);
    }
    void generatedDesignsRouteOverTheirTrays() {
        for (int gpus : {256, 2048}) {
            const DesignData d = generated(gpus);
            QVERIFY(d.pathways.size() > d.hall.rows.size()); // a tray per row plus trunks
            const std::vector<Finding> fs = runChecks(d);
            QCOMPARE(countCode(fs, "link.no-pathway"), 0);
            QCOMPARE(countCode(fs, "tray.fill"), 0);
            QVERIFY2(errorCodes(fs).isEmpty(), qPrintable(errorCodes(fs).join(QLatin1Char('\n'))));
            // Lengths follow the trays: never shorter than the floor distance between racks.
            d.links.forEach([&](LinkId, const Link& l) {
                QVERIFY(l.lengthM + 1e-3 >= routedLengthM(d, l) - 1e-3 ||
                        d.devices[l.a.device].rack == d.devices[l.b.device].rack);
            });
        }
    }
};

QTEST_GUILESS_MAIN(TestPathways)
#include "tst_pathways.moc"
