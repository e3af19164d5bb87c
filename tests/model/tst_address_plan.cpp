#include "TestDesigns.h"

#include "model/addressing/AddressPlan.h"
#include "model/edits/Edit.h"
#include "model/edits/PropertyOps.h"
#include "model/export/IpPlanExport.h"
#include "model/generator/Generator.h"
#include "model/json/DesignFile.h"

#include <nlohmann/json.hpp>

#include <set>

using namespace cds;

namespace {

DesignData generated(int gpus, const QString& sw, const QString& server = {}) {
    GenerateParams p;
    p.gpus = gpus;
    p.switchId = sw;
    if (!server.isEmpty())
        p.serverId = server;
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("generate: %s", qPrintable(r.error));
    return std::move(r.design);
}

/// 1,024 DGX H100 GPUs on a Spectrum-X (SN5600) compute fabric, generated once.
const DesignData& spectrumX() {
    static const DesignData d = generated(1024, QStringLiteral("nvidia-sn5600"));
    return d;
}

bool isSwitch(const DesignData& d, DeviceId id) {
    const CatalogItem& t = d.typeOf(d.devices[id]);
    return t.category == Category::Switch && t.tray != TrayKind::NvlinkSwitch;
}

/// The links the plan must give a /31, counted from the design without the plan's code.
std::size_t routedLinks(const DesignData& d) {
    std::size_t n = 0;
    d.links.forEach([&](LinkId, const Link& l) {
        const Fabric* f = d.fabric(l.fabric);
        if (!f || f->technology != Technology::Ethernet || f->kind == FabricKind::Oob)
            return;
        const bool a = isSwitch(d, l.a.device), b = isSwitch(d, l.b.device);
        n += (a && b) || ((a || b) && f->kind != FabricKind::Inband);
    });
    return n;
}

bool inside(const Ipv4Prefix& pool, std::uint32_t a) {
    return a >= pool.network && a <= pool.last();
}

} // namespace

