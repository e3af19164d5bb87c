// Generator phase 2, the compute fabric: servers by scalable unit, one fabric per plane
// (single switch, BasePOD pair, or two or three tiers, rail-optimized or a fat tree).

#include "Generation.h"

#include "../PortTable.h"
#include "../fabric/FatTreePlan.h"

#include <algorithm>
#include <cmath>

namespace cds::generation {

void Generation::addServers() {
    const TypeId t = use(*m_server);
    const int sus = (m_nodes + m_suNodes - 1) / m_suNodes;
    m_suServers.assign(std::size_t(sus), {});
    m_suNetwork.assign(std::size_t(sus), {});
    for (int n = 0; n < m_nodes; ++n) {
        const int su = n / m_suNodes;
        Device v;
        v.name = QStringLiteral("su%1-node%2")
                     .arg(su + 1, 2, 10, QChar(u'0'))
                     .arg(n % m_suNodes + 1, 2, 10, QChar(u'0'));
        v.type = t;
        v.group = std::int16_t(su);
        v.breakout = std::uint8_t(m_planes);
        m_suServers[std::size_t(su)].push_back(m_d.devices.add(std::move(v)));
    }
}

void Generation::recordLeaves(const BuiltFabric& b) {
    for (DeviceId l : b.leaves) {
        const int g = m_d.devices[l].group;
        (g >= 0 ? m_suNetwork[std::size_t(g)] : m_central).push_back(l);
    }
    m_central.insert(m_central.end(), b.spines.begin(), b.spines.end());
    m_central.insert(m_central.end(), b.cores.begin(), b.cores.end());
}

bool Generation::buildCompute() {
    for (int plane = 0; plane < m_planes; ++plane)
        if (!buildPlane(plane))
            return false;
    if (m_planes > 1)
        m_r.notes << QStringLiteral("%1 parallel planes: each %2G NIC as %1 x %3G, one lane per "
                                    "plane")
                         .arg(m_planes)
                         .arg(m_nicGbps * m_planes)
                         .arg(m_nicGbps);
    return true;
}

bool Generation::buildPlane(int plane) {
    const int c = m_server->portCount(PortRole::Compute);
    // NIC r's lane for this plane: the server's compute ports are split m_planes ways.
    const int p0 = firstLogicalPort(*m_server, m_planes, PortRole::Compute) + plane;
    const int stride = m_planes;
    const double nic = m_nicGbps;
    const auto sw = chooseSwitch(m_d, use(*m_switch), nic);
    if (!sw)
        return fail(QStringLiteral("switch %1 has no port split matching the %2G NICs of %3")
                        .arg(m_switch->id)
                        .arg(nic)
                        .arg(m_server->id));
    if (sw->breakout > 1 && plane == 0)
        m_r.notes << QStringLiteral("%1 ports split %2 ways: %3 x %4G per switch")
                         .arg(m_switch->id)
                         .arg(sw->breakout)
                         .arg(sw->radix)
                         .arg(sw->laneGbps);
    const int k = sw->radix;
    const int dMax = leafDownlinks(k, m_p.oversubscription);
    const bool rail = m_p.topology == Topology::RailOptimized;
    const Technology tech = computeTechnology();
    const QString fabricName = m_planes > 1 ? QStringLiteral("Compute plane %1").arg(plane + 1)
                                            : QStringLiteral("Compute");
    QString prefix = tech == Technology::Ethernet ? QStringLiteral("eth") : QStringLiteral("ib");
    if (m_planes > 1)
        prefix += QStringLiteral("-p%1").arg(plane + 1);
    if (const int single = singleTierSwitches(*sw, dMax, c); single != 0)
        return single > 0 && buildSingleTier(*sw, single, c, p0, stride, fabricName, prefix);
    std::vector<LeafSpec> leaves;
    long long maxNodes = 0;
    const int railsPerLeaf = rail ? generation::railsPerLeaf(*m_server, c, dMax, m_suNodes) : 1;
    if (rail) {
        if (m_suNodes * railsPerLeaf > dMax)
            return fail(QStringLiteral("--su-nodes %1 needs %1 leaf downlinks; a %2-port leaf at "
                                       "%3:1 offers %4")
                            .arg(m_suNodes)
                            .arg(k)
                            .arg(m_p.oversubscription)
                            .arg(dMax));
        for (std::size_t s = 0; s < m_suServers.size(); ++s)
            for (int i = 0; i < c; i += railsPerLeaf) {
                LeafSpec ls{std::int16_t(s), std::int16_t(railsPerLeaf == 1 ? i : -1), {}};
                for (int r = i; r < i + railsPerLeaf; ++r)
                    for (DeviceId srv : m_suServers[s])
                        ls.down.push_back({srv, std::uint16_t(p0 + r * stride)});
                leaves.push_back(std::move(ls));
            }
        maxNodes = maxNodesOfThreeTiers(true, k, c, dMax, m_suNodes, railsPerLeaf);
        if (2 * m_suNodes * railsPerLeaf <= dMax && plane == 0)
            m_r.notes << QStringLiteral("rail leaves use %1 of their %2 downlinks; --su-nodes "
                                        "up to %2 would fill them")
                             .arg(m_suNodes * railsPerLeaf)
                             .arg(dMax);
    } else {
        const int perLeaf = dMax / c;
        if (perLeaf < 1)
            return fail(QStringLiteral("a %1-port leaf cannot take the %2 NICs of one server")
                            .arg(k)
                            .arg(c));
        for (std::size_t s = 0; s < m_suServers.size(); ++s)
            for (std::size_t i = 0; i < m_suServers[s].size(); i += std::size_t(perLeaf)) {
                LeafSpec ls{std::int16_t(s), -1, {}};
                for (std::size_t j = i; j < std::min(m_suServers[s].size(), i + perLeaf); ++j)
                    for (int n = 0; n < c; ++n)
                        ls.down.push_back({m_suServers[s][j], std::uint16_t(p0 + n * stride)});
                leaves.push_back(std::move(ls));
            }
        maxNodes = maxNodesOfThreeTiers(false, k, c, dMax, m_suNodes, 1);
    }
    int down = 0;
    for (const LeafSpec& l : leaves)
        down = std::max(down, int(l.down.size()));
    // NVIDIA designs every leaf for the full SU (DGX SuperPOD RAs: "the fabric should be
    // designed to support the full SU, including leaf switches and leaf-spine cables"), and at
    // its full radix when at most one node's worth of ports is left over: that port is where
    // the UFM connects (the 31-node SU). A cluster smaller than one SU keeps its actual size.
    if (rail) {
        if (m_nodes >= m_suNodes)
            down = m_suNodes * railsPerLeaf;
        if (dMax - down <= railsPerLeaf)
            down = dMax;
    }
    const FatTreePlan plan =
        planFatTree({k, int(leaves.size()), down, m_p.oversubscription, m_p.tiers,
                     rail ? c / railsPerLeaf : 1, podLeaves(leaves)});
    if (!plan.ok) {
        if (m_p.podGpus > 0 && m_nodes <= maxNodes)
            return fail(QStringLiteral("--pod-gpus %1: %2").arg(m_p.podGpus).arg(plan.error));
        if (m_nodes > maxNodes || m_p.tiers == 3)
            return beyondThreeTiers(*sw, maxNodes);
        return fail(plan.error);
    }
    m_r.notes << plan.notes;
    const FabricId f = addFabric(fabricName, FabricKind::Compute, tech);
    recordLeaves(buildFatTree(m_d, f, *sw, plan, leaves, prefix));
    if (tech == Technology::InfiniBand && m_p.support)
        connectUfm(f, *sw, plan.tiers >= 2 ? plan.leafDown : sw->radix);
    m_r.notes << QStringLiteral("%1: %2 tier(s), %3 leaves, %4 spines, %5 cores")
                     .arg(m_d.fabrics[f.value()].name)
                     .arg(plan.tiers)
                     .arg(leaves.size())
                     .arg(plan.spines)
                     .arg(plan.cores);
    return true;
}

int Generation::podLeaves(const std::vector<LeafSpec>& leaves) const {
    const int su = gpusPerSu();
    if (m_p.podGpus <= 0 || su <= 0)
        return 0;
    const auto perSu =
        std::count_if(leaves.begin(), leaves.end(), [](const LeafSpec& l) { return l.group == 0; });
    return int(m_p.podGpus / su * perSu);
}

Technology Generation::computeTechnology() const {
    return m_switch->switchSpec && m_switch->switchSpec->technology != Technology::Any
               ? m_switch->switchSpec->technology
               : Technology::InfiniBand;
}

int Generation::singleTierSwitches(const SwitchChoice& sw, int downlinks, int nics) {
    const long long ports = 1LL * m_nodes * nics;
    // Automatic only below one SU: a scalable unit keeps its leaves designed for the full SU.
    if (m_p.tiers != 1 && (m_p.tiers != 0 || m_nodes >= m_suNodes))
        return 0;
    // NVIDIA's DGX BasePOD (2-8 DGX on NDR400) splits the rails over a pair of QM9700s, so
    // one switch's loss halves every node's rails instead of cutting them all off. Rack-scale
    // systems keep one switch while they fit it.
    if (!m_server->rackScale && nics % 2 == 0 && m_nodes >= 2 && ports <= 2LL * downlinks)
        return 2;
    if (ports <= sw.radix)
        return 1;
    if (m_p.tiers != 1)
        return 0;
    fail(QStringLiteral("--tiers 1: the %1 compute ports of %2 servers need more than one %3 "
                        "(%4 ports) or a pair of them (%5 ports toward the servers at %6:1)")
             .arg(ports)
             .arg(m_nodes)
             .arg(m_switch->id)
             .arg(sw.radix)
             .arg(2 * downlinks)
             .arg(m_p.oversubscription));
    return -1;
}

bool Generation::buildSingleTier(const SwitchChoice& sw, int switches, int nics, int lane,
                                 int stride, const QString& fabricName, const QString& prefix) {
    std::vector<LeafSpec> leaves(static_cast<std::size_t>(switches));
    const int railsEach = nics / switches;
    for (int s = 0; s < switches; ++s) {
        leaves[std::size_t(s)].group = 0;
        for (int r = s * railsEach; r < (s + 1) * railsEach; ++r)
            for (const std::vector<DeviceId>& su : m_suServers)
                for (DeviceId srv : su)
                    leaves[std::size_t(s)].down.push_back({srv, std::uint16_t(lane + r * stride)});
    }
    FatTreePlan single;
    single.ok = true;
    single.tiers = 1;
    single.leavesPerPod = switches;
    const Technology tech = computeTechnology();
    const FabricId f = addFabric(fabricName, FabricKind::Compute, tech);
    const BuiltFabric b = buildFatTree(m_d, f, sw, single, leaves, prefix);
    recordLeaves(b);
    int isl = 0;
    if (switches == 2) {
        // Enough inter-switch links for the oversubscription asked, on the ports left over
        // after the UFM pair's (two appliances of two fabric ports, spread over the pair).
        const int down = int(leaves.front().down.size());
        const int ufmPorts = tech == Technology::InfiniBand && m_p.support ? kUfmAppliances : 0;
        isl = std::min(sw.radix - down - ufmPorts,
                       int(std::ceil(down / std::max(1.0, m_p.oversubscription) - 1e-9)));
        for (int i = 0; i < isl; ++i) {
            Link l;
            l.a = {b.leaves[0], std::uint16_t(sw.firstPort + down + i)};
            l.b = {b.leaves[1], std::uint16_t(sw.firstPort + down + i)};
            l.fabric = f;
            m_d.links.add(std::move(l));
        }
    }
    if (tech == Technology::InfiniBand && m_p.support)
        connectUfm(f, sw, sw.radix);
    m_r.notes << (switches == 1 ? QStringLiteral("%1: 1 tier, one switch").arg(fabricName)
                                : QStringLiteral("%1: 1 tier, a switch pair (DGX BasePOD style), "
                                                 "%2 inter-switch links")
                                      .arg(fabricName)
                                      .arg(isl));
    return true;
}

} // namespace cds::generation
