// A power chain built (or rebuilt under another scheme) for a design as one step, with the
// generator's builder (issue #29: "the chain's scheme and blocks in the studio"), and a power
// rack without a place put beside the racks it feeds (edits::placePowerRack).
#include "EditChecks.h"
#include "TestDesigns.h"

#include "model/analysis/Analysis.h"
#include "model/edits/PowerOps.h"
#include "model/generator/Generator.h"
#include "model/rules/FindingCodes.h"

#include <QTest>

#include <map>
#include <optional>

using namespace cds;
using cds::test::applyUndoRedo;

namespace {

/// A generated design; @p power: its chain's scheme, none for a design without a chain.
DesignData generated(std::optional<PowerScheme> power, const QString& server = {},
                     bool dc = false) {
    GenerateParams p;
    p.gpus = server.isEmpty() ? 256 : 576;
    if (!server.isEmpty()) {
        p.serverId = server;
        p.switchId = QStringLiteral("nvidia-q3400");
    }
    if (power) {
        p.power->scheme = *power;
        p.power->dc800 = dc;
    } else {
        p.power = std::nullopt;
    }
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

edits::PowerChainOptions options(PowerScheme s, bool dc = false) {
    edits::PowerChainOptions o;
    o.build.scheme = s;
    o.build.dc800 = dc;
    return o;
}

/// The findings of @p code.
int findingCount(const DesignData& d, const QString& code) {
    int n = 0;
    for (const Finding& f : analyze(d).findings)
        n += f.code == code ? 1 : 0;
    return n;
}

/// Each power rack's place, by name.
std::map<QString, RectMm> powerRackAreas(const DesignData& d) {
    std::map<QString, RectMm> out;
    d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
        if (e.kind == PowerKind::PowerRack && e.area)
            out[e.name] = *e.area;
    });
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

class TestPowerBuild : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// 2N on a design without a chain: every rack fed on both sides, nothing overloaded with
    /// any one element out; then N+1 instead, and undo gives back each design exactly.
    void buildThenRebuildUnderAnotherScheme() {
        const DesignData bare = generated(std::nullopt);
        QVERIFY(bare.power.elements.empty());
        Design design(bare);
        edits::Result twoN = edits::buildPowerChain(design.data(), test::bundled().catalog(),
                                                    options(PowerScheme::TwoN));
        QVERIFY2(twoN, qPrintable(twoN.refusal));
        QCOMPARE(twoN.edit->text(), QStringLiteral("Build power chain (2N)"));
        applyUndoRedo(design, twoN);
        const DesignData& d = design.data();
        QVERIFY(d.power.scheme == PowerScheme::TwoN);
        QVERIFY(!d.power.elements.empty());
        d.racks.forEach([&](RackId, const Rack& r) {
            QVERIFY2(r.feeds.a && r.feeds.b && r.feeds.a != r.feeds.b, qPrintable(r.name));
        });
        QCOMPARE(findingCount(d, codes::kPowerN1Overload), 0);
        QCOMPARE(findingCount(d, codes::kPowerElementOverload), 0);
        QCOMPARE(findingCount(d, codes::kPowerUnfed), 0);
        QCOMPARE(findingCount(d, codes::kPowerSingleCorded), 0);
        const DesignData built = d;

        edits::Result nPlusOne =
            edits::buildPowerChain(d, test::bundled().catalog(), options(PowerScheme::NPlusOne));
        QVERIFY2(nPlusOne, qPrintable(nPlusOne.refusal));
        QCOMPARE(nPlusOne.edit->text(), QStringLiteral("Rebuild power chain as N+1"));
        applyUndoRedo(design, nPlusOne);
        QVERIFY(d.power.scheme == PowerScheme::NPlusOne);
        QVERIFY(d.power.findByName(QStringLiteral("UPS-1.1")));
        QVERIFY(!d.power.findByName(QStringLiteral("UPS-A1")));
        QCOMPARE(findingCount(d, codes::kPowerN1Overload), 0);

        nPlusOne.edit->revert(design);
        QVERIFY(design.data() == built);
        twoN.edit->revert(design);
        QVERIFY(design.data() == bare);
    }