/// @brief The IP plan: every routed link a /31, no address twice, ASNs by the named scheme,
/// a subnet per rack, and pools that are too small or overlap refused with what would do.
class TestAddressPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void prefixesParseAndRefuseWithTheReason() {
        QString why;
        const auto p = Ipv4Prefix::parse(QStringLiteral("10.32.0.0/13"), &why);
        QVERIFY(p);
        QCOMPARE(p->toString(), QStringLiteral("10.32.0.0/13"));
        QCOMPARE(p->size(), std::uint64_t(1) << 19);
        QCOMPARE(ipv4ToString(p->last()), QStringLiteral("10.39.255.255"));
        QVERIFY(!Ipv4Prefix::parse(QStringLiteral("10.0.0.1/16"), &why));
        QVERIFY2(why.contains(QStringLiteral("host bits")) &&
                     why.contains(QStringLiteral("10.0.0.0/16")),
                 qPrintable(why));
        for (const char* bad : {"10.0.0/8", "256.0.0.0/8", "10.0.0.0/33", "010.0.0.0/8", "10.0.0.0",
                                "10.0.0.0/", " 10.0.0.0/8", "a.b.c.d/8"})
            QVERIFY2(!Ipv4Prefix::parse(QString::fromLatin1(bad)), bad);
        QVERIFY(Ipv4Prefix::parse(QStringLiteral("0.0.0.0/0")));
        const Ipv4Prefix a = *Ipv4Prefix::parse(QStringLiteral("10.0.0.0/12"));
        QVERIFY(a.overlaps(*Ipv4Prefix::parse(QStringLiteral("10.15.255.0/24"))));
        QVERIFY(!a.overlaps(*Ipv4Prefix::parse(QStringLiteral("10.16.0.0/16"))));
    }

    void defaultPoolsDoNotOverlap() { QCOMPARE(addressPoolsProblem(AddressPools{}), QString()); }

    void everyRoutedLinkHasASlash31AndNoAddressRepeats() {
        const DesignData& d = spectrumX();
        const AddressPlan plan = addressPlan(d);
        QVERIFY2(plan.error.isEmpty(), qPrintable(plan.error));
        QVERIFY(routedLinks(d) > 1000);
        QCOMPARE(plan.links.size(), routedLinks(d));
        std::set<std::uint32_t> used;
        auto take = [&](std::uint32_t a) {
            QVERIFY2(used.insert(a).second, qPrintable(ipv4ToString(a)));
        };
        std::set<LinkId> links;
        for (const P2pSubnet& s : plan.links) {
            QCOMPARE(s.prefix.length, 31);
            QVERIFY(inside(plan.pools.pool(AddressPool::FabricLinks), s.prefix.network));
            QVERIFY(links.insert(s.link).second);
            const Link& l = d.links[s.link];
            QVERIFY((s.upper == l.a && s.lower == l.b) || (s.upper == l.b && s.lower == l.a));
            take(s.prefix.network);
            take(s.prefix.network + 1);
        }
        for (const SwitchAddress& s : plan.switches) {
            QVERIFY(inside(plan.pools.pool(AddressPool::Loopbacks), s.loopback));
            take(s.loopback);
        }
        for (const auto* subnets : {&plan.management, &plan.bmc})
            for (const RackSubnet& r : *subnets) {
                QCOMPARE(r.gateway, r.prefix.network + 1);
                take(r.gateway);
                for (const auto& [device, address] : r.devices) {
                    QVERIFY(address > r.gateway && address < r.prefix.last());
                    take(address);
                }
            }
    }

    void theUpperTierTakesTheEvenAddress() {
        const DesignData& d = spectrumX();
        const AddressPlan plan = addressPlan(d);
        int hostLinks = 0;
        for (const P2pSubnet& s : plan.links) {
            const Device &up = d.devices[s.upper.device], &low = d.devices[s.lower.device];
            QVERIFY(isSwitch(d, s.upper.device));
            if (!isSwitch(d, s.lower.device)) {
                ++hostLinks;
                continue;
            }
            QVERIFY2(int(up.tier) >= int(low.tier), qPrintable(up.name + " " + low.name));
        }
        QVERIFY(hostLinks >= 1024); // every GPU NIC port on the Ethernet compute fabric
    }

    void infinibandLinksGetNoAddresses() {
        const DesignData d = generated(256, QStringLiteral("nvidia-qm9700"));
        const AddressPlan plan = addressPlan(d);
        QVERIFY2(plan.error.isEmpty(), qPrintable(plan.error));
        for (const P2pSubnet& s : plan.links)
            QVERIFY(d.fabric(d.links[s.link].fabric)->technology == Technology::Ethernet);
        for (const SwitchAddress& s : plan.switches)
            QVERIFY(d.typeOf(d.devices[s.device]).id != QStringLiteral("nvidia-qm9700"));
        QCOMPARE(plan.links.size(), routedLinks(d));
    }

    void rfc7938LeavesOwnSpinesOfAPodShare() {
        const DesignData& d = spectrumX();
        const AddressPlan plan = addressPlan(d);
        std::map<std::uint32_t, std::vector<DeviceId>> byAsn;
        for (const SwitchAddress& s : plan.switches) {
            QVERIFY(s.asn >= plan.pools.asnBase && s.asn <= kLastPrivateAsn);
            byAsn[s.asn].push_back(s.device);
        }
        int sharedSpines = 0;
        for (const auto& [asn, devices] : byAsn) {
            const Device& first = d.devices[devices.front()];
            if (first.tier != Tier::Spine && first.tier != Tier::Core) {
                QCOMPARE(devices.size(), std::size_t(1)); // a leaf its own
                continue;
            }
            for (DeviceId id : devices) {
                QCOMPARE(d.devices[id].tier, first.tier);
                QCOMPARE(d.devices[id].fabric, first.fabric);
                if (first.tier == Tier::Spine)
                    QCOMPARE(d.devices[id].group, first.group);
            }
            sharedSpines += first.tier == Tier::Spine && devices.size() > 1;
        }
        QVERIFY(sharedSpines > 0);

        DesignData perSwitch = d;
        perSwitch.settings.addressing.asnScheme = AsnScheme::PerSwitch;
        const AddressPlan p2 = addressPlan(perSwitch);
        std::set<std::uint32_t> asns;
        for (const SwitchAddress& s : p2.switches)
            QVERIFY(asns.insert(s.asn).second);
        QCOMPARE(asns.size(), plan.switches.size());
    }

    void rackSubnetsHoldTheirRacksBottomUp() {
        const DesignData& d = spectrumX();
        const AddressPlan plan = addressPlan(d);
        QVERIFY(plan.managementPrefixLength >= 24 && plan.managementPrefixLength <= 29);
        std::set<DeviceId> hosts;
        for (const RackSubnet& r : plan.management) {
            QCOMPARE(r.prefix.length, plan.managementPrefixLength);
            int lastU = 0;
            for (const auto& [device, address] : r.devices) {
                const Device& v = d.devices[device];
                QCOMPARE(v.rack, r.rack);
                QVERIFY(v.uPosition >= lastU);
                lastU = v.uPosition;
                hosts.insert(device);
            }
        }
        int gpuServers = 0;
        d.devices.forEach([&](DeviceId id, const Device& v) {
            if (d.typeOf(v).gpuCount() > 0) {
                ++gpuServers;
                QVERIFY2(hosts.count(id), qPrintable(v.name));
            }
        });
        QCOMPARE(gpuServers, 128);
        QVERIFY(!plan.bmc.empty());
    }

    void aPoolTooSmallNamesTheShortfallAndTheSizeThatDoes() {
        DesignData d = spectrumX();
        d.settings.addressing.pools[std::size_t(AddressPool::FabricLinks)] =
            *Ipv4Prefix::parse(QStringLiteral("10.0.0.0/24"));
        const AddressPlan plan = addressPlan(d);
        QVERIFY(plan.links.empty() && plan.switches.empty());
        QVERIFY2(plan.error.contains(QStringLiteral("fabric link pool 10.0.0.0/24 holds 128")),
                 qPrintable(plan.error));
        const qsizetype slashAt = plan.error.lastIndexOf(QStringLiteral(": a /"));
        QVERIFY2(slashAt > 0, qPrintable(plan.error));
        const int fits = plan.error.mid(slashAt + 5).section(QLatin1Char(' '), 0, 0).toInt();
        d.settings.addressing.pools[std::size_t(AddressPool::FabricLinks)] =
            Ipv4Prefix{0x0A000000u, fits};
        QVERIFY2(addressPlan(d).error.isEmpty(), qPrintable(addressPlan(d).error));
        d.settings.addressing.pools[std::size_t(AddressPool::FabricLinks)] =
            Ipv4Prefix{0x0A000000u, fits + 1};
        QVERIFY(!addressPlan(d).error.isEmpty()); // the size named is the smallest that does
        QString error;
        QVERIFY(!ipPlanCsv(d, &error));
        QVERIFY(error.contains(QStringLiteral("fabric link pool")));
    }

    void anAsnRangePastThePrivateEndIsRefused() {
        DesignData d = spectrumX();
        d.settings.addressing.asnBase = kLastPrivateAsn - 2;
        const AddressPlan plan = addressPlan(d);
        QVERIFY2(plan.error.contains(QStringLiteral("past the last private ASN")),
                 qPrintable(plan.error));
    }

    void overlappingPoolsAreRefusedByTheEditAndTheFile() {
        Design design(spectrumX());
        AddressPools pools;
        pools.pools[std::size_t(AddressPool::Loopbacks)] =
            *Ipv4Prefix::parse(QStringLiteral("10.32.0.0/16"));
        const edits::Result refused = edits::setAddressing(design.data(), pools);
        QVERIFY(!refused);
        QVERIFY2(refused.refusal.contains(QStringLiteral("loopback pool 10.32.0.0/16")) &&
                     refused.refusal.contains(QStringLiteral("management pool 10.32.0.0/13")),
                 qPrintable(refused.refusal));
        QByteArray bytes = DesignFile::toBytes(spectrumX());
        bytes.replace("\"roomAirCoolingKw\"",
                      "\"addressing\": {\"loopbacks\": \"10.32.0.0/16\"}, \"roomAirCoolingKw\"");
        const LoadResult r = DesignFile::loadFromBytes(bytes, QStringLiteral("o.cds.json"));
        QVERIFY(!r.ok);
        QCOMPARE(r.errors.front().field, QStringLiteral("/settings/addressing"));
        QVERIFY(r.errors.front().message.contains(QStringLiteral("overlaps")));
        QVERIFY(r.errors.front().line > 0);
    }

    void poolsAreAnUndoableEditSavedOnlyWhenSet() {
        Design design(spectrumX());
        const QByteArray before = DesignFile::toBytes(design.data());
        QVERIFY(!before.contains("\"addressing\""));
        AddressPools pools;
        pools.pools[std::size_t(AddressPool::FabricLinks)] =
            *Ipv4Prefix::parse(QStringLiteral("172.16.0.0/14"));
        pools.asnScheme = AsnScheme::PerSwitch;
        pools.asnBase = 4210000000u;
        edits::Result r = edits::setAddressing(design.data(), pools);
        QVERIFY(r);
        r.edit->apply(design);
        QCOMPARE(design.data().settings.addressing, pools);
        const QByteArray after = DesignFile::toBytes(design.data());
        QVERIFY(after.contains("\"fabricLinks\": \"172.16.0.0/14\""));
        const LoadResult loaded = DesignFile::loadFromBytes(after, QStringLiteral("a.cds.json"));
        QVERIFY(loaded.ok);
        QCOMPARE(loaded.data.settings.addressing, pools);
        QCOMPARE(DesignFile::toBytes(loaded.data), after);
        r.edit->revert(design);
        QCOMPARE(DesignFile::toBytes(design.data()), before);
        QVERIFY(edits::setAddressing(design.data(), AddressPools{}).edit->isNoOp());
    }

    void csvAndJsonWriteThePlan() {
        const DesignData& d = spectrumX();
        const AddressPlan plan = addressPlan(d);
        QString error;
        const std::optional<QByteArray> csv = ipPlanCsv(d, &error);
        QVERIFY2(csv, qPrintable(error));
        const QList<QByteArray> lines = csv->trimmed().split('\n');
        QCOMPARE(lines.front().trimmed(),
                 QByteArray("kind,device,interface,address,prefix,peer_device,peer_interface,"
                            "peer_address,asn,rack,fabric"));
        std::size_t subnetRows = 0;
        for (const auto* subnets : {&plan.management, &plan.bmc})
            for (const RackSubnet& r : *subnets)
                subnetRows += 1 + r.devices.size();
        QCOMPARE(std::size_t(lines.size() - 1),
                 plan.links.size() + plan.switches.size() + subnetRows);
        QVERIFY(lines[1].startsWith("p2p,"));
        QVERIFY(lines[1].contains(",10.0.0.0/31,10.0.0.0/31,"));
        const std::optional<QByteArray> json = ipPlanJson(d, &error);
        QVERIFY(json);
        const auto j = nlohmann::json::parse(json->toStdString());
        QCOMPARE(j["links"].size(), plan.links.size());
        QCOMPARE(j["switches"].size(), plan.switches.size());
        QCOMPARE(j["pools"]["asnScheme"].get<std::string>(), std::string("rfc7938"));
        QCOMPARE(j["links"][0]["lower"]["address"].get<std::string>(), std::string("10.0.0.1/31"));
        QVERIFY(!j["management"][0]["devices"][0]["interface"].get<std::string>().empty());
    }
};

QTEST_APPLESS_MAIN(TestAddressPlan)
#include "tst_address_plan.moc"
