#include "AddressPlan.h"

#include <QLocale>

#include <algorithm>
#include <bit>
#include <map>

namespace cds {

namespace {

bool isSwitch(const CatalogItem& t) {
    return t.category == Category::Switch && t.tray != TrayKind::NvlinkSwitch;
}

/// Servers, compute trays, storage and management nodes: what takes an in-band address.
bool isHost(const CatalogItem& t) {
    return (t.category == Category::Server || t.category == Category::Storage ||
            t.category == Category::Management) &&
           (t.tray == TrayKind::None || t.tray == TrayKind::Compute);
}

bool hasOobPort(const CatalogItem& t) {
    return std::any_of(t.ports.begin(), t.ports.end(),
                       [](const PortDef& p) { return p.role == PortRole::Oob; });
}

/// Height in the fabric: the end with the higher rank takes a /31's even address.
int rank(const DesignData& d, DeviceId id) {
    const Device& v = d.devices[id];
    if (!isSwitch(d.typeOf(v)))
        return 0;
    return v.tier == Tier::Core ? 3 : v.tier == Tier::Spine ? 2 : 1;
}

bool isRoutedLink(const DesignData& d, const Link& l) {
    const Fabric* f = d.fabric(l.fabric);
    if (!f || !isRoutedFabric(*f))
        return false;
    const bool switchA = isSwitch(d.typeOf(d.devices[l.a.device]));
    const bool switchB = isSwitch(d.typeOf(d.devices[l.b.device]));
    if (switchA && switchB)
        return true;
    // Hosts are routed on the GPU and storage fabrics (a /31 per NIC port, as Spectrum-X
    // does); on the in-band network they sit in their rack's management subnet.
    return (switchA || switchB) && f->kind != FabricKind::Inband;
}

/// "/26" for a prefix length.
QString slash(int length) {
    return QStringLiteral("/%1").arg(length);
}

/// The smallest prefix length whose block holds @p addresses.
int lengthFor(std::uint64_t addresses) {
    return 32 - int(std::bit_width(std::max<std::uint64_t>(addresses, 1) - 1));
}

QString shortfall(AddressPool pool, const Ipv4Prefix& p, std::uint64_t blocks, int blockLength,
                  std::uint64_t needed, const QString& what) {
    const QLocale c = QLocale::c();
    const int fits = lengthFor(needed << (32 - blockLength));
    return QStringLiteral("the %1 %2 holds %3 %4 %5; the design needs %6 (%7 more): a %8 or "
                          "larger holds them")
        .arg(addressPoolLabel(pool), p.toString(), c.toString(qulonglong(blocks)),
             slash(blockLength), what, c.toString(qulonglong(needed)),
             c.toString(qulonglong(needed - blocks)),
             fits < 0 ? QStringLiteral("/0") : slash(fits));
}

/// Blocks of 2^(32-@p length) addresses @p pool has room for.
std::uint64_t blocksIn(const Ipv4Prefix& pool, int length) {
    return length < pool.length ? 0 : std::uint64_t(1) << (length - pool.length);
}

void planLinks(const DesignData& d, AddressPlan& plan) {
    std::vector<std::pair<FabricId, LinkId>> routed;
    d.links.forEach([&](LinkId id, const Link& l) {
        if (isRoutedLink(d, l))
            routed.emplace_back(l.fabric, id);
    });
    std::stable_sort(routed.begin(), routed.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    const Ipv4Prefix& pool = plan.pools.pool(AddressPool::FabricLinks);
    const std::uint64_t room = blocksIn(pool, 31);
    if (routed.size() > room) {
        plan.error = shortfall(AddressPool::FabricLinks, pool, room, 31, routed.size(),
                               QStringLiteral("point-to-point subnets"));
        return;
    }
    std::uint32_t next = pool.network;
    for (const auto& [fabric, id] : routed) {
        const Link& l = d.links[id];
        const bool aUpper = rank(d, l.a.device) >= rank(d, l.b.device);
        plan.links.push_back({id, Ipv4Prefix{next, 31}, aUpper ? l.a : l.b, aUpper ? l.b : l.a});
        next += 2;
    }
}

/// The routed switches by fabric (a switch without one takes its first routed link's).
std::map<FabricId, std::vector<DeviceId>> routedSwitches(const DesignData& d) {
    std::map<DeviceId, FabricId> fabricOf;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        const Fabric* f = d.fabric(v.fabric);
        if (f && isRoutedFabric(*f) && isSwitch(d.typeOf(v)))
            fabricOf[id] = v.fabric;
    });
    d.links.forEach([&](LinkId, const Link& l) {
        if (!isRoutedLink(d, l))
            return;
        for (PortRef end : {l.a, l.b})
            if (isSwitch(d.typeOf(d.devices[end.device])))
                fabricOf.try_emplace(end.device, l.fabric);
    });
    std::map<FabricId, std::vector<DeviceId>> byFabric;
    for (const auto& [device, fabric] : fabricOf)
        byFabric[fabric].push_back(device);
    for (auto& [fabric, list] : byFabric)
        std::sort(list.begin(), list.end(), [&](DeviceId x, DeviceId y) {
            const Device &a = d.devices[x], &b = d.devices[y];
            const int ra = rank(d, x), rb = rank(d, y);
            if (ra != rb)
                return ra > rb;
            if (a.group != b.group)
                return a.group < b.group;
            return a.name < b.name;
        });
    return byFabric;
}

/// ASNs in plan order: under RFC 7938 a fabric's core shares one, the spines of a group one.
std::vector<std::uint64_t> asnOffsets(const DesignData& d, const std::vector<DeviceId>& switches,
                                      AsnScheme scheme, std::uint64_t& next) {
    std::vector<std::uint64_t> out;
    std::map<std::pair<int, int>, std::uint64_t> shared; // (rank, group) -> offset
    for (DeviceId id : switches) {
        const int r = rank(d, id);
        if (scheme == AsnScheme::Rfc7938 && r >= 2) {
            const int group = r == 3 ? -1 : d.devices[id].group;
            const auto [it, added] = shared.try_emplace({r, group}, next);
            next += added;
            out.push_back(it->second);
        } else {
            out.push_back(next++);
        }
    }
    return out;
}

void planSwitches(const DesignData& d, AddressPlan& plan) {
    std::vector<DeviceId> order;
    std::vector<std::uint64_t> offsets;
    std::uint64_t nextAsn = 0;
    for (const auto& [fabric, list] : routedSwitches(d)) {
        const std::vector<std::uint64_t> o = asnOffsets(d, list, plan.pools.asnScheme, nextAsn);
        order.insert(order.end(), list.begin(), list.end());
        offsets.insert(offsets.end(), o.begin(), o.end());
    }
    const Ipv4Prefix& pool = plan.pools.pool(AddressPool::Loopbacks);
    if (order.size() > pool.size()) {
        plan.error = shortfall(AddressPool::Loopbacks, pool, pool.size(), 32, order.size(),
                               QStringLiteral("loopbacks"));
        return;
    }
    const std::uint64_t lastAsn = plan.pools.asnBase + nextAsn - (nextAsn > 0);
    if (lastAsn > kLastPrivateAsn) {
        plan.error = QStringLiteral("the ASN scheme %1 from %2 needs %3 ASNs, up to %4, past the "
                                    "last private ASN %5: start at %6 or lower")
                         .arg(asnSchemeKey(plan.pools.asnScheme))
                         .arg(plan.pools.asnBase)
                         .arg(nextAsn)
                         .arg(lastAsn)
                         .arg(kLastPrivateAsn)
                         .arg(kLastPrivateAsn - nextAsn + 1);
        return;
    }
    for (std::size_t i = 0; i < order.size(); ++i)
        plan.switches.push_back({order[i], std::uint32_t(pool.network + i),
                                 std::uint32_t(plan.pools.asnBase + offsets[i])});
}

/// Per rack, the devices @p wanted picks, bottom of the rack first.
std::vector<std::pair<RackId, std::vector<DeviceId>>>
devicesByRack(const DesignData& d, bool (*wanted)(const CatalogItem&)) {
    std::map<RackId, std::vector<DeviceId>> byRack;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (v.rack.isValid() && wanted(d.typeOf(v)))
            byRack[v.rack].push_back(id);
    });
    std::vector<std::pair<RackId, std::vector<DeviceId>>> out(byRack.begin(), byRack.end());
    for (auto& [rack, list] : out)
        std::sort(list.begin(), list.end(), [&](DeviceId x, DeviceId y) {
            const Device &a = d.devices[x], &b = d.devices[y];
            return a.uPosition != b.uPosition ? a.uPosition < b.uPosition : a.name < b.name;
        });
    return out;
}

