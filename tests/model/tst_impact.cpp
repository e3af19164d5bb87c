// Failure domains (issue #30): what one failure takes down on generated designs, the power
// chain's redundancy as the impact sees it, the N-1 sweep, the reliability figures and the
// resilience rules. Expected figures are derived from the design's own links, racks and
// chain, never written in.

#include "TestDesigns.h"

#include "model/analysis/Analysis.h"
#include "model/cabling/CableRouteMap.h"
#include "model/cabling/CableRouting.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"
#include "model/power/PowerTopology.h"
#include "model/resilience/BlastRadius.h"
#include "model/resilience/Reliability.h"
#include "model/resilience/Sweep.h"
#include "model/rules/FindingCodes.h"

#include <QTest>

#include <map>
#include <memory>
#include <set>

using namespace cds;

namespace {

DesignData generated(int gpus, PowerScheme scheme = PowerScheme::TwoN, const QString& server = {},
                     const QString& sw = {}) {
    GenerateParams p;
    p.gpus = gpus;
    if (!server.isEmpty())
        p.serverId = server;
    if (!sw.isEmpty())
        p.switchId = sw;
    p.power->scheme = scheme;
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

/// The 1,024-GPU rail-optimized H100 design, generated once.
const DesignData& h100k() {
    static const DesignData d = generated(1024);
    return d;
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

int gpusIn(const DesignData& d, RackId rack) {
    int n = 0;
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (v.rack == rack)
            n += d.typeOf(v).gpuCount();
    });
    return n;
}

int maxRackGpus(const DesignData& d) {
    int n = 0;
    d.racks.forEach([&](RackId id, const Rack&) { n = std::max(n, gpusIn(d, id)); });
    return n;
}

/// The first rack holding GPUs, in id order.
RackId firstGpuRack(const DesignData& d) {
    RackId found;
    d.racks.forEach([&](RackId id, const Rack&) {
        if (!found && gpusIn(d, id) > 0)
            found = id;
    });
    return found;
}

FailureElement power(const DesignData& d, const char* name) {
    const PowerElementId id = d.power.findByName(QString::fromLatin1(name));
    if (!id)
        qFatal("no power element %s", name);
    return {FailureElement::Type::Power, id.value(), 0};
}

FailureElement device(DeviceId id) {
    return {FailureElement::Type::Device, id.value(), 0};
}

int gpusServedBy(const DesignData& d, std::initializer_list<PowerElementId> elements) {
    const PowerTopology topo(d);
    std::set<RackId> racks;
    for (PowerElementId e : elements)
        for (RackId r : topo.racksServedBy(e))
            racks.insert(r);
    int n = 0;
    for (RackId r : racks)
        n += gpusIn(d, r);
    return n;
}

} // namespace

