#include "FailureModel.h"

#include "../DesignIndex.h"
#include "../NvlinkDomains.h"
#include "../PortTable.h"
#include "../RackCooling.h"
#include "../RackGeometry.h"
#include "../cabling/CableRouteMap.h"

#include <algorithm>
#include <unordered_map>

namespace cds {

const std::vector<std::uint32_t> FailureModel::s_none;

namespace {

/// 0 node-leaf, 1 leaf-spine, 2 spine-core, -1 anything else (as the fabric metrics count).
int levelOf(Tier a, Tier b) {
    if (a > b)
        std::swap(a, b);
    if (a == Tier::None && b == Tier::Leaf)
        return 0;
    if (a == Tier::Leaf && b == Tier::Spine)
        return 1;
    if (a == Tier::Spine && b == Tier::Core)
        return 2;
    return -1;
}

/// A rack PDU (an NVL72's power shelves are part of the rack, not a feed of it).
bool isPdu(const CatalogItem& t) {
    return t.category == Category::Power && t.tray == TrayKind::None;
}

bool isPlantCdu(const CatalogItem& t) {
    return t.category == Category::Cooling && t.coolingType == QLatin1String("cdu");
}

/// Which feed a PDU is on: the generator names them RACK-pdu-a1 / RACK-pdu-b1; a PDU named
/// otherwise takes the feed its order in the rack gives (first A, then B, alternating).
int feedSide(const QString& name, int order) {
    const qsizetype at = name.lastIndexOf(QLatin1String("pdu-"), -1, Qt::CaseInsensitive);
    if (at >= 0 && at + 4 < name.size()) {
        const QChar c = name.at(at + 4).toLower();
        if (c == u'a' || c == u'b')
            return c == u'a' ? 0 : 1;
    }
    return order % 2;
}

/// Per (type, breakout): each logical port's compute NIC ordinal (its catalog port's rank
/// among the compute ports), -1 for other ports.
class NicOrdinals {
public:
    explicit NicOrdinals(const Catalog& c)
        : m_catalog(c) {}
    int of(const Device& v, int port) {
        const std::uint64_t key = std::uint64_t(v.type.value()) * 16 + v.breakout;
        auto it = m_cache.find(key);
        if (it == m_cache.end()) {
            const CatalogItem& t = m_catalog[v.type];
            std::vector<int> rank(t.ports.size(), -1);
            int n = 0;
            for (std::size_t i = 0; i < t.ports.size(); ++i)
                if (t.ports[i].role == PortRole::Compute)
                    rank[i] = n++;
            std::vector<std::int16_t> table(std::size_t(t.logicalPortCount(v.breakout)), -1);
            for (std::size_t i = 0; i < table.size(); ++i)
                if (auto lp = t.logicalPort(v.breakout, int(i)))
                    table[i] = std::int16_t(rank[std::size_t(lp->catalogPort)]);
            it = m_cache.emplace(key, std::move(table)).first;
        }
        return port >= 0 && port < int(it->second.size()) ? it->second[std::size_t(port)] : -1;
    }

private:
    const Catalog& m_catalog;
    std::unordered_map<std::uint64_t, std::vector<std::int16_t>> m_cache;
};

} // namespace

FailureModel::FailureModel(const DesignData& d, bool network, const DesignIndex* index,
                           const CableRouteMap* routes)
    : m_d(d)
    , m_power(d)
    , m_routes(routes) {
    addDevices();
    if (network)
        addLinks();
    if (index) {
        addRacks(*index);
    } else {
        const DesignIndex own(d);
        addRacks(own);
    }
    m_nvswitchDomain.assign(m_rackOf.size(), -1);
    if (network)
        addDomains();
}

FailureModel::~FailureModel() = default;

void FailureModel::addDevices() {
    const std::size_t n = m_d.devices.capacity();
    m_serverOf.assign(n, -1);
    m_tier.assign(n, Tier::None);
    m_linksOf.assign(n, {});
    m_rackOf.assign(n, UINT32_MAX);
    m_d.devices.forEach([&](DeviceId id, const Device& v) {
        if (v.rack.isValid() && m_d.racks.contains(v.rack))
            m_rackOf[id.value()] = v.rack.value();
        const CatalogItem& t = m_d.typeOf(v);
        if (t.gpuCount() > 0) {
            m_serverOf[id.value()] = int(m_servers.size());
            m_servers.push_back({id, v.rack, t.gpuCount(), t.portCount(PortRole::Compute)});
            m_totalGpus += t.gpuCount();
        } else if (t.category == Category::Switch && v.tier != Tier::None) {
            const Fabric* f = m_d.fabric(v.fabric);
            if (!f || f->kind == FabricKind::Compute) {
                m_tier[id.value()] = v.tier;
                ++m_switchCount[std::size_t(v.tier)];
            }
        } else if (isPlantCdu(t)) {
            m_plantCdus.push_back(id.value());
        }
    });
}

void FailureModel::addLinks() {
    PortTable ports(m_d.catalog);
    NicOrdinals nics(m_d.catalog);
    m_d.links.forEach([&](LinkId id, const Link& l) {
        const Device* a = m_d.devices.find(l.a.device);
        const Device* b = m_d.devices.find(l.b.device);
        if (!a || !b)
            return;
        const Fabric* f = m_d.fabric(l.fabric);
        if (f && f->kind != FabricKind::Compute)
            return;
        const std::uint32_t ia = l.a.device.value(), ib = l.b.device.value();
        const Tier ta = m_serverOf[ia] >= 0 ? Tier::None : m_tier[ia];
        const Tier tb = m_serverOf[ib] >= 0 ? Tier::None : m_tier[ib];
        const int level = levelOf(ta, tb);
        if (level < 0 || (ta == Tier::None && m_serverOf[ia] < 0) ||
            (tb == Tier::None && m_serverOf[ib] < 0))
            return; // not a GPU server's or a compute switch's link
        NetLink n;
        n.id = id;
        n.level = std::uint8_t(level);
        n.gbps =
            float(std::min(ports.info(*a, l.a.port).speedGbps, ports.info(*b, l.b.port).speedGbps));
        const bool aFirst = level == 0 ? ta == Tier::None : ta < tb; // server / lower tier
        n.a = aFirst ? ia : ib;
        n.b = aFirst ? ib : ia;
        if (level == 0)
            n.nic = std::int16_t(aFirst ? nics.of(*a, l.a.port) : nics.of(*b, l.b.port));
        const auto idx = std::uint32_t(m_links.size());
        m_links.push_back(n);
        m_linksOf[ia].push_back(idx);
        m_linksOf[ib].push_back(idx);
    });
}

void FailureModel::addRacks(const DesignIndex& index) {
    m_racks.assign(m_d.racks.capacity(), {});
    m_d.racks.forEach([&](RackId rid, const Rack& r) {
        RackInfo& ri = m_racks[rid.value()];
        ri.live = true;
        ri.feeds = std::clamp(r.feeds.count, 1, 2);
        int order = 0;
        for (DeviceId dev : index.devicesIn(rid)) {
            const CatalogItem& t = m_d.typeOf(m_d.devices[dev]);
            ri.kw += t.powerMaxW.value_or(0) / 1000.0;
            ri.gpus += t.gpuCount();
            if (isPdu(t)) {
                const int side = ri.feeds == 1 ? 0 : feedSide(m_d.devices[dev].name, order++);
                ri.pdus[side].push_back(dev.value());
            }
        }
        for (int s = 0; s < ri.feeds; ++s)
            ri.feed[s] = m_power.feedOf(rid, s);
        // A rack with PDUs has no feed where it has none; a rack on the chain has none where
        // its feed names no element (a single-corded chain); otherwise feeds are as stated.
        const bool hasPdus = !ri.pdus[0].empty() || !ri.pdus[1].empty();
        const bool onChain =
            ri.feed[0] != UpstreamPower::kNone || ri.feed[1] != UpstreamPower::kNone;
        for (int s = 0; s < ri.feeds; ++s)
            ri.carries[s] = (!hasPdus || !ri.pdus[s].empty()) &&
                            (!onChain || ri.feed[s] != UpstreamPower::kNone);
        if (r.coolingProduct && m_d.catalog.contains(r.coolingProduct)) {
            const auto served = coolingTypeServed(m_d.catalog[r.coolingProduct]);
            ri.cooling = served == CoolingType::DirectLiquid || served == CoolingType::Immersion
                             ? CoolingNeed::Product
                             : CoolingNeed::AirFallback;
        } else if (r.cooling == CoolingType::DirectLiquid && !m_plantCdus.empty()) {
            ri.cooling = CoolingNeed::Plant;
            m_plantHeatKw += ri.kw;
        }
    });
}

void FailureModel::addDomains() {
    // The design's NVLink domains (one home: model/NvlinkDomains); an NVLink switch tray
    // belongs to the multi-host domains of its rack.
    std::unordered_map<std::uint32_t, std::vector<std::size_t>> multiInRack;
    for (const NvlinkDomain& nd : nvlinkDomains(m_d)) {
        Domain dom;
        dom.gpus = nd.gpus;
        for (DeviceId n : nd.nodes)
            if (const int s = serverIndex(n.value()); s >= 0)
                dom.servers.push_back(std::uint32_t(s));
        if (dom.servers.empty())
            continue;
        if (nd.multiNode)
            multiInRack[rackOf(nd.nodes.front().value())].push_back(m_domains.size());
        m_domains.push_back(std::move(dom));
    }
    m_d.devices.forEach([&](DeviceId id, const Device& v) {
        if (m_d.typeOf(v).tray != TrayKind::NvlinkSwitch)
            return;
        auto it = multiInRack.find(rackOf(id.value()));
        if (it == multiInRack.end())
            return;
        m_nvswitchDomain[id.value()] = int(it->second.front());
        for (std::size_t dom : it->second)
            m_domains[dom].nvswitches.push_back(id.value());
    });
}

double FailureModel::cduCapacityKw(std::uint32_t device) const {
    return m_d.typeOf(m_d.devices[DeviceId(device)]).coolingCapacityKw.value_or(0);
}

const std::vector<std::uint32_t>& FailureModel::linksOf(std::uint32_t device) const {
    return device < m_linksOf.size() ? m_linksOf[device] : s_none;
}

const std::vector<std::uint32_t>& FailureModel::linksOnTray(PathwayId p) const {
    if (!m_trayLinks) {
        m_trayLinks =
            std::make_unique<std::vector<std::vector<std::uint32_t>>>(m_d.pathways.capacity());
        if (!m_d.pathways.empty()) {
            // By link id: its index in m_links (a flat array: a hash map's nodes weighed
            // ~10 MiB at 100,000 GPUs, in a report's peak).
            constexpr std::uint32_t kNone = UINT32_MAX;
            std::vector<std::uint32_t> netOf(m_d.links.capacity(), kNone);
            for (std::uint32_t i = 0; i < m_links.size(); ++i)
                if (m_links[i].id.value() < netOf.size())
                    netOf[m_links[i].id.value()] = i;
            std::optional<CableRouteMap> own;
            if (!m_routes)
                own.emplace().build(m_d);
            const CableRouteMap& map = m_routes ? *m_routes : *own;
            for (const BundleRoute& b : map.bundles())
                for (std::int32_t piece : b.pieces) {
                    const PathwayId seg = map.pieces()[std::size_t(piece)].segment;
                    if (!seg.isValid() || seg.value() >= m_trayLinks->size())
                        continue;
                    auto& on = (*m_trayLinks)[seg.value()];
                    for (LinkId l : b.links)
                        if (l.value() < netOf.size() && netOf[l.value()] != kNone)
                            on.push_back(netOf[l.value()]);
                }
            for (auto& on : *m_trayLinks) {
                std::sort(on.begin(), on.end());
                on.erase(std::unique(on.begin(), on.end()), on.end());
            }
        }
    }
    return p.value() < m_trayLinks->size() ? (*m_trayLinks)[p.value()] : s_none;
}

} // namespace cds
