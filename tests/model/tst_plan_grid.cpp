// PlanGrid and CableRouteIndex (issue #32): which boxes meet a rectangle, found through a grid
// of cells, is exactly what testing every box finds, for boxes of every size (a trunk's run
// across the site, a rack's stub) and rectangles inside, across and outside the grid; and a
// generated campus's route index finds every bundle and tray piece a drawing sheet shows.
#include "TestDesigns.h"

#include "model/cabling/CableRouteMap.h"
#include "model/cabling/PlanGrid.h"
#include "model/generator/Generator.h"

#include <QRandomGenerator>
#include <QTest>

using namespace cds;

namespace {

bool meets(const RectMm& a, const RectMm& b) {
    return a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
}

std::vector<std::uint32_t> everyBoxMeeting(const std::vector<RectMm>& boxes, const RectMm& r) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = 0; i < boxes.size(); ++i)
        if (meets(boxes[i], r))
            out.push_back(i);
    return out;
}

RectMm randomRect(QRandomGenerator& g, double extent, double maxSide) {
    return {g.bounded(extent * 1.4) - extent * 0.2, g.bounded(extent * 1.4) - extent * 0.2,
            g.bounded(maxSide), g.bounded(maxSide)};
}

RectMm boxOf(const std::vector<PointMm>& pts, double margin) {
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (const PointMm& p : pts) {
        x0 = std::min(x0, p.x), y0 = std::min(y0, p.y);
        x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
    }
    return {x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin};
}

} // namespace

class TestPlanGrid : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void findsWhatEveryBoxTestFinds() {
        QRandomGenerator g(32);
        const double extent = 200000;
        std::vector<RectMm> boxes;
        for (int i = 0; i < 3000; ++i)
            boxes.push_back(randomRect(g, extent, i % 50 == 0 ? extent : 3000));
        boxes.push_back({5000, 5000, 0, 0}); // a point
        for (double cell : {500.0, 6000.0, 1e6}) {
            const PlanGrid grid(boxes, cell);
            int found = 0;
            for (int q = 0; q < 400; ++q) {
                const RectMm r = randomRect(g, extent, q % 7 == 0 ? extent : 15000);
                const std::vector<std::uint32_t> want = everyBoxMeeting(boxes, r);
                QCOMPARE(grid.meeting(r), want);
                found += int(want.size());
            }
            QVERIFY(found > 400); // the queries met boxes, not only empty space
        }
        QVERIFY(PlanGrid({}, 1000).meeting({0, 0, 10, 10}).empty());
    }

    /// Each bundle and piece a sheet of a campus shows is among those the index gives.
    void routeIndexFindsWhatASheetShows() {
        GenerateParams p;
        p.gpus = 2048;
        p.halls = 2;
        const GenerateResult r = generateCluster(p, test::bundled().catalog());
        QVERIFY(r.ok);
        CableRouteMap routes;
        routes.build(r.design);
        QVERIFY(routes.bundles().size() > 100);
        const double margin = 300;
        const CableRouteIndex index(routes, margin);
        std::vector<RectMm> bundles, pieces;
        for (const BundleRoute& b : routes.bundles())
            bundles.push_back(boxOf(b.points, margin));
        for (const TrayPieceLoad& piece : routes.pieces())
            pieces.push_back(boxOf({piece.from, piece.to}, margin));
        QRandomGenerator g(7);
        const double extent = std::max(r.design.hall.widthMm, r.design.hall.depthMm);
        for (int q = 0; q < 200; ++q) {
            const RectMm sheet = randomRect(g, extent, 14000);
            QCOMPARE(index.bundlesMeeting(sheet), everyBoxMeeting(bundles, sheet));
            QCOMPARE(index.piecesMeeting(sheet), everyBoxMeeting(pieces, sheet));
        }
    }
};

QTEST_APPLESS_MAIN(TestPlanGrid)
#include "tst_plan_grid.moc"
