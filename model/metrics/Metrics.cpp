#include "Metrics.h"

#include "../PortTable.h"
#include "MetricContributor.h"

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
    const MetricInputs in{d, index, bom};
    for (const auto& c : metricContributors())
        c->contribute(in, m);
    return m;
}

const std::vector<std::unique_ptr<const MetricContributor>>& metricContributors() {
    static const auto all = [] {
        std::vector<std::unique_ptr<const MetricContributor>> v;
        v.push_back(std::make_unique<InventoryMetrics>());
        v.push_back(std::make_unique<PowerCoolingMetrics>());
        v.push_back(std::make_unique<FabricMetrics>());
        v.push_back(std::make_unique<CablingCostMetrics>());
        return v;
    }();
    return all;
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
    m.opticsCostUsd = bom.opticsCostUsd;
    m.pluggableOptics = bom.pluggableOptics;
    m.costByCategory.fill(0.0);
    for (const BomLine& line : bom.lines)
        if (auto e = line.extendedUsd())
            m.costByCategory[std::size_t(line.category)] += *e;
    m.totalCostUsd = bom.totalUsd;
    m.unpricedLines = bom.unpricedLines;
}

} // namespace cds
