// The power chain's N-1 (issue #32): each failure re-flowed only where it can change a load
// (FailureFlow) gives, figure for figure and to the bit, what re-flowing the whole chain once
// per failure gives (analyzePower's N1Method::FullReflow), and so the same power.* findings:
// on every scheme the builder makes, 800 V DC, a campus with a chain per hall, and on chains
// edited by hand and at random (cycles, dangling supplies, single cords, removed elements).

#include "TestDesigns.h"

#include "model/DesignIndex.h"
#include "model/analysis/Analysis.h"
#include "model/generator/Generator.h"
#include "model/power/PowerFlow.h"
#include "model/power/PowerTopology.h"
#include "model/rules/FindingCodes.h"
#include "model/rules/Rule.h"

#include <QTest>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>

using namespace cds;

namespace {

enum class Chain { TwoN, NPlusOne, NPlusOneSmallReserve, Block, Single, Dc800, Campus };

DesignData generated(Chain chain, int gpus) {
    GenerateParams p;
    p.gpus = gpus;
    p.power->scheme = chain == Chain::Block    ? PowerScheme::Block
                      : chain == Chain::Single ? PowerScheme::Single
                      : chain == Chain::NPlusOne || chain == Chain::NPlusOneSmallReserve
                          ? PowerScheme::NPlusOne
                          : PowerScheme::TwoN;
    p.power->blocks = 4;
    if (chain == Chain::Dc800) {
        p.gpus = 576; // 8 GB300 NVL72 racks on power racks, the rest on AC busways
        p.serverId = QStringLiteral("nvidia-gb300-nvl72");
        p.switchId = QStringLiteral("nvidia-q3400");
        p.power->dc800 = true;
    }
    GenerateResult r = chain == Chain::Campus
                           ? generateForHallBudget(p, test::bundled().catalog(), 1500)
                           : generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    if (chain == Chain::NPlusOneSmallReserve) {
        // The last module of system 1 is its reserve: a tenth of the others overloads in N-1.
        PowerElementId reserve;
        r.design.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
            if (e.kind == PowerKind::Ups && e.name.startsWith(QLatin1String("UPS-1.")))
                reserve = id;
        });
        if (!reserve)
            qFatal("no UPS-1.x");
        r.design.power.elements[reserve].capacity /= 10;
    }
    return std::move(r.design);
}

bool same(double x, double y) {
    return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
}

QString id(PowerElementId e) {
    return e ? QString::number(e.value()) : QStringLiteral("none");
}

/// The first difference between @p fast and @p reference, bit for bit; empty: none.
QString difference(const PowerAnalysis& fast, const PowerAnalysis& reference) {
    if (fast.elements.size() != reference.elements.size())
        return QStringLiteral("%1 elements, %2 in the reference")
            .arg(fast.elements.size())
            .arg(reference.elements.size());
    for (std::size_t i = 0; i < fast.elements.size(); ++i) {
        const ElementFlow& x = fast.elements[i];
        const ElementFlow& y = reference.elements[i];
        if (x.id != y.id || !same(x.capacityKw, y.capacityKw) || !same(x.normalKw, y.normalKw) ||
            !same(x.worstKw, y.worstKw) || x.worstFailure != y.worstFailure ||
            !same(x.gpuKwNormal, y.gpuKwNormal) || !same(x.gpuKwWorst, y.gpuKwWorst))
            return QStringLiteral("element %1: normal %2 kW, worst %3 kW with %4 out; the "
                                  "reference: normal %5 kW, worst %6 kW with %7 out")
                .arg(id(x.id))
                .arg(x.normalKw, 0, 'g', 17)
                .arg(x.worstKw, 0, 'g', 17)
                .arg(id(x.worstFailure))
                .arg(y.normalKw, 0, 'g', 17)
                .arg(y.worstKw, 0, 'g', 17)
                .arg(id(y.worstFailure));
    }
    if (fast.byKind != reference.byKind || !same(fast.utilityKva, reference.utilityKva) ||
        !same(fast.maxNormalPct, reference.maxNormalPct) ||
        !same(fast.worstN1Pct, reference.worstN1Pct) ||
        fast.worstElement != reference.worstElement ||
        fast.worstFailure != reference.worstFailure ||
        !same(fast.strandedKw, reference.strandedKw) ||
        !same(fast.strandedTierKw, reference.strandedTierKw) || fast.cycle != reference.cycle)
        return QStringLiteral("chain figures: worst N-1 %1 % at %2 with %3 out; the reference "
                              "%4 % at %5 with %6 out")
            .arg(fast.worstN1Pct, 0, 'g', 17)
            .arg(id(fast.worstElement))
            .arg(id(fast.worstFailure))
            .arg(reference.worstN1Pct, 0, 'g', 17)
            .arg(id(reference.worstElement))
            .arg(id(reference.worstFailure));
    if (fast.racksUnfed != reference.racksUnfed ||
        fast.racksLostWorst != reference.racksLostWorst ||
        fast.racksLostBy != reference.racksLostBy || fast.darkRacks != reference.darkRacks)
        return QStringLiteral("racks: %1 lost by %2, %3 dark; the reference %4 lost by %5, %6 "
                              "dark")
            .arg(fast.racksLostWorst)
            .arg(id(fast.racksLostBy))
            .arg(fast.darkRacks.size())
            .arg(reference.racksLostWorst)
            .arg(id(reference.racksLostBy))
            .arg(reference.darkRacks.size());
    return {};
}

