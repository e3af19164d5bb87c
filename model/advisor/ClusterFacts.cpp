#include "ClusterFacts.h"

#include <map>

namespace cds {

namespace {

struct GpuBandwidth {
    const char* model;
    double hbmTBps;
    double nvlinkGBps; ///< per direction
};

// Per GPU, from the vendors' datasheets (the catalog gives memory and compute, not these):
// NVIDIA H100 Tensor Core GPU datasheet (SXM5 3.35 TB/s, NVLink 900 GB/s; PCIe 2 TB/s and
// PCIe Gen5 128 GB/s, NVLink bridges join pairs only), H200 datasheet (4.8 TB/s, 900 GB/s),
// DGX B200 datasheet (64 TB/s HBM and 14.4 TB/s NVLink over 8 GPUs), GB200 NVL72 datasheet
// (576 TB/s HBM and 130 TB/s NVLink over 72 GPUs), AMD Instinct MI300X data sheet (5.3 TB/s,
// 7 Infinity Fabric links of 128 GB/s). NVLink figures are bidirectional; halved here.
const GpuBandwidth kBandwidth[] = {
    {"H100 SXM5", 3.35, 450}, {"H100 PCIe", 2.0, 64}, {"H200 SXM", 4.8, 450},
    {"B200", 8.0, 900},       {"MI300X", 5.3, 448},
};

} // namespace

std::optional<ServerFigures> ServerFigures::of(const CatalogItem& server) {
    if (!server.gpu || server.gpu->count <= 0 || server.gpu->memoryGb <= 0 ||
        server.gpu->bf16DenseTflops <= 0)
        return std::nullopt;
    ServerFigures f;
    f.serverId = server.id;
    f.gpuModel = server.gpu->model;
    f.gpusPerServer = server.gpu->count;
    f.nvlinkDomain = server.nvlinkDomainGpus();
    f.memoryGb = server.gpu->memoryGb;
    f.bf16Tflops = server.gpu->bf16DenseTflops;
    // Unknown GPU: PCIe Gen5 x16 and HBM3 of the H100 PCIe (an estimate).
    f.hbmTBps = 2.0;
    f.nvlinkGBps = 64;
    for (const GpuBandwidth& b : kBandwidth)
        if (f.gpuModel.startsWith(QLatin1String(b.model))) {
            f.hbmTBps = b.hbmTBps;
            f.nvlinkGBps = b.nvlinkGBps;
        }
    double gbps = 0;
    for (const PortDef& p : server.ports)
        if (p.role == PortRole::Compute)
            gbps += p.speedGbps;
    f.computeGbpsPerGpu = gbps / f.gpusPerServer;
    return f;
}

std::optional<ClusterFacts> ClusterFacts::fromDesign(const DesignData& d, const Metrics& m,
                                                     QString* why) {
    std::map<TypeId, int> gpusByType;
    d.devices.forEach([&](DeviceId, const Device& dev) {
        if (d.typeOf(dev).gpuCount() > 0)
            gpusByType[dev.type] += d.typeOf(dev).gpuCount();
    });
    TypeId best;
    for (const auto& [t, n] : gpusByType)
        if (!best || n > gpusByType[best])
            best = t;
    std::optional<ServerFigures> s = best ? ServerFigures::of(d.catalog[best]) : std::nullopt;
    if (!s) {
        if (why)
            *why = QStringLiteral("the design has no GPU server with memory and compute figures");
        return std::nullopt;
    }
    ClusterFacts f;
    f.server = *s;
    f.gpus = m.gpus;
    const FabricId compute = d.findFabric(FabricKind::Compute);
    if (compute)
        f.technology = d.fabrics[compute.value()].technology;
    f.fabric = m;
    f.fabric.perRack.clear();
    f.fabric.perRowKw.clear();
    f.itPowerW = m.itMaxW;
    f.facilityW = m.facilityW;
    f.capexUsd = m.totalCostUsd;
    f.priceUsdPerKwh = d.settings.energyUsdPerKwh;
    f.reliability = reliabilityInputs(d, m);
    f.reliability.jobGpus = 0; // the run's, set by the advisor
    f.hasDesign = true;
    return f;
}

ClusterFacts ClusterFacts::nominal(const ServerFigures& server, int gpus) {
    ClusterFacts f;
    f.server = server;
    f.gpus = gpus;
    f.fabric.gpus = gpus;
    f.fabric.injectionGbpsPerGpu = server.computeGbpsPerGpu;
    // A 64-port switch: one leaf holds 32 endpoints at 1:1, two tiers 2,048, three 65,536.
    TierCounts& sw = f.fabric.switches[std::size_t(FabricKind::Compute)];
    sw.leaf = 1;
    sw.spine = gpus > 32 ? 1 : 0;
    sw.core = gpus > 2048 ? 1 : 0;
    // What the failure rates scale with: whole catalog items (an NVL72 rack counts once, as
    // Metrics::servers does), one compute link per GPU at each tier (the counting of
    // Reliability.h's three-tier reference), no storage.
    f.reliability.gpus = gpus;
    f.reliability.servers =
        server.gpusPerServer > 0 ? (gpus + server.gpusPerServer - 1) / server.gpusPerServer : 0;
    f.reliability.computeLinks = double(sw.total()) * gpus;
    f.reliability.gpuMemoryGb = server.memoryGb;
    return f;
}

AllReduceEstimate ClusterFacts::allReduce(int ranks, double bytes) const {
    DesignData d;
    Fabric compute;
    compute.technology = technology;
    d.fabrics.push_back(compute);
    Metrics m = fabric;
    m.gpus = ranks;
    // The ranks of a data-parallel group sit in different NVLink domains (tensor and
    // pipeline parallelism fill a domain first), one GPU each on its own NIC: a flat ring.
    m.nvlinkDomains = ranks;
    return estimateAllReduce(d, m, bytes, AllReduceAlgorithm::Ring);
}

} // namespace cds
