// The power racks' floor space (issue #29, "the floor space the power racks take is part of
// the layout"): where the generator puts them, and PowerFloorRule (power.rack-floor).

#include "TestDesigns.h"

#include "model/RackGeometry.h"
#include "model/analysis/Analysis.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/rules/FindingCodes.h"
#include "model/rules/Rule.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace cds;

namespace {

DesignData gb300Dc() {
    GenerateParams p;
    p.gpus = 576;
    p.serverId = QStringLiteral("nvidia-gb300-nvl72");
    p.switchId = QStringLiteral("nvidia-q3400");
    p.power->dc800 = true;
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

/// The clear floor between two areas, mm (0 when they touch or overlap).
double gap(const RectMm& a, const RectMm& b) {
    const double dx = std::max({0.0, a.x - (b.x + b.w), b.x - (a.x + a.w)});
    const double dy = std::max({0.0, a.y - (b.y + b.h), b.y - (a.y + a.h)});
    return std::hypot(dx, dy);
}

std::vector<Finding> floorFindings(const DesignData& d) {
    std::vector<Finding> out;
    for (Finding& f : runChecks(d))
        if (f.code == codes::kPowerRackFloor)
            out.push_back(std::move(f));
    return out;
}

std::vector<PowerElementId> powerRacks(const DesignData& d) {
    std::vector<PowerElementId> out;
    d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        if (e.kind == PowerKind::PowerRack)
            out.push_back(id);
    });
    return out;
}

} // namespace

class TestPowerFloor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// Every power rack of a generated 800 V DC design stands in its hall, in a row's line
    /// (off the aisles), on no rack, obstacle or other power rack, right beside the racks it
    /// feeds; the checks find nothing.
    void generatedPowerRacksStandBesideTheirRacks() {
        const DesignData d = gb300Dc();
        const std::vector<PowerElementId> prs = powerRacks(d);
        QVERIFY(!prs.empty());
        const RectMm hall{0, 0, d.hall.widthMm, d.hall.depthMm};
        for (PowerElementId id : prs) {
            const PowerElement& e = d.power.elements[id];
            QVERIFY2(e.area.has_value(), qPrintable(e.name));
            const RectMm& a = *e.area;
            QVERIFY2(hall.contains(a), qPrintable(e.name));
            QVERIFY2(std::any_of(d.hall.rows.begin(), d.hall.rows.end(),
                                 [&](const Row& r) { return r.area.contains(a); }),
                     qPrintable(e.name + QStringLiteral(" is not in a row's line")));
            // The catalog entry's footprint: 600 x 1200 mm, one rack position.
            QCOMPARE(a.w, 600.0 * e.units);
            QCOMPARE(a.h, 1200.0);
            for (const Obstacle& o : d.hall.obstacles)
                QVERIFY(!a.intersects(o.area));
            double nearest = 1e18;
            d.racks.forEach([&](RackId, const Rack& r) {
                const RectMm f = footprint(d, r);
                QVERIFY2(!a.intersects(f), qPrintable(e.name + QStringLiteral(" on ") + r.name));
                if (r.feeds.a == id || r.feeds.b == id)
                    nearest = std::min(nearest, gap(a, f));
            });
            QVERIFY2(nearest <= 3000,
                     qPrintable(e.name + QStringLiteral(": %1 mm from its racks").arg(nearest)));
            for (PowerElementId other : prs)
                if (other != id)
                    QVERIFY(!a.intersects(*d.power.elements[other].area));
        }
        const Analysis an = analyze(d);
        for (const Finding& f : an.findings)
            QVERIFY2(f.code != codes::kPowerRackFloor && f.code != codes::kRackOverlap &&
                         f.code != codes::kRackOutsideHall,
                     qPrintable(f.message));
        // The areas are saved with the design and come back the same.
        const LoadResult back =
            DesignFile::loadFromBytes(DesignFile::toBytes(d), QStringLiteral("p.cds.json"));
        QVERIFY(back.ok);
        for (PowerElementId id : prs)
            QVERIFY(back.data.power.elements[id].area == d.power.elements[id].area);
    }

    /// An AC design keeps its elements off the floor: nothing there changes.
    void acDesignPlacesNothing() {
        GenerateParams p;
        p.gpus = 256;
        const GenerateResult r = generateCluster(p, test::bundled().catalog());
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(!r.design.power.isEmpty());
        r.design.power.elements.forEach(
            [&](PowerElementId, const PowerElement& e) { QVERIFY(!e.area.has_value()); });
    }

    /// power.rack-floor: a power rack moved onto a rack it feeds, out of the hall, or onto an
    /// obstacle is an error naming the element and what it stands on.
    void ruleFiresWhenAPowerRackIsMovedOntoARack() {
        DesignData d = gb300Dc();
        QVERIFY(floorFindings(d).empty());
        const PowerElementId id = powerRacks(d).front();
        PowerElement& e = d.power.elements[id];
        RackId fed;
        d.racks.forEach([&](RackId r, const Rack& rack) {
            if (!fed && (rack.feeds.a == id || rack.feeds.b == id))
                fed = r;
        });
        QVERIFY(fed.isValid());
        // The studio refuses to drag a rack onto it.
        Rack moved = d.racks[fed];
        moved.centre = {e.area->x + e.area->w / 2, e.area->y + e.area->h / 2};
        QVERIFY(placementProblem(d, {{fed, moved}}).contains(e.name));
        const RectMm f = footprint(d, d.racks[fed]);
        e.area = RectMm{f.x + 100, f.y, e.area->w, e.area->h};
        std::vector<Finding> fs = floorFindings(d);
        QVERIFY(!fs.empty());
        const auto onRack = std::find_if(fs.begin(), fs.end(), [&](const Finding& x) {
            return x.message.contains(d.racks[fed].name);
        });
        QVERIFY(onRack != fs.end());
        QCOMPARE(onRack->severity, Severity::Error);
        QCOMPARE(onRack->rule, QStringLiteral("PowerFloorRule"));
        QVERIFY(onRack->message.contains(e.name));
        QVERIFY(std::find(onRack->objects.begin(), onRack->objects.end(),
                          ObjectRef::powerElement(id)) != onRack->objects.end());
        QVERIFY(std::find(onRack->objects.begin(), onRack->objects.end(), ObjectRef::rack(fed)) !=
                onRack->objects.end());

        e.area = RectMm{d.hall.widthMm - 300, e.area->y, e.area->w, e.area->h}; // half out
        fs = floorFindings(d);
        QCOMPARE(int(fs.size()), 1);
        QVERIFY(fs[0].message.contains(QLatin1String("outside the hall")));
        QVERIFY(fs[0].message.contains(e.name));

        e.area = RectMm{d.hall.widthMm - 1000, d.hall.depthMm - 1300, 600, 1200}; // clear floor
        QVERIFY(floorFindings(d).empty());
        d.hall.obstacles.push_back({QStringLiteral("column K9"), {e.area->x, e.area->y, 200, 200}});
        fs = floorFindings(d);
        QCOMPARE(int(fs.size()), 1);
        QVERIFY(fs[0].message.contains(QLatin1String("column K9")));
    }
};

QTEST_APPLESS_MAIN(TestPowerFloor)
#include "tst_power_floor.moc"