/// Whether some element carries more with some element failed than in normal operation.
bool raisedByAFailure(const PowerAnalysis& a) {
    return std::any_of(a.elements.begin(), a.elements.end(),
                       [](const ElementFlow& f) { return f.worstFailure.isValid(); });
}

/// The power.* findings of @p fs, as text.
QStringList powerFindings(const std::vector<Finding>& fs) {
    QStringList out;
    for (const Finding& f : fs) {
        if (!f.code.startsWith(QLatin1String("power.")))
            continue;
        QStringList objects;
        for (const ObjectRef& o : f.objects)
            objects << QString::number(int(o.kind)) + QLatin1Char(':') + QString::number(o.id);
        out << f.code + QLatin1Char(' ') + QString::number(int(f.severity)) + QLatin1Char(' ') +
                   f.message + QStringLiteral(" [") + f.threshold + QStringLiteral("] ") +
                   objects.join(QLatin1Char(','));
    }
    return out;
}

/// One random edit of @p d's chain or its racks' feeds, of the kinds a design built in memory
/// (or edited in the studio) can hold.
void editAtRandom(DesignData& d, std::mt19937& rng) {
    const std::vector<PowerElementId> elements = d.power.elements.ids();
    std::vector<RackId> racks;
    d.racks.forEach([&](RackId r, const Rack& rack) {
        if (rack.feeds.a || rack.feeds.b)
            racks.push_back(r);
    });
    if (elements.empty() || racks.empty())
        return;
    auto pick = [&](const auto& v) { return v[std::size_t(rng() % v.size())]; };
    PowerElement& e = d.power.elements[pick(elements)];
    Rack& rack = d.racks[pick(racks)];
    switch (rng() % 10) {
    case 0: // a new source
        e.upstream.clear();
        break;
    case 1: // draws from one more (a cycle when it is below)
        e.upstream.push_back(pick(elements));
        break;
    case 2: // draws from one fewer
        if (!e.upstream.empty())
            e.upstream.erase(e.upstream.begin() + long(rng() % e.upstream.size()));
        break;
    case 3: { // resized
        const double factors[] = {0.1, 0.5, 2.0};
        e.capacity *= factors[rng() % 3];
        break;
    }
    case 4: // names one of its supplies twice
        if (!e.upstream.empty())
            e.upstream.push_back(pick(e.upstream));
        break;
    case 5: // an efficiency below the flow's floor of 50 %, or an ordinary one
        e.efficiencyPct = rng() % 2 ? 40 : 93.5;
        break;
    case 6: // single-corded
        rack.feeds.b = rack.feeds.a;
        break;
    case 7: // on its B feed only
        rack.feeds.a = PowerElementId();
        break;
    case 8: // fed from anywhere in the chain
        (rng() % 2 ? rack.feeds.a : rack.feeds.b) = pick(elements);
        break;
    default: // removed: its carriers and racks keep naming it
        d.power.elements.take(pick(elements));
        break;
    }
}

} // namespace

