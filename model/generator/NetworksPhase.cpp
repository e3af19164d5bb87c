// Generator phase 3, the other networks and the support gear: storage and in-band leaves per
// scalable unit, the out-of-band network, storage servers, head nodes and the UFM pair.

#include "Generation.h"

#include "../Checkpoint.h"
#include "../PortTable.h"
#include "../fabric/FatTreePlan.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

namespace cds::generation {

namespace {

/// Moves into @p list, right after the last device each serves, the leaves of @p leaves that
/// serve a device of it; leaf k serves ports [k * radix, (k + 1) * radix) of @p ports. The
/// leaves that serve none of @p list stay in @p leaves.
void placeAfterServed(std::vector<DeviceId>& list, const std::vector<PortRef>& ports,
                      std::vector<DeviceId>& leaves, int radix) {
    std::unordered_map<DeviceId::Rep, std::vector<DeviceId>> after;
    for (std::size_t k = 0; k < leaves.size(); ++k) {
        const std::size_t last = std::min(ports.size(), (k + 1) * std::size_t(radix));
        after[ports[last - 1].device.value()].push_back(leaves[k]);
    }
    std::vector<DeviceId> order;
    order.reserve(list.size() + leaves.size());
    std::unordered_set<DeviceId::Rep> placed;
    for (DeviceId id : list) {
        order.push_back(id);
        if (auto it = after.find(id.value()); it != after.end()) {
            order.insert(order.end(), it->second.begin(), it->second.end());
            for (DeviceId leaf : it->second)
                placed.insert(leaf.value());
        }
    }
    list = std::move(order);
    std::erase_if(leaves, [&](DeviceId id) { return placed.count(id.value()) > 0; });
}

} // namespace

std::vector<LeafSpec> Generation::blockLeaves(PortRole role, int radix, double oversubscription,
                                              const std::vector<DeviceId>& extra) const {
    const int perServer = m_server->portCount(role);
    const int perLeaf = std::max(1, leafDownlinks(radix, oversubscription) / perServer);
    const int p0 = firstLogicalPort(*m_server, m_planes, role);
    std::vector<LeafSpec> leaves;
    // At 1:1 a leaf keeps to its scalable unit; an oversubscribed one fills up across units
    // (the leaf counts as its first server's unit), so no leaf is left part-empty.
    const bool acrossUnits = oversubscription > 1.0;
    int filled = perLeaf;
    for (std::size_t s = 0; s < m_suServers.size(); ++s) {
        if (!acrossUnits)
            filled = perLeaf;
        for (DeviceId server : m_suServers[s]) {
            if (filled == perLeaf) {
                leaves.push_back({std::int16_t(s), -1, {}});
                filled = 0;
            }
            for (int n = 0; n < perServer; ++n)
                leaves.back().down.push_back({server, std::uint16_t(p0 + n)});
            ++filled;
        }
    }
    // Storage servers and management nodes: their own leaves, with the central switches. Every
    // leaf gets the uplinks of the fullest, so when the servers' leaves are at least half full
    // these are no fuller: a GB300 rack's 36-port leaf then gets 36 uplinks, not 64.
    int serverDown = 0;
    for (const LeafSpec& l : leaves)
        serverDown = std::max(serverDown, int(l.down.size()));
    const int full = leafDownlinks(radix, oversubscription);
    const int half = 2 * serverDown >= full ? serverDown : full;
    std::vector<PortRef> others;
    for (DeviceId id : extra) {
        const CatalogItem& t = m_d.typeOf(m_d.devices[id]);
        const int q = firstLogicalPort(t, 1, role);
        for (int n = 0; q >= 0 && n < t.portCount(role); ++n)
            others.push_back({id, std::uint16_t(q + n)});
    }
    for (std::size_t i = 0; i < others.size(); i += std::size_t(half))
        leaves.push_back({-1,
                          -1,
                          {others.begin() + std::ptrdiff_t(i),
                           others.begin() + std::ptrdiff_t(std::min(others.size(), i + half))}});
    return leaves;
}

bool Generation::buildBlockNetwork(FabricKind kind, PortRole role,
                                   const std::vector<const char*>& ids, const QString& name,
                                   const QString& prefix, const std::vector<DeviceId>& extra) {
    const int first = m_server->firstPort(role);
    if (first < 0) {
        m_r.notes << QStringLiteral("no %1 network: %2 has no such ports").arg(name, m_server->id);
        return true;
    }
    const double speed = m_server->ports[std::size_t(first)].speedGbps;
    // The first switch that serves the ports in at most three tiers, tried in the order of
    // @p ids. Probe first: only the chosen switch enters the design.
    const CatalogItem* swItem = nullptr;
    std::vector<LeafSpec> leaves;
    FatTreePlan plan;
    QString planError;
    // Management traffic does not need a non-blocking fabric: where 1:1 would need a fourth
    // tier, the in-band network runs its leaves at 2:1 rather than being refused.
    const std::vector<double> ratios =
        kind == FabricKind::Inband ? std::vector<double>{1.0, 2.0} : std::vector<double>{1.0};
    double ratio = 1.0;
    for (double r : ratios) {
        for (const char* id : ids) {
            const CatalogItem* it = m_lib.item(QLatin1String(id));
            const std::optional<SwitchChoice> probe = it ? probeSwitch(*it, speed) : std::nullopt;
            if (!probe)
                continue;
            std::vector<LeafSpec> candidate = blockLeaves(role, probe->radix, r, extra);
            int down = 0;
            for (const LeafSpec& l : candidate)
                down = std::max(down, int(l.down.size()));
            FatTreePlan p = planFatTree({probe->radix, int(candidate.size()), down, r, 0, 1});
            if (!p.ok) {
                if (planError.isEmpty())
                    planError = p.error;
                continue;
            }
            swItem = it;
            leaves = std::move(candidate);
            plan = p;
            ratio = r;
            break;
        }
        if (swItem)
            break;
    }
    if (swItem && ratio > 1.0)
        m_r.notes << QStringLiteral("%1 network at %2:1: a non-blocking one would need a fourth "
                                    "tier (%3)")
                         .arg(name)
                         .arg(ratio)
                         .arg(planError);
    if (!swItem && !planError.isEmpty())
        return fail(name + QStringLiteral(" network: ") + planError);
    if (!swItem) {
        QStringList names;
        for (const char* id : ids)
            names << QLatin1String(id);
        return fail(QStringLiteral("no switch (%1) can serve the %2G %3 ports of %4")
                        .arg(names.join(QStringLiteral(", ")))
                        .arg(speed)
                        .arg(name, m_server->id));
    }
    const std::optional<SwitchChoice> sw = chooseSwitch(m_d, use(*swItem), speed);
    const Technology tech =
        swItem->switchSpec ? swItem->switchSpec->technology : Technology::Ethernet;
    const FabricId f = addFabric(name, kind, tech);
    m_d.fabrics[f.value()].targetOversubscription = ratio;
    recordLeaves(buildFatTree(m_d, f, *sw, plan, leaves, prefix));
    return true;
}

const CatalogItem* Generation::matchingItem(Category c, PortRole role, double speed) const {
    const CatalogItem* best = nullptr;
    for (const CatalogItem& it : m_lib.items()) {
        const int p = it.firstPort(role);
        if (it.category != c || p < 0 ||
            std::abs(it.ports[std::size_t(p)].speedGbps - speed) > 1e-6)
            continue;
        if (c == Category::Storage && (!it.readGbps || !it.usableTb))
            continue;
        if (!best || it.id < best->id)
            best = &it;
    }
    return best;
}

std::vector<DeviceId> Generation::addDevices(const CatalogItem& it, int n, const QString& prefix) {
    const TypeId t = use(it);
    std::vector<DeviceId> out;
    for (int i = 0; i < n; ++i) {
        Device v;
        v.name = QStringLiteral("%1-%2").arg(prefix).arg(i + 1, 2, 10, QChar(u'0'));
        v.type = t;
        out.push_back(m_d.devices.add(std::move(v)));
    }
    return out;
}

int Generation::storageForCheckpoint(const CatalogItem& storage) {
    if (m_p.checkpointMinutes <= 0)
        return 0;
    const double gpuGb = m_server->gpu ? m_server->gpu->memoryGb : 0;
    const double bytes = defaultCheckpointBytes(m_p.gpus, gpuGb);
    const double needGbps = writeGbps(bytes, m_p.checkpointMinutes * 60);
    const double perNode = storage.writeGbps.value_or(0);
    if (perNode <= 0)
        return 0;
    const int n = int(std::ceil(needGbps / perNode - 1e-9));
    m_r.notes << QStringLiteral("checkpoint: %1 TB of model state in %2 min needs %3 Gb/s of "
                                "writes: %4 x %5 (%6 Gb/s each)")
                     .arg(bytes / 1e12, 0, 'f', 2)
                     .arg(m_p.checkpointMinutes)
                     .arg(needGbps, 0, 'f', 0)
                     .arg(n)
                     .arg(storage.id)
                     .arg(perNode);
    return n;
}

void Generation::addSupport() {
    // Parallel file system sized by read bandwidth per GPU and usable capacity.
    const int sp = m_server->firstPort(PortRole::Storage);
    if (m_p.storageFabric && sp >= 0) {
        const double speed = m_server->ports[std::size_t(sp)].speedGbps;
        if (const CatalogItem* st = matchingItem(Category::Storage, PortRole::Storage, speed)) {
            const double need = m_p.gpus * std::max(0.0, m_p.storageGbpsPerGpu);
            const int byBw = int(std::ceil(need / *st->readGbps - 1e-9));
            const int byTb = int(std::ceil(std::max(0.0, m_p.storageTb) / *st->usableTb - 1e-9));
            const int n = std::max({2, byBw, byTb, storageForCheckpoint(*st)});
            m_storage = addDevices(*st, n, QStringLiteral("stor-node"));
            m_r.notes << QStringLiteral("storage: %1 x %2, %3 TB usable, %4 Gb/s read (%5 Gb/s "
                                        "per GPU asked)")
                             .arg(n)
                             .arg(st->id)
                             .arg(n * *st->usableTb)
                             .arg(n * *st->readGbps)
                             .arg(m_p.storageGbpsPerGpu);
        } else {
            m_r.notes << QStringLiteral("no storage servers: none in the catalog has %1G storage "
                                        "ports like %2")
                             .arg(speed)
                             .arg(m_server->id);
        }
    }
    const int ip = m_server->firstPort(PortRole::Inband);
    if (m_p.inbandFabric && ip >= 0) {
        const double speed = m_server->ports[std::size_t(ip)].speedGbps;
        if (const CatalogItem* h = matchingItem(Category::Management, PortRole::Inband, speed))
            m_heads = addDevices(*h, kHeadNodes, QStringLiteral("head"));
        else
            m_r.notes << QStringLiteral("no head nodes: none in the catalog has %1G in-band ports")
                             .arg(speed);
    }
}

void Generation::connectUfm(FabricId f, const SwitchChoice& sw, int leafDown) {
    const CatalogItem* ufm = nullptr;
    for (const char* id : kUfms) {
        const CatalogItem* it = m_lib.item(QLatin1String(id));
        const int up = it ? it->firstPort(PortRole::Compute) : -1;
        if (up >= 0 && std::abs(it->ports[std::size_t(up)].speedGbps - sw.laneGbps) < 1e-6)
            ufm = it;
    }
    if (!ufm) {
        m_r.notes << QStringLiteral("no UFM appliances: none in the catalog has %1G fabric ports")
                         .arg(sw.laneGbps);
        return;
    }
    // Free fabric ports on the compute switches: the port a full-radix leaf leaves over.
    std::unordered_map<DeviceId::Rep, std::vector<bool>> used;
    auto track = [&](DeviceId id) {
        const Device& v = m_d.devices[id];
        if (v.fabric == f && v.tier != Tier::None)
            used.try_emplace(id.value(), std::size_t(sw.firstPort + sw.radix), false);
    };
    m_d.devices.forEach([&](DeviceId id, const Device&) { track(id); });
    m_d.links.forEach([&](LinkId, const Link& l) {
        for (const PortRef& e : {l.a, l.b})
            if (auto it = used.find(e.device.value());
                it != used.end() && e.port < it->second.size())
                it->second[e.port] = true;
    });
    const int perUfm = ufm->portCount(PortRole::Compute);
    std::vector<PortRef> free;
    // One port per switch, so the pair spans switches; a single-switch fabric gives them all.
    const int needed = kUfmAppliances * perUfm;
    const int perSwitch = std::max(1, needed / std::max(1, int(used.size())));
    // On a campus the cores stand in the middle hall with the pair, where a pod's spines may
    // stand in a hall of their own (alignPodsWithHalls): the cores' free ports come first.
    const std::vector<Tier> tiers = m_p.halls > 1
                                        ? std::vector<Tier>{Tier::Leaf, Tier::Core, Tier::Spine}
                                        : std::vector<Tier>{Tier::Leaf, Tier::Spine, Tier::Core};
    for (Tier tier : tiers)
        m_d.devices.forEach([&](DeviceId id, const Device& v) {
            if (v.tier != tier || v.fabric != f || int(free.size()) >= needed)
                return;
            const auto& u = used[id.value()];
            const int top = tier == Tier::Leaf ? std::min(sw.radix, leafDown) : sw.radix;
            int taken = 0;
            for (int p = sw.firstPort + top - 1; p >= sw.firstPort && taken < perSwitch; --p)
                if (!u[std::size_t(p)]) {
                    free.push_back({id, std::uint16_t(p)});
                    ++taken;
                }
        });
    if (int(free.size()) < needed) {
        m_r.notes << QStringLiteral("no UFM appliances: the compute fabric has no free switch "
                                    "ports (NVIDIA deploys 31-node SUs to leave one: --su-nodes "
                                    "31)");
        return;
    }
    // Each plane is a subnet of its own, with its own fabric-manager pair.
    const int plane =
        int(std::count_if(m_d.fabrics.begin(), m_d.fabrics.begin() + f.value(),
                          [](const Fabric& x) { return x.kind == FabricKind::Compute; }));
    const std::vector<DeviceId> pair =
        addDevices(*ufm, kUfmAppliances,
                   m_planes > 1 ? QStringLiteral("ufm-p%1").arg(plane + 1) : QStringLiteral("ufm"));
    m_ufm.insert(m_ufm.end(), pair.begin(), pair.end());
    for (std::size_t i = 0; i < pair.size(); ++i)
        for (int n = 0; n < perUfm; ++n) {
            Link l;
            l.a = {pair[i], std::uint16_t(firstLogicalPort(*ufm, 1, PortRole::Compute) + n)};
            l.b = free[i * std::size_t(perUfm) + std::size_t(n)];
            l.fabric = f;
            m_d.links.add(std::move(l));
        }
    m_r.notes << QStringLiteral("UFM: %1 x %2 on free compute-fabric ports")
                     .arg(pair.size())
                     .arg(ufm->id);
}

void Generation::buildOob() {
    const CatalogItem* swItem = m_lib.item(QLatin1String(kOobSwitch));
    if (!swItem) {
        m_r.notes << QStringLiteral("no out-of-band network: %1 not in the catalog")
                         .arg(QLatin1String(kOobSwitch));
        return;
    }
    const auto sw = chooseSwitch(m_d, use(*swItem), 1.0);
    if (!sw)
        return;
    const FabricId f =
        addFabric(QStringLiteral("Out-of-band management"), FabricKind::Oob, Technology::Ethernet);
    auto mgmtPorts = [&](const std::vector<DeviceId>& devs, std::vector<PortRef>& out) {
        for (DeviceId id : devs) {
            const CatalogItem& t = m_d.typeOf(m_d.devices[id]);
            const int p = firstLogicalPort(t, m_d.devices[id].breakout, PortRole::Oob);
            for (int n = 0; p >= 0 && n < t.portCount(PortRole::Oob); ++n)
                out.push_back({id, std::uint16_t(p + n)});
        }
    };
    FatTreePlan single;
    single.ok = true;
    single.tiers = 1;
    int count = 0;
    auto build = [&](std::vector<PortRef> ports, int group, std::vector<DeviceId>& place,
                     const QString& prefix) {
        std::vector<LeafSpec> leaves;
        for (std::size_t i = 0; i < ports.size(); i += std::size_t(sw->radix))
            leaves.push_back(
                {std::int16_t(group),
                 -1,
                 {ports.begin() + std::ptrdiff_t(i),
                  ports.begin() + std::ptrdiff_t(std::min(ports.size(), i + sw->radix))}});
        const BuiltFabric b = buildFatTree(m_d, f, *sw, single, leaves, prefix);
        place.insert(place.end(), b.leaves.begin(), b.leaves.end());
        count += int(b.leaves.size());
    };
    for (std::size_t s = 0; s < m_suServers.size(); ++s) {
        std::vector<PortRef> ports;
        mgmtPorts(m_suServers[s], ports);
        mgmtPorts(m_suNetwork[s], ports);
        build(std::move(ports), int(s), m_suNetwork[s], QStringLiteral("oob%1").arg(int(s) + 1));
    }
    // The central switches' and the storage nodes' leaves each go right after the last device
    // they serve, so they are packed into its rack or the next: appended at the end, the first
    // spines of a 100,000-GPU campus were over 100 m of copper from their leaf.
    // Likewise those of a hall's own network rows (a campus whose halls hold whole pods).
    for (std::size_t h = 0; h <= m_hallNetwork.size(); ++h) {
        std::vector<DeviceId>& list = h < m_hallNetwork.size() ? m_hallNetwork[h] : m_central;
        std::vector<PortRef> ports;
        mgmtPorts(list, ports);
        if (ports.empty())
            continue;
        std::vector<DeviceId> oob;
        build(ports, -1, oob,
              h < m_hallNetwork.size() ? QStringLiteral("oob-hall%1").arg(int(h) + 1)
                                       : QStringLiteral("oob0"));
        placeAfterServed(list, ports, oob, sw->radix);
    }
    std::vector<PortRef> support;
    std::vector<DeviceId> supportDevs = m_storage;
    supportDevs.insert(supportDevs.end(), m_heads.begin(), m_heads.end());
    supportDevs.insert(supportDevs.end(), m_ufm.begin(), m_ufm.end());
    mgmtPorts(supportDevs, support);
    if (!support.empty()) {
        std::vector<DeviceId> oob;
        build(support, -2, oob, QStringLiteral("oob-1"));
        placeAfterServed(m_storage, support, oob, sw->radix);
        m_mgmtSwitches.insert(m_mgmtSwitches.end(), oob.begin(), oob.end());
    }
    m_r.notes << QStringLiteral("out-of-band: %1 x %2 (uplinks to the site network not "
                                "modelled)")
                     .arg(count)
                     .arg(swItem->id);
}

} // namespace cds::generation
