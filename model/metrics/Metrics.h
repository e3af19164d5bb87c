#pragma once

#include "../DesignData.h"
#include "../DesignIndex.h"
#include "Bom.h"

#include <array>
#include <vector>

namespace cds {

struct TierCounts {
    int leaf = 0, spine = 0, core = 0;
    int total() const { return leaf + spine + core; }
};

/// Links by the tiers they join: node-leaf (endpoint to leaf), leaf-spine, spine-core.
struct LinkTierCounts {
    long long nodeLeaf = 0, leafSpine = 0, spineCore = 0, other = 0;
    long long total() const { return nodeLeaf + leafSpine + spineCore + other; }
};

/// @brief One compute fabric of a design: a design on parallel planes has one per plane.
struct PlaneMetrics {
    FabricId fabric;
    QString name;
    TierCounts switches;
    LinkTierCounts links;
    double injectionGbpsPerGpu = 0; ///< this plane's share of each GPU's NIC bandwidth
    double bisectionTbps = 0;       ///< per direction, from this plane's links
};

/// @brief Figures for one rack. Unknown power/weight is counted in *Missing, never as zero.
struct RackMetrics {
    RackId rack;
    double itTypicalW = 0;
    double itMaxW = 0;
    int powerMissing = 0;
    double weightKg = 0; ///< rack itself + devices
    int weightMissing = 0;
    int usedU = 0;
    int capacityU = 0;
    int gpus = 0;
    int row = -1;
    /// Published rack power of a rack-scale liquid-cooled system in the rack (NVL72), else 0.
    double systemRatedKw = 0;
    CoolingEnvelope envelope; ///< what the rack's load is judged by (rackEnvelope())
    double airHeatKw = 0;     ///< heat the rack gives to the room's air
    double airflowCfm = 0;    ///< air its equipment moves at the design's temperature rise
};

/// What a rack is for, from what it holds: GPU servers, storage, management gear, a CDU,
/// else switches.
enum class RackRole : std::uint8_t { Compute, Network, Storage, Management, Cooling };
inline constexpr int kRackRoleCount = 5;
QString rackRoleKey(RackRole r); ///< "compute", "network", "storage", "management", "cooling"

/// @brief The numbers a design is judged by; recomputed from the model, never stored.
struct Metrics {
    int gpus = 0;
    int servers = 0; ///< devices with GPUs (rack-scale systems count once)
    int racks = 0;
    double gpuMemoryGb = 0;
    double bf16Pflops = 0;
    std::array<TierCounts, 4> switches{};  ///< by FabricKind
    std::array<LinkTierCounts, 4> links{}; ///< by FabricKind
    long long transceivers = 0;
    long long cables = 0;
    double opticsPowerW = 0;
    double opticsCostUsd = 0;      ///< pluggable transceivers, priced
    long long pluggableOptics = 0; ///< transceivers without co-packaged switch ports
    /// Pluggable transceivers per GPU: several in a multi-tier pluggable fabric, fewer with CPO.
    double opticsPerGpu() const { return gpus > 0 ? double(pluggableOptics) / gpus : 0; }
    double itTypicalW = 0;
    double itMaxW = 0; ///< the design load: nameplate maximum of every device
    int powerMissing = 0;
    int weightMissing = 0;
    double facilityW = 0; ///< IT (max) of each rack times its cooling type's PUE
    double maxRackKw = 0;
    std::vector<RackMetrics> perRack; ///< live racks in id order
    std::vector<double> perRowKw;     ///< by hall row index
    std::array<double, kCostCategoryCount> costByCategory{};
    double totalCostUsd = 0;
    int unpricedLines = 0;
    /// Per direction, from the actual links: half the smallest aggregate bandwidth of any
    /// tier level of the compute fabric (N*B/2 for N endpoints of B at 1:1).
    double bisectionTbps = 0;
    double injectionGbpsPerGpu = 0; ///< compute bandwidth leaving the servers / GPUs
    /// Aggregate compute bandwidth (one direction, Gb/s) of each tier level: node-leaf (the
    /// injection), leaf-spine, spine-core; 0 where the fabric has no such tier.
    std::array<double, 3> tierGbps{};
    /// Oversubscription (down:up) at the leaf and spine tiers of the compute fabric; 0 = n/a.
    double leafOversubscription = 0;
    double spineOversubscription = 0;
    /// Every compute fabric in fabric order (parallel planes: one each); switches, links and
    /// the bandwidth figures above sum them.
    std::vector<PlaneMetrics> computePlanes;
    std::array<int, kRackRoleCount> racksByRole{};
    int storageServers = 0;
    double storageUsableTb = 0;
    double storageReadGbps = 0;
    double storageWriteGbps = 0;
    int ufm = 0;       ///< InfiniBand fabric-manager appliances
    int headNodes = 0; ///< head / management nodes (servers of category management, not UFM)
    int pdus = 0;
    int cdus = 0;
    double cduCapacityKw = 0;
    double liquidHeatKw = 0; ///< IT load (max) of the direct-liquid racks
    /// The part of liquidHeatKw the design's placed CDUs carry: a rack whose cooling product is
    /// its own in-rack CDU is judged by that product's envelope, not counted against the plant.
    double plantHeatKw = 0;
    double airHeatKw = 0; ///< heat the room's air cooling must remove
    /// Airflow that carries airHeatKw at the design's temperature rise (CFM = 3.16 W / dT F).
    double airflowCfm = 0;
    int nvlinkDomainGpus = 0;       ///< largest NVLink domain of the design's GPU systems
    int nvlinkDomains = 0;          ///< NVLink domains (NvlinkDomains.h): hosts sharing one
    int nvlinkDomainNodes = 0;      ///< hosts in the largest domain (18 for an NVL72 rack)
    double coolantFlowLpm() const { ///< Q = P / (c_p dT) for water at a 10 K rise
        return liquidHeatKw * 60.0 / (4.18 * 10.0);
    }
    double costPerGpu() const { return gpus ? totalCostUsd / gpus : 0; }
};

Metrics computeMetrics(const DesignData& d, const DesignIndex& index, const Bom& bom);
/// After racks only moved: each rack's row and the power per row again, from @p index
/// (current), without a pass over devices or links.
void updateRowPower(Metrics& m, const DesignIndex& index);
/// The figures @p m takes from a bill of materials (cost, optics, counts), from @p bom.
void applyBom(Metrics& m, const Bom& bom);
Metrics computeMetrics(const DesignData& d);

/// Speed of a link: the slower of its two logical ports, in Gb/s.
double linkSpeedGbps(const DesignData& d, const Link& l);

} // namespace cds
