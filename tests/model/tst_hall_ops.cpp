// The hall editor's operations: size and tile, rows with their cold aisle, obstacles (columns,
// CRAC units); each undoable to the byte, refused where the hall could not be, and saved.
#include "EditChecks.h"
#include "TestDesigns.h"

#include "model/edits/HallOps.h"
#include "model/json/DesignFile.h"

#include <QTest>

using namespace cds;
using cds::test::applyUndoRedo;

namespace {

/// A campus of two halls on a 60 x 20 m site: hall A (24 x 16 m at the north-west corner)
/// holds the two racks, a row, a column and tray T1; tray T2 runs from A to hall B (24 x 16 m,
/// 30 m east).
DesignData twoHalls() {
    DesignData d = test::smallCluster();
    d.hall.widthMm = 60000;
    d.hall.depthMm = 20000;
    d.hall.rows.push_back({QStringLiteral("Row A"), {600, 1400, 6000, 1200}, true});
    d.hall.obstacles.push_back({QStringLiteral("Column 1"), {12000, 6000, 600, 600}});
    d.halls = {{QStringLiteral("A"), {0, 0, 24000, 16000}},
               {QStringLiteral("B"), {30000, 0, 24000, 16000}}};
    Pathway t1;
    t1.name = QStringLiteral("T1");
    t1.from = {300, 2000};
    t1.to = {7200, 2000};
    d.pathways.add(t1);
    Pathway t2 = t1;
    t2.name = QStringLiteral("T2");
    t2.from = {7200, 2000};
    t2.to = {33000, 2000};
    d.pathways.add(t2);
    return d;
}

const Pathway* trayNamed(const DesignData& d, const QString& name) {
    const Pathway* found = nullptr;
    d.pathways.forEach([&](PathwayId, const Pathway& p) {
        if (p.name == name)
            found = &p;
    });
    return found;
}

} // namespace

