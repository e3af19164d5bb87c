// The power chain (issue #29): its file section and migration, the load flow in normal
// operation and N-1, the builder's schemes, the rules, power-first sizing, 800 V DC and a
// campus sized to a budget per hall (issue #31: each hall's chain).

#include "TestDesigns.h"

#include "model/analysis/Analysis.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/power/HallPower.h"
#include "model/power/PowerFlow.h"
#include "model/power/PowerTopology.h"
#include "model/rules/FindingCodes.h"
#include "model/site/HallLoads.h"
#include "model/site/Site.h"

#include <QTest>

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

using namespace cds;

namespace {

DesignData generated(int gpus, PowerScheme scheme, const QString& server = {}) {
    GenerateParams p;
    p.gpus = gpus;
    if (!server.isEmpty())
        p.serverId = server;
    p.power->scheme = scheme;
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

std::vector<const Finding*> withCode(const std::vector<Finding>& fs, const QString& code) {
    std::vector<const Finding*> out;
    for (const Finding& f : fs)
        if (f.code == code)
            out.push_back(&f);
    return out;
}
/// The pointers point into the vector: a temporary's findings would dangle.
std::vector<const Finding*> withCode(std::vector<Finding>&& fs, const QString& code) = delete;

LoadResult reload(const QByteArray& bytes) {
    return DesignFile::loadFromBytes(bytes, QStringLiteral("p.cds.json"));
}

/// 576 GB300 GPUs (8 NVL72 racks), 2N, their racks fed at 800 V DC or not.
DesignData gb300(bool dc800) {
    GenerateParams p;
    p.gpus = 576;
    p.serverId = QStringLiteral("nvidia-gb300-nvl72");
    p.switchId = QStringLiteral("nvidia-q3400");
    p.power->dc800 = dc800;
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

/// A rack PDU: power gear in a rack that is not a power shelf of a rack-scale system.
bool isRackPdu(const CatalogItem& t) {
    return t.category == Category::Power && t.tray == TrayKind::None && !t.powerElement;
}

/// The rack PDUs of each rack that has any.
std::map<RackId, int> pdusByRack(const DesignData& d) {
    std::map<RackId, int> out;
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (isRackPdu(d.typeOf(v)))
            ++out[v.rack];
    });
    return out;
}

/// The chain's findings of @p code about the element named @p name.
std::vector<const Finding*> aboutElement(const DesignData& d, const std::vector<Finding>& fs,
                                         const QString& code, const QString& name) {
    std::vector<const Finding*> out;
    const ObjectRef e = ObjectRef::powerElement(d.power.findByName(name));
    for (const Finding* f : withCode(fs, code))
        if (std::find(f->objects.begin(), f->objects.end(), e) != f->objects.end())
            out.push_back(f);
    return out;
}
std::vector<const Finding*> aboutElement(const DesignData&, std::vector<Finding>&&, const QString&,
                                         const QString&) = delete;

} // namespace

