#include "TestDesigns.h"

#include "model/edits/Edit.h"
#include "model/json/DesignFile.h"

#include <QSignalSpy>

using namespace cds;

/// @brief Edits apply, revert and re-apply to the exact model; no-ops and merges behave.
class TestEdits : public QObject {
    Q_OBJECT
    static QByteArray bytes(const Design& d) { return DesignFile::toBytes(d.data()); }
private Q_SLOTS:
    void moveUndoRedoRestoresExactModel() {
        Design design(test::smallCluster());
        const QByteArray before = bytes(design);
        Rack moved = design.data().racks[RackId(0)];
        moved.centre = {4200, 3000};
        ChangeRacksEdit e(QStringLiteral("Move rack"),
                          {{RackId(0), design.data().racks[RackId(0)], moved}});
        QSignalSpy spy(&design, &Design::rackChanged);
        e.apply(design);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(design.data().racks[RackId(0)].centre, (PointMm{4200, 3000}));
        const QByteArray after = bytes(design);
        e.revert(design);
        QCOMPARE(bytes(design), before);
        e.apply(design);
        QCOMPARE(bytes(design), after);
    }
    void setterWithoutChangeEmitsNothing() {
        Design design(test::smallCluster());
        QSignalSpy spy(&design, &Design::changed);
        QVERIFY(!design.updateRack(RackId(0), design.data().racks[RackId(0)]));
        QVERIFY(!design.setMeta(design.data().meta));
        QCOMPARE(spy.count(), 0);
    }
    void noOpEditIsDetected() {
        Design design(test::smallCluster());
        const Rack r = design.data().racks[RackId(0)];
        ChangeRacksEdit e(QStringLiteral("Move rack"), {{RackId(0), r, r}});
        QVERIFY(e.isNoOp());
    }
    void dragMergesIntoOneStep() {
        Design design(test::smallCluster());
        const Rack start = design.data().racks[RackId(0)];
        Rack step1 = start, step2 = start;
        step1.centre.x += 600;
        step2.centre.x += 1200;
        ChangeRacksEdit first(QStringLiteral("Move"), {{RackId(0), start, step1}}, MergeMoveRacks);
        ChangeRacksEdit second(QStringLiteral("Move"), {{RackId(0), step1, step2}}, MergeMoveRacks);
        QCOMPARE(first.mergeId(), second.mergeId());
        QVERIFY(first.mergeWith(second));
        first.apply(design);
        QCOMPARE(design.data().racks[RackId(0)].centre.x, start.centre.x + 1200);
        first.revert(design);
        QCOMPARE(design.data().racks[RackId(0)], start);
        // Different objects do not merge.
        ChangeRacksEdit other(QStringLiteral("Move"), {{RackId(1), start, step1}}, MergeMoveRacks);
        QVERIFY(!first.mergeWith(other));
    }
    void removeRackCascadesAndUndoRestoresIds() {
        Design design(test::smallCluster());
        const QByteArray before = bytes(design);
        const std::size_t links = design.data().links.size();
        auto e = ObjectsEdit::removal(design.data(), QStringLiteral("Delete rack"), {RackId(0)});
        QCOMPARE(e->objects().devices.size(), std::size_t(2)); // both DGX
        QCOMPARE(e->objects().links.size(), std::size_t(2 * (8 + 2 + 2 + 1)));
        e->apply(design);
        QVERIFY(!design.data().racks.contains(RackId(0)));
        QCOMPARE(design.data().links.size(), links - 26);
        e->revert(design);
        QCOMPARE(bytes(design), before);
        QVERIFY(design.data() == test::smallCluster());
    }
    void additionGetsNextIdsAndUndoes() {
        Design design(test::smallCluster());
        const QByteArray before = bytes(design);
        Rack r = design.data().racks[RackId(1)];
        r.name = QStringLiteral("N02");
        r.centre.x += 600;
        auto e = ObjectsEdit::addition(design.data(), QStringLiteral("Add rack"), {r});
        QSignalSpy added(&design, &Design::rackAdded);
        e->apply(design);
        QCOMPARE(added.count(), 1);
        QCOMPARE(added.first().first().value<RackId>(), RackId(2));
        QCOMPARE(design.data().racks[RackId(2)].name, QStringLiteral("N02"));
        e->revert(design);
        QCOMPARE(bytes(design), before);
    }
    void documentEditUndoes() {
        Design design(test::smallCluster());
        DocumentProps before = DocumentProps::of(design.data()), after = before;
        after.settings.cooling[0].maxKw = 25;
        after.waivers.push_back({QStringLiteral("x:rack/0"), QStringLiteral("ok")});
        DocumentEdit e(QStringLiteral("Edit cooling table"), before, after);
        QVERIFY(!e.isNoOp());
        e.apply(design);
        QCOMPARE(design.data().settings.cooling[0].maxKw, 25.0);
        e.revert(design);
        QVERIFY(design.data() == test::smallCluster());
    }
    void settingsEditCannotBreakTheFileFormat() {
        // Regression (found by tst_random_edits): a maximum below the warning level made a
        // design its own loader refused.
        Design design(test::smallCluster());
        DocumentProps before = DocumentProps::of(design.data()), after = before;
        after.settings.cooling[std::size_t(CoolingType::DirectLiquid)].maxKw = 20; // warn stays 100
        DocumentEdit(QStringLiteral("Edit cooling"), before, after).apply(design);
        const CoolingEnvelope& e =
            design.data().settings.cooling[std::size_t(CoolingType::DirectLiquid)];
        QCOMPARE(e.maxKw, 20.0);
        QCOMPARE(e.warnKw, 20.0);
        QVERIFY(
            DesignFile::loadFromBytes(DesignFile::toBytes(design.data()), QStringLiteral("x")).ok);
    }
    void replaceDesignIsOneStep() {
        Design design(test::smallCluster());
        DesignData empty;
        ReplaceDesignEdit e(QStringLiteral("Generate cluster"), design.data(), empty);
        QSignalSpy reset(&design, &Design::resetDone);
        e.apply(design);
        QCOMPARE(reset.count(), 1);
        QVERIFY(design.data().racks.empty());
        e.revert(design);
        QVERIFY(design.data() == test::smallCluster());
    }
};

QTEST_APPLESS_MAIN(TestEdits)
#include "tst_edits.moc"
