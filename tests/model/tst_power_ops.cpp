// Edits of the power chain (issue #29): an element's capacity, units, efficiency, catalog type,
// name and supplies, a rack's feeds and the chain's settings; each undoable to the byte,
// refused with the element and the value named, checked by the analysis, saved and journaled.
#include "EditChecks.h"
#include "TestDesigns.h"

#include "model/analysis/Analysis.h"
#include "model/edits/PowerOps.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/json/EditJournal.h"
#include "model/rules/FindingCodes.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace cds;
using cds::test::applyUndoRedo;

namespace {

DesignData generated() {
    GenerateParams p;
    p.gpus = 256;
    p.power->scheme = PowerScheme::TwoN;
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

PowerElementId named(const Design& design, const char* name) {
    const PowerElementId id = design.data().power.findByName(QLatin1String(name));
    if (!id)
        qFatal("no power element %s", name);
    return id;
}

const PowerElement& element(const Design& design, PowerElementId id) {
    return design.data().power.elements[id];
}

int overloadsOf(const DesignData& d, PowerElementId id) {
    int n = 0;
    for (const Finding& f : analyze(d).findings)
        if (f.code == codes::kPowerElementOverload &&
            std::find(f.objects.begin(), f.objects.end(), ObjectRef::powerElement(id)) !=
                f.objects.end())
            ++n;
    return n;
}

/// A generated 800 V DC design: its power racks stand on the floor (PowerElement::area).
DesignData dc800() {
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

std::vector<PowerElementId> placedElements(const DesignData& d) {
    std::vector<PowerElementId> out;
    d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        if (e.area)
            out.push_back(id);
    });
    return out;
}

/// Another place on the tile grid where element @p id, of size @p size, could stand.
RectMm freePlaceFor(const DesignData& d, PowerElementId id, const RectMm& size) {
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    const PowerElement& e = d.power.elements[id];
    for (double y = 0; y + size.h <= d.hall.depthMm; y += tile)
        for (double x = 0; x + size.w <= d.hall.widthMm; x += tile) {
            const RectMm to{x, y, size.w, size.h};
            if (!(e.area && *e.area == to) && edits::powerAreaProblem(d, id, to).isEmpty())
                return to;
        }
    qFatal("no free floor for %s", qPrintable(e.name));
    return {};
}

/// How many rack feeds (A and B counted apart) name @p id.
int feedsOn(const DesignData& d, PowerElementId id) {
    int n = 0;
    d.racks.forEach(
        [&](RackId, const Rack& r) { n += (r.feeds.a == id ? 1 : 0) + (r.feeds.b == id ? 1 : 0); });
    return n;
}

int countOfKind(const DesignData& d, PowerKind k) {
    int n = 0;
    d.power.elements.forEach(
        [&](PowerElementId, const PowerElement& e) { n += e.kind == k ? 1 : 0; });
    return n;
}

/// The refusal of @p r, checked to be one that changes nothing.
QString refusalOf(const edits::Result& r) {
    if (r.edit)
        qFatal("expected a refusal, got the edit \"%s\"", qPrintable(r.edit->text()));
    return r.refusal;
}

} // namespace

