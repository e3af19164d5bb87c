#include "Metrics.h"

#include "../RackCooling.h"

#include "../PortTable.h"

#include <algorithm>

namespace cds {

double linkSpeedGbps(const DesignData& d, const Link& l) {
    auto speed = [&](const PortRef& p) {
        const Device* dev = d.devices.find(p.device);
        if (!dev)
            return 0.0;
        auto lp = d.catalog[dev->type].logicalPort(dev->breakout, p.port);
        return lp ? lp->speedGbps : 0.0;
    };
    return std::min(speed(l.a), speed(l.b));
}

namespace {

int levelOf(Tier a, Tier b) {
    if (a > b)
        std::swap(a, b);
    if (a == Tier::None && b == Tier::Leaf)
        return 0;
    if (a == Tier::Leaf && b == Tier::Spine)
        return 1;
    if (a == Tier::Spine && b == Tier::Core)
        return 2;
    return 3;
}

} // namespace

Metrics computeMetrics(const DesignData& d) {
    DesignIndex index(d);
    return computeMetrics(d, index, computeBom(d));
}

QString rackRoleKey(RackRole r) {
    static const std::array<const char*, kRackRoleCount> keys = {"compute", "network", "storage",
                                                                 "management", "cooling"};
    return QLatin1String(keys[std::size_t(r)]);
}

Metrics computeMetrics(const DesignData& d, const DesignIndex& index, const Bom& bom) {
    Metrics m;
    m.racks = int(d.racks.size());
    // Compute fabric -> its plane; per plane, the aggregate bandwidth of each tier level.
    std::vector<int> planeOf(d.fabrics.size(), -1);
    for (std::size_t i = 0; i < d.fabrics.size(); ++i)
        if (d.fabrics[i].kind == FabricKind::Compute) {
            planeOf[i] = int(m.computePlanes.size());
            PlaneMetrics pm;
            pm.fabric = FabricId(static_cast<FabricId::Rep>(i));
            pm.name = d.fabrics[i].name;
            m.computePlanes.push_back(pm);
        }
    std::vector<std::array<double, 3>> planeGbps(m.computePlanes.size(), {0.0, 0.0, 0.0});
    auto planeIndex = [&](FabricId f) {
        return f.isValid() && f.value() < planeOf.size() ? planeOf[f.value()] : -1;
    };

    d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& t = d.catalog[v.type];
        if (t.gpuCount() > 0) {
            ++m.servers;
            m.gpus += t.gpuCount();
            m.gpuMemoryGb += t.gpuCount() * t.gpu->memoryGb;
            m.bf16Pflops += t.gpuCount() * t.gpu->bf16DenseTflops / 1000.0;
            m.nvlinkDomainGpus = std::max(m.nvlinkDomainGpus, t.nvlinkDomainGpus());
        }
        if (t.category == Category::Storage) {
            ++m.storageServers;
            m.storageUsableTb += t.usableTb.value_or(0);
            m.storageReadGbps += t.readGbps.value_or(0);
        }
        if (t.category == Category::Management)
            ++(t.portCount(PortRole::Compute) > 0 ? m.ufm : m.headNodes);
        if (t.category == Category::Power)
            ++m.pdus;
        if (t.category == Category::Cooling && t.coolingType == QLatin1String("cdu")) {
            ++m.cdus;
            m.cduCapacityKw += t.coolingCapacityKw.value_or(0);
        }
        if (t.category == Category::Switch && v.tier != Tier::None) {
            const Fabric* f = d.fabric(v.fabric);
            TierCounts& c = m.switches[std::size_t(f ? f->kind : FabricKind::Compute)];
            (v.tier == Tier::Leaf ? c.leaf : v.tier == Tier::Spine ? c.spine : c.core)++;
            if (const int pl = planeIndex(v.fabric); pl >= 0) {
                TierCounts& pc = m.computePlanes[std::size_t(pl)].switches;
                (v.tier == Tier::Leaf ? pc.leaf : v.tier == Tier::Spine ? pc.spine : pc.core)++;
            }
        }
    });

    d.racks.forEach([&](RackId rid, const Rack& r) {
        const CatalogItem& rt = d.catalog[r.type];
        RackMetrics rm;
        rm.rack = rid;
        rm.capacityU = rt.rack ? rt.rack->uCapacity : 0;
        RackRole role = RackRole::Network;
        int rank = 0; // compute > storage > management > cooling > network
        for (DeviceId did : index.devicesIn(rid)) {
            const CatalogItem& t = d.catalog[d.devices[did].type];
            const auto [rl, rk] =
                t.gpuCount() > 0                     ? std::pair{RackRole::Compute, 4}
                : t.category == Category::Storage    ? std::pair{RackRole::Storage, 3}
                : t.category == Category::Management ? std::pair{RackRole::Management, 2}
                : t.category == Category::Cooling    ? std::pair{RackRole::Cooling, 1}
                                                     : std::pair{role, 0};
            if (rk > rank) {
                rank = rk;
                role = rl;
            }
        }
        ++m.racksByRole[std::size_t(role)];
        if (rt.weightKg)
            rm.weightKg += *rt.weightKg;
        else
            ++rm.weightMissing;
        for (DeviceId did : index.devicesIn(rid)) {
            const CatalogItem& t = d.catalog[d.devices[did].type];
            rm.usedU += t.uHeight;
            rm.gpus += t.gpuCount();
            if (t.rackScale && t.liquidCooled && t.powerMaxW)
                rm.systemRatedKw = std::max(rm.systemRatedKw, *t.powerMaxW / 1000.0);
            if (t.powerMaxW) {
                rm.itMaxW += *t.powerMaxW;
                rm.itTypicalW += t.powerTypicalW.value_or(*t.powerMaxW);
            } else if (t.category != Category::Power) { // a PDU draws nothing itself
                ++rm.powerMissing;
            }
            if (t.weightKg)
                rm.weightKg += *t.weightKg;
            else
                ++rm.weightMissing;
        }
        m.itMaxW += rm.itMaxW;
        m.itTypicalW += rm.itTypicalW;
        m.powerMissing += rm.powerMissing;
        m.weightMissing += rm.weightMissing;
        m.facilityW += rm.itMaxW * d.settings.cooling[std::size_t(r.cooling)].pue;
        if (r.cooling == CoolingType::DirectLiquid) {
            m.liquidHeatKw += rm.itMaxW / 1000.0;
            const bool ownCdu =
                r.coolingProduct &&
                coolingTypeServed(d.catalog[r.coolingProduct]) == CoolingType::DirectLiquid;
            if (!ownCdu)
                m.plantHeatKw += rm.itMaxW / 1000.0;
        }
        rm.envelope = rackEnvelope(d, r, rm.systemRatedKw);
        const double kw = rm.itMaxW / 1000.0;
        rm.airHeatKw = rackAirHeatKw(d.settings, r, kw, rm.envelope);
        const bool throughAir =
            r.cooling == CoolingType::Air || r.cooling == CoolingType::RearDoorHx;
        rm.airflowCfm = airflowCfm(throughAir ? kw : rm.airHeatKw, d.settings.airDeltaTF);
        m.airHeatKw += rm.airHeatKw;
        m.maxRackKw = std::max(m.maxRackKw, rm.itMaxW / 1000.0);
        m.perRack.push_back(rm);
    });
    m.airflowCfm = airflowCfm(m.airHeatKw, d.settings.airDeltaTF);
    m.perRowKw.assign(d.hall.rows.size(), 0.0);
    updateRowPower(m, index);

    // Links by tier level; bandwidth per level for the compute fabric.
    std::array<double, 3> levelGbps{};
    double serverGbps = 0;
    PortTable ports(d.catalog);
    d.links.forEach([&](LinkId, const Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (!a || !b)
            return;
        const Fabric* f = d.fabric(l.fabric);
        const FabricKind kind = f ? f->kind : FabricKind::Compute;
        int level = levelOf(a->tier, b->tier);
        // Node-leaf counts GPU servers' links; a UFM appliance on a leaf port is "other".
        if (level == 0 && d.catalog[(a->tier == Tier::None ? a : b)->type].gpuCount() == 0 &&
            kind == FabricKind::Compute)
            level = 3;
        LinkTierCounts& c = m.links[std::size_t(kind)];
        (level == 0 ? c.nodeLeaf : level == 1 ? c.leafSpine : level == 2 ? c.spineCore : c.other)++;
        const int pl = planeIndex(l.fabric);
        if (pl >= 0) {
            LinkTierCounts& pc = m.computePlanes[std::size_t(pl)].links;
            (level == 0   ? pc.nodeLeaf
             : level == 1 ? pc.leafSpine
             : level == 2 ? pc.spineCore
                          : pc.other)++;
        }
        if (kind == FabricKind::Compute && level < 3) {
            const double s =
                std::min(ports.info(*a, l.a.port).speedGbps, ports.info(*b, l.b.port).speedGbps);
            levelGbps[std::size_t(level)] += s;
            if (pl >= 0)
                planeGbps[std::size_t(pl)][std::size_t(level)] += s;
            if (level == 0)
                serverGbps += s;
        }
    });
    const TierCounts& ct = m.switches[std::size_t(FabricKind::Compute)];
    double minLevel = levelGbps[0];
    if (ct.spine > 0)
        minLevel = std::min(minLevel, levelGbps[1]);
    if (ct.core > 0)
        minLevel = std::min(minLevel, levelGbps[2]);
    m.bisectionTbps = minLevel / 2.0 / 1000.0;
    for (std::size_t i = 0; i < m.computePlanes.size(); ++i) {
        PlaneMetrics& pm = m.computePlanes[i];
        double low = planeGbps[i][0];
        if (pm.switches.spine > 0)
            low = std::min(low, planeGbps[i][1]);
        if (pm.switches.core > 0)
            low = std::min(low, planeGbps[i][2]);
        pm.bisectionTbps = low / 2.0 / 1000.0;
        pm.injectionGbpsPerGpu = m.gpus ? planeGbps[i][0] / m.gpus : 0;
    }
    m.tierGbps = levelGbps;
    m.injectionGbpsPerGpu = m.gpus ? serverGbps / m.gpus : 0;
    if (ct.spine > 0 && levelGbps[1] > 0)
        m.leafOversubscription = levelGbps[0] / levelGbps[1];
    if (ct.core > 0 && levelGbps[2] > 0)
        m.spineOversubscription = levelGbps[1] / levelGbps[2];

    applyBom(m, bom);
    return m;
}

void updateRowPower(Metrics& m, const DesignIndex& index) {
    std::fill(m.perRowKw.begin(), m.perRowKw.end(), 0.0);
    for (RackMetrics& rm : m.perRack) {
        rm.row = index.rowOf(rm.rack);
        if (rm.row >= 0 && std::size_t(rm.row) < m.perRowKw.size())
            m.perRowKw[std::size_t(rm.row)] += rm.itMaxW / 1000.0;
    }
}

void applyBom(Metrics& m, const Bom& bom) {
    m.transceivers = bom.transceivers;
    m.cables = bom.cables;
    m.opticsPowerW = bom.opticsPowerW;
    m.costByCategory.fill(0.0);
    for (const BomLine& line : bom.lines)
        if (auto e = line.extendedUsd())
            m.costByCategory[std::size_t(line.category)] += *e;
    m.totalCostUsd = bom.totalUsd;
    m.unpricedLines = bom.unpricedLines;
}

} // namespace cds
