#include "MetricContributor.h"

#include "../NvlinkDomains.h"

namespace cds {

void InventoryMetrics::contribute(const MetricInputs& in, Metrics& m) const {
    const DesignData& d = in.design;
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
            m.storageWriteGbps += t.writeGbps.value_or(0);
        }
        if (t.category == Category::Management)
            ++(t.portCount(PortRole::Compute) > 0 ? m.ufm : m.headNodes);
        if (t.category == Category::Power && t.tray == TrayKind::None) // not a power shelf
            ++m.pdus;
        if (t.category == Category::Cooling && t.coolingType == QLatin1String("cdu")) {
            ++m.cdus;
            m.cduCapacityKw += t.coolingCapacityKw.value_or(0);
        }
    });
    // The NVLink domains as the exports and the all-reduce estimate see them.
    for (const NvlinkDomain& x : nvlinkDomains(d)) {
        ++m.nvlinkDomains;
        m.nvlinkDomainNodes = std::max(m.nvlinkDomainNodes, int(x.nodes.size()));
    }
}

} // namespace cds
