// A campus (issue #31): a site of halls in the design file, the rules that keep halls apart and
// racks in them, `stats` per hall and between halls, `generate --halls N`, and a power chain
// per hall.
#include "FabricTestUtil.h"

#include "model/analysis/Analysis.h"
#include "model/export/CablingSchedule.h"
#include "model/export/KubernetesExport.h"
#include "model/export/NetBoxExport.h"
#include "model/export/Reports.h"
#include "model/json/DesignFile.h"
#include "model/power/PowerFlow.h"
#include "model/site/Site.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

using namespace cds;
using test::countCode;
using test::errorCodes;

namespace {

GenerateParams campus(int gpus, int halls, const char* server = "nvidia-dgx-h100") {
    GenerateParams p;
    p.gpus = gpus;
    p.serverId = QLatin1String(server);
    p.halls = halls;
    return p;
}

QJsonObject stats(const DesignData& d) {
    const Analysis a = analyze(d);
    return QJsonDocument::fromJson(statsJson(d, a.metrics, &a.power)).object();
}

/// Each scalable unit's racks (suNN-...) stand in one hall; returns the hall of each unit.
std::map<QString, int> hallOfUnits(const DesignData& d) {
    const std::vector<int> halls = rackHalls(d, d.halls);
    std::map<QString, std::set<int>> seen;
    d.racks.forEach([&](RackId id, const Rack& r) {
        if (r.name.startsWith(QLatin1String("su")))
            seen[r.name.section(QLatin1Char('-'), 0, 0)].insert(halls[id.value()]);
    });
    std::map<QString, int> out;
    for (const auto& [su, hs] : seen) {
        if (hs.size() != 1)
            qFatal("%s stands in %d halls", qPrintable(su), int(hs.size()));
        out[su] = *hs.begin();
    }
    return out;
}

/// The hall of each power element by its name ("H2-UPS-A1": 1), by element id value; -1 when
/// the name carries none of @p halls halls.
std::vector<int> hallOfElements(const DesignData& d, int halls) {
    std::vector<int> out(d.power.elements.capacity(), -1);
    d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        for (int h = 0; h < halls; ++h)
            if (e.name.startsWith(QStringLiteral("H%1-").arg(h + 1)))
                out[id.value()] = h;
    });
    return out;
}

/// Every element of @p d's chain belongs to one hall (its name and group say which) and draws
/// only from its own hall's elements; every rack is fed only from its own hall's elements.
/// Returns the utility services of each hall.
std::map<int, int> checkChainsPerHall(const DesignData& d) {
    const int halls = int(d.halls.size());
    const std::vector<int> hallOf = hallOfElements(d, halls);
    std::map<int, int> utilities;
    d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        const int h = hallOf[id.value()];
        if (h < 0)
            qFatal("%s carries no hall in its name", qPrintable(e.name));
        // An N+1 or block chain's utility has no group: it serves its hall's systems or blocks.
        if (!e.group.isEmpty() && !e.group.startsWith(QStringLiteral("H%1 ").arg(h + 1)))
            qFatal("%s is in group %s", qPrintable(e.name), qPrintable(e.group));
        for (PowerElementId u : e.upstream)
            if (hallOf[u.value()] != h)
                qFatal("%s draws from %s", qPrintable(e.name),
                       qPrintable(d.power.elements[u].name));
        utilities[h] += e.kind == PowerKind::Utility;
    });
    const std::vector<int> rackHall = rackHalls(d, d.halls);
    int feeds = 0;
    d.racks.forEach([&](RackId id, const Rack& r) {
        for (PowerElementId f : {r.feeds.a, r.feeds.b})
            if (f.isValid()) {
                if (hallOf[f.value()] != rackHall[id.value()])
                    qFatal("%s in hall %d is fed from %s", qPrintable(r.name),
                           rackHall[id.value()] + 1, qPrintable(d.power.elements[f].name));
                ++feeds;
            }
    });
    if (feeds == 0)
        qFatal("no rack is fed");
    return utilities;
}

int powerErrors(const std::vector<Finding>& fs) {
    return int(std::count_if(fs.begin(), fs.end(), [](const Finding& f) {
        return f.severity == Severity::Error && f.code.startsWith(QLatin1String("power."));
    }));
}

} // namespace

