// Generator phase 1, plan: the parameters checked against the catalog, the fabric sized
// (tiers, scalable units, servers per rack) before anything is built.

#include "Generation.h"
#include "Placement.h"

#include "../PortTable.h"
#include "../fabric/FatTreePlan.h"

#include <algorithm>
#include <cmath>

namespace cds::generation {

std::optional<SwitchChoice> probeSwitch(const CatalogItem& sw, double endpointGbps) {
    DesignData probe;
    return chooseSwitch(probe, probe.catalog.add(sw), endpointGbps);
}

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

namespace {

bool isCpoSwitch(const CatalogItem& t) {
    for (const PortGroup& g : t.portGroups)
        if (g.role == PortRole::Fabric && g.cage == QLatin1String("CPO"))
            return true;
    return false;
}

} // namespace

bool Generation::useCpoSwitch() {
    if (isCpoSwitch(*m_switch)) {
        m_r.notes << QStringLiteral("--cpo: %1 already has co-packaged optics").arg(m_switch->id);
        return true;
    }
    const PortDef& port = m_switch->ports[std::size_t(m_switch->firstPort(PortRole::Fabric))];
    const Technology tech =
        m_switch->switchSpec ? m_switch->switchSpec->technology : Technology::Any;
    const int ports = m_switch->portCount(PortRole::Fabric);
    const CatalogItem* best = nullptr;
    for (const CatalogItem& t : m_lib.items()) {
        if (t.category != Category::Switch || !isCpoSwitch(t) || !t.switchSpec ||
            t.switchSpec->technology != tech || t.portCount(PortRole::Fabric) < ports)
            continue;
        const PortDef& p = t.ports[std::size_t(t.firstPort(PortRole::Fabric))];
        if (p.speedGbps != port.speedGbps)
            continue;
        if (!best || t.portCount(PortRole::Fabric) < best->portCount(PortRole::Fabric))
            best = &t;
    }
    if (!best)
        return fail(QStringLiteral("--cpo: the catalog has no co-packaged-optics switch with at "
                                   "least %1 ports of %2G %3 like %4")
                        .arg(ports)
                        .arg(port.speedGbps)
                        .arg(technologyKey(tech), m_switch->id));
    m_r.notes << QStringLiteral("--cpo: fabric switch %1 replaced by %2 (co-packaged optics)")
                     .arg(m_switch->id, best->id);
    m_switch = best;
    return true;
}

bool Generation::checkParams() {
    m_server = m_lib.item(m_p.serverId);
    if (!m_server || m_server->category != Category::Server || m_server->gpuCount() == 0)
        return fail(
            QStringLiteral("unknown GPU server id '%1' (see 'catalog list')").arg(m_p.serverId));
    m_switch = m_p.switchId.isEmpty() ? automaticSwitch() : m_lib.item(m_p.switchId);
    if (!m_switch && m_p.switchId.isEmpty())
        return false; // automaticSwitch said why
    if (!m_switch || m_switch->category != Category::Switch ||
        m_switch->portCount(PortRole::Fabric) == 0)
        return fail(
            QStringLiteral("unknown fabric switch id '%1' (see 'catalog list')").arg(m_p.switchId));
    if (m_p.cpo && !useCpoSwitch())
        return false;
    const int g = m_server->gpuCount();
    if (m_p.gpus <= 0 || m_p.gpus % g != 0) {
        // The whole numbers of servers either side, so the user need not work them out.
        const int below = m_p.gpus > 0 ? m_p.gpus / g * g : 0;
        const QString nearest =
            below > 0 ? QStringLiteral("; %1 or %2 would be").arg(below).arg(below + g)
                      : QStringLiteral("; %1 would be").arg(g);
        return fail(QStringLiteral("--gpus %1 is not a multiple of %2 GPUs per server (%3)%4")
                        .arg(m_p.gpus)
                        .arg(g)
                        .arg(m_server->id, nearest));
    }
    if (m_server->portCount(PortRole::Compute) == 0)
        return fail(QStringLiteral("server %1 has no compute-fabric ports").arg(m_server->id));
    if (!(m_p.storageTb >= 0 && m_p.storageTb <= GenerateParams::kMaxStorageTb))
        return fail(QStringLiteral("--storage-tb must be from 0 to %1 TB, not %2")
                        .arg(GenerateParams::kMaxStorageTb, 0, 'g', 3)
                        .arg(m_p.storageTb));
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
        if (!probeSwitch(*m_switch, m_nicGbps))
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
        const auto sw = probeSwitch(*m_switch, m_nicGbps);
        // At 1:1, whatever the oversubscription asked: a 2:1 fabric thins the spines, not the
        // SU (the RAs size SUs on a non-blocking leaf).
        const int dMax = sw ? leafDownlinks(sw->radix, 1.0) : 0;
        m_suNodes = m_server->rackScale ? 8 : dMax >= 72 ? 72 : 32;
        // A leaf of 72 that the nodes do not fill evenly: whole SUs of fewer nodes (a multiple
        // of 8, at least 32) instead of a stub SU (512 nodes: 8 of 64, not 7 of 72 and one of 8).
        const int nodes = g > 0 ? m_p.gpus / g : 0;
        if (m_suNodes == 72 && nodes > 72 && nodes % 72 != 0)
            for (int su = 64; su >= 32; su -= 8)
                if (nodes % su == 0) {
                    m_suNodes = su;
                    break;
                }
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
    if (m_p.halls < 1 || m_p.halls > GenerateParams::kMaxHalls)
        return fail(QStringLiteral("--halls %1: a campus has 1 to %2 halls")
                        .arg(m_p.halls)
                        .arg(GenerateParams::kMaxHalls));
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
    return checkPodGpus();
}

const CatalogItem* Generation::automaticSwitch() {
    const int port = m_server->firstPort(PortRole::Compute);
    if (port < 0) {
        fail(QStringLiteral("server %1 has no compute-fabric ports").arg(m_server->id));
        return nullptr;
    }
    const double lane = m_server->ports[std::size_t(port)].speedGbps / std::max(1, m_p.planes);
    for (const char* id : kAutomaticSwitches) {
        const CatalogItem* sw = m_lib.item(QLatin1String(id));
        if (sw && probeSwitch(*sw, lane)) {
            m_r.notes << QStringLiteral("compute switch: %1, the first that carries the %2G NICs "
                                        "of %3 (--switch chooses another)")
                             .arg(sw->id)
                             .arg(lane)
                             .arg(m_server->id);
            return sw;
        }
    }
    QStringList tried;
    for (const char* id : kAutomaticSwitches)
        tried << QLatin1String(id);
    fail(QStringLiteral("no switch of %1 carries the %2G NICs of %3: name one with --switch")
             .arg(tried.join(QStringLiteral(", ")), QString::number(lane), m_server->id));
    return nullptr;
}

bool Generation::checkPodGpus() {
    if (!(m_p.checkpointMinutes >= 0 && m_p.checkpointMinutes <= 1440))
        return fail(QStringLiteral("--checkpoint-minutes must be from 0 to 1440, not %1")
                        .arg(m_p.checkpointMinutes));
    const int su = gpusPerSu();
    if (m_p.podGpus < 0)
        return fail(
            QStringLiteral("--pod-gpus must be at least one scalable unit (%1 GPUs)").arg(su));
    if (m_p.podGpus % std::max(1, su) != 0)
        return fail(QStringLiteral("--pod-gpus %1 is not whole scalable units of %2 GPUs (%3 "
                                   "nodes of %4): try %5 or %6")
                        .arg(m_p.podGpus)
                        .arg(su)
                        .arg(m_suNodes)
                        .arg(m_server->id)
                        .arg(std::max(1, m_p.podGpus / su) * su)
                        .arg((m_p.podGpus / su + 1) * su));
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
    if (fits < n) {
        // The planner fills racks to the envelope's warning level (its error level only when
        // not even one server fits under the warning): quote the level it used.
        const CoolingEnvelope& e = planning.cooling[std::size_t(how)];
        const bool atWarning = fits * kw <= e.warnKw;
        return fail(QStringLiteral("--servers-per-rack %1: %1 x %2 kW of %3 is %4 kW, beyond "
                                   "the %5 cooling envelope's %6 level of %7 kW per rack: at "
                                   "most %8 per rack")
                        .arg(n)
                        .arg(kw, 0, 'f', 1)
                        .arg(m_server->id)
                        .arg(n * kw, 0, 'f', 1)
                        .arg(coolingKey(how),
                             atWarning ? QStringLiteral("warning") : QStringLiteral("error"))
                        .arg(atWarning ? e.warnKw : e.maxKw, 0, 'f', 0)
                        .arg(fits));
    }
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

} // namespace cds::generation