class TestPowerOps : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void capacityAppliesUndoesAndRedoes() {
        Design design(generated());
        const PowerElementId ups = named(design, "UPS-A1");
        // (The generated UPS is a 1,200 kW module: a smaller one.)
        QCOMPARE(element(design, ups).capacity, 1200.0);
        auto r = edits::setPowerCapacity(design.data(), ups, 1000);
        applyUndoRedo(design, r);
        QCOMPARE(element(design, ups).capacity, 1000.0);
        QCOMPARE(r.edit->text(), QStringLiteral("Set UPS-A1 capacity to 1,000 kW"));
        // Rated in kVA: the text says so.
        const PowerElementId tx = named(design, "TX-A1");
        auto t = edits::setPowerCapacity(design.data(), tx, 3150);
        applyUndoRedo(design, t);
        QCOMPARE(t.edit->text(), QStringLiteral("Set TX-A1 capacity to 3,150 kVA"));
        // The same value again changes nothing.
        auto same = edits::setPowerCapacity(design.data(), ups, 1000);
        QVERIFY(same && same.edit->isNoOp());
    }

    void unitsScaleTheCapacityAndEfficiencyIsSet() {
        Design design(generated());
        const PowerElementId ups = named(design, "UPS-A1");
        const PowerElement before = element(design, ups);
        auto u = edits::setPowerUnits(design.data(), ups, before.units * 2);
        applyUndoRedo(design, u);
        QCOMPARE(element(design, ups).units, before.units * 2);
        QCOMPARE(element(design, ups).capacity, before.capacity * 2);
        QVERIFY2(u.edit->text().startsWith(QStringLiteral("Set UPS-A1 to ")),
                 qPrintable(u.edit->text()));
        auto e = edits::setPowerEfficiency(design.data(), ups, 97.5);
        applyUndoRedo(design, e);
        QCOMPARE(element(design, ups).efficiencyPct, 97.5);
        QCOMPARE(e.edit->text(), QStringLiteral("Set UPS-A1 efficiency to 97.5 %"));
    }

    /// A new entry of the element's kind brings its rating and efficiency, and travels in the
    /// edit: undone, the design's catalog is as it was.
    void typeIsACatalogEntryOfTheElementsKind() {
        Design design(generated());
        const PowerElementId ups = named(design, "UPS-A1");
        const PowerElement before = element(design, ups);
        const QString current = design.data().catalog[before.type].id;
        const QString other = current == QLatin1String("ups-vertiv-liebert-exl-s1-1200kw")
                                  ? QStringLiteral("ups-schneider-galaxy-vx-1500kw")
                                  : QStringLiteral("ups-vertiv-liebert-exl-s1-1200kw");
        const CatalogItem* entry = test::bundled().catalog().item(other);
        QVERIFY(entry && entry->powerElement);
        auto r = edits::setPowerType(design.data(), test::bundled().catalog(), ups, other);
        applyUndoRedo(design, r);
        const PowerElement& after = element(design, ups);
        QCOMPARE(design.data().catalog[after.type].id, other);
        QCOMPARE(after.capacity, entry->powerElement->capacity * before.units);
        QCOMPARE(after.efficiencyPct, entry->powerElement->efficiencyPct);
        QCOMPARE(r.edit->text(), QStringLiteral("Set UPS-A1 type to ") + entry->model);
        // A transformer is not a UPS; an unknown id is not in the catalog.
        const QString wrongKind =
            refusalOf(edits::setPowerType(design.data(), test::bundled().catalog(), ups,
                                          QStringLiteral("transformer-siemens-geafol-2500kva")));
        QVERIFY2(wrongKind.contains(QLatin1String("is not a UPS")) &&
                     wrongKind.contains(QLatin1String("UPS-A1")),
                 qPrintable(wrongKind));
        QVERIFY(refusalOf(edits::setPowerType(design.data(), test::bundled().catalog(), ups,
                                              QStringLiteral("no-such-entry")))
                    .contains(QLatin1String("not in the catalog")));
    }

    void renameKeepsNamesUnique() {
        Design design(generated());
        const PowerElementId ups = named(design, "UPS-A1");
        auto r = edits::renamePowerElement(design.data(), ups, QStringLiteral("  UPS-North  "));
        applyUndoRedo(design, r);
        QCOMPARE(design.data().power.findByName(QStringLiteral("UPS-North")), ups);
        QCOMPARE(r.edit->text(), QStringLiteral("Rename power element UPS-A1 to UPS-North"));
        QVERIFY(refusalOf(edits::renamePowerElement(design.data(), ups, QStringLiteral(" ")))
                    .contains(QLatin1String("needs a name")));
        QCOMPARE(refusalOf(edits::renamePowerElement(design.data(), ups, QStringLiteral("UPS-B1"))),
                 QStringLiteral("Another power element is named UPS-B1"));
        QVERIFY(!edits::renamePowerElement(design.data(), ups, QString(300, QLatin1Char('x'))));
    }

    /// Refusals name the element and the value, and leave nothing to push.
    void badValuesAreRefused_data() {
        QTest::addColumn<int>("field"); // 0 capacity, 1 efficiency, 2 units
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("quoted");
        QTest::newRow("zero capacity") << 0 << 0.0 << QStringLiteral("rated 0 kW");
        QTest::newRow("negative capacity") << 0 << -5.0 << QStringLiteral("rated -5 kW");
        QTest::newRow("absurd capacity") << 0 << 1e9 << QStringLiteral("rated 1,000,000,000 kW");
        QTest::newRow("NaN capacity")
            << 0 << std::numeric_limits<double>::quiet_NaN() << QStringLiteral("UPS-A1");
        QTest::newRow("zero efficiency") << 1 << 0.0 << QStringLiteral("0 % efficient");
        QTest::newRow("efficiency over 100") << 1 << 101.0 << QStringLiteral("101 % efficient");
        QTest::newRow("no units") << 2 << 0.0 << QStringLiteral("0 units");
        QTest::newRow("too many units") << 2 << 20000.0 << QStringLiteral("20000 units");
    }
    void badValuesAreRefused() {
        QFETCH(int, field);
        QFETCH(double, value);
        QFETCH(QString, quoted);
        Design design(generated());
        const PowerElementId ups = named(design, "UPS-A1");
        const edits::Result r = field == 0   ? edits::setPowerCapacity(design.data(), ups, value)
                                : field == 1 ? edits::setPowerEfficiency(design.data(), ups, value)
                                             : edits::setPowerUnits(design.data(), ups, int(value));
        const QString why = refusalOf(r);
        QVERIFY2(why.startsWith(QLatin1String("UPS-A1 ")), qPrintable(why));
        QVERIFY2(why.contains(quoted), qPrintable(why));
    }

    /// What an element draws from is named; a cycle, itself, a name given twice or missing is
    /// refused.
    void upstreamRefusesCycles() {
        Design design(generated());
        const PowerElementId ups = named(design, "UPS-A1");
        const PowerElementId tx = named(design, "TX-A1");
        const QString cycle =
            refusalOf(edits::setPowerUpstream(design.data(), tx, {QStringLiteral("UPS-A1")}));
        QVERIFY2(cycle.contains(QLatin1String("cycle")) && cycle.startsWith(QLatin1String("TX-A1")),
                 qPrintable(cycle));
        // Further up: the utility cannot draw from anything below it either.
        QVERIFY(refusalOf(edits::setPowerUpstream(design.data(), named(design, "UTIL-A"),
                                                  {QStringLiteral("UPS-A1")}))
                    .contains(QLatin1String("cycle")));
        QVERIFY(refusalOf(edits::setPowerUpstream(design.data(), ups, {QStringLiteral("UPS-A1")}))
                    .contains(QLatin1String("itself")));
        QVERIFY(refusalOf(edits::setPowerUpstream(design.data(), ups, {QStringLiteral("NOPE")}))
                    .contains(QLatin1String("no element of that name")));
        QVERIFY(
            refusalOf(edits::setPowerUpstream(design.data(), ups,
                                              {QStringLiteral("SWG-A1"), QStringLiteral("SWG-A1")}))
                .contains(QLatin1String("named twice")));
        // Without its battery: allowed, and undone to the byte.
        auto r = edits::setPowerUpstream(design.data(), ups, {QStringLiteral("SWG-A1")});
        applyUndoRedo(design, r);
        QCOMPARE(element(design, ups).upstream,
                 std::vector<PowerElementId>{named(design, "SWG-A1")});
        QCOMPARE(r.edit->text(), QStringLiteral("UPS-A1 draws from SWG-A1"));
    }

    /// A rack's feed names an element that feeds racks; a UPS or a missing name is refused,
    /// an empty name disconnects.
    void rackFeedsNameFeedingElements() {
        Design design(generated());
        const RackId rack = design.data().racks.ids().front();
        const Rack before = design.data().racks[rack];
        QVERIFY(before.feeds.a && before.feeds.b);
        const QString aName = element(design, before.feeds.a).name;
        // Both feeds through one busway: the analysis calls the rack single-corded.
        auto r = edits::setRackFeed(design.data(), rack, FeedSide::B, aName);
        applyUndoRedo(design, r);
        QCOMPARE(design.data().racks[rack].feeds.b, before.feeds.a);
        QCOMPARE(r.edit->text(), QStringLiteral("Feed rack %1 B from %2").arg(before.name, aName));
        bool single = false;
        for (const Finding& f : analyze(design.data()).findings)
            single = single || (f.code == codes::kPowerSingleCorded && !f.objects.empty() &&
                                f.objects.front() == ObjectRef::rack(rack));
        QVERIFY(single);
        const QString ups = refusalOf(
            edits::setRackFeed(design.data(), rack, FeedSide::A, QStringLiteral("UPS-A1")));
        QVERIFY2(ups.contains(before.name) && ups.contains(QLatin1String("a UPS")),
                 qPrintable(ups));
        const QString missing = refusalOf(
            edits::setRackFeed(design.data(), rack, FeedSide::A, QStringLiteral("BUS-NOPE")));
        QVERIFY2(missing.contains(QLatin1String("BUS-NOPE")) &&
                     missing.contains(QLatin1String("no element")),
                 qPrintable(missing));
        auto off = edits::setRackFeed(design.data(), rack, FeedSide::A, QString());
        applyUndoRedo(design, off);
        QVERIFY(!design.data().racks[rack].feeds.a);
        QCOMPARE(off.edit->text(), QStringLiteral("Disconnect rack %1 feed A").arg(before.name));
    }

    /// Done-when of the edit: a UPS set below its load is reported overloaded, and undoing the
    /// edit takes the finding away.
    void upsBelowItsLoadIsOverloaded() {
        Design design(generated());
        const PowerElementId ups = named(design, "UPS-A1");
        QCOMPARE(overloadsOf(design.data(), ups), 0);
        auto r = edits::setPowerCapacity(design.data(), ups, 50);
        QVERIFY2(r, qPrintable(r.refusal));
        r.edit->apply(design);
        QCOMPARE(overloadsOf(design.data(), ups), 1);
        r.edit->revert(design);
        QCOMPARE(overloadsOf(design.data(), ups), 0);
    }

    /// A new element with a catalog entry takes its rating and efficiency, joins the side of
    /// what it draws from, is named after its kind; undone, the design is as it was, catalog
    /// included (the entry travelled in the edit).
    void addedElementIsUndoneExactly() {
        Design design(generated());
        const DesignData before = design.data();
        const PowerElementId ups = named(design, "UPS-A1");
        const QString entry = QStringLiteral("busway-eaton-pow-r-way-1600a");
        const CatalogItem* item = test::bundled().catalog().item(entry);
        QVERIFY(item && item->powerElement);
        PowerElementId added;
        auto r = edits::addPowerElement(design.data(), test::bundled().catalog(), PowerKind::Busway,
                                        entry, {QStringLiteral("UPS-A1")}, {}, &added);
        QVERIFY2(r, qPrintable(r.refusal));
        QCOMPARE(added, before.power.elements.nextId());
        applyUndoRedo(design, r);
        const PowerElement& e = element(design, added);
        QCOMPARE(e.name, QStringLiteral("BUS-%1").arg(countOfKind(before, PowerKind::Busway) + 1));
        QVERIFY(e.kind == PowerKind::Busway);
        QCOMPARE(design.data().catalog[e.type].id, entry);
        QCOMPARE(e.capacity, item->powerElement->capacity);
        QCOMPARE(e.efficiencyPct, item->powerElement->efficiencyPct);
        QCOMPARE(e.upstream, std::vector<PowerElementId>{ups});
        QCOMPARE(e.group, element(design, ups).group);
        QVERIFY(!e.area);
        QCOMPARE(r.edit->text(), QStringLiteral("Add busway %1 below UPS-A1").arg(e.name));
        r.edit->revert(design);
        QVERIFY(design.data() == before);
        // Without an entry: a typical element of its kind, named as asked; a source without
        // supplies.
        auto typical =
            edits::addPowerElement(design.data(), test::bundled().catalog(), PowerKind::Ups,
                                   QString(), {}, QStringLiteral(" UPS-N "), &added);
        applyUndoRedo(design, typical);
        QCOMPARE(element(design, added).name, QStringLiteral("UPS-N"));
        QVERIFY(!element(design, added).type);
        QCOMPARE(element(design, added).capacity,
                 edits::typicalPowerElement(PowerKind::Ups).capacity);
        QVERIFY(element(design, added).upstream.empty());
        QCOMPARE(typical.edit->text(), QStringLiteral("Add UPS UPS-N"));
        // What it leaves saves and loads to the same bytes.
        const QByteArray bytes = DesignFile::toBytes(design.data());
        const LoadResult back = DesignFile::loadFromBytes(bytes, QStringLiteral("a.cds.json"));
        QVERIFY(back.ok);
        QCOMPARE(DesignFile::toBytes(back.data), bytes);
    }

    /// A new element is refused as a file or the other edits would refuse it: a taken or too
    /// long name, a missing supply or one named twice, an entry of another kind or none.
    void addedElementRefusals() {
        Design design(generated());
        const Catalog& lib = test::bundled().catalog();
        const QStringList ups{QStringLiteral("UPS-A1")};
        QCOMPARE(refusalOf(edits::addPowerElement(design.data(), lib, PowerKind::Busway, {}, ups,
                                                  QStringLiteral("UPS-B1"))),
                 QStringLiteral("Another power element is named UPS-B1"));
        QVERIFY(refusalOf(edits::addPowerElement(design.data(), lib, PowerKind::Busway, {}, ups,
                                                 QString(300, QLatin1Char('x'))))
                    .contains(QLatin1String("at most 256 bytes")));
        const QString missing = refusalOf(
            edits::addPowerElement(design.data(), lib, PowerKind::Busway, {},
                                   {QStringLiteral("UPS-NOPE")}, QStringLiteral("BUS-NEW")));
        QCOMPARE(missing, QStringLiteral("BUS-NEW cannot draw from UPS-NOPE: the chain has no "
                                         "element of that name"));
        QVERIFY(
            refusalOf(edits::addPowerElement(design.data(), lib, PowerKind::Busway, {},
                                             {QStringLiteral("UPS-A1"), QStringLiteral("UPS-A1")}))
                .contains(QLatin1String("UPS-A1 is named twice")));
        const QString wrongKind = refusalOf(
            edits::addPowerElement(design.data(), lib, PowerKind::Busway,
                                   QStringLiteral("ups-schneider-galaxy-vx-1500kw"), ups));
        QVERIFY2(wrongKind.contains(QLatin1String("is not a busway")), qPrintable(wrongKind));
        QVERIFY(refusalOf(edits::addPowerElement(design.data(), lib, PowerKind::Busway,
                                                 QStringLiteral("no-such-entry"), ups))
                    .contains(QLatin1String("not in the catalog")));
    }

    /// Deleting a busway leaves its racks unconnected on that side, and the text counts the
    /// feeds; deleting a UPS takes it out of what its busways draw from. One undo brings all
    /// of it back.
    void deletedElementIsUndoneExactly() {
        Design design(generated());
        const DesignData before = design.data();
        const RackId rack = before.racks.ids().front();
        const PowerElementId bus = before.racks[rack].feeds.a;
        QVERIFY(bus);
        const QString busName = before.power.elements[bus].name;
        const int feeds = feedsOn(before, bus);
        QVERIFY(feeds > 1);
        auto r = edits::removePowerElement(design.data(), bus);
        applyUndoRedo(design, r);
        QCOMPARE(r.edit->text(),
                 QStringLiteral("Delete %1 (%2 rack feeds disconnected)").arg(busName).arg(feeds));
        QVERIFY(!design.data().power.elements.contains(bus));
        QCOMPARE(feedsOn(design.data(), bus), 0);
        QVERIFY(!design.data().racks[rack].feeds.a);
        QCOMPARE(design.data().racks[rack].feeds.b, before.racks[rack].feeds.b);
        // The analysis sees the racks fed on one side only.
        bool single = false;
        for (const Finding& f : analyze(design.data()).findings)
            single = single || (f.code == codes::kPowerSingleCorded && !f.objects.empty() &&
                                f.objects.front() == ObjectRef::rack(rack));
        QVERIFY(single);
        const QByteArray bytes = DesignFile::toBytes(design.data());
        const LoadResult back = DesignFile::loadFromBytes(bytes, QStringLiteral("d.cds.json"));
        QVERIFY(back.ok);
        QCOMPARE(DesignFile::toBytes(back.data), bytes);
        r.edit->revert(design);
        QVERIFY(design.data() == before);

        const PowerElementId ups = named(design, "UPS-A1");
        std::vector<PowerElementId> below;
        before.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
            if (std::find(e.upstream.begin(), e.upstream.end(), ups) != e.upstream.end())
                below.push_back(id);
        });
        QVERIFY(!below.empty());
        auto u = edits::removePowerElement(design.data(), ups);
        applyUndoRedo(design, u);
        QCOMPARE(u.edit->text(), QStringLiteral("Delete UPS-A1"));
        for (PowerElementId id : below) {
            const auto& up = element(design, id).upstream;
            QVERIFY(std::find(up.begin(), up.end(), ups) == up.end());
        }
        u.edit->revert(design);
        QVERIFY(design.data() == before);
        // Several at once are one step; an id the chain lacks is no edit and no refusal.
        auto both = edits::removePowerElements(design.data(), {ups, bus});
        QVERIFY2(both, qPrintable(both.refusal));
        QVERIFY2(both.edit->text().startsWith(QStringLiteral("Delete 2 power elements (")),
                 qPrintable(both.edit->text()));
        const edits::Result gone = edits::removePowerElement(design.data(), PowerElementId(99999));
        QVERIFY(!gone && gone.refusal.isEmpty());
        QVERIFY(!refusalOf(edits::removePowerElements(design.data(), {})).isEmpty());
    }

    /// A power rack moves to free floor as one step, merged over a drag; it is refused on a
    /// rack, another power rack, an obstacle or outside the hall, with its name and place.
    void powerRackMovesOnFreeFloorOnly() {
        Design design(dc800());
        const DesignData before = design.data();
        const std::vector<PowerElementId> prs = placedElements(before);
        QVERIFY(prs.size() >= 2);
        const PowerElementId pr = prs.front();
        const PowerElement& e = before.power.elements[pr];
        const RectMm from = *e.area;
        const RectMm to = freePlaceFor(before, pr, from);
        auto r = edits::setPowerElementArea(design.data(), pr, to);
        applyUndoRedo(design, r);
        QVERIFY(element(design, pr).area && *element(design, pr).area == to);
        QCOMPARE(r.edit->text(), QStringLiteral("Move power rack ") + e.name);
        for (const Finding& f : analyze(design.data()).findings)
            QVERIFY2(f.code != codes::kPowerRackFloor, qPrintable(f.message));
        r.edit->revert(design);
        QVERIFY(design.data() == before);

        auto refused = [&](const RectMm& area) {
            const QString why = refusalOf(edits::setPowerElementArea(design.data(), pr, area));
            const QString head = QStringLiteral("Cannot move %1 to %2 x %3 mm at (")
                                     .arg(e.name)
                                     .arg(area.w, 0, 'f', 0)
                                     .arg(area.h, 0, 'f', 0);
            if (!why.startsWith(head))
                qWarning("%s", qPrintable(why));
            return why.startsWith(head) ? why : QString();
        };
        const RectMm rack = footprint(before, before.racks[before.racks.ids().front()]);
        QVERIFY(refused({rack.x, rack.y, from.w, from.h}).contains(QLatin1String("on rack ")));
        const PowerElement& other = before.power.elements[prs[1]];
        QVERIFY(refused(*other.area).contains(QStringLiteral("overlap power rack ") + other.name));
        QVERIFY(refused({before.hall.widthMm - from.w / 2, from.y, from.w, from.h})
                    .contains(QLatin1String("outside the hall")));
        QVERIFY(refused({to.x, to.y, 0, from.h}).contains(QLatin1String("at least 1 x 1 mm")));
        DesignData withColumn = before;
        withColumn.hall.obstacles.push_back(Obstacle{QStringLiteral("column C3"), to});
        QVERIFY(refusalOf(edits::setPowerElementArea(withColumn, pr, to))
                    .contains(QLatin1String("on obstacle column C3")));
        // Where it stands: nothing to do.
        auto same = edits::setPowerElementArea(design.data(), pr, from);
        QVERIFY(same && same.edit->isNoOp());
    }

    /// Two moves of one drag are one step; a move of another element does not join them.
    void powerRackDragMergesIntoOneStep() {
        Design design(dc800());
        const DesignData before = design.data();
        const std::vector<PowerElementId> prs = placedElements(before);
        const PowerElementId pr = prs.front();
        const RectMm first = freePlaceFor(before, pr, *before.power.elements[pr].area);
        auto a = edits::setPowerElementArea(design.data(), pr, first);
        QVERIFY2(a, qPrintable(a.refusal));
        a.edit->apply(design);
        const RectMm second = freePlaceFor(design.data(), pr, first);
        auto b = edits::setPowerElementArea(design.data(), pr, second);
        QVERIFY2(b, qPrintable(b.refusal));
        b.edit->apply(design);
        QCOMPARE(a.edit->mergeId(), int(MergeMovePowerRack));
        QCOMPARE(b.edit->mergeId(), a.edit->mergeId());
        auto other = edits::setPowerElementArea(
            design.data(), prs[1],
            freePlaceFor(design.data(), prs[1], *before.power.elements[prs[1]].area));
        QVERIFY2(other, qPrintable(other.refusal));
        QVERIFY(!a.edit->mergeWith(*other.edit));
        QVERIFY(a.edit->mergeWith(*b.edit));
        a.edit->revert(design);
        QVERIFY(design.data() == before);
        a.edit->apply(design);
        QVERIFY(*element(design, pr).area == second);
    }

    /// Only what stands on the floor moves there; a power rack added off the floor is placed.
    void onlyFloorStandingElementsArePlaced() {
        Design ac(generated());
        QVERIFY(
            refusalOf(edits::setPowerElementArea(ac.data(), named(ac, "UPS-A1"), {0, 0, 600, 1200}))
                .contains(QLatin1String("UPS-A1 is a UPS, which does not stand on the hall's "
                                        "floor")));
        Design design(dc800());
        PowerElementId added;
        auto add = edits::addPowerElement(design.data(), test::bundled().catalog(),
                                          PowerKind::PowerRack, QString(), {}, {}, &added);
        applyUndoRedo(design, add);
        QCOMPARE(element(design, added).outputVdc, 800.0);
        const RectMm to = freePlaceFor(design.data(), added, {0, 0, 600, 1200});
        auto place = edits::setPowerElementArea(design.data(), added, to);
        applyUndoRedo(design, place);
        QCOMPARE(place.edit->text(),
                 QStringLiteral("Place power rack ") + element(design, added).name);
    }

    /// The journal replays an added and a deleted element (its racks' feeds with it) and the
    /// undo of the deletion.
    void addedAndDeletedElementsAreJournaled() {
        Design design(generated());
        EditJournal journal(&design);
        const QString path = m_dir.filePath(QStringLiteral("chain.journal"));
        QVERIFY(journal.start(path));
        std::vector<std::unique_ptr<Edit>> done;
        auto push = [&](edits::Result r) {
            QVERIFY2(r, qPrintable(r.refusal));
            r.edit->apply(design);
            QVERIFY(journal.checkpoint(r.edit->text()));
            done.push_back(std::move(r.edit));
        };
        push(edits::addPowerElement(design.data(), test::bundled().catalog(), PowerKind::Rpp,
                                    QStringLiteral("rpp-415v-225a-160kva"),
                                    {QStringLiteral("UPS-A1")}));
        const RackId rack = design.data().racks.ids().front();
        push(edits::removePowerElement(design.data(), design.data().racks[rack].feeds.b));
        done.back()->revert(design);
        QVERIFY(journal.checkpoint(QStringLiteral("Undo")));
        push(edits::removePowerElement(design.data(), named(design, "UPS-B1")));
        EditJournal::Recovery rec = EditJournal::recover(path);
        QVERIFY2(rec.ok, qPrintable(rec.error));
        QCOMPARE(rec.edits, 4);
        QCOMPARE(DesignFile::toBytes(rec.data), DesignFile::toBytes(design.data()));
    }

    void settingsNeedAChainAndRange() {
        Design none(test::smallCluster());
        QVERIFY(refusalOf(edits::setPowerSettings(none.data(), {}))
                    .contains(QLatin1String("no power chain")));
        Design design(generated());
        edits::PowerSettings s = edits::PowerSettings::of(design.data().power);
        s.powerFactor = 0.9;
        s.transientPct = 30;
        auto r = edits::setPowerSettings(design.data(), s);
        applyUndoRedo(design, r);
        QCOMPARE(design.data().power.powerFactor, 0.9);
        QCOMPARE(design.data().power.transientPct, 30.0);
        s.powerFactor = 0.3;
        QVERIFY(refusalOf(edits::setPowerSettings(design.data(), s))
                    .contains(QLatin1String("power factor of 0.3")));
    }

    /// What the edits leave saves and loads back to the same bytes.
    void editedChainSavesAndLoads() {
        Design design(generated());
        const PowerElementId ups = named(design, "UPS-A1");
        // Each computed on the design as the one before left it, as the studio does.
        for (int step = 0; step < 3; ++step) {
            edits::Result r = step == 0   ? edits::setPowerCapacity(design.data(), ups, 1000.5)
                              : step == 1 ? edits::setPowerEfficiency(design.data(), ups, 95)
                                          : edits::renamePowerElement(design.data(), ups,
                                                                      QStringLiteral("UPS-X"));
            QVERIFY2(r, qPrintable(r.refusal));
            r.edit->apply(design);
        }
        const QByteArray bytes = DesignFile::toBytes(design.data());
        const LoadResult back = DesignFile::loadFromBytes(bytes, QStringLiteral("p.cds.json"));
        QVERIFY(back.ok);
        QCOMPARE(DesignFile::toBytes(back.data), bytes);
        QCOMPARE(back.data.power.elements[ups].name, QStringLiteral("UPS-X"));
    }

    /// The journal replays the chain's edits and undos, a new catalog type included.
    void chainEditsAreJournaled() {
        Design design(generated());
        EditJournal journal(&design);
        const QString path = m_dir.filePath(QStringLiteral("power.journal"));
        QVERIFY(journal.start(path));
        const PowerElementId ups = named(design, "UPS-A1");
        const RackId rack = design.data().racks.ids().front();
        std::vector<std::unique_ptr<Edit>> done;
        auto push = [&](edits::Result r) {
            QVERIFY2(r, qPrintable(r.refusal));
            r.edit->apply(design);
            QVERIFY(journal.checkpoint(r.edit->text()));
            done.push_back(std::move(r.edit));
        };
        push(edits::setPowerCapacity(design.data(), ups, 900));
        push(edits::setPowerType(design.data(), test::bundled().catalog(), ups,
                                 QStringLiteral("ups-schneider-galaxy-vx-1500kw")));
        push(edits::renamePowerElement(design.data(), ups, QStringLiteral("UPS-Y")));
        push(edits::setRackFeed(design.data(), rack, FeedSide::A, QString()));
        done.back()->revert(design); // undo the disconnection
        QVERIFY(journal.checkpoint(QStringLiteral("Undo")));
        EditJournal::Recovery rec = EditJournal::recover(path);
        QVERIFY2(rec.ok, qPrintable(rec.error));
        QCOMPARE(rec.edits, 5);
        QCOMPARE(DesignFile::toBytes(rec.data), DesignFile::toBytes(design.data()));
    }

    /// Regression: a journal line for a whole new design (Generate) left its power chain out,
    /// so its racks' feeds named missing elements and recovery stopped at that line.
    void generatedDesignsChainIsRecovered() {
        Design design(test::smallCluster());
        EditJournal journal(&design);
        const QString path = m_dir.filePath(QStringLiteral("generate.journal"));
        QVERIFY(journal.start(path));
        design.reset(generated());
        QVERIFY(journal.checkpoint(QStringLiteral("Generate")));
        EditJournal::Recovery rec = EditJournal::recover(path);
        QVERIFY2(rec.ok && rec.error.isEmpty(), qPrintable(rec.error));
        QCOMPARE(rec.edits, 1);
        QVERIFY(!rec.data.power.isEmpty());
        QCOMPARE(DesignFile::toBytes(rec.data), DesignFile::toBytes(design.data()));
    }
};

QTEST_APPLESS_MAIN(TestPowerOps)
#include "tst_power_ops.moc"