void planRacks(const DesignData& d, AddressPlan& plan, AddressPool which,
               bool (*wanted)(const CatalogItem&)) {
    const auto racks = devicesByRack(d, wanted);
    std::size_t most = 0;
    for (const auto& [rack, list] : racks)
        most = std::max(most, list.size());
    // Network, gateway and broadcast beside the devices; at least a /29.
    const int length = racks.empty() ? 0 : std::min(29, lengthFor(most + 3));
    const Ipv4Prefix& pool = plan.pools.pool(which);
    const std::uint64_t room = racks.empty() ? 0 : blocksIn(pool, length);
    if (racks.size() > room) {
        plan.error =
            shortfall(which, pool, room, length, racks.size(), QStringLiteral("rack subnets"));
        return;
    }
    auto& out = which == AddressPool::Management ? plan.management : plan.bmc;
    (which == AddressPool::Management ? plan.managementPrefixLength : plan.bmcPrefixLength) =
        length;
    std::uint32_t next = pool.network;
    for (const auto& [rack, list] : racks) {
        RackSubnet s{rack, Ipv4Prefix{next, length}, next + 1, {}};
        for (std::size_t i = 0; i < list.size(); ++i)
            s.devices.emplace_back(list[i], std::uint32_t(next + 2 + i));
        out.push_back(std::move(s));
        next += std::uint32_t(std::uint64_t(1) << (32 - length));
    }
}

} // namespace