class TestPowerN1 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// Done-when (issue #32): the incremental N-1 names the same worst cases with the same
    /// loads as re-flowing the whole chain per failure, and the findings read the same.
    void incrementalIsTheFullReflow_data() {
        QTest::addColumn<int>("chain");
        QTest::newRow("2N") << int(Chain::TwoN);
        QTest::newRow("N+1") << int(Chain::NPlusOne);
        QTest::newRow("N+1, reserve too small") << int(Chain::NPlusOneSmallReserve);
        QTest::newRow("block 4N/3") << int(Chain::Block);
        QTest::newRow("single-corded") << int(Chain::Single);
        QTest::newRow("800 V DC power racks") << int(Chain::Dc800);
        QTest::newRow("campus, a chain per hall") << int(Chain::Campus);
    }
    void incrementalIsTheFullReflow() {
        QFETCH(int, chain);
        const DesignData d = generated(Chain(chain), chain == int(Chain::Campus) ? 2048 : 1024);
        const Analysis a = analyze(d);
        QVERIFY(a.power.hasChain());
        const PowerAnalysis reference = analyzePower(d, a.metrics, N1Method::FullReflow);
        const QString diff = difference(a.power, reference);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // N-1 moves something: a load onto a survivor, or racks into the dark.
        QVERIFY(raisedByAFailure(reference) || reference.racksLostWorst > 0);
        const DesignIndex index(d);
        CheckContext ctx{d, index, a.metrics};
        ctx.power = &reference;
        const QStringList fast = powerFindings(a.findings);
        QCOMPARE(fast, powerFindings(runChecks(ctx)));
        if (Chain(chain) == Chain::NPlusOneSmallReserve)
            QVERIFY(fast.join(QLatin1Char('\n')).contains(codes::kPowerN1Overload));
    }

    /// Chains no builder makes: a cycle through a UPS and the busway below it (everything
    /// under it dark in normal operation), a utility drawing from its own busway, and an
    /// element deleted from under its racks.
    void incrementalIsTheFullReflowOnBrokenChains() {
        const DesignData base = generated(Chain::TwoN, 256);
        const Metrics m = analyze(base).metrics;
        RackId rack;
        base.racks.forEach([&](RackId r, const Rack& x) {
            if (!rack && x.feeds.a && x.feeds.b)
                rack = r;
        });
        QVERIFY(rack.isValid());
        const std::vector<PowerElementId> path = rackUpstream(base, rack)[0];
        QVERIFY(path.size() >= 3);
        for (int edit = 0; edit < 3; ++edit) {
            DesignData d = base;
            if (edit == 0)
                d.power.elements[path[1]].upstream.push_back(path[0]);
            else if (edit == 1)
                d.power.elements[path.back()].upstream.push_back(path[0]);
            else
                d.power.elements.take(path[1]);
            const PowerAnalysis fast = analyzePower(d, m);
            const PowerAnalysis reference = analyzePower(d, m, N1Method::FullReflow);
            QCOMPARE(fast.cycle, edit < 2);
            const QString diff = difference(fast, reference);
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("edit %1: ").arg(edit) + diff));
        }
    }

    /// A randomized differential test: chains of each scheme after a few random edits each.
    void incrementalIsTheFullReflowAfterRandomEdits() {
        int darkened = 0, shifted = 0;
        for (Chain chain :
             {Chain::TwoN, Chain::NPlusOne, Chain::Block, Chain::Single, Chain::Dc800}) {
            const DesignData base = generated(chain, 256);
            const Metrics m = analyze(base).metrics;
            for (unsigned seed = 1; seed <= 40; ++seed) {
                std::mt19937 rng(seed);
                DesignData d = base;
                for (unsigned n = 1 + rng() % 4; n > 0; --n)
                    editAtRandom(d, rng);
                const PowerAnalysis fast = analyzePower(d, m);
                const PowerAnalysis reference = analyzePower(d, m, N1Method::FullReflow);
                const QString diff = difference(fast, reference);
                QVERIFY2(
                    diff.isEmpty(),
                    qPrintable(QStringLiteral("chain %1, seed %2: ").arg(int(chain)).arg(seed) +
                               diff));
                darkened += reference.racksLostWorst > 0 ? 1 : 0;
                shifted += raisedByAFailure(reference) ? 1 : 0;
            }
        }
        QVERIFY(darkened > 0); // the edits reached racks going dark and loads moving over
        QVERIFY(shifted > 0);
    }
};

QTEST_APPLESS_MAIN(TestPowerN1)
#include "tst_power_n1.moc"