class TestPowerChain : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// Done-when: in a 2N design, any one UPS or transformer out overloads nothing, and the
    /// failed side's twin carries the whole load of its racks.
    void twoNFailureIsCarriedByTheTwin() {
        const DesignData d = generated(1024, PowerScheme::TwoN);
        const Analysis a = analyze(d);
        QVERIFY(a.power.hasChain());
        QCOMPARE(d.power.scheme, PowerScheme::TwoN);
        QVERIFY(withCode(a.findings, codes::kPowerN1Overload).empty());
        QVERIFY(withCode(a.findings, codes::kPowerElementOverload).empty());
        QVERIFY(withCode(a.findings, codes::kPowerSingleCorded).empty());
        QCOMPARE(a.power.racksLostWorst, 0);
        int checked = 0;
        for (const ElementFlow& f : a.power.elements) {
            const PowerElement& e = d.power.elements[f.id];
            if (e.kind != PowerKind::Ups && e.kind != PowerKind::Transformer)
                continue;
            QVERIFY2(f.worstKw <= f.capacityKw, qPrintable(e.name));
            ++checked;
        }
        QVERIFY(checked >= 4);
        // UPS-A1 out: UPS-B1 carries what both carried (each half of every rack).
        const ElementFlow* a1 = a.power.find(d.power.findByName(QStringLiteral("UPS-A1")));
        const ElementFlow* b1 = a.power.find(d.power.findByName(QStringLiteral("UPS-B1")));
        QVERIFY(a1 && b1);
        QVERIFY(b1->normalKw > 0);
        QCOMPARE(b1->worstFailure.isValid(), true);
        QVERIFY(qAbs(b1->worstKw - (a1->normalKw + b1->normalKw)) < 1e-6 * b1->worstKw ||
                d.power.elements[b1->worstFailure].group == QLatin1String("A"));
        QVERIFY(b1->worstKw > 1.9 * b1->normalKw);
    }

    /// Done-when: the same design built N+1 is fine with its reserve; with a reserve module
    /// too small, power.n1-overload names the overloaded module and the failed one.
    void nPlusOneWithTooSmallReserveOverloads() {
        DesignData d = generated(1024, PowerScheme::NPlusOne);
        const Analysis clean = analyze(d);
        QVERIFY(withCode(clean.findings, codes::kPowerN1Overload).empty());
        // The last module of system 1 is its reserve: make it a tenth of the others.
        PowerElementId reserve;
        int modules = 0;
        d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
            if (e.kind == PowerKind::Ups && e.name.startsWith(QLatin1String("UPS-1."))) {
                reserve = id;
                ++modules;
            }
        });
        QVERIFY(modules >= 2);
        d.power.elements[reserve].capacity /= 10;
        const Analysis a = analyze(d);
        const auto n1 = withCode(a.findings, codes::kPowerN1Overload);
        QVERIFY(!n1.empty());
        QCOMPARE(n1.front()->severity, Severity::Error);
        QVERIFY2(n1.front()->message.contains(QLatin1String("UPS-1.")),
                 qPrintable(n1.front()->message));
        QVERIFY(n1.front()->message.contains(QLatin1String("N+1")));
        QCOMPARE(n1.front()->objects.size(), std::size_t(2));
        QCOMPARE(n1.front()->objects[0].kind, ObjectRef::Kind::PowerElement);
    }

    void overloadInNormalOperationIsAnError() {
        DesignData d = generated(256, PowerScheme::TwoN);
        const PowerElementId ups = d.power.findByName(QStringLiteral("UPS-A1"));
        d.power.elements[ups].capacity = 50; // kW: far below its racks' half
        const Analysis a = analyze(d);
        const auto over = withCode(a.findings, codes::kPowerElementOverload);
        QCOMPARE(over.size(), std::size_t(1));
        QVERIFY(over.front()->message.startsWith(QLatin1String("UPS-A1")));
        QVERIFY(over.front()->threshold.contains(QLatin1String("50 kW")));
    }

    void rackOnOneSideIsSingleCorded() {
        DesignData d = generated(256, PowerScheme::TwoN);
        RackId victim;
        d.racks.forEach([&](RackId id, Rack& r) {
            if (!victim && r.feeds.b) {
                r.feeds.b = r.feeds.a;
                victim = id;
            }
        });
        const Analysis a = analyze(d);
        const auto single = withCode(a.findings, codes::kPowerSingleCorded);
        QCOMPARE(single.size(), std::size_t(1));
        QCOMPARE(single.front()->objects.front(), ObjectRef::rack(victim));
    }

    void blockRedundantCarriesAnyBlockOut() {
        GenerateParams p;
        p.gpus = 1024;
        p.power->scheme = PowerScheme::Block;
        p.power->blocks = 4;
        const GenerateResult r = generateCluster(p, test::bundled().catalog());
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.design.power.schemeLabel(), QStringLiteral("4N/3"));
        const Analysis a = analyze(r.design);
        QVERIFY(withCode(a.findings, codes::kPowerN1Overload).empty());
        QCOMPARE(a.power.racksLostWorst, 0);
        QVERIFY(a.power.worstN1Pct <= 100);
        QVERIFY(a.power.worstN1Pct > a.power.maxNormalPct); // the reserve is used
    }

    void rackUpstreamListsEachFeedsPath() {
        const DesignData d = generated(256, PowerScheme::TwoN);
        RackId rack;
        d.racks.forEach([&](RackId id, const Rack& r) {
            if (!rack && r.feeds.a)
                rack = id;
        });
        const auto up = rackUpstream(d, rack);
        QVERIFY(!up[0].empty() && !up[1].empty());
        QCOMPARE(up[0].front(), d.racks[rack].feeds.a);
        auto kinds = [&](const std::vector<PowerElementId>& path) {
            QStringList k;
            for (PowerElementId e : path)
                k << powerKindKey(d.power.elements[e].kind);
            return k.join(QLatin1Char(' '));
        };
        QCOMPARE(kinds(up[0]), QStringLiteral("busway ups switchgear battery transformer "
                                              "generator utility"));
        for (PowerElementId a : up[0]) // 2N: the two paths share nothing
            QVERIFY(std::find(up[1].begin(), up[1].end(), a) == up[1].end());
    }

    void roundTripWithPowerSection() {
        DesignData d = generated(256, PowerScheme::NPlusOne);
        d.power.transientPct = 30;
        d.power.itBudgetKw = 400;
        const QByteArray bytes = DesignFile::toBytes(d);
        QVERIFY(bytes.contains("\"power\": {"));
        // Between the pathways and the racks, whose feeds name its elements.
        const qsizetype at = bytes.indexOf("\n  \"power\": {");
        QVERIFY(bytes.indexOf("\n  \"pathways\"") < at && at < bytes.indexOf("\n  \"racks\""));
        const LoadResult r = reload(bytes);
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(DesignFile::toBytes(r.data), bytes); // TypeIds may be renumbered, bytes not
        QCOMPARE(r.data.power.elements.size(), d.power.elements.size());
        QCOMPARE(r.data.power.transientPct, 30.0);
        QCOMPARE(r.data.power.scheme, PowerScheme::NPlusOne);
        d.racks.forEach(
            [&](RackId id, const Rack& rack) { QCOMPARE(r.data.racks[id].feeds, rack.feeds); });
    }

    /// An older file (v4, or v5 from the trays branch) has no power section: it opens, with
    /// the migration noted, and saves again without one.
    void olderFilesWithoutPowerMigrate_data() {
        QTest::addColumn<int>("version");
        QTest::newRow("v4") << 4;
        QTest::newRow("v5") << 5;
    }
    void olderFilesWithoutPowerMigrate() {
        QFETCH(int, version);
        auto doc =
            nlohmann::ordered_json::parse(DesignFile::toBytes(test::smallCluster()).toStdString());
        QVERIFY(!doc.contains("power"));
        doc["formatVersion"] = version;
        const LoadResult r = reload(QByteArray::fromStdString(doc.dump(2)));
        QVERIFY2(r.ok, r.errors.empty() ? "" : qPrintable(r.errors.front().toString()));
        QCOMPARE(r.fileFormatVersion, version);
        QVERIFY(r.data.power.isEmpty());
        QVERIFY(r.notes.join(QLatin1Char('\n')).contains(QLatin1String("formatVersion 5 to 6")));
        const QByteArray saved = DesignFile::toBytes(r.data);
        QVERIFY(saved.startsWith(QByteArray(
            "{\n  \"formatVersion\": " + QByteArray::number(kDesignFormatVersion) + ",")));
        QVERIFY(!saved.contains("\"power\""));
        QCOMPARE(analyze(r.data).power.hasChain(), false);
    }

    void badChainNamesTheFilePlace_data() {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("words");
        QTest::addColumn<bool>("last"); // patch the last occurrence (the first is in the catalog)
        // UTIL-A (element 0) made to draw from TX-A1 (element 2), which draws from it.
        QTest::newRow("cycle") << QByteArray("\"upstream\": [],")
                               << QByteArray("\"upstream\": [2],")
                               << QStringLiteral("/power/elements/2/upstream")
                               << QStringLiteral("cycle") << false;
        QTest::newRow("missing upstream")
            << QByteArray("\"upstream\": [0],") << QByteArray("\"upstream\": [9999],")
            << QStringLiteral("/power/elements/2/upstream/0") << QStringLiteral("does not exist")
            << false;
        QTest::newRow("negative capacity")
            << QByteArray("\"capacityKva\": 2500") << QByteArray("\"capacityKva\": -5")
            << QStringLiteral("/power/elements/7/capacityKva") << QString() << true;
        QTest::newRow("feed to a missing element")
            // The old id's digits follow: "a": 9999<id>, an element that does not exist.
            << QByteArray("\"a\": ") << QByteArray("\"a\": 9999")
            << QStringLiteral("/racks/0/feeds/a") << QStringLiteral("does not exist") << false;
        QTest::newRow("unknown scheme")
            << QByteArray("\"scheme\": \"2N\"") << QByteArray("\"scheme\": \"3N\"")
            << QStringLiteral("/power/scheme") << QStringLiteral("2N") << false;
        // Nothing in the chain changes without a word (issue 36): a typo is refused.
        QTest::newRow("typo in the chain")
            << QByteArray("\"strandedPct\"") << QByteArray("\"strandedPc\"")
            << QStringLiteral("/power/strandedPc") << QStringLiteral("did you mean \"strandedPct\"")
            << false;
        QTest::newRow("typo in an element")
            << QByteArray("\"group\": \"A\"") << QByteArray("\"grup\": \"A\"")
            << QStringLiteral("/power/elements/0/grup") << QStringLiteral("did you mean \"group\"")
            << false;
        QTest::newRow("capacity in the wrong unit")
            << QByteArray("\"upstream\": [],") << QByteArray("\"upstream\": [], \"capacityKw\": 1,")
            << QStringLiteral("/power/elements/0/capacityKw") << QStringLiteral("capacityKva")
            << false;
    }
    void badChainNamesTheFilePlace() {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, field);
        QFETCH(QString, words);
        QFETCH(bool, last);
        QByteArray bytes = DesignFile::toBytes(generated(256, PowerScheme::TwoN));
        const qsizetype at = last ? bytes.lastIndexOf(from) : bytes.indexOf(from);
        QVERIFY2(at >= 0, from.constData());
        bytes.replace(at, from.size(), to);
        const LoadResult r = reload(bytes);
        QVERIFY(!r.ok);
        QCOMPARE(r.errors.front().field, field);
        QVERIFY2(r.errors.front().message.contains(words), qPrintable(r.errors.front().message));
    }

    /// Done-when: a 30 MW IT budget gives a design within it whose next scalable unit would
    /// not fit; its chain is built and checked.
    void thirtyMegawattsOfIt() {
        GenerateParams p;
        const BudgetSizing s = sizeToBudget(p, test::bundled().catalog(), 30000);
        QVERIFY2(s.ok, qPrintable(s.error));
        QCOMPARE(s.gpus % s.gpusPerSu, 0);
        QVERIFY(s.itKw <= 30000);
        QVERIFY(s.nextItKw > 30000);
        QVERIFY(s.why.contains(QLatin1String("30000 kW")));
        p.gpus = s.gpus;
        p.itBudgetKw = 30000;
        const GenerateResult r = generateCluster(p, test::bundled().catalog());
        QVERIFY2(r.ok, qPrintable(r.error));
        const Analysis a = analyze(r.design);
        QCOMPARE(a.metrics.gpus, s.gpus);
        QVERIFY(a.metrics.itMaxW / 1000.0 <= 30000);
        QCOMPARE(qRound(a.metrics.itMaxW / 1000.0), qRound(s.itKw));
        QCOMPARE(r.design.power.itBudgetKw, 30000.0);
        QVERIFY(withCode(a.findings, codes::kPowerN1Overload).empty());
        QVERIFY(a.power.utilityKva > 30000);
    }

    /// --hall-mw on a campus: every hall carries at most the budget, each from a chain of its
    /// own whose utility services (two, 2N) are rated for the budget and carry that hall's
    /// load alone (its racks' IT load through the chain's losses), with no power.* error.
    void hallBudgetSizesEachHallsChain() {
        GenerateParams p;
        p.gpus = 2048; // 8 SUs of DGX H100, about 3 MW: more than one hall of 1.5 MW
        const double budgetKw = 1500;
        const GenerateResult r = generateForHallBudget(p, test::bundled().catalog(), budgetKw);
        QVERIFY2(r.ok, qPrintable(r.error));
        const DesignData& d = r.design;
        QVERIFY(d.halls.size() >= 2);
        const Analysis a = analyze(d);
        for (const Finding& f : a.findings)
            QVERIFY2(f.severity != Severity::Error || !f.code.startsWith(QLatin1String("power.")),
                     qPrintable(f.message));
        const std::vector<HallLoad> loads = hallLoads(d, a.metrics);
        const std::vector<double> kva =
            hallUtilityKva(d, a.metrics, a.power, rackHalls(d, d.halls), d.halls.size());
        QCOMPARE(loads.size(), d.halls.size());
        const double pf = d.power.powerFactor;
        for (std::size_t h = 0; h < loads.size(); ++h) {
            const QString hall = QStringLiteral("H%1-").arg(h + 1);
            QVERIFY2(loads[h].itKw > 0 && loads[h].itKw <= budgetKw, qPrintable(hall));
            QVERIFY2(
                kva[h] >= loads[h].itKw / pf && kva[h] <= 1.15 * loads[h].itKw / pf,
                qPrintable(hall +
                           QStringLiteral(" %1 kVA for %2 kW").arg(kva[h]).arg(loads[h].itKw)));
            double normal = 0; // what the hall's own services carry
            for (const char* side : {"UTIL-A", "UTIL-B"}) {
                const PowerElementId id = d.power.findByName(hall + QLatin1String(side));
                QVERIFY2(id.isValid(), qPrintable(hall + QLatin1String(side)));
                QVERIFY(d.power.capacityKw(d.power.elements[id]) >= budgetKw);
                normal += a.power.find(id)->normalKw / pf;
            }
            QVERIFY2(qAbs(normal - kva[h]) < 1e-6 * kva[h], qPrintable(hall));
        }
        QVERIFY(r.notes.join(QLatin1Char('\n'))
                    .contains(QLatin1String("utility services rated for 1.50 MW of IT a hall")));
    }

    /// --hall-mw rates a hall's utility services for the budget, whatever the hall carries
    /// today (the service contracted for the hall); the stages below stay sized for its load.
    void hallBudgetRatesTheUtilityService() {
        GenerateParams p;
        p.gpus = 256;
        const double budgetKw = 20000;
        const GenerateResult r = generateForHallBudget(p, test::bundled().catalog(), budgetKw);
        QVERIFY2(r.ok, qPrintable(r.error));
        const DesignData& d = r.design;
        QVERIFY(d.halls.empty()); // one hall carries it all
        const DesignData plain = generated(256, PowerScheme::TwoN);
        auto element = [](const DesignData& x, const char* name) -> const PowerElement& {
            const PowerElementId id = x.power.findByName(QLatin1String(name));
            if (!id)
                qFatal("no %s", name);
            return x.power.elements[id];
        };
        for (const char* name : {"UTIL-A", "UTIL-B"}) {
            const double kw = d.power.capacityKw(element(d, name));
            // The budget through the chain's losses (a few %), rounded up to 500 kVA.
            QVERIFY2(kw >= budgetKw && kw <= 1.1 * budgetKw, qPrintable(QString::number(kw)));
            QVERIFY(element(plain, name).capacity < element(d, name).capacity);
        }
        QCOMPARE(element(d, "TX-A1").capacity, element(plain, "TX-A1").capacity);
        QCOMPARE(element(d, "UPS-A1").capacity, element(plain, "UPS-A1").capacity);
        const Analysis a = analyze(d);
        QVERIFY(withCode(a.findings, codes::kPowerN1Overload).empty());
    }

    void budgetBelowOneScalableUnitIsRefused() {
        const BudgetSizing s = sizeToBudget(GenerateParams{}, test::bundled().catalog(), 100);
        QVERIFY(!s.ok);
        QVERIFY2(s.error.contains(QLatin1String("one scalable unit")), qPrintable(s.error));
    }

    void siteBudgetUsesThePue() {
        const BudgetSizing it = sizeToBudget(GenerateParams{}, test::bundled().catalog(), 5000);
        const BudgetSizing site =
            sizeToBudget(GenerateParams{}, test::bundled().catalog(), 0, 5000);
        QVERIFY(it.ok && site.ok);
        QVERIFY(site.facilityKw <= 5000);
        QVERIFY(site.nextFacilityKw > 5000);
        QVERIFY(site.gpus < it.gpus); // cooling takes its share of the site
    }

    void chainIsPricedInTheBom() {
        const DesignData d = generated(256, PowerScheme::TwoN);
        const Bom bom = computeBom(d);
        long long ups = 0, batteries = 0;
        for (const BomLine& l : bom.lines) {
            const CatalogItem& it = d.catalog[l.type];
            if (it.powerElement && it.powerElement->kind == PowerKind::Ups) {
                ups += l.quantity;
                QVERIFY(l.unitPriceUsd.has_value());
            }
            if (it.powerElement && it.powerElement->kind == PowerKind::Battery)
                batteries += l.quantity;
        }
        QCOMPARE(ups, 2LL);
        long long units = 0;
        d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
            if (e.kind == PowerKind::Battery)
                units += e.units;
        });
        QCOMPARE(batteries, units);
    }

    /// Done-when: a GB300 NVL72 design can be fed at 800 V DC from power racks, which feed
    /// its NVL72 racks in place of AC PDUs; the other racks keep their A and B PDUs.
    void nvl72FedAt800VoltsDc() {
        const DesignData d = gb300(true);
        const std::map<RackId, int> pdus = pdusByRack(d);
        int dcRacks = 0, acRacks = 0;
        const DesignIndex index(d);
        d.racks.forEach([&](RackId id, const Rack& rack) {
            bool nvl = false;
            for (DeviceId dev : index.devicesIn(id))
                nvl = nvl || d.typeOf(d.devices[dev]).rackScale ||
                      d.typeOf(d.devices[dev]).tray != TrayKind::None; // its trays, since v5
            if (!nvl) {
                QVERIFY2(pdus.count(id) && pdus.at(id) >= 2, qPrintable(rack.name));
                ++acRacks;
                return;
            }
            QVERIFY2(!pdus.count(id), qPrintable(rack.name + QStringLiteral(" has AC PDUs")));
            for (PowerElementId f : {rack.feeds.a, rack.feeds.b}) {
                QVERIFY(f.isValid());
                QCOMPARE(d.power.elements[f].kind, PowerKind::PowerRack);
                QCOMPARE(d.power.elements[f].outputVdc, 800.0);
            }
            ++dcRacks;
        });
        QCOMPARE(dcRacks, 8);
        QVERIFY(acRacks > 0);
        const Analysis a = analyze(d);
        QVERIFY(withCode(a.findings, codes::kPowerN1Overload).empty());
        // Fed without PDUs: on the chain, and on two independent feeds.
        QVERIFY(withCode(a.findings, codes::kPowerUnfed).empty());
        QVERIFY(withCode(a.findings, codes::kPowerSingleCorded).empty());
        QVERIFY(a.power.byKind[std::size_t(PowerKind::PowerRack)] > 0);
    }

    /// 800 V DC leaves the NVL72 racks' PDUs out of the inventory and the BOM: the same design
    /// on AC has them (A and B feeds, at least one PDU each), the other racks' are the same.
    void dcRacksHaveNoPdusInTheBom() {
        const DesignData d = gb300(true);
        const Analysis a = analyze(d);
        int inRacks = 0;
        for (const auto& rackPdus : pdusByRack(d))
            inRacks += rackPdus.second;
        QCOMPARE(a.metrics.pdus, inRacks);
        long long billed = 0;
        for (const BomLine& l : a.bom.lines)
            if (isRackPdu(d.catalog[l.type]))
                billed += l.quantity;
        QCOMPARE(billed, (long long)inRacks);
        const Analysis ac = analyze(gb300(false));
        QVERIFY2(
            ac.metrics.pdus >= inRacks + 8 * 2,
            qPrintable(
                QStringLiteral("%1 PDUs on AC, %2 at 800 V DC").arg(ac.metrics.pdus).arg(inRacks)));
    }

    /// The power racks' AC to 800 V DC conversion (97.5 %) is a stage of the chain: the UPS
    /// tier delivers what the busways and power racks below it deliver, through their
    /// efficiency, and the utility carries it with the other stages' losses.
    void powerRackConversionLossIsCarriedUp() {
        const DesignData d = gb300(true);
        const Analysis a = analyze(d);
        double upsKw = 0, belowKw = 0, rackKw = 0;
        int powerRacks = 0;
        for (const ElementFlow& f : a.power.elements) {
            const PowerElement& e = d.power.elements[f.id];
            if (e.kind == PowerKind::PowerRack) {
                QCOMPARE(e.efficiencyPct, 97.5);
                ++powerRacks;
            }
            if (e.kind == PowerKind::Ups)
                upsKw += f.normalKw;
            else if (feedsRacks(e.kind)) {
                belowKw += f.normalKw / (e.efficiencyPct / 100.0);
                rackKw += f.normalKw;
            }
        }
        QVERIFY(powerRacks > 0);
        QVERIFY(upsKw > rackKw);
        QVERIFY2(qAbs(upsKw - belowKw) < 1e-6 * upsKw,
                 qPrintable(QStringLiteral("%1 vs %2").arg(upsKw).arg(belowKw)));
        QVERIFY(a.power.utilityKva * d.power.powerFactor > upsKw);
    }

    /// Ride-through: a battery rated for too few minutes at its load runs out before the
    /// standby generators take the load (power.transient-headroom names it, its load, runtime
    /// and the requirement); the catalog's 5 minutes, or a larger battery, pass.
    void batteryRideThroughAgainstGeneratorStart() {
        DesignData d = generated(256, PowerScheme::TwoN);
        const QString bat = QStringLiteral("BAT-A1");
        auto rideThrough = [&](const DesignData& design) {
            const Analysis a = analyze(design);
            std::vector<Finding> out;
            for (const Finding* f :
                 aboutElement(design, a.findings, codes::kPowerTransientHeadroom, bat))
                out.push_back(*f);
            return out;
        };
        QVERIFY(rideThrough(d).empty()); // 5 min: minutes, against a minute at most
        const PowerElementId id = d.power.findByName(bat);
        CatalogItem cabinet = d.catalog[d.power.elements[id].type];
        QVERIFY(cabinet.powerElement && cabinet.powerElement->rideThroughMin > 0);
        cabinet.powerElement->rideThroughMin = 0.1; // 6 s at its rated kW
        d.catalog.add(cabinet);                     // replaces the entry, keeping its TypeId
        const std::vector<Finding> short_ = rideThrough(d);
        QCOMPARE(short_.size(), std::size_t(1));
        const Finding& f = short_.front();
        QCOMPARE(f.severity, Severity::Warning);
        for (const char* words : {"BAT-A1", "kW when the utility fails", "rated 0.1 min",
                                  "runs about", "60 s required", "GEN-A1", "steps of 50 %"})
            QVERIFY2(f.message.contains(QLatin1String(words)), qPrintable(f.message));
        QVERIFY2(f.threshold.contains(QLatin1String("NFPA 110")) &&
                     f.threshold.contains(QLatin1String("linear approximation")),
                 qPrintable(f.threshold));
        QCOMPARE(f.objects.size(), std::size_t(2)); // the battery and the UPS it backs
        QCOMPARE(f.objects[1],
                 ObjectRef::powerElement(d.power.findByName(QStringLiteral("UPS-A1"))));
        // Ten times the cabinets at the same rating: ten times the runtime, over a minute.
        d.power.elements[id].capacity *= 10;
        d.power.elements[id].units *= 10;
        QVERIFY2(rideThrough(d).empty(), qPrintable(f.message));
    }

    /// A UPS drawing from no battery leaves its load without power while the generators start.
    void upsWithoutBatteryHasNoRideThrough() {
        DesignData d = generated(256, PowerScheme::TwoN);
        const PowerElementId ups = d.power.findByName(QStringLiteral("UPS-A1"));
        d.power.elements[ups].upstream = {d.power.findByName(QStringLiteral("SWG-A1"))};
        const Analysis a = analyze(d);
        const auto found =
            aboutElement(d, a.findings, codes::kPowerTransientHeadroom, QStringLiteral("UPS-A1"));
        QCOMPARE(found.size(), std::size_t(1));
        QVERIFY2(found.front()->message.contains(QLatin1String("draws from no battery")),
                 qPrintable(found.front()->message));
        QCOMPARE(found.front()->objects.back(),
                 ObjectRef::powerElement(d.power.findByName(QStringLiteral("GEN-A1"))));
    }
};

QTEST_APPLESS_MAIN(TestPowerChain)
#include "tst_power_chain.moc"
