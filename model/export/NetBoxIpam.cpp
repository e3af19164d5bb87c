#include "NetBoxIpam.h"

#include "../addressing/AddressPlan.h"
#include "CablingSchedule.h"
#include "Csv.h"
#include "NetBoxLibrary.h"

#include <map>
#include <vector>

namespace cds {

namespace {

constexpr const char* kLoopback = "loopback0";
const QString kReserved = QStringLiteral("reserved");

/// RFC 6996: 64512-65534 and 4200000000-4294967294 are for private use.
bool privateAsn(std::uint32_t asn) {
    return (asn >= 64512u && asn <= 65534u) || asn >= 4200000000u;
}

QString rirName(const AddressPlan& plan) {
    for (const SwitchAddress& s : plan.switches)
        if (!privateAsn(s.asn))
            return QStringLiteral("Design ASNs");
    return QStringLiteral("RFC 6996 private ASNs");
}

/// NetBox names of a plan's objects: devices by name, ports as the device types name them
/// (an adopted library type has its own interface names, NetBoxLibrary.h).
struct Names {
    const DesignData& d;
    PortNames ports{d};
    QString device(DeviceId id) const { return d.devices[id].name; }
    QString port(const Device& v, int port) {
        return netboxPortName(d.typeOf(v).id, ports.name(v, port));
    }
    QString port(PortRef p) { return port(d.devices[p.device], p.port); }
};

void loopbacksFile(const AddressPlan& plan, const Names& n, ByteSink& out) {
    out.writeText(csv::row({QStringLiteral("device"), QStringLiteral("name"),
                            QStringLiteral("type"), QStringLiteral("description")}));
    for (const SwitchAddress& s : plan.switches)
        out.writeText(
            csv::row({n.device(s.device), QLatin1String(kLoopback), QStringLiteral("virtual"),
                      QStringLiteral("router ID and BGP source")}));
}

void asnsFile(const AddressPlan& plan, const Names& n, const QString& rir, ByteSink& out) {
    std::map<std::uint32_t, std::vector<DeviceId>> byAsn;
    for (const SwitchAddress& s : plan.switches)
        byAsn[s.asn].push_back(s.device);
    out.writeText(
        csv::row({QStringLiteral("asn"), QStringLiteral("rir"), QStringLiteral("description")}));
    for (const auto& [asn, devices] : byAsn) {
        const QString tier = tierKey(n.d.devices[devices.front()].tier);
        const QString who =
            devices.size() == 1
                ? QStringLiteral("%1 %2").arg(tier, n.device(devices.front()))
                : QStringLiteral("%1 %2s: %3 to %4")
                      .arg(devices.size())
                      .arg(tier, n.device(devices.front()), n.device(devices.back()));
        out.writeText(csv::row({QString::number(asn), rir, who}));
    }
}

void prefixesFile(const AddressPlan& plan, const Names& n, const QString& site, ByteSink& out) {
    const QString scope = QStringLiteral("dcim.site");
    out.writeText(
        csv::row({QStringLiteral("prefix"), QStringLiteral("status"), QStringLiteral("scope_type"),
                  QStringLiteral("scope_name"), QStringLiteral("description")}));
    static const char* const poolNotes[kAddressPoolCount] = {
        "fabric link pool: a /31 per routed link", "loopback pool: a /32 per routed switch",
        "management pool: a subnet per rack", "BMC pool: a subnet per rack"};
    for (int i = 0; i < kAddressPoolCount; ++i)
        out.writeText(
            csv::row({plan.pools.pools[std::size_t(i)].toString(), QStringLiteral("container"),
                      scope, site, QLatin1String(poolNotes[i])}));
    for (const auto& [subnets, what] :
         {std::pair{&plan.management, "management"}, std::pair{&plan.bmc, "BMC"}})
        for (const RackSubnet& s : *subnets)
            out.writeText(csv::row(
                {s.prefix.toString(), kReserved, scope, site,
                 QStringLiteral("rack %1 %2").arg(n.d.racks[s.rack].name, QLatin1String(what))}));
    for (const P2pSubnet& s : plan.links)
        out.writeText(csv::row(
            {s.prefix.toString(), kReserved, scope, site,
             QStringLiteral("%1 to %2").arg(n.device(s.upper.device), n.device(s.lower.device))}));
}

/// One row of 17-ip-addresses.csv.
struct AddressRow {
    QString address, role, device, interface;
    bool primary = false, oob = false;
    QString description;
};

QString row(const AddressRow& r) {
    auto flag = [](bool on) { return on ? QStringLiteral("true") : QString(); };
    return csv::row({r.address, kReserved, r.role, r.device, r.interface, flag(r.primary),
                     flag(r.oob), r.description});
}

void rackAddresses(const std::vector<RackSubnet>& subnets, PortRole role, Names& n, ByteSink& out) {
    const bool bmc = role == PortRole::Oob;
    const QString what = bmc ? QStringLiteral("BMC") : QStringLiteral("management");
    for (const RackSubnet& s : subnets) {
        const QString rack = n.d.racks[s.rack].name;
        out.writeText(
            row({addressWithLength(s.gateway, s.prefix.length), QString(), QString(), QString(),
                 false, false, QStringLiteral("gateway of rack %1 %2").arg(rack, what)}));
        for (const auto& [id, address] : s.devices) {
            const Device& v = n.d.devices[id];
            const int port = firstPortOfRole(n.d, v, role);
            const QString a = addressWithLength(address, s.prefix.length);
            if (port < 0) {
                // NetBox cannot assign it to a port the type does not have: left unassigned.
                out.writeText(
                    row({a, QString(), QString(), QString(), false, false,
                         QStringLiteral("%1 address of %2 (its type has no %3 port)")
                             .arg(what, v.name,
                                  bmc ? QStringLiteral("BMC") : QStringLiteral("in-band"))}));
                continue;
            }
            out.writeText(row({a, QString(), v.name, n.port(v, port), !bmc, bmc,
                               QStringLiteral("%1 address").arg(what)}));
        }
    }
}

void addressesFile(const AddressPlan& plan, Names& n, ByteSink& out) {
    out.writeText(csv::row({QStringLiteral("address"), QStringLiteral("status"),
                            QStringLiteral("role"), QStringLiteral("device"),
                            QStringLiteral("interface"), QStringLiteral("is_primary"),
                            QStringLiteral("is_oob"), QStringLiteral("description")}));
    for (const P2pSubnet& s : plan.links) {
        const QString peerOfUpper = n.device(s.lower.device),
                      peerOfLower = n.device(s.upper.device);
        out.writeText(
            row({addressWithLength(s.prefix.network, 31), QString(), n.device(s.upper.device),
                 n.port(s.upper), false, false, QStringLiteral("to %1").arg(peerOfUpper)}));
        out.writeText(
            row({addressWithLength(s.prefix.network + 1, 31), QString(), n.device(s.lower.device),
                 n.port(s.lower), false, false, QStringLiteral("to %1").arg(peerOfLower)}));
    }
    for (const SwitchAddress& s : plan.switches)
        out.writeText(row({addressWithLength(s.loopback, 32), QStringLiteral("loopback"),
                           n.device(s.device), QLatin1String(kLoopback), false, false,
                           QStringLiteral("loopback, AS%1").arg(s.asn)}));
    rackAddresses(plan.management, PortRole::Inband, n, out);
    rackAddresses(plan.bmc, PortRole::Oob, n, out);
}

} // namespace

bool writeNetBoxIpam(const DesignData& d, const QString& site, FolderSink& out,
                     QString* planError) {
    const AddressPlan plan = addressPlan(d);
    if (!plan.error.isEmpty()) {
        *planError = plan.error;
        return true;
    }
    Names n{d};
    const QString rir = rirName(plan);
    const bool design = rir == QLatin1String("Design ASNs");
    auto rirs = [&](ByteSink& f) {
        f.writeText(csv::row({QStringLiteral("name"), QStringLiteral("slug"),
                              QStringLiteral("is_private"), QStringLiteral("description")}));
        f.writeText(
            csv::row({rir, design ? QStringLiteral("design-asns") : QStringLiteral("rfc-6996"),
                      design ? QStringLiteral("false") : QStringLiteral("true"),
                      QStringLiteral("the ASNs of the design's BGP fabric")}));
    };
    return out.file(QStringLiteral("13-loopbacks.csv"),
                    [&](ByteSink& f) { loopbacksFile(plan, n, f); }) &&
           out.file(QStringLiteral("14-rirs.csv"), rirs) &&
           out.file(QStringLiteral("15-asns.csv"),
                    [&](ByteSink& f) { asnsFile(plan, n, rir, f); }) &&
           out.file(QStringLiteral("16-prefixes.csv"),
                    [&](ByteSink& f) { prefixesFile(plan, n, site, f); }) &&
           out.file(QStringLiteral("17-ip-addresses.csv"),
                    [&](ByteSink& f) { addressesFile(plan, n, f); });
}

QByteArray netboxIpamReadme() {
    return QByteArrayLiteral(
        "13. `13-loopbacks.csv`: Devices > Interfaces > Import: a virtual `loopback0` on every\n"
        "    routed switch (Ethernet fabrics; InfiniBand is not IP-routed).\n"
        "14. `14-rirs.csv`: IPAM > RIRs > Import: the registry the ASNs are from (skip the row\n"
        "    if it exists).\n"
        "15. `15-asns.csv`: IPAM > ASNs > Import: every ASN of the plan's scheme.\n"
        "16. `16-prefixes.csv`: IPAM > Prefixes > Import: the four pools as containers, each\n"
        "    rack's management and BMC subnet, and every point-to-point /31.\n"
        "17. `17-ip-addresses.csv`: IPAM > IP Addresses > Import: both ends of every /31, the\n"
        "    loopbacks, the rack gateways, each host's management address (its primary IP) and\n"
        "    each BMC address (its out-of-band IP). IPAM objects are `reserved`: NetBox has no\n"
        "    `planned` for them. The same plan is `export --format ip-plan`.\n");
}

} // namespace cds
