// The hall editor's operations: size and tile, rows with their cold aisle, obstacles (columns,
// CRAC units); each undoable to the byte, refused where the hall could not be, and saved.
#include "EditChecks.h"
#include "TestDesigns.h"

#include "model/edits/HallOps.h"
#include "model/json/DesignFile.h"

#include <QTest>

using namespace cds;
using cds::test::applyUndoRedo;

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
