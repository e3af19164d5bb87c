// Cooling that follows the installed product: a rack's envelope from its cooling product or
// from the rack-scale system it holds, the room's airflow against its air cooling, the inlet
// class findings quote, the file keys, the edit, the BOM and the stats keys.
#include "EditChecks.h"
#include "TestDesigns.h"

#include "model/RackCooling.h"
#include "model/analysis/RackPower.h"
#include "model/edits/CoolingOps.h"
#include "model/edits/HallOps.h"
#include "model/export/Reports.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Bom.h"
#include "model/metrics/Metrics.h"
#include "model/rules/Rule.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <nlohmann/json.hpp>

using namespace cds;

namespace {

std::vector<Finding> withCode(const DesignData& d, const QString& code) {
    std::vector<Finding> out;
    for (Finding& f : runChecks(d))
        if (f.code == code && !f.waived)
            out.push_back(f);
    return out;
}

TypeId embed(DesignData& d, const char* id) {
    return d.catalog.add(*test::bundled().catalog().item(QLatin1String(id)));
}

DesignData generatedNvl72() {
    GenerateParams p;
    p.gpus = 576;
    p.serverId = QStringLiteral("nvidia-gb300-nvl72");
    p.switchId = QStringLiteral("nvidia-q3400");
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("%s", qPrintable(r.error));
    return std::move(r.design);
}

} // namespace

