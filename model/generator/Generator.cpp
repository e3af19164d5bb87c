#include "Generator.h"

#include "../DesignIndex.h"
#include "../PortTable.h"
#include "../RackCooling.h"
#include "../cabling/CableRouting.h"
#include "../fabric/FabricBuilder.h"
#include "../fabric/FatTreePlan.h"
#include "Facility.h"
#include "PathwayLayout.h"
#include "Placement.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace cds {

namespace {

/// Bundled ids of the switches the non-compute networks use, in order of preference: the
/// first whose ports split to the servers' port speed serves the network.
const std::vector<const char*> kStorageSwitches = {"nvidia-sn5600", "nvidia-sn4600c"};
const std::vector<const char*> kInbandSwitches = {"nvidia-sn4600c", "nvidia-sn5600"};
const char* const kOobSwitch = "nvidia-sn2201";
/// UFM appliances by the compute fabric's lane speed: NDR 400G, XDR 800G.
const std::vector<const char*> kUfms = {"nvidia-ufm-appliance", "nvidia-ufm-appliance-xdr"};
constexpr int kUfmAppliances = 2; ///< an HA pair, as in NVIDIA's SuperPOD management rack
constexpr int kHeadNodes = 4;     ///< BCM head-node HA pair + Slurm/Kubernetes control pair

/// Rails one rail leaf takes. A rail leaf of an 8-GPU SU takes one rail; a rack-scale system
/// carries many (72 NICs on an NVL72), so its leaf takes the largest group of rails, dividing
/// the NIC count, whose SU-wide endpoints fit its downlinks.
int railsPerLeaf(const CatalogItem& server, int nics, int downlinks, int suNodes) {
    if (!server.rackScale)
        return 1;
    for (int r = std::max(1, downlinks / std::max(1, suNodes)); r > 1; --r)
        if (nics % r == 0)
            return r;
    return 1;
}

/// The most nodes three tiers of @p radix-port switches carry: k pods of k/2 leaves, a
/// rail-optimized SU's leaves (nics / rails) inside one pod, or @p downlinks / nics servers
/// per leaf of a plain fat tree.
long long maxNodesOfThreeTiers(bool rail, int radix, int nics, int downlinks, int suNodes,
                               int rails) {
    if (rail)
        return 1LL * radix * ((radix / 2) / std::max(1, nics / rails)) *
               std::min(suNodes, downlinks / rails);
    return 1LL * radix * (radix / 2) * (downlinks / nics);
}

/// @brief The state of one generation run: the design growing, its scalable units.
class Generation {
public:
    Generation(const GenerateParams& p, const Catalog& lib, const Progress& progress)
        : m_p(p)
        , m_lib(lib)
        , m_progress(progress) {}
    GenerateResult run();

private:
    bool fail(const QString& why) {
        m_r.error = why;
        return false;
    }
    bool step(int percent) {
        if (m_progress && !m_progress(percent))
            return fail(QStringLiteral("generation cancelled"));
        return true;
    }
    TypeId use(const CatalogItem& it) { return m_d.catalog.add(it); }
    FabricId addFabric(const QString& name, FabricKind kind, Technology tech) {
        Fabric f;
        f.name = name;
        f.kind = kind;
        f.technology = tech;
        f.targetOversubscription = kind == FabricKind::Compute ? m_p.oversubscription : 1.0;
        f.railOptimized = kind == FabricKind::Compute && m_p.topology == Topology::RailOptimized;
        f.suNodes = m_suNodes;
        m_d.fabrics.push_back(f);
        return FabricId(static_cast<FabricId::Rep>(m_d.fabrics.size() - 1));
    }
    bool checkParams();
    bool checkCapacity();
    /// Refuses --gpus beyond @p maxNodes servers, what 3 tiers of @p sw carry.
    bool beyondThreeTiers(const SwitchChoice& sw, long long maxNodes);
    /// --servers-per-rack against the compute rack's U and the cooling envelope's kW.
    bool checkServersPerRack();
    /// The catalog's largest rear door as an envelope, for compute racks of air-cooled
    /// servers; nullopt for liquid-only systems or a catalog without doors.
    std::optional<CoolingEnvelope> rearDoor() const {
        const auto doors = coolingProductsFor(m_lib, CoolingType::RearDoorHx); // smallest first
        if (m_server->liquidCooled || doors.empty())
            return std::nullopt;
        const double kw = *doors.back()->coolingCapacityKw;
        return CoolingEnvelope{kw * kProductWarnShare, kw, 0, {}};
    }
    std::optional<CoolingType> serverCooling() const {
        return m_server->liquidCooled && !m_p.cooling
                   ? std::optional<CoolingType>(CoolingType::DirectLiquid)
                   : m_p.cooling;
    }
    void addServers();
    bool buildCompute();
    bool buildPlane(int plane);
    /// Switches of a single-tier compute fabric: 1 when every compute port fits one switch,
    /// 2 (a pair joined by inter-switch links, as in NVIDIA's DGX BasePOD) when they fit two
    /// switches' downlinks, 0 when the fabric needs 2 or 3 tiers; -1 refused (--tiers 1).
    int singleTierSwitches(const SwitchChoice& sw, int downlinks, int nics);
    /// One switch, or a pair each taking half the rails of every server, with the ports
    /// left after the downlinks (up to downlinks / oversubscription) as links between them.
    /// @p lane is the servers' first compute port of this plane, @p stride its step.
    bool buildSingleTier(const SwitchChoice& sw, int switches, int nics, int lane, int stride,
                         const QString& fabricName, const QString& prefix);
    Technology computeTechnology() const;
    /// Storage or in-band: leaves per SU over the servers' ports of @p role, 1:1 above.
    bool buildBlockNetwork(FabricKind kind, PortRole role, const std::vector<const char*>& ids,
                           const QString& name, const QString& prefix,
                           const std::vector<DeviceId>& extra);
    void addSupport();
    /// The UFM pair on free compute-fabric ports: a leaf's leftover downlink (below
    /// @p leafDown, so the leaf stays balanced), else a spine's or core's free port.
    void connectUfm(FabricId f, const SwitchChoice& sw, int leafDown);
    const CatalogItem* matchingItem(Category c, PortRole role, double speed) const;
    std::vector<DeviceId> addDevices(const CatalogItem& it, int n, const QString& prefix);
    void buildOob();
    void recordLeaves(const BuiltFabric& b);

