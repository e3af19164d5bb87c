#include "Generator.h"

#include "../DesignIndex.h"
#include "../PortTable.h"
#include "CableRouting.h"
#include "FabricBuilder.h"
#include "FatTreePlan.h"
#include "PathwayLayout.h"
#include "Placement.h"

#include <algorithm>

namespace cds {

namespace {

/// Bundled ids of the switches the non-compute networks use when the library has them.
const char* const kStorageSwitch = "nvidia-sn5600";
const char* const kInbandSwitch = "nvidia-sn4600c";
const char* const kOobSwitch = "nvidia-sn2201";

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
        f.suNodes = m_p.suNodes;
        m_d.fabrics.push_back(f);
        return FabricId(static_cast<FabricId::Rep>(m_d.fabrics.size() - 1));
    }
    bool checkParams();
    void addServers();
    bool buildCompute();
    /// Storage or in-band: leaves per SU over the servers' ports of @p role, 1:1 above.
    bool buildBlockNetwork(FabricKind kind, PortRole role, const char* switchId,
                           const QString& name, const QString& prefix);
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
    if (m_p.suNodes < 1)
        return fail(QStringLiteral("--su-nodes must be at least 1"));
    if (m_p.oversubscription < 1.0 || m_p.oversubscription > 64)
        return fail(QStringLiteral("--oversubscription must be between 1:1 and 64:1"));
    if (m_p.tiers != 0 && m_p.tiers != 2 && m_p.tiers != 3)
        return fail(QStringLiteral("--tiers must be auto, 2 or 3"));
    m_nodes = m_p.gpus / g;
    return true;
}

void Generation::addServers() {
    const TypeId t = use(*m_server);
    const int sus = (m_nodes + m_p.suNodes - 1) / m_p.suNodes;
    m_suServers.assign(std::size_t(sus), {});
    m_suNetwork.assign(std::size_t(sus), {});
    for (int n = 0; n < m_nodes; ++n) {
        const int su = n / m_p.suNodes;
        Device v;
        v.name = QStringLiteral("su%1-node%2")
                     .arg(su + 1, 2, 10, QChar(u'0'))
                     .arg(n % m_p.suNodes + 1, 2, 10, QChar(u'0'));
        v.type = t;
        v.group = std::int16_t(su);
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
    const int c = m_server->portCount(PortRole::Compute);
    const int p0 = firstLogicalPort(*m_server, 1, PortRole::Compute);
    const double nic =
        m_server->ports[std::size_t(m_server->firstPort(PortRole::Compute))].speedGbps;
    const auto sw = chooseSwitch(m_d, use(*m_switch), nic);
    if (!sw)
        return fail(QStringLiteral("switch %1 has no port split matching the %2G NICs of %3")
                        .arg(m_switch->id)
                        .arg(nic)
                        .arg(m_server->id));
    if (sw->breakout > 1)
        m_r.notes << QStringLiteral("%1 ports split %2 ways: %3 x %4G per switch")
                         .arg(m_switch->id)
                         .arg(sw->breakout)
                         .arg(sw->radix)
                         .arg(sw->laneGbps);
    const int k = sw->radix;
    const int dMax = leafDownlinks(k, m_p.oversubscription);
    const bool rail = m_p.topology == Topology::RailOptimized;
    std::vector<LeafSpec> leaves;
    long long maxNodes = 0;
    if (rail) {
        if (m_p.suNodes > dMax)
            return fail(QStringLiteral("--su-nodes %1 needs %1 leaf downlinks; a %2-port leaf at "
                                       "%3:1 offers %4")
                            .arg(m_p.suNodes)
                            .arg(k)
                            .arg(m_p.oversubscription)
                            .arg(dMax));
        for (std::size_t s = 0; s < m_suServers.size(); ++s)
            for (int i = 0; i < c; ++i) {
                LeafSpec ls{std::int16_t(s), std::int16_t(i), {}};
                for (DeviceId srv : m_suServers[s])
                    ls.down.push_back({srv, std::uint16_t(p0 + i)});
                leaves.push_back(std::move(ls));
            }
        maxNodes = 1LL * k * ((k / 2) / c) * m_p.suNodes;
        if (2 * m_p.suNodes <= dMax)
            m_r.notes << QStringLiteral("rail leaves use %1 of their %2 downlinks; --su-nodes "
                                        "up to %2 would fill them")
                             .arg(m_p.suNodes)
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
                        ls.down.push_back({m_suServers[s][j], std::uint16_t(p0 + n)});
                leaves.push_back(std::move(ls));
            }
        maxNodes = 1LL * k * (k / 2) * perLeaf;
    }
    int down = 0;
    for (const LeafSpec& l : leaves)
        down = std::max(down, int(l.down.size()));
    const FatTreePlan plan =
        planFatTree({k, int(leaves.size()), down, m_p.oversubscription, m_p.tiers, rail ? c : 1});
    if (!plan.ok) {
        if (m_nodes > maxNodes || m_p.tiers == 3)
            return fail(QStringLiteral("--gpus %1 is beyond what 3 tiers of %2 can carry "
                                       "(%3 ports of %4G: at most %5 GPUs with this topology)")
                            .arg(m_p.gpus)
                            .arg(m_switch->id)
                            .arg(k)
                            .arg(sw->laneGbps)
                            .arg(maxNodes * m_server->gpuCount()));
        return fail(plan.error);
    }
    m_r.notes << plan.notes;
    const Technology tech =
        m_switch->switchSpec && m_switch->switchSpec->technology != Technology::Any
            ? m_switch->switchSpec->technology
            : Technology::InfiniBand;
    const FabricId f = addFabric(QStringLiteral("Compute"), FabricKind::Compute, tech);
    recordLeaves(buildFatTree(m_d, f, *sw, plan, leaves, QStringLiteral("ib")));
    m_r.notes << QStringLiteral("compute fabric: %1 tier(s), %2 leaves, %3 spines, %4 cores")
                     .arg(plan.tiers)
                     .arg(leaves.size())
                     .arg(plan.spines)
                     .arg(plan.cores);
    return true;
}