class TestHallOps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void resizeUndoesAndRefusesToStrandRacks() {
        Design design(test::smallCluster());
        auto r = edits::resizeHall(design.data(), 30000, 18000, 600);
        applyUndoRedo(design, r);
        QCOMPARE(design.data().hall.widthMm, 30000.0);
        QCOMPARE(r.edit->text(), QStringLiteral("Resize hall to 30.0 x 18.0 m"));
        // Rack N01 stands at x 1800: a 1.5 m wide hall would leave it outside.
        const auto small = edits::resizeHall(design.data(), 1500, 18000, 600);
        QVERIFY(!small);
        QVERIFY2(small.refusal.contains(QLatin1String("Rack N01 would be outside")),
                 qPrintable(small.refusal));
        QVERIFY(!edits::resizeHall(design.data(), 30000, 18000, 50));  // tile
        QVERIFY(!edits::resizeHall(design.data(), 30000, 500, 600));   // side
        QVERIFY(!edits::resizeHall(design.data(), 30000, 18000, 600)); // already so
    }

    void rowsGetNamesAndAisles() {
        Design design(test::smallCluster());
        Row row;
        row.area = {600, 1200, 6000, 1200};
        row.coldAisleNorth = false;
        auto a = edits::addRow(design.data(), row);
        applyUndoRedo(design, a);
        auto b = edits::addRow(design.data(), row);
        b.edit->apply(design);
        QCOMPARE(design.data().hall.rows.size(), std::size_t(2));
        QCOMPARE(design.data().hall.rows[0].name, QStringLiteral("Row A"));
        QCOMPARE(design.data().hall.rows[1].name, QStringLiteral("Row B"));
        Row turned = design.data().hall.rows[1];
        turned.coldAisleNorth = true;
        auto e = edits::editRow(design.data(), 1, turned);
        applyUndoRedo(design, e);
        QVERIFY(design.data().hall.rows[1].coldAisleNorth);
        auto del = edits::removeRow(design.data(), 0);
        applyUndoRedo(design, del);
        QCOMPARE(design.data().hall.rows.front().name, QStringLiteral("Row B"));
        row.area = {19000, 1200, 6000, 1200}; // past the 20 m wall
        QVERIFY(!edits::addRow(design.data(), row));
        QVERIFY(!edits::removeRow(design.data(), 5));
    }

    void obstaclesOfEachKind() {
        Design design(test::smallCluster());
        Obstacle column{edits::nextObstacleName(design.data().hall, edits::ObstacleKind::Column),
                        edits::defaultObstacleSize(edits::ObstacleKind::Column)};
        column.area.x = 6000;
        column.area.y = 6000;
        auto a = edits::addObstacle(design.data(), column);
        applyUndoRedo(design, a);
        QCOMPARE(design.data().hall.obstacles[0].name, QStringLiteral("Column 1"));
        QCOMPARE(edits::nextObstacleName(design.data().hall, edits::ObstacleKind::Column),
                 QStringLiteral("Column 2"));
        const RectMm crac = edits::defaultObstacleSize(edits::ObstacleKind::Crac);
        QCOMPARE(crac.w * crac.h, 2400.0 * 900.0);
        QCOMPARE(edits::obstacleAt(design.data().hall, {6300, 6300}), 0);
        QCOMPARE(edits::obstacleAt(design.data().hall, {100, 100}), -1);
        Obstacle moved = design.data().hall.obstacles[0];
        moved.area.x = 7200;
        auto e = edits::editObstacle(design.data(), 0, moved);
        applyUndoRedo(design, e);
        QCOMPARE(design.data().hall.obstacles[0].area.x, 7200.0);
        moved.area.w = 0;
        QVERIFY(!edits::editObstacle(design.data(), 0, moved));
        auto del = edits::removeObstacle(design.data(), 0);
        applyUndoRedo(design, del);
        QVERIFY(design.data().hall.obstacles.empty());
    }

    /// A campus hall moved in Properties (edits::setSiteHall) takes its racks, rows, obstacles
    /// and trays along; the tray to the other hall keeps its far end and gets a jog; undo
    /// gives back the design as it was.
    void siteHallMovesWithWhatStandsInIt() {
        Design design(twoHalls());
        const DesignData original = design.data();
        SiteHall a = original.halls[0];
        a.area.y = 3600; // 3.6 m south: across tray T2's line
        auto r = edits::setSiteHall(design.data(), 0, a);
        applyUndoRedo(design, r);
        QCOMPARE(r.edit->text(), QStringLiteral("Move A to (0.0, 3.6) m"));
        const DesignData& d = design.data();
        QCOMPARE(d.halls[0].area, (RectMm{0, 3600, 24000, 16000}));
        QCOMPARE(d.halls[1], original.halls[1]);
        QCOMPARE(d.racks[test::rackNamed(d, QStringLiteral("R01"))].centre, (PointMm{1200, 5600}));
        QCOMPARE(d.racks[test::rackNamed(d, QStringLiteral("N01"))].centre, (PointMm{1800, 5600}));
        QCOMPARE(d.hall.rows.back().area, (RectMm{600, 5000, 6000, 1200}));
        QCOMPARE(d.hall.obstacles.back().area, (RectMm{12000, 9600, 600, 600}));
        const Pathway* t1 = trayNamed(d, QStringLiteral("T1"));
        const Pathway* t2 = trayNamed(d, QStringLiteral("T2"));
        const Pathway* jog = trayNamed(d, QStringLiteral("T2 jog"));
        QVERIFY(t1 && t2 && jog);
        QCOMPARE(t1->from, (PointMm{300, 5600}));
        QCOMPARE(t1->to, (PointMm{7200, 5600}));
        QCOMPARE(t2->to, (PointMm{33000, 2000})); // its end in hall B stays
        QCOMPARE(t2->from, (PointMm{7200, 2000}));
        QCOMPARE(jog->from, (PointMm{7200, 2000})); // and a jog joins it to T1's end
        QCOMPARE(jog->to, (PointMm{7200, 5600}));
        QCOMPARE(d.pathways.size(), original.pathways.size() + 1);
        // Undo gives back the design as it was, equal and byte for byte.
        r.edit->revert(design);
        QVERIFY(design.data() == original);
        QCOMPARE(DesignFile::toBytes(design.data()), DesignFile::toBytes(original));
        QVERIFY(!trayNamed(design.data(), QStringLiteral("T2 jog")));
        // Along the tray's line, the tray to the other hall stretches instead.
        SiteHall east = original.halls[0];
        east.area.x = 1200;
        auto s = edits::setSiteHall(design.data(), 0, east);
        applyUndoRedo(design, s);
        QCOMPARE(trayNamed(design.data(), QStringLiteral("T2"))->from, (PointMm{8400, 2000}));
        QCOMPARE(trayNamed(design.data(), QStringLiteral("T2"))->to, (PointMm{33000, 2000}));
        QCOMPARE(design.data().pathways.size(), original.pathways.size());
        s.edit->revert(design);
        QVERIFY(design.data() == original);
    }

    /// A hall move that overlaps another hall, leaves the site, strands a rack or takes a used
    /// name is refused, naming the hall and the value; nothing changes.
    void siteHallMoveIsRefusedWithItsReason() {
        const DesignData d = twoHalls();
        SiteHall b = d.halls[1];
        b.area.x = 20000; // onto A
        const auto overlap = edits::setSiteHall(d, 1, b);
        QVERIFY(!overlap);
        QVERIFY2(overlap.refusal.contains(QLatin1String("B at (20.0, 0.0) m")) &&
                     overlap.refusal.contains(QLatin1String("would overlap A at (0.0, 0.0) m")),
                 qPrintable(overlap.refusal));
        b.area.x = 40000; // 40 + 24 m on a 60 m site
        const auto outside = edits::setSiteHall(d, 1, b);
        QVERIFY(!outside);
        QVERIFY2(outside.refusal.contains(QLatin1String("B at (40.0, 0.0) m")) &&
                     outside.refusal.contains(QLatin1String("outside the 60.0 x 20.0 m site")),
                 qPrintable(outside.refusal));
        SiteHall a = d.halls[0];
        a.area.w = 1200; // R01 stands at x 900-1500
        const auto small = edits::setSiteHall(d, 0, a);
        QVERIFY(!small);
        QVERIFY2(small.refusal.contains(QLatin1String("Rack R01 would be outside A")),
                 qPrintable(small.refusal));
        a = d.halls[0];
        a.name = QStringLiteral(" B ");
        const auto taken = edits::setSiteHall(d, 0, a);
        QVERIFY2(!taken && taken.refusal.contains(QLatin1String("Two halls are named B")),
                 qPrintable(taken.refusal));
        QVERIFY(!edits::setSiteHall(d, 0, d.halls[0]));                    // already so
        QVERIFY(!edits::setSiteHall(d, 2, d.halls[0]));                    // no such hall
        QVERIFY(!edits::setSiteHall(test::smallCluster(), 0, d.halls[0])); // no campus
        a.name = QStringLiteral("North");
        Design design(twoHalls());
        auto renamed = edits::setSiteHall(design.data(), 0, a);
        applyUndoRedo(design, renamed);
        QCOMPARE(renamed.edit->text(), QStringLiteral("Rename hall A to North"));
    }

    void editedHallRoundTripsThroughTheFile() {
        Design design(test::smallCluster());
        Hall h = design.data().hall;
        h.widthMm = 24000;
        h.depthMm = 14400;
        h.tileMm = 610; // 24 in
        h.rows.push_back({QStringLiteral("Row A"), {600, 1200, 12000, 1200}, false});
        h.obstacles.push_back({QStringLiteral("CRAC 1"), {21000, 600, 900, 2400}});
        h.obstacles.push_back({QStringLiteral("Column 1"), {12000, 7200, 600, 600}});
        auto r = edits::setHall(design.data(), h);
        applyUndoRedo(design, r);
        const QByteArray bytes = DesignFile::toBytes(design.data());
        const auto loaded = DesignFile::loadFromBytes(bytes, QStringLiteral("hall.cds.json"));
        QVERIFY(loaded.ok);
        QCOMPARE(loaded.data.hall, h);
        QCOMPARE(DesignFile::toBytes(loaded.data), bytes);
    }
};

QTEST_GUILESS_MAIN(TestHallOps)
#include "tst_hall_ops.moc"
