#pragma once

#include "../DesignData.h"
#include "../fabric/AllReduce.h"
#include "../metrics/Metrics.h"
#include "../resilience/Reliability.h"

#include <optional>

namespace cds {

/// @brief Per-GPU figures of a GPU server that sizing needs: from its catalog entry, plus the
/// memory and NVLink bandwidths the catalog does not carry (from the vendors' datasheets).
struct ServerFigures {
    QString serverId;
    QString gpuModel;
    int gpusPerServer = 0; ///< GPUs in one catalog item (72 for an NVL72 rack)
    int nvlinkDomain = 0;  ///< CatalogItem::nvlinkDomainGpus(): tensor parallelism stays inside
    double memoryGb = 0;   ///< per GPU
    double bf16Tflops = 0; ///< dense, per GPU
    double hbmTBps = 0;    ///< memory bandwidth per GPU
    double nvlinkGBps = 0; ///< scale-up bandwidth per GPU and direction
    double computeGbpsPerGpu = 0; ///< scale-out NIC bandwidth per GPU from the catalog ports
    static std::optional<ServerFigures> of(const CatalogItem& server);
};

/// @brief What the advisor knows about a cluster: its server, GPU count, the compute fabric's
/// figures the all-reduce estimate reads, what its failure rates scale with, and power, capex
/// and energy price. Either from a design (its analysis) or nominal: a non-blocking fabric of
/// the server's own NICs, used to size a cluster before its design is generated.
struct ClusterFacts {
    ServerFigures server;
    int gpus = 0;
    Technology technology = Technology::InfiniBand;
    Metrics fabric;       ///< gpus, injection, oversubscription, switch tiers
    double itPowerW = 0;  ///< design load (nameplate maximum)
    double facilityW = 0; ///< IT times each rack's PUE
    double capexUsd = 0;  ///< the design's total cost
    double priceUsdPerKwh = 0;
    /// The whole cluster's GPUs, servers, compute links and storage write bandwidth, which the
    /// expected interruptions scale with; the advisor sets the job's GPUs and checkpoint size
    /// per run. gpus 0: unknown, no interruptions counted.
    ReliabilityInputs reliability;
    bool hasDesign = false; ///< false: nominal, no power or cost known

    /// Facts of a design from its metrics (analyze(d).metrics or LiveAnalysis::metrics()).
    /// The server is the GPU server type holding most of the design's GPUs; nullopt (with
    /// @p why) when the design has no GPU server.
    static std::optional<ClusterFacts> fromDesign(const DesignData& d, const Metrics& m,
                                                  QString* why = nullptr);
    /// A nominal cluster of @p gpus GPUs of @p server on a 1:1 InfiniBand fabric with the tiers
    /// a 64-port switch needs, one compute link per GPU and tier, and no storage (checkpoints
    /// go to local NVMe).
    static ClusterFacts nominal(const ServerFigures& server, int gpus);

    /// The existing fabric estimate (fabric/AllReduce.h) of a ring all-reduce of @p bytes among
    /// @p ranks GPUs, one per server rail, on this cluster's compute fabric.
    AllReduceEstimate allReduce(int ranks, double bytes) const;
    double pue() const { return itPowerW > 0 ? facilityW / itPowerW : 0; }
};

} // namespace cds
