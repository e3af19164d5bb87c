#include "HostileDesign.h"
#include "TestDesigns.h"

#include "model/DesignIndex.h"
#include "model/RackGeometry.h"
#include "model/fabric/FabricGraph.h"
#include "model/generator/Generator.h"
#include "model/metrics/Metrics.h"
#include "model/power/PowerFlow.h"
#include "model/rules/FoundationRules.h"

#include <algorithm>
#include <set>

using namespace cds;

/// @brief Each foundation rule fires on a deliberately broken design and not on a good one.
class TestRules : public QObject {
    Q_OBJECT
    static std::vector<Finding> withCode(const DesignData& d, const QString& code) {
        std::vector<Finding> out;
        for (Finding& f : runChecks(d))
            if (f.code == code)
                out.push_back(f);
        return out;
    }
    static Device& dev(DesignData& d, const char* name) {
        for (auto id : d.devices.ids())
            if (d.devices[id].name == QLatin1String(name))
                return d.devices[id];
        qFatal("no device %s", name);
    }
private Q_SLOTS:
    /// runChecks runs the rules on two threads: its findings are those of every rule run in
    /// turn on one, in the same order, on a design that makes many rules fire.
    void rulesOnTwoThreadsFindWhatOneThreadFinds() {
        GenerateParams p;
        p.gpus = 1024;
        DesignData d = test::generatedOrDie(p);
        d.racks.forEach([](RackId, Rack& r) { r.cooling = CoolingType::Air; });
        const std::vector<LinkId> links = d.links.ids();
        for (std::size_t i = 0; i < links.size(); i += 7)
            d.links.take(links[i]);
        const std::vector<RackId> racks = d.racks.ids();
        d.racks[racks.front()].centre.x += 40000; // far from its pairs: cable reach
        const DesignIndex index(d);
        const Metrics m = computeMetrics(d);
        const PowerAnalysis power = analyzePower(d, m);
        FabricGraphCache graphs;
        const CheckContext ctx{d, index, m, &graphs, nullptr, &power};
        std::vector<Finding> oneThread;
        for (const auto& rule : RuleRegistry::builtin().rules())
            rule->check(ctx, oneThread);
        markWaived(d, oneThread);
        std::set<QString> codes;
        for (const Finding& f : oneThread)
            codes.insert(f.code);
        QVERIFY2(codes.size() >= 6, qPrintable(QString::number(codes.size())));
        for (int run = 0; run < 5; ++run) {
            const std::vector<Finding> twoThreads = runChecks(ctx);
            QCOMPARE(twoThreads.size(), oneThread.size());
            for (std::size_t i = 0; i < oneThread.size(); ++i) {
                QCOMPARE(twoThreads[i].key(), oneThread[i].key());
                QCOMPARE(twoThreads[i].message, oneThread[i].message);
                QCOMPARE(twoThreads[i].rule, oneThread[i].rule);
            }
        }
    }
    // Regression (issue 19): these validated with 0 errors although the studio refuses them.
    void racksOutsideTheHallOnAnObstacleOrOverlappingAreErrors() {
        DesignData d = test::smallCluster();
        QVERIFY(withCode(d, QStringLiteral("rack.overlap")).empty());
        const std::vector<RackId> racks = d.racks.ids();
        QVERIFY(racks.size() >= 2);
        const RectMm first = footprint(d, d.racks[racks[0]]);
        d.racks[racks[1]].centre = {d.racks[racks[0]].centre.x + first.w / 2,
                                    d.racks[racks[0]].centre.y};
        const auto overlap = withCode(d, QStringLiteral("rack.overlap"));
        QCOMPARE(int(overlap.size()), 1);
        QCOMPARE(overlap[0].severity, Severity::Error);
        QCOMPARE(int(overlap[0].objects.size()), 2);

        d = test::smallCluster();
        d.racks[racks[0]].centre = {-100, 500}; // half of it west of the hall
        const auto outside = withCode(d, QStringLiteral("rack.outside-hall"));
        QCOMPARE(int(outside.size()), 1);
        QCOMPARE(outside[0].severity, Severity::Error);

        d = test::smallCluster();
        const RectMm f = footprint(d, d.racks[racks[0]]);
        d.hall.obstacles.push_back({QStringLiteral("column C3"), {f.x + 10, f.y + 10, 200, 200}});
        const auto onObstacle = withCode(d, QStringLiteral("rack.on-obstacle"));
        QCOMPARE(int(onObstacle.size()), 1);
        QVERIFY(onObstacle[0].message.contains(QLatin1String("column C3")));
    }
    void goodDesignHasNoErrors() {
        const auto fs = runChecks(test::smallCluster());
        for (const Finding& f : fs)
            if (f.severity == Severity::Error)
                qWarning("%s: %s", qPrintable(f.code), qPrintable(f.message));
        QCOMPARE(countFindings(fs).errors, 0);
    }
    void everyRuleIsRegisteredWithCodes() {
        QStringList codes;
        for (const auto& r : RuleRegistry::builtin().rules()) {
            QVERIFY(!r->name().isEmpty());
            codes << r->codes();
        }
        for (const char* c :
             {"rack.u-overlap", "rack.u-overflow", "rack.power-density", "data.power-missing",
              "data.weight-missing", "rack.weight-limit", "port.unconnected"})
            QVERIFY2(codes.contains(QLatin1String(c)), c);
    }
    void overlapInRack() {
        DesignData d = test::smallCluster();
        dev(d, "dgx02").uPosition = 5; // dgx01 occupies U2-U9
        const auto fs = withCode(d, QStringLiteral("rack.u-overlap"));
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Error);
        QCOMPARE(fs[0].objects.size(), std::size_t(3));
        QVERIFY(fs[0].message.contains(QLatin1String("dgx01")));
        QCOMPARE(fs[0].rule, QStringLiteral("RackSpaceRule"));
    }
    void overflowPastTop() {
        DesignData d = test::smallCluster();
        dev(d, "dgx02").uPosition = 38; // 8U from U38 reaches U45 of 42
        const auto fs = withCode(d, QStringLiteral("rack.u-overflow"));
        QCOMPARE(fs.size(), std::size_t(1));
        QVERIFY(fs[0].message.contains(QLatin1String("U38-U45")));
    }
    void powerDensityAgainstCooling() {
        DesignData d = test::smallCluster();
        QVERIFY(withCode(d, QStringLiteral("rack.power-density")).empty()); // 20.4 kW on DLC
        d.racks[RackId(0)].cooling = CoolingType::Air;                      // 20.4 kW on air: > 15
        auto fs = withCode(d, QStringLiteral("rack.power-density"));
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Error);
        QVERIFY(fs[0].threshold.contains(QLatin1String("air")));
        QVERIFY(fs[0].threshold.contains(QLatin1String("15")));
        QVERIFY(fs[0].message.contains(QLatin1String("direct liquid")));
        d.racks[RackId(0)].cooling = CoolingType::RearDoorHx; // 20.4 > 20: still over
        QCOMPARE(withCode(d, QStringLiteral("rack.power-density")).front().severity,
                 Severity::Error);
        // Editable per facility: a stronger rear door class makes it a warning.
        d.settings.cooling[std::size_t(CoolingType::RearDoorHx)].maxKw = 35;
        fs = withCode(d, QStringLiteral("rack.power-density"));
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Warning);
    }
    void missingPowerReported() {
        test::Builder b{test::smallCluster()};
        CatalogItem x = *test::bundled().catalog().item(QStringLiteral("generic-head-node-1u"));
        x.id = QStringLiteral("no-figures");
        x.powerMaxW.reset();
        Device v;
        v.name = QStringLiteral("head01");
        v.type = b.d.catalog.add(x);
        v.rack = RackId(1);
        v.uPosition = 1;
        b.d.devices.add(v);
        const auto fs = withCode(b.d, QStringLiteral("data.power-missing"));
        QCOMPARE(fs.size(), std::size_t(1));
        QVERIFY(fs[0].message.contains(QLatin1String("head01")));
        QVERIFY(fs[0].message.contains(QLatin1String("lower bound")));
    }
    void weightLimit() {
        DesignData d = test::smallCluster();
        QVERIFY(withCode(d, QStringLiteral("rack.weight-limit")).empty());
        d.settings.maxRackWeightKg = 200; // a weak raised floor
        const auto fs = withCode(d, QStringLiteral("rack.weight-limit"));
        QCOMPARE(fs.size(), std::size_t(1)); // R01: 2 x 130 kg + rack
        QVERIFY(fs[0].message.contains(QLatin1String("floor limit")));
    }
    void unconnectedRequiredPorts() {
        DesignData d = test::smallCluster();
        std::vector<LinkId> drop;
        d.links.forEach([&](LinkId id, const Link& l) {
            if (l.a.device == DeviceId(0) && l.a.port < 2)
                drop.push_back(id);
        });
        QCOMPARE(drop.size(), std::size_t(2));
        for (LinkId id : drop)
            d.links.take(id);
        const auto fs = withCode(d, QStringLiteral("port.unconnected"));
        QCOMPARE(fs.size(), std::size_t(1));
        QVERIFY(fs[0].message.contains(QLatin1String("2 required ports")));
        QCOMPARE(fs[0].objects.front(), ObjectRef::device(DeviceId(0)));
    }
    void waiverIsAppliedAndKeyedStably() {
        DesignData d = test::smallCluster();
        d.racks[RackId(0)].cooling = CoolingType::Air;
        Finding f = withCode(d, QStringLiteral("rack.power-density")).front();
        QVERIFY(!f.waived);
        QCOMPARE(f.key(), QStringLiteral("rack.power-density:rack/0"));
        d.waivers.push_back({f.key(), QStringLiteral("customer adds containment")});
        f = withCode(d, QStringLiteral("rack.power-density")).front();
        QVERIFY(f.waived);
        QCOMPARE(f.waiverReason, QStringLiteral("customer adds containment"));
        QCOMPARE(countFindings(runChecks(d)).errors, 0);
    }
};

QTEST_APPLESS_MAIN(TestRules)
#include "tst_rules.moc"