    const GenerateParams& m_p;
    const Catalog& m_lib;
    const Progress& m_progress;
    GenerateResult m_r;
    DesignData m_d;
    const CatalogItem* m_server = nullptr;
    const CatalogItem* m_switch = nullptr;
    int m_nodes = 0;
    std::vector<std::vector<DeviceId>> m_suServers, m_suNetwork;
    std::vector<DeviceId> m_central;
    std::vector<DeviceId> m_storage, m_heads, m_ufm, m_mgmtSwitches;
    int m_suNodes = 32;
    int m_planes = 1;
    double m_nicGbps = 0; ///< one lane of a compute NIC: its speed / planes
};

bool Generation::checkParams() {
    m_server = m_lib.item(m_p.serverId);
    if (!m_server || m_server->category != Category::Server || m_server->gpuCount() == 0)
        return fail(
            QStringLiteral("unknown GPU server id '%1' (see 'catalog list')").arg(m_p.serverId));
    m_switch = m_lib.item(m_p.switchId);
    if (!m_switch || m_switch->category != Category::Switch ||
        m_switch->portCount(PortRole::Fabric) == 0)
        return fail(
            QStringLiteral("unknown fabric switch id '%1' (see 'catalog list')").arg(m_p.switchId));
    const int g = m_server->gpuCount();
    if (m_p.gpus <= 0 || m_p.gpus % g != 0)
        return fail(QStringLiteral("--gpus %1 is not a multiple of %2 GPUs per server (%3)")
                        .arg(m_p.gpus)
                        .arg(g)
                        .arg(m_server->id));
    if (m_server->portCount(PortRole::Compute) == 0)
        return fail(QStringLiteral("server %1 has no compute-fabric ports").arg(m_server->id));
    if (m_p.suNodes < 0)
        return fail(QStringLiteral("--su-nodes must be at least 1"));
    if (m_p.planes != 1 && m_p.planes != 2 && m_p.planes != 4)
        return fail(QStringLiteral("--planes must be 1, 2 or 4, not %1").arg(m_p.planes));
    m_planes = m_p.planes;
    const int nicPort = m_server->firstPort(PortRole::Compute);
    const PortDef& nic = m_server->ports[std::size_t(nicPort)];
    m_nicGbps = nic.speedGbps / m_planes;
    if (m_planes > 1) {
        const std::vector<int>& splits = m_server->portGroups[nic.group].planes;
        if (std::find(splits.begin(), splits.end(), m_planes) == splits.end()) {
            QStringList ways;
            for (int w : splits)
                ways << QString::number(w);
            return fail(
                splits.empty()
                    ? QStringLiteral("--planes %1: the %2G compute NICs of %3 cannot be split over "
                                     "parallel planes (they feed one plane)")
                          .arg(m_planes)
                          .arg(nic.speedGbps)
                          .arg(m_server->id)
                    : QStringLiteral("--planes %1: the %2G compute NICs of %3 split only %4 ways")
                          .arg(m_planes)
                          .arg(nic.speedGbps)
                          .arg(m_server->id)
                          .arg(ways.join(QStringLiteral(" or "))));
        }
        DesignData probe;
        if (!chooseSwitch(probe, probe.catalog.add(*m_switch), m_nicGbps))
            return fail(QStringLiteral("--planes %1 splits the %2G NICs of %3 into %4G lanes, but "
                                       "%5 has no %4G port split")
                            .arg(m_planes)
                            .arg(nic.speedGbps)
                            .arg(m_server->id)
                            .arg(m_nicGbps)
                            .arg(m_switch->id));
    }
    // NVIDIA's SuperPODs: 32 8-GPU nodes per SU, 8 NVL72 racks per SU (DGX GB200 RA).
    // NVIDIA's SUs: 8 NVL72 racks (DGX GB200 RA); 72 nodes where a leaf takes 72 at 1:1 (DGX
    // B300 on Quantum-X800 XDR RA); else 32 (DGX H100 / B200 RAs).
    m_suNodes = m_p.suNodes;
    if (m_suNodes == 0) {
        DesignData probe;
        const auto sw = chooseSwitch(probe, probe.catalog.add(*m_switch), m_nicGbps);
        const int dMax = sw ? leafDownlinks(sw->radix, m_p.oversubscription) : 0;
        m_suNodes = m_server->rackScale ? 8 : dMax >= 72 ? 72 : 32;
    }
    if (m_server->liquidCooled && m_p.cooling && *m_p.cooling != CoolingType::DirectLiquid &&
        *m_p.cooling != CoolingType::Immersion)
        return fail(QStringLiteral("%1 is liquid-cooled only: --cooling %2 cannot cool it (use "
                                   "direct-liquid)")
                        .arg(m_server->id, coolingKey(*m_p.cooling)));
    if (m_p.oversubscription < 1.0 || m_p.oversubscription > 64)
        return fail(QStringLiteral("--oversubscription must be between 1:1 and 64:1"));
    if (m_p.tiers < 0 || m_p.tiers > 3)
        return fail(QStringLiteral("--tiers must be auto, 1, 2 or 3"));
    // What the design file can hold, so the file written opens again.
    for (double side : {m_p.hallWidthMm, m_p.hallDepthMm})
        if (side != 0 && !(side >= kMinHallSideMm && side <= kMaxHallSideMm))
            return fail(QStringLiteral("--hall sides must be between %1 and %2 mm")
                            .arg(kMinHallSideMm)
                            .arg(kMaxHallSideMm, 0, 'f', 0));
    if (m_p.title.toUtf8().size() > kMaxMetaTextBytes)
        return fail(
            QStringLiteral("--title must be at most %1 bytes (UTF-8)").arg(kMaxMetaTextBytes));
    m_nodes = m_p.gpus / g;
    return true;
}

// Before a single server is allocated: a request beyond what three tiers of the switch can
// carry (--gpus 300000000) is refused at once, not after running out of memory.
bool Generation::checkCapacity() {
    const int c = m_server->portCount(PortRole::Compute);
    const auto sw = chooseSwitch(m_d, use(*m_switch), m_nicGbps);
    if (!sw)
        return true; // buildCompute says why
    const int dMax = leafDownlinks(sw->radix, m_p.oversubscription);
    const bool rail = m_p.topology == Topology::RailOptimized;
    const long long maxNodes = maxNodesOfThreeTiers(rail, sw->radix, c, dMax, m_suNodes,
                                                    railsPerLeaf(*m_server, c, dMax, m_suNodes));
    return m_nodes <= maxNodes || beyondThreeTiers(*sw, maxNodes);
}

/// The rack a generated design's racks are. Rack-scale systems fill a 48U rack (their own MGX
/// rack for the compute racks). 10U systems (DGX B200, DGX B300, HGX B300) get a 52U rack 700 x
/// 1,200 mm: NVIDIA's "Data Center Best Practices with DGX B200" asks for at least 48U and
/// 600 x 1,100 mm and recommends 700 x 1,200 mm, 52U; its DGX B300 RA puts four in a rack with
/// three 2U PDUs (46U). A catalog without that rack falls back to the 48U one. Everything else
/// goes in 42U racks; any rack of the catalog when none of these is there.
const CatalogItem* generatedRack(const Catalog& lib, const CatalogItem& server) {
    const CatalogItem* rack = nullptr;
    if (server.uHeight > 42)
        rack = lib.item(QStringLiteral("rack-48u-600x1200"));
    else if (server.uHeight >= 10) {
        rack = lib.item(QStringLiteral("rack-52u-700x1200"));
        if (!rack)
            rack = lib.item(QStringLiteral("rack-48u-600x1200"));
    } else
        rack = lib.item(QStringLiteral("rack-42u-600x1200"));
    for (std::size_t i = 0; !rack && i < lib.size(); ++i)
        if (lib.items()[i].category == Category::Rack && lib.items()[i].rack)
            rack = &lib.items()[i];
    return rack;
}

bool Generation::checkServersPerRack() {
    const int n = m_p.serversPerRack;
    if (n == 0)
        return true;
    if (n < 0)
        return fail(QStringLiteral("--servers-per-rack must be at least 1"));
    const CatalogItem* rack = generatedRack(m_lib, *m_server);
    if (!rack)
        return true; // run() says the catalog has no rack
    const int cap = rack->rack->uCapacity;
    const int u = std::max(1, m_server->uHeight);
    if (n * u > cap)
        return fail(QStringLiteral("--servers-per-rack %1: %1 x %2U of %3 is %4U, but a %5 "
                                   "holds %6U: at most %7 per rack")
                        .arg(n)
                        .arg(u)
                        .arg(m_server->id)
                        .arg(n * u)
                        .arg(rack->id)
                        .arg(cap)
                        .arg(cap / u));
    const double kw = m_server->powerMaxW.value_or(0) / 1000.0;
    const DesignSettings planning = planningSettings(m_d.settings, rearDoor());
    const auto [fits, how] = FloorPlanner::serversPerRack(planning, serverCooling(), kw, u, cap, n);
    if (fits < n)
        return fail(QStringLiteral("--servers-per-rack %1: %1 x %2 kW of %3 is %4 kW, beyond "
                                   "the %5 cooling envelope of %6 kW per rack: at most %7 per "
                                   "rack")
                        .arg(n)
                        .arg(kw, 0, 'f', 1)
                        .arg(m_server->id)
                        .arg(n * kw, 0, 'f', 1)
                        .arg(coolingKey(how))
                        .arg(planning.cooling[std::size_t(how)].maxKw, 0, 'f', 0)
                        .arg(fits));
    return true;
}

bool Generation::beyondThreeTiers(const SwitchChoice& sw, long long maxNodes) {
    return fail(QStringLiteral("--gpus %1 is beyond what 3 tiers of %2 can carry (%3 ports of "
                               "%4G: at most %5 GPUs with this topology)")
                    .arg(m_p.gpus)
                    .arg(m_switch->id)
                    .arg(sw.radix)
                    .arg(sw.laneGbps)
                    .arg(maxNodes * m_server->gpuCount()));
}

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
    const int railsPerLeaf = rail ? cds::railsPerLeaf(*m_server, c, dMax, m_suNodes) : 1;
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
    const FatTreePlan plan = planFatTree({k, int(leaves.size()), down, m_p.oversubscription,
                                          m_p.tiers, rail ? c / railsPerLeaf : 1});
    if (!plan.ok) {
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
    if (ports <= sw.radix)
        return 1;
    if (nics % 2 == 0 && ports <= 2LL * downlinks)
        return 2;
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
        // Enough inter-switch links for the oversubscription asked, on the ports left over.
        const int down = int(leaves.front().down.size());
        isl = std::min(sw.radix - down,
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

bool Generation::buildBlockNetwork(FabricKind kind, PortRole role,
                                   const std::vector<const char*>& ids, const QString& name,
                                   const QString& prefix, const std::vector<DeviceId>& extra) {
    const int first = m_server->firstPort(role);
    if (first < 0) {
        m_r.notes << QStringLiteral("no %1 network: %2 has no such ports").arg(name, m_server->id);
        return true;
    }
    const double speed = m_server->ports[std::size_t(first)].speedGbps;
    const CatalogItem* swItem = nullptr;
    std::optional<SwitchChoice> sw;
    for (const char* id : ids) {
        const CatalogItem* it = m_lib.item(QLatin1String(id));
        if (!it)
            continue;
        // Probe on a scratch catalog: only the chosen switch enters the design.
        DesignData probe;
        if (chooseSwitch(probe, probe.catalog.add(*it), speed)) {
            swItem = it;
            sw = chooseSwitch(m_d, use(*it), speed);
            break;
        }
    }
    if (!sw) {
        QStringList names;
        for (const char* id : ids)
            names << QLatin1String(id);
        return fail(QStringLiteral("no switch (%1) can serve the %2G %3 ports of %4")
                        .arg(names.join(QStringLiteral(", ")))
                        .arg(speed)
                        .arg(name, m_server->id));
    }
    const int perServer = m_server->portCount(role);
    const int perLeaf = std::max(1, leafDownlinks(sw->radix, 1.0) / perServer);
    const int p0 = firstLogicalPort(*m_server, m_planes, role);
    std::vector<LeafSpec> leaves;
    for (std::size_t s = 0; s < m_suServers.size(); ++s)
        for (std::size_t i = 0; i < m_suServers[s].size(); i += std::size_t(perLeaf)) {
            LeafSpec ls{std::int16_t(s), -1, {}};
            for (std::size_t j = i; j < std::min(m_suServers[s].size(), i + perLeaf); ++j)
                for (int n = 0; n < perServer; ++n)
                    ls.down.push_back({m_suServers[s][j], std::uint16_t(p0 + n)});
            leaves.push_back(std::move(ls));
        }
    // Storage servers and management nodes: their own leaves, with the central switches.
    const int half = leafDownlinks(sw->radix, 1.0);
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
    int down = 0;
    for (const LeafSpec& l : leaves)
        down = std::max(down, int(l.down.size()));
    const FatTreePlan plan = planFatTree({sw->radix, int(leaves.size()), down, 1.0, 0, 1});
    if (!plan.ok)
        return fail(name + QStringLiteral(" network: ") + plan.error);
    const Technology tech =
        swItem->switchSpec ? swItem->switchSpec->technology : Technology::Ethernet;
    const FabricId f = addFabric(name, kind, tech);
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

void Generation::addSupport() {
    // Parallel file system sized by read bandwidth per GPU and usable capacity.
    const int sp = m_server->firstPort(PortRole::Storage);
    if (m_p.storageFabric && sp >= 0) {
        const double speed = m_server->ports[std::size_t(sp)].speedGbps;
        if (const CatalogItem* st = matchingItem(Category::Storage, PortRole::Storage, speed)) {
            const double need = m_p.gpus * std::max(0.0, m_p.storageGbpsPerGpu);
            const int byBw = int(std::ceil(need / *st->readGbps - 1e-9));
            const int byTb = int(std::ceil(std::max(0.0, m_p.storageTb) / *st->usableTb - 1e-9));
            const int n = std::max({2, byBw, byTb});
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
    for (Tier tier : {Tier::Leaf, Tier::Spine, Tier::Core})
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
    auto build = [&](std::vector<PortRef> ports, int group, std::vector<DeviceId>& place) {
        std::vector<LeafSpec> leaves;
        for (std::size_t i = 0; i < ports.size(); i += std::size_t(sw->radix))
            leaves.push_back(
                {std::int16_t(group),
                 -1,
                 {ports.begin() + std::ptrdiff_t(i),
                  ports.begin() + std::ptrdiff_t(std::min(ports.size(), i + sw->radix))}});
        const BuiltFabric b =
            buildFatTree(m_d, f, *sw, single, leaves, QStringLiteral("oob%1").arg(group + 1));
        place.insert(place.end(), b.leaves.begin(), b.leaves.end());
        count += int(b.leaves.size());
    };
    for (std::size_t s = 0; s < m_suServers.size(); ++s) {
        std::vector<PortRef> ports;
        mgmtPorts(m_suServers[s], ports);
        mgmtPorts(m_suNetwork[s], ports);
        build(std::move(ports), int(s), m_suNetwork[s]);
    }
    std::vector<PortRef> central;
    mgmtPorts(m_central, central);
    if (!central.empty())
        build(std::move(central), -1, m_central);
    std::vector<PortRef> support;
    std::vector<DeviceId> supportDevs = m_storage;
    supportDevs.insert(supportDevs.end(), m_heads.begin(), m_heads.end());
    supportDevs.insert(supportDevs.end(), m_ufm.begin(), m_ufm.end());
    mgmtPorts(supportDevs, support);
    if (!support.empty())
        build(std::move(support), -2, m_mgmtSwitches);
    m_r.notes << QStringLiteral("out-of-band: %1 x %2 (uplinks to the site network not "
                                "modelled)")
                     .arg(count)
                     .arg(swItem->id);
}

GenerateResult Generation::run() {
    if (!checkParams() || !checkCapacity() || !checkServersPerRack() || !step(5))
        return std::move(m_r);
    m_d.meta.title = m_p.title.isEmpty() ? QStringLiteral("%1 x %2 GPUs (%3), %4 on %5")
                                               .arg(m_p.gpus)
                                               .arg(m_server->gpu->model, m_server->model,
                                                    m_p.topology == Topology::RailOptimized
                                                        ? QStringLiteral("rail-optimized")
                                                        : QStringLiteral("fat tree"),
                                                    m_switch->model)
                                         : m_p.title;
    m_d.meta.notes = QStringLiteral("Generated by Cluster Design Studio.");
    m_d.devices.reserve(std::size_t(m_nodes) * 5 / 4);
    m_d.links.reserve(std::size_t(m_nodes) * std::size_t(m_server->ports.size()) * 3);
    addServers();
    if (m_p.support)
        addSupport();
    if (!buildCompute() || !step(30))
        return std::move(m_r);
    if (m_p.storageFabric &&
        !buildBlockNetwork(FabricKind::Storage, PortRole::Storage, kStorageSwitches,
                           QStringLiteral("Storage"), QStringLiteral("stor"), m_storage))
        return std::move(m_r);
    if (m_p.inbandFabric &&
        !buildBlockNetwork(FabricKind::Inband, PortRole::Inband, kInbandSwitches,
                           QStringLiteral("In-band management"), QStringLiteral("inb"), m_heads))
        return std::move(m_r);
    if (m_p.oobFabric)
        buildOob();
    if (!step(50))
        return std::move(m_r);

    const CatalogItem* rack = generatedRack(m_lib, *m_server);
    // An NVL72 ships in its own MGX rack; its network, storage and management racks do not.
    const CatalogItem* own =
        m_server->rackScale ? m_lib.item(QStringLiteral("nvidia-mgx-rack-nvl72")) : nullptr;
    if (!rack) {
        m_r.error = QStringLiteral("the catalog has no rack");
        return std::move(m_r);
    }
    const int perRack = m_p.serversPerRack > 0 ? m_p.serversPerRack : 4;
    std::vector<DeviceId> mgmt = m_heads;
    mgmt.insert(mgmt.end(), m_ufm.begin(), m_ufm.end());
    mgmt.insert(mgmt.end(), m_mgmtSwitches.begin(), m_mgmtSwitches.end());
    PlacementInput in{use(*rack),
                      own ? use(*own) : TypeId(),
                      m_p.cooling,
                      m_server->liquidCooled && !m_p.cooling
                          ? std::optional<CoolingType>(CoolingType::DirectLiquid)
                          : m_p.cooling,
                      perRack,
                      m_p.hallWidthMm,
                      m_p.hallDepthMm,
                      m_suServers,
                      m_suNetwork,
                      m_central,
                      m_storage,
                      mgmt,
                      rearDoor()};
    FloorPlanner planner(m_d, in);
    if (!planner.place()) {
        m_r.error = planner.error();
        return std::move(m_r);
    }
    m_r.notes << planner.notes();
    if (m_p.support) {
        m_r.notes << planner.addCdus(m_lib);
        if (!planner.error().isEmpty()) {
            m_r.error = planner.error();
            return std::move(m_r);
        }
        m_r.notes << addPdus(m_d, m_lib);
    }
    if (const QString doors = addRearDoors(m_d, m_lib); !doors.isEmpty())
        m_r.notes << doors;
    if (!step(70))
        return std::move(m_r);
    embedSupportItems(m_d, m_lib);
    layOutPathways(m_d);
    routeCables(m_d);
    sizePathways(m_d, DesignIndex(m_d), m_r.notes);
    if (!step(100))
        return std::move(m_r);
    m_r.ok = true;
    m_r.design = std::move(m_d);
    return std::move(m_r);
}

} // namespace

GenerateResult generateCluster(const GenerateParams& params, const Catalog& library,
                               const Progress& progress) {
    return Generation(params, library, progress).run();
}

} // namespace cds