class TestRackCooling : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// A rear door's published capacity is the rack's maximum, warning from 90 %; without a
    /// product the design's rear-door envelope (20 kW) applies.
    void theProductSetsTheEnvelope() {
        DesignData d = test::smallCluster(); // R01: two DGX H100, 20.4 kW
        Rack& r01 = d.racks[RackId(0)];
        r01.cooling = CoolingType::RearDoorHx;
        auto fs = withCode(d, QStringLiteral("rack.power-density"));
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Error); // 20.4 > 20 (the seed's rear-door class)
        d.racks[RackId(0)].coolingProduct = embed(d, "rdhx-active-35kw");
        QVERIFY(withCode(d, QStringLiteral("rack.power-density")).empty()); // 20.4 < 31.5
        d.racks[RackId(0)].coolingProduct = embed(d, "rdhx-passive-20kw");
        fs = withCode(d, QStringLiteral("rack.power-density"));
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Error);
        const QString passive = d.catalog[d.racks[RackId(0)].coolingProduct].model;
        QVERIFY2(fs[0].threshold.contains(passive), qPrintable(fs[0].threshold));
        // The 35 kW door the design still holds (embedded above) would carry it.
        const QString active = d.catalog.item(QStringLiteral("rdhx-active-35kw"))->model;
        QVERIFY2(fs[0].message.contains(active + QStringLiteral(" (35 kW) handles it")),
                 qPrintable(fs[0].message));
        const Metrics m = computeMetrics(d);
        QCOMPARE(m.perRack[0].envelope.maxKw, 20.0);
        QCOMPARE(m.perRack[0].envelope.warnKw, 18.0);
    }

    /// An NVL72 rack is judged by the system's own published rack power, not the generic
    /// direct-liquid warning level; a hand-made liquid rack keeps the design's envelope, and a
    /// product that cannot carry the NVL72 is an error.
    void rackScaleSystemsCarryTheirOwnEnvelope() {
        DesignData d = generatedNvl72();
        QVERIFY(withCode(d, QStringLiteral("rack.power-density")).empty());
        const Metrics m = computeMetrics(d);
        int racks = 0;
        for (const RackMetrics& rm : m.perRack) {
            if (rm.systemRatedKw <= 0)
                continue;
            ++racks;
            QVERIFY(rm.itMaxW / 1000.0 > d.settings.cooling[2].warnKw); // above the 100 kW
            QCOMPARE(rm.envelope.warnKw, rm.systemRatedKw * (1 + kRackAuxiliaryShare));
        }
        QCOMPARE(racks, 8);
        RackId first;
        for (const RackMetrics& rm : m.perRack)
            if (rm.systemRatedKw > 0 && !first)
                first = rm.rack;
        d.racks[first].coolingProduct = embed(d, "cdu-in-rack-80kw");
        const auto fs = withCode(d, QStringLiteral("rack.power-density"));
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Error);
        QVERIFY(fs[0].message.contains(QLatin1String("maximum of 80")));
        QVERIFY2(
            fs[0].message.contains(QLatin1String("direct liquid cooling without this product")),
            qPrintable(fs[0].message));

        DesignData hand = test::smallCluster(); // 20.4 kW on DLC, no rack-scale system
        hand.settings.cooling[std::size_t(CoolingType::DirectLiquid)] = {10, 15, 1.15, {}};
        QCOMPARE(withCode(hand, QStringLiteral("rack.power-density")).size(), std::size_t(1));
    }

    /// The power chart's bars name what set each rack's envelope.
    void rackPowerNamesTheEnvelope() {
        DesignData d = generatedNvl72();
        RackId door; // an air-cooled rack (a CDU's), turned to a rear door with a product
        d.racks.forEach([&](RackId id, const Rack& r) {
            if (r.cooling == CoolingType::Air && !door)
                door = id;
        });
        QVERIFY(door);
        d.racks[door].cooling = CoolingType::RearDoorHx;
        d.racks[door].coolingProduct = embed(d, "rdhx-active-75kw");
        const Metrics m = computeMetrics(d);
        const std::vector<RackPower> bars = rackPower(d, m);
        QCOMPARE(bars.size(), m.perRack.size());
        int systems = 0, products = 0, types = 0;
        for (std::size_t i = 0; i < bars.size(); ++i) {
            const Rack& r = d.racks[bars[i].rack];
            if (r.coolingProduct) {
                ++products;
                QCOMPARE(bars[i].envelope, d.catalog[r.coolingProduct].model);
            } else if (m.perRack[i].systemRatedKw > 0) {
                ++systems;
                QCOMPARE(bars[i].envelope, QStringLiteral("Direct liquid (rack-scale system)"));
            } else {
                ++types;
                QCOMPARE(bars[i].envelope, coolingLabel(r.cooling));
            }
        }
        QCOMPARE(systems, 8);
        QVERIFY(products >= 1 && types >= 1);
    }

    /// A hand-made liquid rack (no rack-scale system in it) keeps the seed's direct-liquid
    /// envelope, which its threshold names: at an NVL72's 140 kW a warning, at 160 kW an error.
    void aHandMadeLiquidRackKeepsTheSeedEnvelope() {
        DesignData d = test::smallCluster(); // R01: two DGX H100 on direct liquid
        QCOMPARE(d.racks[RackId(0)].cooling, CoolingType::DirectLiquid);
        CatalogItem dgx = *d.catalog.item(QStringLiteral("nvidia-dgx-h100"));
        QVERIFY(!dgx.rackScale);
        dgx.powerMaxW = 70000; // two of them: 140 kW
        d.catalog.add(dgx);
        auto fs = withCode(d, QStringLiteral("rack.power-density"));
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Warning);
        QVERIFY2(fs[0].message.contains(QLatin1String("140.0 kW")), qPrintable(fs[0].message));
        QVERIFY2(fs[0].threshold.contains(QLatin1String("warn above 100 kW, maximum 150 kW")) &&
                     fs[0].threshold.contains(QLatin1String("direct-to-chip")),
                 qPrintable(fs[0].threshold));
        dgx.powerMaxW = 80000; // 160 kW
        d.catalog.add(dgx);
        fs = withCode(d, QStringLiteral("rack.power-density"));
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Error);
        QVERIFY2(fs[0].message.contains(QLatin1String("160.0 kW")), qPrintable(fs[0].message));
    }

    /// The CDU plant's N+1 check counts the liquid racks on the plant: an NVL72's heat counts
    /// (its cold plates need the plant), a rack with its own in-rack CDU does not.
    void racksWithTheirOwnCduAreNotOnThePlant() {
        const QString code = QStringLiteral("cooling.cdu-capacity");
        Design design(generatedNvl72());
        QVERIFY(withCode(design.data(), code).empty());
        std::vector<DeviceId> spare; // all of the plant's CDUs but two
        int kept = 0;
        design.data().devices.forEach([&](DeviceId id, const Device& v) {
            const CatalogItem& t = design.data().catalog[v.type];
            if (t.category == Category::Cooling && t.coolingType == QLatin1String("cdu"))
                if (++kept > 2)
                    spare.push_back(id);
        });
        QVERIFY(!spare.empty());
        ObjectsEdit::removal(design.data(), QStringLiteral("Delete"), {}, spare)->apply(design);
        DesignData d = design.data();
        const TypeId own = embed(d, "cdu-in-rack-80kw");
        bool fired = false, quiet = false;
        double ownKw = 0;
        for (const RackMetrics& rm : computeMetrics(d).perRack) {
            if (rm.systemRatedKw <= 0)
                continue;
            const Metrics m = computeMetrics(d);
            QCOMPARE(m.cdus, 2);
            QVERIFY(std::abs(m.plantHeatKw - (m.liquidHeatKw - ownKw)) < 1e-6);
            const bool over = m.plantHeatKw > m.cduCapacityKw / 2 + 1e-6; // one out of service
            QCOMPARE(withCode(d, code).size(), std::size_t(over ? 1 : 0));
            (over ? fired : quiet) = true;
            d.racks[rm.rack].coolingProduct = own;
            ownKw += rm.itMaxW / 1000.0;
        }
        QVERIFY(fired && quiet);
    }

    /// The room's air heat against its air cooling capacity: quiet below 90 %, a warning up
    /// to it, an error above; the message gives the CFM and the threshold the inlet class.
    void airflowAgainstTheRoom() {
        DesignData d = test::smallCluster();
        const Metrics m = computeMetrics(d);
        double expected = 0;
        for (const RackMetrics& rm : m.perRack) {
            const Rack& r = d.racks[rm.rack];
            expected += r.cooling == CoolingType::Air ? rm.itMaxW / 1000.0
                                                      : 0.2 * rm.itMaxW / 1000.0; // DLC share
        }
        QVERIFY(expected > 0);
        QVERIFY(std::abs(m.airHeatKw - expected) < 1e-9);
        QVERIFY(std::abs(m.airflowCfm - 3.16 * expected * 1000 / 20) < 1e-6);
        QVERIFY(withCode(d, QStringLiteral("cooling.airflow")).empty()); // not specified
        d.settings.roomAirCoolingKw = 1.5 * expected;
        QVERIFY(withCode(d, QStringLiteral("cooling.airflow")).empty());
        d.settings.roomAirCoolingKw = 1.05 * expected;
        auto fs = withCode(d, QStringLiteral("cooling.airflow"));
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Warning);
        d.settings.roomAirCoolingKw = 0.5 * expected;
        d.settings.inletClass = InletClass::A3;
        fs = withCode(d, QStringLiteral("cooling.airflow"));
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].severity, Severity::Error);
        QVERIFY2(fs[0].message.contains(QLatin1String("CFM")), qPrintable(fs[0].message));
        QVERIFY2(fs[0].threshold.contains(QLatin1String("A3 (allowable inlet 5-40")),
                 qPrintable(fs[0].threshold));
        // More of a liquid rack's heat to air means more for the room.
        d.settings.liquidAirSharePct = 30;
        QVERIFY(computeMetrics(d).airHeatKw > m.airHeatKw);
    }

    /// An in-row cooler beside an air-cooled rack takes its heat off the room's air, up to
    /// its capacity; what is beyond it stays the room's.
    void anInRowCoolerTakesItsRacksHeat() {
        DesignData d = test::smallCluster();
        const RackId net(1); // N01, air-cooled switches
        QCOMPARE(d.racks[net].cooling, CoolingType::Air);
        const double before = computeMetrics(d).airHeatKw;
        const double netKw = computeMetrics(d).perRack[1].itMaxW / 1000.0;
        d.racks[net].coolingProduct = embed(d, "inrow-cooler-35kw");
        const Metrics m = computeMetrics(d);
        QVERIFY(std::abs(m.airHeatKw - (before - netKw)) < 1e-9);
        QCOMPARE(m.perRack[1].envelope.maxKw, 35.0);
    }

    /// Power-density findings on air-cooled racks quote the design's inlet class.
    void powerDensityQuotesTheInletClass() {
        DesignData d = test::smallCluster();
        d.racks[RackId(0)].cooling = CoolingType::Air;
        d.settings.inletClass = InletClass::A1;
        const auto fs = withCode(d, QStringLiteral("rack.power-density"));
        QCOMPARE(fs.size(), std::size_t(1));
        QVERIFY2(fs[0].threshold.contains(QLatin1String("inlet class A1 (allowable inlet 15-32")),
                 qPrintable(fs[0].threshold));
    }

    void fileKeysRoundTrip() {
        DesignData d = test::smallCluster();
        d.racks[RackId(0)].cooling = CoolingType::RearDoorHx;
        d.racks[RackId(0)].coolingProduct = embed(d, "rdhx-active-75kw");
        d.settings.inletClass = InletClass::A4;
        d.settings.airDeltaTF = 25;
        d.settings.liquidAirSharePct = 15;
        d.settings.roomAirCoolingKw = 300;
        const QByteArray bytes = DesignFile::toBytes(d);
        QVERIFY(bytes.contains("\"coolingProduct\": \"rdhx-active-75kw\""));
        QVERIFY(bytes.contains("\"inletClass\": \"A4\""));
        const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("cooling.cds.json"));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.data.settings, d.settings);
        const Rack& back = r.data.racks[RackId(0)];
        QCOMPARE(r.data.catalog[back.coolingProduct].id, QStringLiteral("rdhx-active-75kw"));
        QCOMPARE(DesignFile::toBytes(r.data), bytes);
    }

    /// A product for another cooling type is refused by the reader, with its place.
    void aProductOfAnotherTypeIsRefused() {
        DesignData d = test::smallCluster();
        d.racks[RackId(0)].cooling = CoolingType::RearDoorHx;
        d.racks[RackId(0)].coolingProduct = embed(d, "rdhx-active-35kw");
        QByteArray bytes = DesignFile::toBytes(d);
        bytes.replace("\"cooling\": \"rear-door-hx\"", "\"cooling\": \"immersion\"");
        const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("mixed.cds.json"));
        QVERIFY(!r.ok);
        QCOMPARE(r.errors.front().field, QStringLiteral("/racks/0/coolingProduct"));
        QVERIFY(r.errors.front().message.contains(QLatin1String("rear-door-hx")));
    }

    /// A version 3 file has no cooling products or air side: it opens with the defaults.
    void version3FileLoads() {
        auto doc =
            nlohmann::ordered_json::parse(DesignFile::toBytes(test::smallCluster()).toStdString());
        doc["formatVersion"] = 3;
        for (const char* key :
             {"inletClass", "airDeltaTF", "liquidAirSharePct", "roomAirCoolingKw"})
            QCOMPARE(doc["settings"].erase(key), std::size_t(1));
        const QByteArray v3 = QByteArray::fromStdString(doc.dump(2));
        const LoadResult r = DesignFile::loadFromBytes(v3, QStringLiteral("v3.cds.json"));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.fileFormatVersion, 3);
        QCOMPARE(r.data.settings, DesignSettings{});
        QVERIFY(r.notes.join(QLatin1Char('\n')).contains(QLatin1String("formatVersion 3 to 4")));
    }

    /// The operation brings the product's catalog entry along when the design lacks it, and
    /// undo takes it back out.
    void setRackCoolingAppliesUndoesRedoes() {
        Design design(test::smallCluster());
        Catalog library = test::bundled().catalog();
        CatalogItem custom = *library.item(QStringLiteral("rdhx-active-35kw"));
        custom.id = QStringLiteral("customer-door-50kw"); // a product the design does not hold
        custom.coolingCapacityKw = 50;
        library.add(custom);
        const QString door = custom.id;
        QVERIFY(!design.data().catalog.item(door));
        const RackId r01(0);
        edits::Result r =
            edits::setRackCooling(design.data(), library, {r01}, CoolingType::RearDoorHx, door);
        test::applyUndoRedo(design, r);
        QCOMPARE(design.data().racks[r01].cooling, CoolingType::RearDoorHx);
        QCOMPARE(design.data().catalog[design.data().racks[r01].coolingProduct].id, door);
        // A product for another type, an unknown one and a change to nothing are refused.
        QVERIFY(
            !edits::setRackCooling(design.data(), library, {r01}, CoolingType::Immersion, door));
        QVERIFY(!edits::setRackCooling(design.data(), library, {r01}, CoolingType::RearDoorHx,
                                       QStringLiteral("no-such-door")));
        QVERIFY(
            !edits::setRackCooling(design.data(), library, {r01}, CoolingType::RearDoorHx, door));
        // Changing the type drops the product.
        edits::Result back =
            edits::setRackCooling(design.data(), library, {r01}, CoolingType::Air, QString());
        test::applyUndoRedo(design, back);
        QVERIFY(!design.data().racks[r01].coolingProduct);
        // The products a rack can have, smallest first.
        const auto doors = coolingProductsFor(library, CoolingType::RearDoorHx);
        QVERIFY(doors.size() >= 3);
        for (std::size_t i = 1; i < doors.size(); ++i)
            QVERIFY(*doors[i - 1]->coolingCapacityKw <= *doors[i]->coolingCapacityKw);
    }

    /// The Hall dialog's air side is one undo step with the hall, byte-exact on undo, and the
    /// checks read it at once.
    void theRoomsAirSideIsEditedUndoably() {
        Design design(test::smallCluster());
        const Hall hall = design.data().hall;
        const edits::RoomAir air{InletClass::A3, 25, 15, 1}; // 1 kW: far below the room's heat
        edits::Result r = edits::setHall(design.data(), hall, air);
        test::applyUndoRedo(design, r);
        QCOMPARE(edits::RoomAir::of(design.data().settings), air);
        QCOMPARE(design.data().hall, hall);
        const auto fs = withCode(design.data(), QStringLiteral("cooling.airflow"));
        QCOMPARE(fs.size(), std::size_t(1));
        QVERIFY2(fs[0].message.contains(QLatin1String("25 F")), qPrintable(fs[0].message));
        QVERIFY2(fs[0].threshold.contains(QLatin1String("15 %")) &&
                     fs[0].threshold.contains(QLatin1String("inlet class A3")),
                 qPrintable(fs[0].threshold));
        // Nothing changed, or out of range: refused.
        QVERIFY(!edits::setHall(design.data(), hall, air));
        edits::RoomAir bad = air;
        bad.capacityKw = -1;
        QVERIFY(!edits::setHall(design.data(), hall, bad));
    }

    /// The room's air side comes with the Hall dialog's edit, checked like the file.
    void roomAirIsChecked() {
        edits::RoomAir air = edits::RoomAir::of(DesignSettings{});
        QVERIFY(edits::roomAirProblem(air).isEmpty());
        air.deltaTF = 0;
        QVERIFY(!edits::roomAirProblem(air).isEmpty());
        air.deltaTF = 20;
        air.liquidAirSharePct = 120;
        QVERIFY(!edits::roomAirProblem(air).isEmpty());
    }

    /// A rack's named product is billed once for it, instead of the type's implied one.
    void theBomBillsTheProduct() {
        DesignData d = test::smallCluster();
        d.racks[RackId(0)].cooling = CoolingType::RearDoorHx;
        d.racks[RackId(0)].coolingProduct = embed(d, "rdhx-passive-20kw");
        const Bom bom = computeBom(d);
        long long doors = 0, passive = 0;
        for (const BomLine& l : bom.lines) {
            const CatalogItem& it = d.catalog[l.type];
            if (coolingTypeServed(it) == CoolingType::RearDoorHx)
                doors += l.quantity;
            if (it.id == QLatin1String("rdhx-passive-20kw"))
                passive += l.quantity;
        }
        QCOMPARE(doors, 1LL);
        QCOMPARE(passive, 1LL);
    }

    void statsReportTheAirSide() {
        DesignData d = test::smallCluster();
        d.settings.roomAirCoolingKw = 250;
        const Metrics m = computeMetrics(d);
        const QJsonObject o = QJsonDocument::fromJson(statsJson(d, m)).object();
        const QJsonObject air = o.value(QStringLiteral("airflow")).toObject();
        QCOMPARE(air.value(QStringLiteral("inlet_class")).toString(), QStringLiteral("A2"));
        QCOMPARE(air.value(QStringLiteral("capacity_kw")).toDouble(), 250.0);
        QVERIFY(std::abs(air.value(QStringLiteral("room_air_kw")).toDouble() - m.airHeatKw) < 0.01);
        QCOMPARE(air.value(QStringLiteral("cfm")).toInteger(), qint64(std::llround(m.airflowCfm)));
    }

    /// Generated rear-door racks get the smallest door that carries them below its warning.
    void theGeneratorFitsRearDoors() {
        GenerateParams p;
        p.gpus = 64;
        p.cooling = CoolingType::RearDoorHx;
        GenerateResult g = generateCluster(p, test::bundled().catalog());
        QVERIFY2(g.ok, qPrintable(g.error));
        const DesignData& d = g.design;
        const Metrics m = computeMetrics(d);
        int doors = 0;
        for (const RackMetrics& rm : m.perRack) {
            const Rack& r = d.racks[rm.rack];
            QCOMPARE(r.cooling, CoolingType::RearDoorHx);
            QVERIFY2(r.coolingProduct, qPrintable(r.name));
            ++doors;
            const double cap = *d.catalog[r.coolingProduct].coolingCapacityKw;
            QVERIFY(rm.itMaxW / 1000.0 <= kProductWarnShare * cap);
            for (const CatalogItem* t : coolingProductsFor(d.catalog, CoolingType::RearDoorHx))
                if (*t->coolingCapacityKw < cap) // a smaller door would not carry it
                    QVERIFY(rm.itMaxW / 1000.0 > kProductWarnShare * *t->coolingCapacityKw);
        }
        QVERIFY(doors > 0);
        QVERIFY(withCode(d, QStringLiteral("rack.power-density")).empty());
    }
};

QTEST_APPLESS_MAIN(TestRackCooling)
#include "tst_rack_cooling.moc"
