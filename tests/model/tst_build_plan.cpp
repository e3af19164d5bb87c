// Build phases (issue #34): the file's phases and racks' phase, the split by scalable unit,
// the build plan (phase BOMs that sum to the whole, cables by phase, labour, order dates) and
// the build-plan folder.

#include "TestDesigns.h"

#include "model/Design.h"
#include "model/advisor/ClusterFacts.h"
#include "model/advisor/PhaseCapability.h"
#include "model/advisor/Workload.h"
#include "model/edits/Edit.h"
#include "model/edits/PhaseOps.h"
#include "model/export/BuildPlanExport.h"
#include "model/export/CablingSchedule.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/phases/BuildPlan.h"

#include <QTest>

#include <map>

using namespace cds;

namespace {

DesignData generated(int gpus, bool chain = true) {
    GenerateParams p;
    p.gpus = gpus;
    if (!chain)
        p.power.reset();
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

/// The 16,384-GPU design of the "done when", in four phases, made once.
const DesignData& phased16k() {
    static const DesignData d = [] {
        DesignData g = generated(16384);
        const QString e = splitByScalableUnit(g, 4, QDate(2027, 3, 1), 8);
        if (!e.isEmpty())
            qFatal("split: %s", qPrintable(e));
        return g;
    }();
    return d;
}

/// {type -> quantity} and {type -> {length -> count}} of a BOM.
struct Tally {
    std::map<TypeId, long long> quantity;
    std::map<TypeId, std::map<double, long long>> bins;
    void add(const Bom& b) {
        for (const BomLine& l : b.lines) {
            quantity[l.type] += l.quantity;
            for (const auto& [length, n] : l.lengthBins)
                if ((bins[l.type][length] += n) == 0)
                    bins[l.type].erase(length);
        }
        for (auto it = quantity.begin(); it != quantity.end();)
            it = it->second == 0 ? quantity.erase(it) : std::next(it);
        for (auto it = bins.begin(); it != bins.end();)
            it = it->second.empty() ? bins.erase(it) : std::next(it);
    }
};

/// Fields of one CSV line (quotes as csv::row writes them).
QStringList fields(const QString& line) {
    QStringList out;
    QString f;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == u'"' && i + 1 < line.size() && line[i + 1] == u'"')
                f += c, ++i;
            else if (c == u'"')
                quoted = false;
            else
                f += c;
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            out << f;
            f.clear();
        } else {
            f += c;
        }
    }
    out << f;
    return out;
}

QString why(const LoadResult& r) {
    return r.errors.empty() ? QString() : r.errors.front().toString();
}

QByteArray fileOf(const BuildPlanExport& e, const QString& path) {
    for (const auto& [p, bytes] : e.files)
        if (p == path)
            return bytes;
    qFatal("no %s in the build plan", qPrintable(path));
    return {};
}

} // namespace

class TestBuildPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// Done when: a 4-phase 16,384-GPU design's phase BOMs sum to the whole BOM exactly.
    void phaseBomsSumToTheWholeBom() {
        const DesignData& d = phased16k();
        QCOMPARE(int(d.phases.size()), 4);
        const BuildPlan plan = buildPlan(d);
        QVERIFY2(plan.error.isEmpty(), qPrintable(plan.error));
        QCOMPARE(int(plan.phases.size()), 4);
        Tally phases, whole;
        double cost = 0;
        long long cables = 0, transceivers = 0;
        for (const PhaseSummary& s : plan.phases) {
            QVERIFY(!s.bom.lines.empty());
            for (const BomLine& l : s.bom.lines)
                QVERIFY2(l.quantity >= 0, qPrintable(d.catalog[l.type].id));
            phases.add(s.bom);
            cost += s.bom.totalUsd;
            cables += s.bom.cables;
            transceivers += s.bom.transceivers;
        }
        const Bom all = computeBom(d);
        whole.add(all);
        QVERIFY(phases.quantity == whole.quantity);
        QVERIFY(phases.bins == whole.bins);
        QCOMPARE(cables, all.cables);
        QCOMPARE(transceivers, all.transceivers);
        QVERIFY(std::abs(cost - all.totalUsd) < 1e-6 * all.totalUsd);
        // GPUs arrive phase by phase: 4,096 a phase, all of them at the end.
        int gpus = 0;
        for (const PhaseSummary& s : plan.phases) {
            QCOMPARE(s.gpus, 4096);
            gpus += s.gpus;
            QCOMPARE(s.gpusReady, gpus);
            QVERIFY(s.itKwReady > 0 && s.labourHours > 0 && s.cables > 0);
        }
        QCOMPARE(gpus, 16384);
        // The spine and core racks are all in phase 1, so it pulls more cable than the rest.
        QVERIFY(plan.phases[0].racks > plan.phases[1].racks);
    }

    /// Done when: each phase's cabling holds only its cables (a cable is pulled when both of
    /// its ends are installed), and every cable is in one phase.
    void eachPhaseCablingHoldsOnlyItsCables() {
        const DesignData& d = phased16k();
        const BuildPlanExport e = buildPlanExport(d);
        QVERIFY2(e.ok, qPrintable(e.error));
        std::map<QString, int> phaseOf; // device name -> phase
        d.devices.forEach(
            [&](DeviceId id, const Device& v) { phaseOf[v.name] = phaseOfDevice(d, id); });
        int rows = 0;
        for (int k = 0; k < 4; ++k) {
            const QString csv = QString::fromUtf8(fileOf(
                e, QStringLiteral("phase-%1/cabling.csv").arg(k + 1, 2, 10, QLatin1Char('0'))));
            QStringList lines = csv.split(u'\n', Qt::SkipEmptyParts);
            const QStringList header = fields(lines.takeFirst());
            const qsizetype a = header.indexOf(QStringLiteral("a_device"));
            const qsizetype b = header.indexOf(QStringLiteral("b_device"));
            QVERIFY(a >= 0 && b >= 0);
            QVERIFY(!lines.isEmpty());
            for (const QString& line : lines) {
                const QStringList f = fields(line);
                const int phase = std::max(phaseOf.at(f[a]), phaseOf.at(f[b]));
                QVERIFY2(phase == k, qPrintable(line));
            }
            rows += int(lines.size());
        }
        QCOMPARE(rows, int(cablingRows(d).size()));
        // The summary and the orders are there, one row a phase.
        QCOMPARE(fileOf(e, QStringLiteral("build-plan.csv")).count('\n'), 5);
        QVERIFY(fileOf(e, QStringLiteral("phase-04/bom.xlsx")).startsWith("PK"));
        const QByteArray readme = fileOf(e, QStringLiteral("README.md"));
        QVERIFY(readme.contains("| Phase 4 | 2027-08-16 |"));
        QVERIFY2(readme.contains("| 16,384 |"), readme.constData()); // read by people: grouped
        // Orders are judged on the design's date: transformers for 2027-03-01 are late on
        // 2026-12-04 (128 weeks before is 2024-09-16); racks for phase 4 are not yet due.
        DesignData dated = d;
        dated.meta.date = QStringLiteral("2026-12-04");
        const QString orders =
            QString::fromUtf8(fileOf(buildPlanExport(dated), QStringLiteral("orders.csv")));
        QVERIFY(orders.startsWith(QLatin1String("phase,phase_date,kind,catalog_id,vendor,model,"
                                                "quantity,lead_weeks,order_by,status,")));
        QVERIFY2(orders.contains(QLatin1String(",128,2024-09-16,late,")),
                 qPrintable(orders.left(600)));
        QVERIFY(orders.contains(QLatin1String("\n4,2027-08-16,rack,")));
    }

    /// Orders: the phase's date less the lead time of the item's kind; the power chain's
    /// transformers come first, their lead time the longest. Labour: quantity times hours.
    void ordersAndLabourFollowTheKinds() {
        const DesignData& d = phased16k();
        const BuildPlan plan = buildPlan(d);
        const PhaseSummary& first = plan.phases.front();
        QVERIFY(!first.orders.empty());
        QCOMPARE(first.orders.front().kind, InstallKind::Transformer);
        QCOMPARE(first.orders.front().lead.weeks, 128);
        QVERIFY(first.orders.front().lead.source.startsWith(QLatin1String("estimate")));
        QCOMPARE(first.orders.front().orderBy, QDate(2027, 3, 1).addDays(-7 * 128));
        double hours = 0;
        for (const BomLine& l : first.bom.lines)
            hours += double(l.quantity) * d.settings.labourHours.of(installKindOf(d, l.type));
        QCOMPARE(first.labourHours, hours);
        DesignData slower = d;
        slower.settings.labourHours.hours[std::size_t(InstallKind::GpuServer)] *= 2;
        const BuildPlan again = buildPlan(slower);
        int servers = 0;
        for (const BomLine& l : again.phases[1].bom.lines)
            if (installKindOf(d, l.type) == InstallKind::GpuServer)
                servers += int(l.quantity);
        QCOMPARE(servers, 4096 / 8);
        QVERIFY(std::abs(again.phases[1].labourHours - plan.phases[1].labourHours -
                         servers * LabourHours{}.of(InstallKind::GpuServer)) < 1e-6);
    }

    /// The power chain is built ahead of the racks it feeds: the whole chain in the design up
    /// to the last phase, and an element in the phase of the first rack it feeds.
    void powerChainArrivesWithItsFirstRack() {
        const DesignData& d = phased16k();
        QVERIFY(!d.power.isEmpty());
        const std::vector<int> phase = powerElementPhases(d);
        bool later = false;
        d.racks.forEach([&](RackId id, const Rack& r) {
            if (r.feeds.a)
                QVERIFY(phase[r.feeds.a.value()] <= phaseOfRack(d, id));
            later = later || (r.feeds.a && phase[r.feeds.a.value()] > 0);
        });
        QVERIFY(later); // the busways of later phases' racks come later
        const DesignData upTo0 = designUpTo(d, 0);
        QVERIFY(upTo0.power.elements.size() < d.power.elements.size());
        QCOMPARE(designUpTo(d, 3).power.elements.size(), d.power.elements.size());
    }

    /// The file: phases and racks' phase round-trip, written only when there are phases.
    void fileRoundTrip() {
        DesignData d = generated(1024, false);
        QVERIFY(!DesignFile::toBytes(d).contains("\"phases\": ["));
        QVERIFY(!DesignFile::toBytes(d).contains("\"labourHours\""));
        QVERIFY(splitByScalableUnit(d, 2, QDate(2027, 1, 4), 6).isEmpty());
        d.settings.labourHours.hours[std::size_t(InstallKind::Cable)] = 0.5;
        const QByteArray bytes = DesignFile::toBytes(d);
        QVERIFY(bytes.contains("\"phases\": ["));
        QVERIFY(bytes.contains("\"labourHours\": {\n      \"cable\": 0.5\n    }"));
        const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("phases.cds.json"));
        QVERIFY2(r.ok, qPrintable(why(r)));
        QCOMPARE(r.data.phases, d.phases);
        QCOMPARE(r.data.phases[1].date, QStringLiteral("2027-02-15"));
        QCOMPARE(r.data.settings.labourHours, d.settings.labourHours);
        QCOMPARE(DesignFile::toBytes(r.data), bytes);
        int second = 0;
        r.data.racks.forEach([&](RackId, const Rack& rack) { second += rack.phase == 1; });
        QVERIFY(second > 0);
    }

    /// Bad input: a clear message naming the place, nothing loaded.
    void badPhasesAreRefusedWithTheirPlace() {
        DesignData d = generated(512, false);
        QVERIFY(splitByScalableUnit(d, 2).isEmpty());
        const QByteArray good = DesignFile::toBytes(d);
        struct Case {
            QByteArray from, to, place, says;
        };
        const std::vector<Case> cases = {
            {"\"name\": \"Phase 2\"", "\"name\": \"Phase 2\", \"date\": \"2027-13-01\"",
             "/phases/1/date", "not a YYYY-MM-DD date"},
            {"\"name\": \"Phase 2\"", "\"name\": \"Phase 1\"", "/phases/1/name",
             "two phases are named"},
            {"\"name\": \"Phase 2\"", "\"name\": \"Phase 2\", \"when\": 1", "/phases/1", "when"},
            {"\"phase\": 1\n", "\"phase\": 2\n", "/phase",
             "phase 2 does not exist: the "
             "design has 2 phases, 0 to 1"},
        };
        for (const Case& c : cases) {
            QByteArray bad = good;
            QVERIFY2(bad.contains(c.from), c.from.constData());
            bad.replace(bad.indexOf(c.from), c.from.size(), c.to);
            const LoadResult r = DesignFile::loadFromBytes(bad, QStringLiteral("bad.cds.json"));
            QVERIFY2(!r.ok, c.to.constData());
            const QString said = why(r);
            QVERIFY2(said.contains(QLatin1String(c.place)) && said.contains(QLatin1String(c.says)),
                     qPrintable(said));
        }
        // A rack naming a phase in a design without phases.
        DesignData none = generated(512, false);
        QByteArray orphan = DesignFile::toBytes(none);
        orphan.replace("\"cooling\": \"air\"", "\"cooling\": \"air\", \"phase\": 0");
        const LoadResult r = DesignFile::loadFromBytes(orphan, QStringLiteral("orphan.cds.json"));
        QVERIFY(!r.ok);
        QVERIFY2(why(r).contains(QLatin1String("the design has none")), qPrintable(why(r)));
    }

    /// The edits: the phase list and a rack's phase, each one undo step; removing a phase
    /// moves its racks to the last one left, and undo puts them back.
    void phaseEditsUndo() {
        DesignData start = generated(512, false);
        QVERIFY(splitByScalableUnit(start, 2).isEmpty());
        Design design(start);
        const DesignData before = design.data();
        RackId second;
        design.data().racks.forEach([&](RackId id, const Rack& r) {
            if (r.phase == 1)
                second = id;
        });
        QVERIFY(second.isValid());
        // Bad lists are refused with the reason.
        QVERIFY(
            edits::setPhases(design.data(), {{QStringLiteral("A"), {}}, {QStringLiteral("A"), {}}})
                .refusal.contains(QLatin1String("Two phases are named \"A\"")));
        QVERIFY(
            edits::setPhases(design.data(), {{QStringLiteral("A"), QStringLiteral("2027-02-30")}})
                .refusal.contains(QLatin1String("not a date")));
        QVERIFY(edits::setPhases(design.data(), {{QStringLiteral(" "), {}}})
                    .refusal.contains(QLatin1String("needs a name")));
        // One phase left: the second phase's racks move into it, in the same step.
        edits::Result r = edits::setPhases(design.data(),
                                           {{QStringLiteral("All"), QStringLiteral("2027-06-01")}});
        QVERIFY2(r, qPrintable(r.refusal));
        QCOMPARE(r.edit->text(), QStringLiteral("Build phases: 1"));
        r.edit->apply(design);
        QCOMPARE(int(design.data().phases.size()), 1);
        QCOMPARE(int(design.data().racks[second].phase), 0);
        QVERIFY(
            DesignFile::loadFromBytes(DesignFile::toBytes(design.data()), QStringLiteral("x")).ok);
        r.edit->revert(design);
        QVERIFY(design.data() == before);
        // A rack to another phase.
        edits::Result move = edits::setRackPhase(design.data(), {second}, 0);
        QVERIFY2(move, qPrintable(move.refusal));
        QVERIFY(move.edit->text().endsWith(QLatin1String(" to Phase 1")));
        move.edit->apply(design);
        QCOMPARE(int(design.data().racks[second].phase), 0);
        move.edit->revert(design);
        QVERIFY(design.data() == before);
        QVERIFY(!edits::setRackPhase(design.data(), {second}, 5).refusal.isEmpty());
        QVERIFY(!edits::setRackPhase(design.data(), {second}, 1));
        // Install labour in the same step as the phases, or alone; out of range refused.
        LabourHours labour;
        labour.hours[std::size_t(InstallKind::Transceiver)] = 0.1;
        edits::Result hours = edits::setPhases(design.data(), design.data().phases, labour);
        QVERIFY2(hours, qPrintable(hours.refusal));
        QCOMPARE(hours.edit->text(), QStringLiteral("Install labour hours"));
        hours.edit->apply(design);
        QCOMPARE(design.data().settings.labourHours.of(InstallKind::Transceiver), 0.1);
        hours.edit->revert(design);
        QVERIFY(design.data() == before);
        QVERIFY(
            edits::setPhases(design.data(), design.data().phases, LabourHours{}).edit->isNoOp());
        labour.hours[std::size_t(InstallKind::Rack)] = -1;
        QVERIFY2(edits::setPhases(design.data(), design.data().phases, labour)
                     .refusal.startsWith(QLatin1String("Racks: -1 hours a unit")),
                 qPrintable(edits::setPhases(design.data(), design.data().phases, labour).refusal));
    }

    /// A phase with no racks, and a split into more phases than scalable units, are refused
    /// naming the phase or the counts.
    void emptyPhaseAndTooManyPhasesAreRefused() {
        DesignData d = generated(1024, false);
        const QString tooMany = splitByScalableUnit(d, 9);
        QVERIFY2(tooMany.contains(QLatin1String("9 phases need at least 9 scalable units")) &&
                     tooMany.contains(QLatin1String("has 4")),
                 qPrintable(tooMany));
        QVERIFY(d.phases.empty());
        QVERIFY(splitByScalableUnit(d, 2).isEmpty());
        d.phases.push_back({QStringLiteral("Expansion"), QStringLiteral("2028-01-03")});
        const BuildPlan plan = buildPlan(d);
        QVERIFY2(plan.error.contains(QLatin1String("phase 3 \"Expansion\" holds no racks")),
                 qPrintable(plan.error));
        const BuildPlanExport e = buildPlanExport(d);
        QVERIFY(!e.ok && e.files.empty() && e.error == plan.error);
        QVERIFY(buildPlan(generated(512, false)).error.contains(QLatin1String("no build phases")));
    }
    // What the GPUs ready at each phase's end can do: the advisor on the design as it stands.
    void eachPhaseSaysWhatItsGpusCanDo() {
        const DesignData& d = phased16k();
        const BuildPlan plan = buildPlan(d);
        const std::vector<PhaseCapability> can = phaseCapabilities(d, plan);
        QCOMPARE(can.size(), plan.phases.size());
        const auto h100 =
            ServerFigures::of(*test::bundled().catalog().item(QStringLiteral("nvidia-dgx-h100")));
        QVERIFY(h100 && h100->memoryGb == 80 && h100->bf16Tflops > 900);
        for (std::size_t i = 0; i < can.size(); ++i) {
            const PhaseCapability& c = can[i];
            QVERIFY2(c.why.isEmpty(), qPrintable(c.why));
            QCOMPARE(c.gpusReady, plan.phases[i].gpusReady);
            // 16 bytes a parameter in 90 % of the memory; bf16 weights in half of it.
            QVERIFY(qFuzzyCompare(c.trainParamsMax, c.gpusReady * 80 * 0.9e9 / 16));
            QVERIFY(qFuzzyCompare(c.serveParamsMax, c.gpusReady * 80 * 0.5e9 / 2));
            for (std::size_t k = 0; k < kReferenceRuns.size(); ++k) {
                QVERIFY2(c.days[k] > 0, qPrintable(c.runWhy[k]));
                // Each phase adds GPUs, so each run is faster than on the phase before.
                if (i > 0)
                    QVERIFY(c.days[k] < can[i - 1].days[k]);
                // Never faster than its compute at the default MFU (6 N D FLOPs); the fabric
                // adds only what it cannot hide (a 1:1 fat tree: little).
                const ReferenceRun& run = kReferenceRuns[k];
                const double computeDays = 6 * run.params * run.tokens /
                                           (c.gpusReady * h100->bf16Tflops * 1e12 * kDefaultMfu) /
                                           86400;
                QVERIFY2(c.days[k] >= computeDays * 0.999 && c.days[k] <= computeDays * 1.25,
                         qPrintable(QStringLiteral("%1 on %2 GPUs: %3 days, compute %4")
                                        .arg(QLatin1String(run.name))
                                        .arg(c.gpusReady)
                                        .arg(c.days[k])
                                        .arg(computeDays)));
            }
        }
        QVERIFY2(can.back().summary().startsWith(QLatin1String("train up to 73.7T; serve up to "
                                                               "327.7T (bf16); Llama 3 70B, 15T "
                                                               "tokens: ")),
                 qPrintable(can.back().summary()));
        // A phase that holds no GPU server yet (only the spines, storage and management) says
        // so instead of a figure.
        DesignData g = generated(1024, false);
        QVERIFY(splitByScalableUnit(g, 2).isEmpty());
        std::vector<RackId> gpuRacks;
        g.devices.forEach([&](DeviceId, const Device& v) {
            if (g.typeOf(v).gpuCount() > 0 && g.racks.contains(v.rack))
                gpuRacks.push_back(v.rack);
        });
        for (RackId id : gpuRacks)
            g.racks[id].phase = 1;
        const BuildPlan late = buildPlan(g);
        QVERIFY2(late.error.isEmpty(), qPrintable(late.error));
        const std::vector<PhaseCapability> first = phaseCapabilities(g, late);
        QCOMPARE(first.front().gpusReady, 0);
        QVERIFY2(!first.front().why.isEmpty() && first.front().summary() == first.front().why,
                 qPrintable(first.front().summary()));
        QVERIFY(first.back().why.isEmpty() && first.back().days[0] > 0);
    }
};

QTEST_APPLESS_MAIN(TestBuildPlan)
#include "tst_build_plan.moc"
