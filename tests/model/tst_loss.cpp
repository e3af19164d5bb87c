// What one failure loses, computed from what it reaches (LossCalculator, issue #32): the
// GPUs and racks it reports equal the full impact's (ImpactCalculator) for every element of
// designs with 2N, N+1, single and block chains, an 800 V DC chain, a CDU plant with and
// without its spare, a campus of halls, and damaged feeds; and each power element's losses
// equal those of the whole-chain propagation it replaced.

#include "TestDesigns.h"

#include "model/generator/Generator.h"
#include "model/resilience/BlastRadius.h"
#include "model/resilience/Impact.h"
#include "model/resilience/Loss.h"

#include <QTest>

#include <set>

using namespace cds;

namespace {

struct Variant {
    const char* name;
    int gpus;
    PowerScheme scheme;
    const char* server;
    bool dc800;
    int halls;
};

DesignData generated(const Variant& v) {
    GenerateParams p;
    p.gpus = v.gpus;
    if (v.server)
        p.serverId = QString::fromLatin1(v.server);
    p.halls = v.halls;
    p.power->scheme = v.scheme;
    p.power->dc800 = v.dc800;
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate %s: %s", v.name, qPrintable(r.error));
    return std::move(r.design);
}

const Variant kVariants[] = {
    {"h100 2N", 1024, PowerScheme::TwoN, nullptr, false, 1},
    {"h100 single", 1024, PowerScheme::Single, nullptr, false, 1},
    {"h100 N+1", 1024, PowerScheme::NPlusOne, nullptr, false, 1},
    {"h100 block", 1024, PowerScheme::Block, nullptr, false, 1},
    {"gb200 2N", 576, PowerScheme::TwoN, "nvidia-gb200-nvl72", false, 1},
    {"gb300 800V DC N+1", 1152, PowerScheme::NPlusOne, "nvidia-gb300-nvl72", true, 1},
    {"gb300 campus", 2304, PowerScheme::TwoN, "nvidia-gb300-nvl72", false, 3},
};

/// Every element the N-1 sweep knows, plus each rack's feeds and cooling.
std::vector<FailureElement> everyElement(const FailureModel& m) {
    std::set<FailureElement> all;
    for (const QString& kind : FailureModel::sweepKinds())
        for (const FailureElement& e : m.elementsOfKind(kind))
            all.insert(e);
    for (std::uint32_t r = 0; r < m.racks().size(); ++r)
        if (m.racks()[r].live)
            for (std::uint8_t s = 0; s < 2; ++s)
                all.insert({FailureElement::Type::Feed, r, s});
    return {all.begin(), all.end()};
}

/// The losses of each power element as the whole chain's propagation gives them: the
/// reference the walk from the element must equal.
std::vector<std::pair<std::uint32_t, std::vector<RackId>>>
referencePowerLosses(const FailureModel& m) {
    const UpstreamPower& p = m.power();
    std::vector<std::pair<std::uint32_t, std::vector<RackId>>> out;
    std::vector<std::uint8_t> failed(p.elements().size(), 0), dead;
    for (std::uint32_t e = 0; e < p.elements().size(); ++e) {
        if (p.elements()[e].name.isEmpty())
            continue;
        failed[e] = 1;
        p.propagate(failed, dead);
        failed[e] = 0;
        std::vector<RackId> racks;
        for (std::uint32_t r = 0; r < m.racks().size(); ++r) {
            const FailureModel::RackInfo& ri = m.racks()[r];
            bool any = false, onChain = true, down = true;
            for (int s = 0; ri.live && s < ri.feeds; ++s) {
                if (!ri.carries[s])
                    continue;
                any = true;
                onChain = onChain && ri.feed[s] != UpstreamPower::kNone;
                down = down && ri.feed[s] != UpstreamPower::kNone && dead[ri.feed[s]];
            }
            if (any && onChain && down)
                racks.push_back(RackId(r));
        }
        if (!racks.empty())
            out.emplace_back(e, std::move(racks));
    }
    return out;
}

QString names(const FailureModel& m, const std::vector<FailureElement>& failed) {
    QStringList out;
    for (const FailureElement& e : failed)
        out << m.nameOf(e);
    return out.join(QStringLiteral(" + "));
}

/// Compares the two calculators on every element of @p d alone and on pairs of them.
void compareOn(const DesignData& d, const char* name) {
    const FailureModel m(d, false);
    ImpactCalculator full(m);
    LossCalculator loss(m);
    const std::vector<FailureElement> all = everyElement(m);
    QVERIFY2(all.size() > 20, name);
    int losing = 0;
    auto same = [&](const std::vector<FailureElement>& failed) {
        const ImpactResult want = full.run(failed, false);
        const LossCalculator::Loss got = loss.run(failed);
        losing += want.gpusLost > 0;
        if (got.gpusLost != want.gpusLost || got.racksDown != want.racksDown)
            QFAIL(qPrintable(QStringLiteral("%1: failing %2: %3 GPUs / %4 racks, the full impact "
                                            "says %5 / %6")
                                 .arg(QLatin1String(name), names(m, failed))
                                 .arg(got.gpusLost)
                                 .arg(got.racksDown)
                                 .arg(want.gpusLost)
                                 .arg(want.racksDown)));
    };
    same({});
    for (std::size_t i = 0; i < all.size() && !QTest::currentTestFailed(); ++i)
        same({all[i]});
    for (std::size_t i = 0; i < all.size() && !QTest::currentTestFailed(); i += 3)
        same({all[i], all[(i * 7 + 1) % all.size()]}); // pairs, far apart
    for (std::size_t i = 0; i + 1 < all.size() && !QTest::currentTestFailed(); i += 5)
        same({all[i], all[i + 1], all[i]}); // adjacent, and a duplicate counts once
    QVERIFY2(losing > 0, name);             // the comparison saw losses, not only zeros
}

} // namespace