    /// The builder is the generator's: a chain built on a design without one is the chain
    /// `generate` gives it, and building it again as it is changes nothing.
    void sameChainAsGenerate() {
        const DesignData withChain = generated(PowerScheme::TwoN);
        Design design(generated(std::nullopt));
        edits::Result r = edits::buildPowerChain(design.data(), test::bundled().catalog(),
                                                 options(PowerScheme::TwoN));
        QVERIFY2(r, qPrintable(r.refusal));
        r.edit->apply(design);
        const PowerChain& built = design.data().power;
        QCOMPARE(built.elements.size(), withChain.power.elements.size());
        withChain.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
            const PowerElement* b = built.elements.find(built.findByName(e.name));
            QVERIFY2(b, qPrintable(e.name));
            QCOMPARE(b->capacity, e.capacity);
            QCOMPARE(b->units, e.units);
        });
        edits::Result again = edits::buildPowerChain(withChain, test::bundled().catalog(),
                                                     options(PowerScheme::TwoN));
        QVERIFY2(again, qPrintable(again.refusal));
        QVERIFY(again.edit->isNoOp());
    }

    /// Rebuilt as N+1 at 800 V DC, a generated 2N design's power racks stand where the old
    /// ones stood (the first free floor after their segments), and no rack moves.
    void powerRacksTakeTheFreeFloorBesideTheirRacks() {
        const DesignData dc =
            generated(PowerScheme::TwoN, QStringLiteral("nvidia-gb300-nvl72"), true);
        const std::map<QString, RectMm> before = powerRackAreas(dc);
        QVERIFY(!before.empty());
        Design design(dc);
        edits::Result r = edits::buildPowerChain(dc, test::bundled().catalog(),
                                                 options(PowerScheme::NPlusOne, true));
        QVERIFY2(r, qPrintable(r.refusal));
        QCOMPARE(r.edit->text(), QStringLiteral("Rebuild power chain as N+1 with 800 V DC"));
        applyUndoRedo(design, r);
        const DesignData& d = design.data();
        QCOMPARE(powerRacks(d).size(), before.size());
        QVERIFY(powerRackAreas(d) == before);
        QCOMPARE(findingCount(d, codes::kPowerRackFloor), 0);
        dc.racks.forEach([&](RackId id, const Rack& rack) {
            QVERIFY2(d.racks[id].centre == rack.centre, qPrintable(rack.name));
        });
        r.edit->revert(design);
        QVERIFY(design.data() == dc);
    }

    /// What cannot be built is refused with the reason, and nothing changes.
    void refusals() {
        const Catalog& lib = test::bundled().catalog();
        DesignData none;
        edits::Result r = edits::buildPowerChain(none, lib, options(PowerScheme::TwoN));
        QVERIFY(!r);
        QVERIFY2(r.refusal.contains(QStringLiteral("no racks")), qPrintable(r.refusal));
        DesignData empty = test::smallCluster();
        empty.links = {};
        empty.devices = {};
        r = edits::buildPowerChain(empty, lib, options(PowerScheme::TwoN));
        QVERIFY(!r);
        QVERIFY2(r.refusal.contains(QStringLiteral("draw no power")), qPrintable(r.refusal));
        const DesignData d = test::smallCluster();
        edits::PowerChainOptions o = options(PowerScheme::Block);
        o.build.blocks = 2;
        r = edits::buildPowerChain(d, lib, o);
        QVERIFY(!r);
        QVERIFY2(r.refusal.contains(QStringLiteral("3 to 64 blocks")), qPrintable(r.refusal));
        o = options(PowerScheme::TwoN);
        o.itBudgetKw = -5;
        r = edits::buildPowerChain(d, lib, o);
        QVERIFY(!r);
        QVERIFY2(r.refusal.contains(QStringLiteral("IT budget")), qPrintable(r.refusal));
        // A budget in range is recorded with the chain.
        o.itBudgetKw = 250;
        Design design(d);
        r = edits::buildPowerChain(d, lib, o);
        applyUndoRedo(design, r);
        QCOMPARE(design.data().power.itBudgetKw, 250.0);
        // Block-redundant with its blocks.
        o = options(PowerScheme::Block);
        o.build.blocks = 5;
        r = edits::buildPowerChain(design.data(), lib, o);
        QVERIFY2(r, qPrintable(r.refusal));
        QCOMPARE(r.edit->text(), QStringLiteral("Rebuild power chain as 5N/4"));
        applyUndoRedo(design, r);
        QCOMPARE(design.data().power.blocks, 5);
        QCOMPARE(design.data().power.itBudgetKw, 0.0);
    }

    /// A power rack without a place (added in the studio, or its area lost) is put at the first
    /// free floor beside the racks it feeds: where the generator had put it.
    void placeOnFloorBesideItsRacks() {
        DesignData dc = generated(PowerScheme::TwoN, QStringLiteral("nvidia-gb300-nvl72"), true);
        const std::vector<PowerElementId> racks = powerRacks(dc);
        QVERIFY(racks.size() >= 2);
        const PowerElementId a = racks[0], b = racks[1];
        const RectMm whereA = *dc.power.elements[a].area, whereB = *dc.power.elements[b].area;
        const QString nameA = dc.power.elements[a].name;
        dc.power.elements[a].area.reset();
        dc.power.elements[b].area.reset();
        // A segment's A first, then its B beside it, as the generator stands them.
        Design design(dc);
        edits::Result r = edits::placePowerRack(design.data(), a);
        QVERIFY2(r, qPrintable(r.refusal));
        QCOMPARE(r.edit->text(), QStringLiteral("Place power rack ") + nameA);
        applyUndoRedo(design, r);
        r = edits::placePowerRack(design.data(), b);
        QVERIFY2(r, qPrintable(r.refusal));
        applyUndoRedo(design, r);
        const DesignData& d = design.data();
        QVERIFY(d.power.elements[a].area && d.power.elements[b].area);
        QVERIFY(*d.power.elements[a].area == whereA && *d.power.elements[b].area == whereB);
        QCOMPARE(findingCount(d, codes::kPowerRackFloor), 0);

        // Placed already, another kind, or feeding no rack: refused, named.
        r = edits::placePowerRack(d, a);
        QVERIFY(!r);
        QVERIFY2(r.refusal.contains(QStringLiteral("already")), qPrintable(r.refusal));
        const PowerElementId ups = d.power.findByName(QStringLiteral("UPS-A1"));
        QVERIFY(ups);
        r = edits::placePowerRack(d, ups);
        QVERIFY(!r);
        QVERIFY2(r.refusal.contains(QStringLiteral("only a power rack")), qPrintable(r.refusal));
        PowerElementId added;
        edits::Result add = edits::addPowerElement(d, test::bundled().catalog(),
                                                   PowerKind::PowerRack, {}, {}, {}, &added);
        QVERIFY2(add, qPrintable(add.refusal));
        add.edit->apply(design);
        r = edits::placePowerRack(design.data(), added);
        QVERIFY(!r);
        QVERIFY2(r.refusal.contains(QStringLiteral("feeds no rack")), qPrintable(r.refusal));
    }
};

QTEST_APPLESS_MAIN(TestPowerBuild)
#include "tst_power_build.moc"
