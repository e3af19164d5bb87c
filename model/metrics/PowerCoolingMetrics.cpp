#include "MetricContributor.h"

#include "../RackCooling.h"
#include "RackRoles.h"

namespace cds {

RackRole rackRoleOf(const DesignData& d, const DesignIndex& index, RackId rid) {
    RackRole role = RackRole::Network;
    int rank = 0;
    for (DeviceId did : index.devicesIn(rid)) {
        const CatalogItem& t = d.catalog[d.devices[did].type];
        const auto [rl, rk] = t.gpuCount() > 0                  ? std::pair{RackRole::Compute, 4}
                              : t.category == Category::Storage ? std::pair{RackRole::Storage, 3}
                              : t.category == Category::Management
                                  ? std::pair{RackRole::Management, 2}
                              : t.category == Category::Cooling ? std::pair{RackRole::Cooling, 1}
                                                                : std::pair{role, 0};
        if (rk > rank) {
            rank = rk;
            role = rl;
        }
    }
    return role;
}

namespace {

/// The rack's own figures: its devices' power, weight and space.
RackMetrics rackFigures(const DesignData& d, const DesignIndex& index, RackId rid, const Rack& r) {
    const CatalogItem& rt = d.catalog[r.type];
    RackMetrics rm;
    rm.rack = rid;
    rm.capacityU = rt.rack ? rt.rack->uCapacity : 0;
    if (rt.weightKg)
        rm.weightKg += *rt.weightKg;
    else
        ++rm.weightMissing;
    double traysW = 0; // a rack-scale system held as its trays is rated at their sum
    for (DeviceId did : index.devicesIn(rid)) {
        const CatalogItem& t = d.catalog[d.devices[did].type];
        rm.usedU += t.uHeight;
        rm.gpus += t.gpuCount();
        if (t.rackScale && t.liquidCooled && t.powerMaxW)
            rm.systemRatedKw = std::max(rm.systemRatedKw, *t.powerMaxW / 1000.0);
        if (t.tray != TrayKind::None)
            traysW += t.powerMaxW.value_or(0);
        if (t.powerMaxW && t.isItLoad()) {
            rm.itMaxW += *t.powerMaxW;
            rm.itTypicalW += t.powerTypicalW.value_or(*t.powerMaxW);
        } else if (!t.powerMaxW && t.isItLoad()) {
            ++rm.powerMissing;
        }
        if (t.weightKg)
            rm.weightKg += *t.weightKg;
        else
            ++rm.weightMissing;
    }
    rm.systemRatedKw = std::max(rm.systemRatedKw, traysW / 1000.0);
    return rm;
}

} // namespace

void PowerCoolingMetrics::contribute(const MetricInputs& in, Metrics& m) const {
    const DesignData& d = in.design;
    m.racks = int(d.racks.size());
    d.racks.forEach([&](RackId rid, const Rack& r) {
        ++m.racksByRole[std::size_t(rackRoleOf(d, in.index, rid))];
        RackMetrics rm = rackFigures(d, in.index, rid, r);
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
    updateRowPower(m, in.index);
}

} // namespace cds