bool Generation::buildBlockNetwork(FabricKind kind, PortRole role, const char* switchId,
                                   const QString& name, const QString& prefix) {
    const CatalogItem* swItem = m_lib.item(QLatin1String(switchId));
    const int first = m_server->firstPort(role);
    if (!swItem || first < 0) {
        m_r.notes << QStringLiteral("no %1 network: switch %2 not in the catalog or no ports")
                         .arg(name, QLatin1String(switchId));
        return true;
    }
    const int perServer = m_server->portCount(role);
    const auto sw = chooseSwitch(m_d, use(*swItem), m_server->ports[std::size_t(first)].speedGbps);
    if (!sw)
        return fail(QStringLiteral("switch %1 cannot serve the %2 ports of %3")
                        .arg(swItem->id, name, m_server->id));
    const int perLeaf = std::max(1, leafDownlinks(sw->radix, 1.0) / perServer);
    const int p0 = firstLogicalPort(*m_server, 1, role);
    std::vector<LeafSpec> leaves;
    for (std::size_t s = 0; s < m_suServers.size(); ++s)
        for (std::size_t i = 0; i < m_suServers[s].size(); i += std::size_t(perLeaf)) {
            LeafSpec ls{std::int16_t(s), -1, {}};
            for (std::size_t j = i; j < std::min(m_suServers[s].size(), i + perLeaf); ++j)
                for (int n = 0; n < perServer; ++n)
                    ls.down.push_back({m_suServers[s][j], std::uint16_t(p0 + n)});
            leaves.push_back(std::move(ls));
        }
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
    m_r.notes << QStringLiteral("out-of-band: %1 x %2 (uplinks to the site network not "
                                "modelled)")
                     .arg(count)
                     .arg(swItem->id);
}

GenerateResult Generation::run() {
    if (!checkParams() || !step(5))
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
    if (!buildCompute() || !step(30))
        return std::move(m_r);
    if (m_p.storageFabric &&
        !buildBlockNetwork(FabricKind::Storage, PortRole::Storage, kStorageSwitch,
                           QStringLiteral("Storage"), QStringLiteral("stor")))
        return std::move(m_r);
    if (m_p.inbandFabric &&
        !buildBlockNetwork(FabricKind::Inband, PortRole::Inband, kInbandSwitch,
                           QStringLiteral("In-band management"), QStringLiteral("inb")))
        return std::move(m_r);
    if (m_p.oobFabric)
        buildOob();
    if (!step(50))
        return std::move(m_r);

    const CatalogItem* rack = m_lib.item(QStringLiteral("rack-42u-600x1200"));
    for (std::size_t i = 0; !rack && i < m_lib.size(); ++i)
        if (m_lib.items()[i].category == Category::Rack && m_lib.items()[i].rack)
            rack = &m_lib.items()[i];
    if (!rack) {
        m_r.error = QStringLiteral("the catalog has no rack");
        return std::move(m_r);
    }
    PlacementInput in{use(*rack),      m_p.cooling, 4,           m_p.hallWidthMm,
                      m_p.hallDepthMm, m_suServers, m_suNetwork, m_central};
    FloorPlanner planner(m_d, in);
    if (!planner.place()) {
        m_r.error = planner.error();
        return std::move(m_r);
    }
    m_r.notes << planner.notes();
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
