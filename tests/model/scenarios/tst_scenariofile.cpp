#include "../TestDesigns.h"
#include "model/cabling/CableRouting.h"
#include "model/json/DesignFile.h"
#include "model/scenarios/ScenarioComparison.h"
#include "model/scenarios/ScenarioEdit.h"

using namespace cds;

class TestScenarioFile : public QObject {
    Q_OBJECT

    static DesignData withScenarios() {
        Design design(test::smallCluster());
        ScenariosEdit::addCurrent(design.data(), QStringLiteral("InfiniBand"))->apply(design);
        // Variant: the GPU rack on air; the facility power changes with the PUE.
        DesignData variant = design.data();
        variant.racks.forEach([](RackId, Rack& r) { r.cooling = CoolingType::Air; });
        design.reset(variant);
        ScenariosEdit::addCurrent(design.data(), QStringLiteral("air"))->apply(design);
        return design.data();
    }
    static LoadResult load(const QByteArray& b) {
        return DesignFile::loadFromBytes(b, QStringLiteral("s.cds.json"));
    }

private Q_SLOTS:
    void roundTrip() {
        const DesignData d = withScenarios();
        const QByteArray bytes = DesignFile::toBytes(d);
        QVERIFY(bytes.contains("\"scenarios\""));
        const LoadResult r = load(bytes);
        QVERIFY2(r.ok, qPrintable(r.errors.empty() ? QString() : r.errors[0].toString()));
        QCOMPARE(int(r.data.scenarios.size()), 2);
        QCOMPARE(r.data.scenarios[0].name, QStringLiteral("InfiniBand"));
        QCOMPARE(r.data.scenarios[1].name, QStringLiteral("air"));
        QCOMPARE(DesignFile::toBytes(*r.data.scenarios[1].design),
                 DesignFile::toBytes(*d.scenarios[1].design));
        QCOMPARE(r.data.scenarios[1].design->racks[RackId(0)].cooling, CoolingType::Air);
        QCOMPARE(DesignFile::toBytes(r.data), bytes); // identical bytes on a re-save
    }

    // Regression (issue 19): a scenario read from a file was not cable-routed, so one identical
    // to the design showed optics at 0 (-100 %) and a lower cost.
    void aScenarioReadFromAFileIsRoutedLikeTheDesign() {
        LoadResult opened = DesignFile::load(
            QStringLiteral(CDS_SOURCE_DIR "/resources/examples/two-dgx-h100.cds.json"));
        QVERIFY(opened.ok);
        routeCables(opened.data);
        Design design(opened.data);
        ScenariosEdit::addCurrent(design.data(), QStringLiteral("same"))->apply(design);
        LoadResult r = load(DesignFile::toBytes(design.data()));
        QVERIFY(r.ok);
        routeCables(r.data); // what opening a file does (CLI and studio)
        const ScenarioComparison c = compareScenarios(r.data, QStringLiteral("current"));
        QCOMPARE(int(c.columns.size()), 2);
        QVERIFY(c.columns[0].value(ScenarioFigure::Optics) > 0);
        for (int f = 0; f < kScenarioFigureCount; ++f)
            QCOMPARE(c.delta(1, ScenarioFigure(f)).delta, 0.0);
    }

    void noScenariosKeepsOldBytes() {
        const QByteArray bytes = DesignFile::toBytes(test::smallCluster());
        QVERIFY(!bytes.contains("\"scenarios\""));
    }

    void nestedErrorNamesThePlace() {
        QByteArray bytes = DesignFile::toBytes(withScenarios());
        // Break the last scenario's first rack type: the error must point inside the scenario.
        const QByteArray needle = "\"type\": \"rack-42u-600x1200\"";
        const qsizetype at = bytes.lastIndexOf(needle);
        QVERIFY(at > 0);
        bytes.replace(at, needle.size(), "\"type\": \"no-such-rack\"");
        const LoadResult r = load(bytes);
        QVERIFY(!r.ok);
        QVERIFY(r.data.scenarios.empty()); // nothing half-loaded
        QVERIFY2(r.errors[0].field.startsWith(QStringLiteral("/scenarios/1/design/racks/")),
                 qPrintable(r.errors[0].toString()));
        QVERIFY(r.errors[0].message.contains(QStringLiteral("no-such-rack")));
        QVERIFY(r.errors[0].line > 1);
    }

    void duplicateOrMissingNamesRefused() {
        QByteArray bytes = DesignFile::toBytes(withScenarios());
        QByteArray dup = bytes;
        dup.replace("\"name\": \"air\"", "\"name\": \"InfiniBand\"");
        LoadResult r = load(dup);
        QVERIFY(!r.ok);
        QCOMPARE(r.errors[0].field, QStringLiteral("/scenarios/1/name"));
        QVERIFY(r.errors[0].message.contains(QStringLiteral("duplicate")));

        QByteArray empty = bytes;
        empty.replace("\"name\": \"air\"", "\"name\": \"\"");
        r = load(empty);
        QVERIFY(!r.ok);
        QCOMPARE(r.errors[0].field, QStringLiteral("/scenarios/1/name"));
    }

    void nestedScenariosAndNewerVersionsRefused() {
        const DesignData d = withScenarios();
        // Hand-build a nested document that itself holds scenarios.
        QByteArray inner = DesignFile::toBytes(d);
        QByteArray outer = DesignFile::toBytes(*d.scenarios[0].design);
        outer.chop(2); // "}\n"
        outer += ",\n  \"scenarios\": [{\"name\": \"x\", \"design\": " + inner + "}]\n}\n";
        LoadResult r = load(outer);
        QVERIFY(!r.ok);
        QCOMPARE(r.errors[0].field, QStringLiteral("/scenarios/0/design/scenarios"));

        QByteArray newer = DesignFile::toBytes(d);
        const QByteArray current =
            QByteArray("\"formatVersion\": " + QByteArray::number(kDesignFormatVersion));
        const qsizetype at = newer.lastIndexOf(current);
        newer.replace(at, current.size(), "\"formatVersion\": 9");
        r = load(newer);
        QVERIFY(!r.ok);
        QCOMPARE(r.errors[0].field, QStringLiteral("/scenarios/1/design/formatVersion"));
    }

    void notAnArray() {
        QByteArray bytes = DesignFile::toBytes(test::smallCluster());
        bytes.chop(2);
        bytes += ",\n  \"scenarios\": {}\n}\n";
        const LoadResult r = load(bytes);
        QVERIFY(!r.ok);
        QCOMPARE(r.errors[0].field, QStringLiteral("/scenarios"));
    }
};

QTEST_APPLESS_MAIN(TestScenarioFile)
#include "tst_scenariofile.moc"