QString addressWithLength(std::uint32_t address, int length) {
    return QStringLiteral("%1/%2").arg(ipv4ToString(address)).arg(length);
}

int firstPortOfRole(const DesignData& d, const Device& v, PortRole role) {
    const CatalogItem& t = d.typeOf(v);
    const int n = t.logicalPortCount(v.breakout);
    for (int i = 0; i < n; ++i)
        if (const std::optional<LogicalPort> p = t.logicalPort(v.breakout, i); p && p->role == role)
            return i;
    return -1;
}

bool isRoutedFabric(const Fabric& f) {
    return f.technology == Technology::Ethernet && f.kind != FabricKind::Oob;
}

AddressPlan addressPlan(const DesignData& d) {
    return addressPlan(d, d.settings.addressing);
}

AddressPlan addressPlan(const DesignData& d, const AddressPools& pools) {
    AddressPlan plan;
    plan.pools = pools;
    plan.error = addressPoolsProblem(plan.pools);
    if (plan.error.isEmpty())
        planLinks(d, plan);
    if (plan.error.isEmpty())
        planSwitches(d, plan);
    if (plan.error.isEmpty())
        planRacks(d, plan, AddressPool::Management, &isHost);
    if (plan.error.isEmpty())
        planRacks(d, plan, AddressPool::Bmc, &hasOobPort);
    if (!plan.error.isEmpty())
        plan = AddressPlan{plan.pools, {}, {}, {}, {}, 0, 0, plan.error};
    return plan;
}

} // namespace cds
