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