class TestImpact : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// Done-when: one leaf of the rail-optimized 1,024-GPU design degrades exactly the GPUs of
    /// its rail in its scalable unit (one GPU per server cabled to it, all on the same NIC) and
    /// loses none.
    void leafDegradesItsRailInItsScalableUnit() {
        const DesignData& d = h100k();
        const FailureModel m(d);
        ImpactCalculator calc(m);
        QCOMPARE(calc.healthy().gpusLost, 0);
        QCOMPARE(calc.healthy().gpusDegraded, 0);
        QCOMPARE(calc.healthy().gpusTotal, 1024);
        const Fabric* compute = d.fabric(d.findFabric(FabricKind::Compute));
        QVERIFY(compute);
        int leaves = 0;
        d.devices.forEach([&](DeviceId leaf, const Device& v) {
            if (v.tier != Tier::Leaf || v.fabric != d.findFabric(FabricKind::Compute))
                return;
            ++leaves;
            // From the design's own cables: the servers on this leaf and the port they use.
            std::set<DeviceId> servers;
            std::set<int> serverPorts;
            d.links.forEach([&](LinkId, const Link& l) {
                for (auto [me, other] : {std::pair{l.a, l.b}, std::pair{l.b, l.a}})
                    if (me.device == leaf && d.typeOf(d.devices[other.device]).gpuCount() > 0) {
                        servers.insert(other.device);
                        serverPorts.insert(other.port);
                    }
            });
            QCOMPARE(int(servers.size()), compute->suNodes); // one scalable unit
            QCOMPARE(int(serverPorts.size()), 1);            // one rail
            const ImpactResult r = calc.run({device(leaf)});
            QCOMPARE(r.gpusLost, 0);
            QCOMPARE(r.racksDown, 0);
            QCOMPARE(r.gpusDegraded, int(servers.size())); // one GPU of each: its rail
            QCOMPARE(std::set<DeviceId>(r.serversDegraded.begin(), r.serversDegraded.end()),
                     servers);
            QCOMPARE(r.switchesDown, std::vector<DeviceId>{leaf});
            QVERIFY(r.bisectionAfterTbps < r.bisectionBeforeTbps);
            QCOMPARE(r.largestJobGpus, 1024 - 8 * int(servers.size()));
        });
        QCOMPARE(leaves, 1024 / 8 / compute->suNodes * 8); // 8 rails per scalable unit
    }

    /// Done-when: one PDU of a rack fed A+B loses nothing; both feeds' PDUs lose its GPUs.
    void onePduLosesNothingBothLoseTheRack() {
        const DesignData& d = h100k();
        const FailureModel m(d);
        ImpactCalculator calc(m);
        const RackId rack = firstGpuRack(d);
        QVERIFY(rack);
        std::vector<FailureElement> a, b;
        d.devices.forEach([&](DeviceId id, const Device& v) {
            if (v.rack == rack && d.typeOf(v).category == Category::Power)
                (v.name.contains(QLatin1String("-pdu-a")) ? a : b).push_back(device(id));
        });
        QVERIFY(!a.empty() && !b.empty());
        for (const FailureElement& pdu : a) {
            const ImpactResult r = calc.run({pdu});
            QCOMPARE(r.gpusLost, 0);
            QCOMPARE(r.racksDown, 0);
        }
        std::vector<FailureElement> both = a;
        both.insert(both.end(), b.begin(), b.end());
        const ImpactResult r = calc.run(both);
        QCOMPARE(r.gpusLost, gpusIn(d, rack));
        QVERIFY(r.gpusLost > 0);
        QCOMPARE(r.racksDown, 1);
        QCOMPARE(r.racksDownList, std::vector<RackId>{rack});
        // The same through the rack's feeds, as `impact --fail RACK/A,RACK/B` names them.
        QString why;
        const auto fa = m.resolve(d.racks[rack].name + QStringLiteral("/A"), &why);
        const auto fb = m.resolve(d.racks[rack].name + QStringLiteral("/B"), &why);
        QVERIFY2(fa && fb, qPrintable(why));
        QCOMPARE(calc.run({*fa}).gpusLost, 0);
        QCOMPARE(calc.run({*fa, *fb}).gpusLost, gpusIn(d, rack));
        QVERIFY(!m.resolve(QStringLiteral("no-such-rack/A"), &why));
        QVERIFY(why.contains(QLatin1String("no-such-rack")));
    }

    /// Done-when: a UPS of the 2N chain loses nothing (its twin carries); the pair loses the
    /// GPUs of every rack the two serve.
    void oneUpsOfTwoNLosesNothingBothLoseTheirRacks() {
        const DesignData& d = h100k();
        QCOMPARE(d.power.scheme, PowerScheme::TwoN);
        const FailureModel m(d);
        ImpactCalculator calc(m);
        for (const char* name : {"UPS-A1", "TX-A1", "SWG-A1", "UTIL-A", "UPS-B1"}) {
            const ImpactResult r = calc.run({power(d, name)});
            QVERIFY2(r.gpusLost == 0 && r.racksDown == 0, name);
        }
        const ImpactResult r = calc.run({power(d, "UPS-A1"), power(d, "UPS-B1")});
        const int expected = gpusServedBy(d, {d.power.findByName(QStringLiteral("UPS-A1"))});
        QVERIFY(expected > 0);
        QCOMPARE(r.gpusLost, expected);
        // Both utilities: the generators carry; both generators too: everything is dark.
        QCOMPARE(calc.run({power(d, "UTIL-A"), power(d, "UTIL-B")}).gpusLost, 0);
        std::vector<FailureElement> grid{power(d, "UTIL-A"), power(d, "UTIL-B")};
        d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
            if (e.kind == PowerKind::Generator)
                grid.push_back({FailureElement::Type::Power, id.value(), 0});
        });
        QCOMPARE(calc.run(grid).gpusLost, 1024);
    }

    /// A single-corded chain: a transformer alone is carried by its generator, a switchboard
    /// is not (the UPS battery rides through minutes only), a busway loses its segment.
    void singleChainLosesWhatTheFailedElementServes() {
        const DesignData d = generated(1024, PowerScheme::Single);
        const FailureModel m(d);
        ImpactCalculator calc(m);
        QCOMPARE(calc.healthy().gpusLost, 0);
        QCOMPARE(calc.run({power(d, "TX-A1")}).gpusLost, 0);
        QCOMPARE(calc.run({power(d, "SWG-A1")}).gpusLost,
                 gpusServedBy(d, {d.power.findByName(QStringLiteral("SWG-A1"))}));
        QCOMPARE(calc.run({power(d, "BAT-A1")}).gpusLost, 0);
        int busways = 0;
        d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
            if (e.kind != PowerKind::Busway)
                return;
            ++busways;
            const ImpactResult r = calc.run({{FailureElement::Type::Power, id.value(), 0}});
            QCOMPARE(r.gpusLost, gpusServedBy(d, {id}));
            QCOMPARE(r.racksDown, int(PowerTopology(d).racksServedBy(id).size()));
        });
        QVERIFY(busways > 0);
    }

    /// N-1 over leaves and spines: every element once, worst first, the worst of each kind
    /// summarised; unknown kinds and kinds the design lacks are refused.
    void sweepListsWorstFirst() {
        const DesignData& d = h100k();
        const FailureModel m(d);
        ImpactCalculator calc(m);
        QString why;
        int reports = 0;
        const auto s = sweepN1(calc, {QStringLiteral("leaf"), QStringLiteral("spine")}, &why,
                               [&](int) { return ++reports > 0; });
        QVERIFY2(s, qPrintable(why));
        QVERIFY(reports > 1);
        QCOMPARE(s->kinds, (QStringList{QStringLiteral("leaf"), QStringLiteral("spine")}));
        QCOMPARE(s->elementsOfKind(QStringLiteral("leaf")),
                 int(m.elementsOfKind(QStringLiteral("leaf")).size()));
        QCOMPARE(int(s->entries.size()), int(m.elementsOfKind(QStringLiteral("leaf")).size() +
                                             m.elementsOfKind(QStringLiteral("spine")).size()));
        for (std::size_t i = 1; i < s->entries.size(); ++i)
            QVERIFY(!s->entries[i].impact.worseThan(s->entries[i - 1].impact));
        // A leaf degrades 32 GPUs, a spine none: the leaves come first.
        QCOMPARE(s->entries.front().kind, QStringLiteral("leaf"));
        QCOMPARE(s->entries[s->worstOfKind[1]].kind, QStringLiteral("spine"));
        QVERIFY(s->entries[s->worstOfKind[1]].impact.bisectionAfterTbps <
                calc.healthy().bisectionAfterTbps);
        QVERIFY(!sweepN1(calc, {QStringLiteral("core")}, &why)); // two tiers: no core
        QVERIFY(why.contains(QLatin1String("no core")));
        QVERIFY(!sweepN1(calc, {QStringLiteral("toaster")}, &why));
        QVERIFY(why.contains(QLatin1String("unknown kind")));
    }

    /// Done-when: a 16,384-GPU H100 design's interruptions per day within 35 % of Llama 3's
    /// 419 in 54 days; the figures scale with the design and Young/Daly holds.
    void interruptionsMatchLlama3() {
        const DesignData big = generated(16384);
        const Analysis a = analyze(big);
        const Reliability r = reliabilityOf(big, a.metrics);
        const double llama = 419.0 / 54.0;
        QVERIFY2(qAbs(r.interruptionsPerDay - llama) <= 0.35 * llama,
                 qPrintable(QString::number(r.interruptionsPerDay)));
        QCOMPARE(r.jobGpus, 16384);
        QVERIFY(qAbs(r.clusterMtbfHours - 24.0 / r.interruptionsPerDay) < 1e-9);
        const Reliability small = reliabilityOf(h100k(), analyze(h100k()).metrics);
        QVERIFY(small.interruptionsPerDay < r.interruptionsPerDay / 10);
        QVERIFY(small.goodputPct > r.goodputPct); // fewer failures, less lost work
        // Young's first order: tau ~ sqrt(2 delta M) when the write is short against the MTBF.
        const double delta = r.checkpointWriteS, mtbf = r.jobMtbfHours * 3600;
        QVERIFY(delta > 0 && delta < 0.1 * mtbf);
        const double young = std::sqrt(2 * delta * mtbf) / 60;
        QVERIFY2(qAbs(r.checkpointIntervalMin - young) < 0.1 * young,
                 qPrintable(QString::number(r.checkpointIntervalMin)));
        QVERIFY(r.goodputPct > 50 && r.goodputPct < 100);
        // A job of an eighth of the cluster fails an eighth as often.
        ReliabilityInputs in = reliabilityInputs(big, a.metrics, 2048);
        const Reliability job = reliabilityFor(in);
        QCOMPARE(job.jobGpus, 2048);
        QVERIFY(qAbs(job.jobMtbfHours - 8 * r.clusterMtbfHours) < 1e-6 * job.jobMtbfHours);
        QVERIFY(big.catalog.failureRates());
        for (const FailureRate& f : big.catalog.failureRates()->causes)
            QVERIFY2(!f.source.isEmpty() && f.interruptions > 0, qPrintable(f.cause));
    }

    /// The figures use the failure rates of the design's catalog (catalogs/failure-rates.json as
    /// loaded), and the catalog folders' when it has none, as a design opened from a file.
    void ratesComeFromTheCatalog() {
        const DesignData& d = h100k();
        const Metrics m = analyze(d).metrics;
        ReliabilityInputs in = reliabilityInputs(d, m);
        QVERIFY(in.rates);
        QVERIFY(in.rates == test::bundled().catalog().failureRates()); // shared, not copied
        QCOMPARE(in.rates->totalInterruptions(), 419);
        const Reliability base = reliabilityFor(in);
        QCOMPARE(base.ratesFile, in.rates->file);
        // Each cause's count over its units in the reference run, times the design's units.
        double expected = 0;
        for (const FailureRate& f : in.rates->causes) {
            const double units = f.basis == RateBasis::PerGpu      ? in.gpus
                                 : f.basis == RateBasis::PerServer ? in.servers
                                                                   : in.computeLinks;
            expected += f.interruptions * units /
                        (in.rates->referenceUnits(f.basis) * in.rates->reference.days);
        }
        QVERIFY(expected > 0);
        QVERIFY2(qAbs(base.interruptionsPerDay - expected) < 1e-9 * expected,
                 qPrintable(QString::number(base.interruptionsPerDay)));
        // Edited rates change the figures: every count doubled, twice the interruptions.
        auto doubled = std::make_shared<FailureRateTable>(*in.rates);
        for (FailureRate& f : doubled->causes)
            f.interruptions *= 2;
        in.rates = doubled;
        QVERIFY(qAbs(reliabilityFor(in).interruptionsPerDay - 2 * expected) < 1e-9 * expected);
        // Without rates of its own, the catalog folders' (CDS_CATALOG_DIR: the bundled ones).
        in.rates = nullptr;
        const Reliability fallback = reliabilityFor(in);
        QVERIFY(fallback.ratesFile.endsWith(QLatin1String("/failure-rates.json")));
        QVERIFY(qAbs(fallback.interruptionsPerDay - expected) < 1e-9 * expected);
        // A design file does not store the rates: once opened, the same figures all the same.
        const LoadResult loaded =
            DesignFile::loadFromBytes(DesignFile::toBytes(d), QStringLiteral("rates.cds.json"));
        QVERIFY(loaded.ok);
        QVERIFY(!loaded.data.catalog.failureRates());
        const Reliability reopened = reliabilityOf(loaded.data, analyze(loaded.data).metrics);
        QVERIFY(qAbs(reopened.interruptionsPerDay - expected) < 1e-9 * expected);
        QCOMPARE(reopened.goodputPct, base.goodputPct);
    }

    /// The rules stay quiet on a clean 2N design.
    void rulesQuietOnCleanDesign() {
        const Analysis a = analyze(h100k());
        for (const QString& code : {codes::kResilienceSharedUpstream, codes::kResilienceCduNoSpare,
                                    codes::kResilienceBlastRadius})
            QVERIFY2(withCode(a.findings, code).empty(), qPrintable(code));
    }

    /// resilience.shared-upstream: N+1 puts both feeds of a system's racks behind its one
    /// switchboard; 2N with a rack's B feed moved onto its A busway trips it too.
    void sharedUpstreamFires() {
        const DesignData n1 = generated(1024, PowerScheme::NPlusOne);
        const Analysis a = analyze(n1);
        const auto found = withCode(a.findings, codes::kResilienceSharedUpstream);
        QVERIFY(!found.empty());
        QVERIFY(found.front()->message.contains(QLatin1String("SWG-1")));
        QCOMPARE(found.front()->objects.front(),
                 ObjectRef::powerElement(n1.power.findByName(QStringLiteral("SWG-1"))));
        DesignData d = h100k();
        const RackId rack = firstGpuRack(d);
        d.racks[rack].feeds.b = d.racks[rack].feeds.a;
        const Analysis after = analyze(d);
        const auto moved = withCode(after.findings, codes::kResilienceSharedUpstream);
        QVERIFY(!moved.empty());
        bool names = false;
        for (const Finding* f : moved)
            names = names ||
                    (f->message.contains(d.racks[rack].name) &&
                     std::count(f->objects.begin(), f->objects.end(), ObjectRef::rack(rack)) == 1);
        QVERIFY(names);
    }

    /// A tray's cables are the same whether the model maps the cables' routes itself or is
    /// handed the map its caller built (a report's floorplan), and each is a compute link.
    void trayCablesFromAGivenRouteMapAreTheModelsOwn() {
        DesignData d = h100k();
        routeCables(d);
        QVERIFY(!d.pathways.empty());
        CableRouteMap routes;
        routes.build(d);
        const FailureModel own(d);
        const FailureModel given(d, true, nullptr, &routes);
        QVERIFY(own.links().size() > 1000);
        std::size_t carried = 0;
        d.pathways.forEach([&](PathwayId p, const Pathway&) {
            QCOMPARE(given.linksOnTray(p), own.linksOnTray(p));
            for (std::uint32_t l : own.linksOnTray(p))
                QVERIFY(l < own.links().size());
            carried += own.linksOnTray(p).size();
        });
        QVERIFY(carried >= own.links().size()); // every compute cable runs on some tray
    }

    /// NVL72 racks (issue #33's trays): an NVLink switch tray breaks its rack's domain and
    /// degrades the domain's GPUs; a compute tray loses its own GPUs and breaks the domain.
    void nvlinkSwitchTrayBreaksItsDomain() {
        const DesignData d = generated(576, PowerScheme::TwoN, QStringLiteral("nvidia-gb200-nvl72"),
                                       QStringLiteral("nvidia-q3400"));
        const FailureModel m(d);
        ImpactCalculator calc(m);
        QCOMPARE(calc.healthy().nvlinkDomainsBroken, 0);
        const auto trays = m.elementsOfKind(QStringLiteral("nvlink-switch"));
        QCOMPARE(int(trays.size()), 8 * 9); // 8 racks of 9 NVLink switch trays
        const ImpactResult r = calc.run({trays.front()});
        QCOMPARE(r.nvlinkDomainsBroken, 1);
        QCOMPARE(r.gpusLost, 0);
        QCOMPARE(r.gpusDegraded, 72);
        const RackId rack = d.devices[DeviceId(trays.front().id)].rack;
        for (DeviceId s : r.serversDegraded)
            QCOMPARE(d.devices[s].rack, rack);
        const FailureModel::Server& host = m.servers().front();
        const ImpactResult lost = calc.run({device(host.device)});
        QCOMPARE(lost.gpusLost, host.gpus);
        QCOMPARE(lost.nvlinkDomainsBroken, 1);
    }

    /// resilience.cdu-no-spare: a liquid-cooled design's CDU plant without its spare.
    void cduNoSpareFires() {
        DesignData d = generated(576, PowerScheme::TwoN, QStringLiteral("nvidia-gb200-nvl72"),
                                 QStringLiteral("nvidia-q3400"));
        const Analysis withSpare = analyze(d);
        QVERIFY(withCode(withSpare.findings, codes::kResilienceCduNoSpare).empty());
        const FailureModel before(d);
        QVERIFY(before.plantCdus().size() >= 2);
        const DeviceId spare(before.plantCdus().back());
        d.devices.take(spare);
        const Analysis withoutSpare = analyze(d);
        const auto found = withCode(withoutSpare.findings, codes::kResilienceCduNoSpare);
        QCOMPARE(int(found.size()), 1);
        QVERIFY(found.front()->message.contains(QLatin1String("no spare")));
        // And the impact agrees: one CDU now stops the loop's racks.
        const FailureModel m(d);
        ImpactCalculator calc(m);
        QVERIFY(calc.run({device(DeviceId(m.plantCdus().front()))}).gpusLost > 0);
    }

    /// resilience.blast-radius: one busway of a single-corded chain loses more than a
    /// setting of a rack's GPUs; the finding names the element and the count.
    void blastRadiusFires() {
        DesignData d = generated(1024, PowerScheme::Single);
        d.settings.blastRadiusGpus = maxRackGpus(d);
        const Analysis single = analyze(d);
        const auto found = withCode(single.findings, codes::kResilienceBlastRadius);
        QVERIFY(!found.empty());
        bool busway = false;
        for (const Finding* f : found) {
            QVERIFY(f->threshold.contains(QString::number(d.settings.blastRadiusGpus)));
            busway = busway || f->message.startsWith(QLatin1String("busway BUS-"));
        }
        QVERIFY(busway);
        // The clean 2N design with the same limit: rear doors stop one rack each, no more.
        DesignData clean = h100k();
        clean.settings.blastRadiusGpus = maxRackGpus(clean);
        const Analysis twoN = analyze(clean);
        QVERIFY(withCode(twoN.findings, codes::kResilienceBlastRadius).empty());
    }
};

QTEST_APPLESS_MAIN(TestImpact)
#include "tst_impact.moc"