class TestCampus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void twoHallsHoldWholeUnits() {
        const DesignData d = test::generated(campus(1024, 2)); // 4 SUs of 32 DGX H100
        QCOMPARE(d.halls.size(), std::size_t(2));
        QCOMPARE(d.halls[0].name, QStringLiteral("Hall 1"));
        const RectMm a = d.halls[0].area, b = d.halls[1].area;
        QVERIFY(!a.intersects(b));
        QCOMPARE(a.y, b.y); // side by side
        QVERIFY2(b.x - (a.x + a.w) >= 24000 - 1, "the halls stand 24 m apart");
        QVERIFY(a.x >= 0 && b.x + b.w <= d.hall.widthMm); // on the site
        QVERIFY(a.y + a.h <= d.hall.depthMm && b.y + b.h <= d.hall.depthMm);
        const std::map<QString, int> units = hallOfUnits(d);
        QCOMPARE(units.size(), std::size_t(4));
        QCOMPARE(units.at(QStringLiteral("su01")), 0);
        QCOMPARE(units.at(QStringLiteral("su02")), 0);
        QCOMPARE(units.at(QStringLiteral("su03")), 1);
        QCOMPARE(units.at(QStringLiteral("su04")), 1);
        for (int h : rackHalls(d, d.halls))
            QVERIFY(h >= -1); // every live rack is in a hall (checked by the rule below)
        const Analysis an = analyze(d);
        QCOMPARE(countCode(an.findings, "site.rack-outside-halls"), 0);
        QCOMPARE(countCode(an.findings, "site.hall-overlap"), 0);
        QVERIFY2(errorCodes(an.findings).isEmpty(),
                 qPrintable(errorCodes(an.findings).mid(0, 5).join(QLatin1Char('\n'))));
        // stats: each hall's figures, and what runs between them along the trays.
        const QJsonObject s = stats(d);
        const QJsonArray halls = s[QLatin1String("halls")].toArray();
        QCOMPARE(halls.size(), 2);
        QCOMPARE(halls[0][QLatin1String("id")].toInt(), 1);
        QCOMPARE(halls[1][QLatin1String("name")].toString(), QStringLiteral("Hall 2"));
        QCOMPARE(halls[0][QLatin1String("gpus")].toInt() + halls[1][QLatin1String("gpus")].toInt(),
                 1024);
        QCOMPARE(halls[1][QLatin1String("gpus")].toInt(), 512);
        int racks = 0;
        for (const QJsonValue h : halls)
            racks += h[QLatin1String("racks")].toInt();
        QCOMPARE(racks, int(d.racks.size()));
        const QJsonObject between = s[QLatin1String("inter_hall")].toObject();
        QVERIFY(between[QLatin1String("links")].toInt() > 0);
        QVERIFY(between[QLatin1String("optics")].toInt() > 0);
        // A link between halls runs at least the gap between their walls.
        QVERIFY(between[QLatin1String("max_length_m")].toDouble() >= 24);
    }

    /// Four halls stand in a grid of 2 x 2, read row by row, 24 m apart, the central network
    /// rows in Hall 2; the trays join them, so every link between halls is routed over them,
    /// no longer than a walk around the site.
    void fourHallsStandTwoByTwo() {
        const DesignData d = test::generated(campus(1024, 4)); // 4 SUs: one a hall
        QCOMPARE(d.halls.size(), std::size_t(4));
        const RectMm h1 = d.halls[0].area, h2 = d.halls[1].area, h3 = d.halls[2].area,
                     h4 = d.halls[3].area;
        QCOMPARE(h1.y, h2.y);
        QCOMPARE(h3.y, h4.y);
        QCOMPARE(h1.x, h3.x);
        QCOMPARE(h2.x, h4.x);
        QVERIFY2(h2.x - (h1.x + h1.w) >= 24000 - 1, "columns 24 m apart");
        QVERIFY2(h3.y - std::max(h1.y + h1.h, h2.y + h2.h) >= 24000 - 1, "rows 24 m apart");
        for (const SiteHall& h : d.halls)
            QVERIFY(h.area.x >= 0 && h.area.y >= 0 && h.area.x + h.area.w <= d.hall.widthMm &&
                    h.area.y + h.area.h <= d.hall.depthMm);
        // Closer to square than four halls in a column: neither side twice the other.
        QVERIFY2(
            d.hall.widthMm <= 2 * d.hall.depthMm && d.hall.depthMm <= 2 * d.hall.widthMm,
            qPrintable(QStringLiteral("site %1 x %2 mm").arg(d.hall.widthMm).arg(d.hall.depthMm)));
        // The spines stand in Hall 2, each unit in its own hall.
        const std::vector<int> halls = rackHalls(d, d.halls);
        d.racks.forEach([&](RackId id, const Rack& r) {
            if (r.name.startsWith(QLatin1String("spine")))
                QCOMPARE(halls[id.value()], 1);
        });
        const std::map<QString, int> units = hallOfUnits(d);
        QCOMPARE(units.at(QStringLiteral("su01")), 0);
        QCOMPARE(units.at(QStringLiteral("su04")), 3);
        const Analysis an = analyze(d);
        QVERIFY2(errorCodes(an.findings).isEmpty(),
                 qPrintable(errorCodes(an.findings).mid(0, 5).join(QLatin1Char('\n'))));
        QCOMPARE(countCode(an.findings, "link.no-pathway"), 0);
        const QJsonObject between = stats(d)[QLatin1String("inter_hall")].toObject();
        QVERIFY(between[QLatin1String("links")].toInt() > 0);
        const double longest = between[QLatin1String("max_length_m")].toDouble();
        QVERIFY2(longest >= 24 && longest <= (d.hall.widthMm + d.hall.depthMm) / 1000 + 10,
                 qPrintable(QStringLiteral("longest %1 m on a %2 x %3 mm site")
                                .arg(longest)
                                .arg(d.hall.widthMm)
                                .arg(d.hall.depthMm)));
    }

    /// Units that do not divide evenly: every hall gets some, the first ones one more.
    void everyHallGetsUnits() {
        const DesignData d = test::generated(campus(1024, 3)); // 4 SUs
        QCOMPARE(d.halls.size(), std::size_t(3));
        const QJsonArray halls = stats(d)[QLatin1String("halls")].toArray();
        QCOMPARE(halls[0][QLatin1String("gpus")].toInt(), 512);
        QCOMPARE(halls[1][QLatin1String("gpus")].toInt(), 256);
        QCOMPARE(halls[2][QLatin1String("gpus")].toInt(), 256);
        QVERIFY(errorCodes(analyze(d).findings).isEmpty());
    }

    /// Each hall of a liquid-cooled campus has its own CDUs, N+1 for its own heat.
    void eachHallHasItsOwnCdus() {
        const DesignData d = test::generated(campus(4608, 2, "nvidia-gb300-nvl72"));
        QCOMPARE(d.halls.size(), std::size_t(2));
        const std::vector<int> halls = rackHalls(d, d.halls);
        std::set<int> withCdus;
        d.racks.forEach([&](RackId id, const Rack& r) {
            if (r.name.startsWith(QLatin1String("cdu-")))
                withCdus.insert(halls[id.value()]);
        });
        QCOMPARE(withCdus, (std::set<int>{0, 1}));
        const Analysis an = analyze(d);
        QVERIFY2(errorCodes(an.findings).isEmpty(),
                 qPrintable(errorCodes(an.findings).mid(0, 5).join(QLatin1Char('\n'))));
        QCOMPARE(countCode(an.findings, "cooling.cdu-capacity"), 0);
    }

    /// Issue #31 with the power chain: each hall of a campus has a chain of its own, from its
    /// own two 2N utility services down, named and grouped by its hall ("H2-UPS-A1", "H2 A"),
    /// feeding only its hall's racks. The rules find no power.* error; any one UPS out
    /// overloads nothing and changes no load in another hall; each hall's demand on the
    /// utility is its own racks' load through the chain's losses.
    void eachHallHasItsOwnPowerChain() {
        const DesignData d = test::generated(campus(1024, 3)); // 4 SUs: 2, 1, 1
        QCOMPARE(d.halls.size(), std::size_t(3));
        QCOMPARE(d.power.scheme, PowerScheme::TwoN);
        QCOMPARE(checkChainsPerHall(d), (std::map<int, int>{{0, 2}, {1, 2}, {2, 2}}));
        QVERIFY(d.power.findByName(QStringLiteral("H2-UPS-A1")).isValid());
        QCOMPARE(d.power.elements[d.power.findByName(QStringLiteral("H2-UPS-B1"))].group,
                 QStringLiteral("H2 B"));
        const Analysis an = analyze(d);
        QVERIFY2(errorCodes(an.findings).isEmpty(),
                 qPrintable(errorCodes(an.findings).mid(0, 5).join(QLatin1Char('\n'))));
        QCOMPARE(countCode(an.findings, "power.single-corded"), 0);
        QCOMPARE(countCode(an.findings, "power.unfed"), 0);
        // Any one UPS out (taken from the chain: what drew from it loses that supply).
        const std::vector<int> hallOf = hallOfElements(d, 3);
        int upsOut = 0;
        d.power.elements.forEach([&](PowerElementId ups, const PowerElement& e) {
            if (e.kind != PowerKind::Ups)
                return;
            ++upsOut;
            DesignData without = d;
            without.power.elements.take(ups);
            const PowerAnalysis pa = analyzePower(without, an.metrics);
            for (const ElementFlow& f : pa.elements) {
                const QString what =
                    e.name + QStringLiteral(" out: ") + d.power.elements[f.id].name;
                QVERIFY2(f.normalKw <= f.capacityKw * (1 + 1e-9), qPrintable(what));
                if (hallOf[f.id.value()] != hallOf[ups.value()])
                    QVERIFY2(qAbs(f.normalKw - an.power.find(f.id)->normalKw) < 1e-6,
                             qPrintable(what));
            }
        });
        QVERIFY(upsOut >= 6);
        // Each hall's demand on the utility: its racks' IT load through the chain's losses.
        const QJsonObject st = stats(d);
        const QJsonArray halls = st[QLatin1String("halls")].toArray();
        double sum = 0;
        for (const QJsonValue& v : halls) {
            const QJsonObject h = v.toObject();
            const double it = h[QLatin1String("it_kw")].toDouble();
            const double kva = h[QLatin1String("utility_kva")].toDouble();
            QVERIFY2(kva >= it / d.power.powerFactor && kva <= 1.15 * it / d.power.powerFactor,
                     qPrintable(QStringLiteral("%1: %2 kW, %3 kVA")
                                    .arg(h[QLatin1String("name")].toString())
                                    .arg(it)
                                    .arg(kva)));
            sum += kva;
        }
        QVERIFY(
            qAbs(sum - st[QLatin1String("power_chain")][QLatin1String("utility_kva")].toDouble()) <
            1);
    }

    /// N+1 and block-redundant campuses: a chain per hall too, each from one utility service.
    void eachHallsChainKeepsTheScheme_data() {
        QTest::addColumn<int>("scheme");
        QTest::newRow("N+1") << int(PowerScheme::NPlusOne);
        QTest::newRow("4N/3") << int(PowerScheme::Block);
    }
    void eachHallsChainKeepsTheScheme() {
        QFETCH(int, scheme);
        GenerateParams p = campus(1024, 2);
        p.power->scheme = PowerScheme(scheme);
        const DesignData d = test::generated(p);
        QCOMPARE(d.power.scheme, PowerScheme(scheme));
        QCOMPARE(checkChainsPerHall(d), (std::map<int, int>{{0, 1}, {1, 1}}));
        const Analysis an = analyze(d);
        QCOMPARE(powerErrors(an.findings), 0);
        QCOMPARE(an.power.racksLostWorst, 0);
    }

    /// A design without halls keeps its chain as it was: no hall in its names or groups.
    void oneHallChainHasNoHallPrefix() {
        const DesignData d = test::generated(1024);
        QVERIFY(d.power.findByName(QStringLiteral("UPS-A1")).isValid());
        QVERIFY(d.power.findByName(QStringLiteral("UTIL-B")).isValid());
        d.power.elements.forEach([](PowerElementId, const PowerElement& e) {
            QVERIFY2(!e.name.startsWith(QLatin1String("H1-")), qPrintable(e.name));
        });
        const QJsonArray halls = stats(d)[QLatin1String("halls")].toArray();
        QCOMPARE(halls.size(), 1);
        QVERIFY(halls[0][QLatin1String("utility_kva")].toDouble() > 0);
        // No chain: no demand to give.
        const QJsonArray none = stats(test::smallCluster())[QLatin1String("halls")].toArray();
        QVERIFY(none[0][QLatin1String("utility_kva")].isNull());
    }

    /// A 3-tier campus: every hall holds whole pods, each pod's spines stand in the hall of
    /// the leaves they serve and the cores in the middle hall, so of the compute fabric only
    /// spine-core links cross between halls, each on a medium that reaches (single-mode past
    /// the 100 m of the longest multimode or AOC reach).
    void threeTierCampusKeepsSpinesWithTheirPods_data() {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("halls");
        QTest::addColumn<int>("podGpus");
        // 4,096 DGX H100 on QM9700 need 3 tiers: 16 units in 4 pods of 4.
        QTest::newRow("4 pods in 4 halls") << 4096 << 4 << 0;
        QTest::newRow("4 pods in 3 halls") << 4096 << 3 << 0;
        QTest::newRow("4 pods in 2 halls") << 4096 << 2 << 0;
        // Two tiers would carry these; --pod-gpus asks for a pod a hall.
        QTest::newRow("--pod-gpus 512 in 2 halls") << 1024 << 2 << 512;
    }
    void threeTierCampusKeepsSpinesWithTheirPods() {
        QFETCH(int, gpus);
        QFETCH(int, halls);
        QFETCH(int, podGpus);
        GenerateParams p = campus(gpus, halls);
        p.podGpus = podGpus;
        const GenerateResult r = generateCluster(p, test::bundled().catalog());
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY2(r.notes.join(QLatin1Char('\n')).contains(QLatin1String("only spine-core links")),
                 qPrintable(r.notes.join(QLatin1Char('\n'))));
        const DesignData& d = r.design;
        QCOMPARE(int(d.halls.size()), halls);
        QCOMPARE(int(hallOfUnits(d).size()), gpus / 256); // each unit in one hall
        const std::vector<int> rackHall = rackHalls(d, d.halls);
        auto hallOf = [&](DeviceId id) { return hallOfRack(rackHall, d.devices[id].rack); };
        const FabricId compute = d.findFabric(FabricKind::Compute);
        const int middle = (halls - 1) / 2;
        std::set<int> spineHalls;
        QStringList wrong;
        d.devices.forEach([&](DeviceId id, const Device& v) {
            if (v.fabric != compute)
                return;
            if (v.tier == Tier::Spine)
                spineHalls.insert(hallOf(id));
            if (v.tier == Tier::Core && hallOf(id) != middle)
                wrong << v.name + QStringLiteral(" stands in hall %1").arg(hallOf(id) + 1);
        });
        QCOMPARE(int(spineHalls.size()), halls); // every hall has spines of its own
        QVERIFY(!spineHalls.count(-1));
        int crossing = 0;
        d.links.forEach([&](LinkId, const Link& l) {
            if (l.fabric != compute)
                return;
            const Device& a = d.devices[l.a.device];
            const Device& b = d.devices[l.b.device];
            const Tier lo = std::min(a.tier, b.tier), hi = std::max(a.tier, b.tier);
            const int ha = hallOf(l.a.device), hb = hallOf(l.b.device);
            const QString what = a.name + QStringLiteral(" - ") + b.name;
            if (ha < 0 || hb < 0)
                wrong << what + QStringLiteral(": an end in no hall");
            if (ha == hb)
                return;
            ++crossing;
            if (lo != Tier::Spine || hi != Tier::Core)
                wrong << what + QStringLiteral(": crosses between halls");
            const std::optional<MediaSpec>* m =
                l.medium.isValid() ? &d.catalog[l.medium].media : nullptr;
            const double length = l.lengthM;
            if (!m || !*m || (*m)->maxReachM < length ||
                (length > 100 && (*m)->type != MediaType::Smf))
                wrong << what + QStringLiteral(": %1 m between halls on no medium that reaches")
                                    .arg(length);
        });
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.mid(0, 5).join(QLatin1Char('\n'))));
        QVERIFY(crossing > 0);
        const Analysis an = analyze(d);
        QVERIFY2(errorCodes(an.findings).isEmpty(),
                 qPrintable(errorCodes(an.findings).mid(0, 5).join(QLatin1Char('\n'))));
    }

    /// Fewer pods than halls: no hall can hold whole pods, so the spines stay with the cores in
    /// one hall, as before, and a note says why.
    void fewerPodsThanHallsKeepSpinesCentral() {
        const GenerateResult r = generateCluster(campus(4096, 8), test::bundled().catalog());
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY2(r.notes.join(QLatin1Char('\n'))
                     .contains(QLatin1String("4 pods cannot give each of 8 halls whole pods")),
                 qPrintable(r.notes.join(QLatin1Char('\n'))));
        const std::vector<int> rackHall = rackHalls(r.design, r.design.halls);
        std::set<int> spineHalls;
        r.design.devices.forEach([&](DeviceId, const Device& v) {
            if (v.tier == Tier::Spine)
                spineHalls.insert(hallOfRack(rackHall, v.rack));
        });
        QCOMPARE(spineHalls.size(), std::size_t(1));
    }

    void moreHallsThanUnitsIsRefused() {
        const GenerateResult r = generateCluster(campus(1024, 5), test::bundled().catalog());
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QLatin1String("5 halls need at least 5 scalable units; this "
                                                "design has 4")),
                 qPrintable(r.error));
        QVERIFY(!generateCluster(campus(1024, 0), test::bundled().catalog()).ok);
    }

    /// A 2-hall design saves, loads and saves again byte for byte; a one-hall design's file
    /// has no "halls" (it stays as it was).
    void campusRoundTripsByteForByte() {
        const DesignData d = test::generated(campus(1024, 2));
        const QByteArray bytes = DesignFile::toBytes(d);
        QVERIFY(bytes.contains("\"halls\": ["));
        const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("c.cds.json"));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.data.halls, d.halls);
        QCOMPARE(DesignFile::toBytes(r.data), bytes);
        QVERIFY(!DesignFile::toBytes(test::smallCluster()).contains("\"halls\""));
        // Without halls the floor is one hall, named after it.
        const DesignData one = test::generated(1024);
        const QJsonArray halls = stats(one)[QLatin1String("halls")].toArray();
        QCOMPARE(halls.size(), 1);
        QCOMPARE(halls[0][QLatin1String("name")].toString(), one.hall.name);
        QCOMPARE(halls[0][QLatin1String("gpus")].toInt(), 1024);
        QCOMPARE(stats(one)[QLatin1String("inter_hall")][QLatin1String("links")].toInt(), 0);
    }

    /// NetBox gets a location per hall (besides the site plan's, where the power panels are),
    /// and each rack and device the location of its hall.
    void netboxHasALocationPerHall() {
        const DesignData d = test::generated(campus(1024, 2));
        const NetBoxExport e = netboxExport(d, QStringLiteral("Campus"));
        QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
        const QList<QByteArray> locations = e.locationsCsv.trimmed().split('\n');
        QCOMPARE(locations.size(), 4); // header, the site plan, two halls
        QVERIFY(locations[2].startsWith("Campus,Hall 1,hall-1,planned"));
        QVERIFY(locations[3].startsWith("Campus,Hall 2,hall-2,planned"));
        int inHall2 = 0;
        for (const QByteArray& line : e.racksCsv.split('\n'))
            if (line.startsWith("su04-c01,"))
                QVERIFY2(line.contains(",Hall 2,"), line.constData());
            else if (line.contains(",Hall 2,"))
                ++inHall2;
        QVERIFY(inHall2 > 0);
        for (const QByteArray& line : e.devicesCsv.split('\n'))
            if (line.startsWith("su01-node01,"))
                QVERIFY2(line.contains(",Hall 1,su01-c01,"), line.constData());
    }

    /// Kubernetes: a campus node's zone is its hall, so Kueue's topology spans the halls.
    void kubernetesZoneIsTheHall() {
        const DesignData d = test::generated(campus(1024, 2));
        const KubernetesExport e = kubernetesExport(d);
        QVERIFY2(e.ok, qPrintable(e.error));
        QCOMPARE(e.levels.front(), QStringLiteral("topology.kubernetes.io/zone"));
        const QByteArray yaml = e.nodeLabelsYaml;
        const int hall1 = int(yaml.count("topology.kubernetes.io/zone: \"Hall-1\""));
        const int hall2 = int(yaml.count("topology.kubernetes.io/zone: \"Hall-2\""));
        QCOMPARE(hall1, 64); // 2 SUs of 32 DGX each
        QCOMPARE(hall2, 64);
    }

    /// The cabling schedule names each end's hall on a campus (two more columns); a one-hall
    /// design's schedule keeps its columns.
    void cablingScheduleNamesHalls() {
        const DesignData d = test::generated(campus(1024, 2));
        const QByteArray csv = cablingCsv(d);
        const QByteArray header = csv.left(csv.indexOf('\n') + 1);
        QVERIFY2(header.endsWith(",route,a_hall,b_hall\r\n"), header.constData());
        int between = 0;
        for (const QByteArray& line : csv.split('\n'))
            between += line.trimmed().endsWith(",Hall 1,Hall 2") ||
                       line.trimmed().endsWith(",Hall 2,Hall 1");
        QCOMPARE(between, stats(d)[QLatin1String("inter_hall")][QLatin1String("links")].toInt());
        const QByteArray one = cablingCsv(test::generated(1024));
        QVERIFY(one.left(one.indexOf('\n')).endsWith(",label,route\r"));
    }

    /// Halls that overlap and a rack in none of them are findings that name the place.
    void overlapAndStrayRackAreFound() {
        DesignData d = test::smallCluster();
        d.hall.widthMm = 60000;
        d.halls = {{QStringLiteral("A"), {0, 0, 30000, 20000}},
                   {QStringLiteral("B"), {25000, 0, 30000, 20000}}};
        d.racks.forEach([](RackId, Rack& r) { r.centre.y += 25000; }); // below both halls
        d.hall.depthMm = 40000;
        const std::vector<Finding> fs = runChecks(d);
        QCOMPARE(countCode(fs, "site.hall-overlap"), 1);
        QCOMPARE(countCode(fs, "site.rack-outside-halls"), int(d.racks.size()));
        for (const Finding& f : fs)
            if (f.code == QLatin1String("site.hall-overlap"))
                QVERIFY2(f.message.contains(QLatin1String("hall A")) &&
                             f.message.contains(QLatin1String("hall B")),
                         qPrintable(f.message));
    }

    /// Bad halls in a file are refused with their place.
    void badHallsAreRefused_data() {
        QTest::addColumn<QByteArray>("halls");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("problem");
        QTest::newRow("duplicate name") << QByteArray(R"([{"name": "A", "area": [0, 0, 5000, 5000]},
                               {"name": "A", "area": [6000, 0, 5000, 5000]}])")
                                        << "/halls/1/name"
                                        << "duplicate hall name";
        QTest::newRow("tiny") << QByteArray(R"([{"name": "A", "area": [0, 0, 500, 5000]}])")
                              << "/halls/0/area"
                              << "at least 1000 mm";
        QTest::newRow("unknown key")
            << QByteArray(R"([{"name": "A", "area": [0, 0, 5000, 5000], "mw": 3}])") << "/halls/0"
            << "mw";
        QTest::newRow("no name") << QByteArray(R"([{"name": " ", "area": [0, 0, 5000, 5000]}])")
                                 << "/halls/0/name"
                                 << "needs a name";
    }
    void badHallsAreRefused() {
        QFETCH(QByteArray, halls);
        QFETCH(QString, pointer);
        QFETCH(QString, problem);
        QByteArray bytes = DesignFile::toBytes(test::smallCluster());
        bytes.replace("\n  \"settings\":",
                      QByteArray("\n  \"halls\": " + halls + ",\n  \"settings\":"));
        const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("h.cds.json"));
        QVERIFY(!r.ok);
        const QString e = r.errors.front().toString();
        QVERIFY2(e.contains(pointer) && e.contains(problem), qPrintable(e));
    }
};

QTEST_APPLESS_MAIN(TestCampus)
#include "tst_campus.moc"