class TestLoss : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesTheFullImpact_data() {
        QTest::addColumn<int>("variant");
        for (int i = 0; i < int(std::size(kVariants)); ++i)
            QTest::newRow(kVariants[i].name) << i;
    }
    void matchesTheFullImpact() {
        QFETCH(int, variant);
        const DesignData d = generated(kVariants[variant]);
        compareOn(d, kVariants[variant].name);
    }

    /// The plant short of a CDU, racks whose B feed lost its PDUs, a rack on one feed only, a
    /// rack with no chain above its feed and a server outside any rack.
    void matchesOnDamagedDesigns() {
        DesignData d = generated(kVariants[4]); // gb200 2N: a CDU plant
        const FailureModel before(d, false);
        QVERIFY(before.plantCdus().size() >= 2);
        d.devices.take(DeviceId(before.plantCdus().back()));
        std::vector<RackId> racks;
        d.racks.forEach([&](RackId id, const Rack&) { racks.push_back(id); });
        QVERIFY(racks.size() >= 4);
        d.racks[racks[0]].feeds.count = 1;
        d.racks[racks[1]].feeds.b = {};
        d.racks[racks[2]].feeds.a = {};
        DeviceId server; // the last server, its rack none of those above
        d.devices.forEach([&](DeviceId id, const Device& v) {
            if (d.typeOf(v).gpuCount() > 0)
                server = id;
        });
        QVERIFY(server);
        d.devices[server].rack = {};
        compareOn(d, "damaged gb200");
    }

    /// Each power element's losses, walked from the element, equal the whole chain's
    /// propagation for every element of each chain.
    void powerLossesMatchTheWholeChain() {
        std::size_t losing = 0;
        for (const Variant& v : kVariants) {
            const DesignData d = generated(v);
            const FailureModel m(d, false);
            const auto want = referencePowerLosses(m);
            const auto got = powerElementLosses(m);
            losing += want.size();
            QCOMPARE(got.size(), want.size());
            for (std::size_t i = 0; i < got.size(); ++i) {
                QCOMPARE(got[i].element, want[i].first);
                QCOMPARE(got[i].racks, want[i].second);
            }
        }
        QVERIFY(losing > 0); // the single and N+1 chains have elements that stop racks
    }
};

QTEST_APPLESS_MAIN(TestLoss)
#include "tst_loss.moc"
