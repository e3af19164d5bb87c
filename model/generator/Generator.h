#pragma once

#include "../DesignData.h"
#include "../Progress.h"
#include "../power/PowerChainBuilder.h"

#include <functional>
#include <optional>

namespace cds {

enum class Topology : std::uint8_t { RailOptimized, FatTree };

/// @brief What to generate: "1,024 H100 GPUs, NDR InfiniBand, rail-optimized".
struct GenerateParams {
    int gpus = 256;
    QString serverId = QStringLiteral("nvidia-dgx-h100");
    /// Compute fabric switch; empty: the first of kAutomaticSwitches (Generation.h) with a port
    /// split at the servers' NIC speed (QM9700 for 400G, Quantum-X800 Q3400 for 800G).
    QString switchId;
    Topology topology = Topology::RailOptimized;
    int tiers = 0;                 ///< 0 = automatic from endpoints and radix; else 2 or 3
    double oversubscription = 1.0; ///< downlink:uplink at the leaf, 1 = non-blocking (spines 1:1)
    int suNodes = 0;               ///< servers per SU; 0 = NVIDIA's: 8 NVL72 racks, else 32
    /// GPUs per pod of a 3-tier fabric, whole SUs (Meta's 24k RoCE cluster: 8 pods of 3,072);
    /// 0 = as many SUs as a spine's downlinks take.
    int podGpus = 0;
    /// Parallel compute planes (1, 2 or 4; the NIC's port group must list the split): each
    /// NIC's bandwidth split N ways, one lane to each plane, each plane a fabric of its own
    /// (Spectrum-X: an 800G SuperNIC as 2 x 400G in 2 planes).
    int planes = 1;
    /// Servers per compute rack (a customer's rack power budget); 0 = as many as the rack's
    /// cooling envelope allows, at most 4 (SuperPOD practice).
    int serversPerRack = 0;
    double hallWidthMm = 0; ///< 0 = sized to fit
    double hallDepthMm = 0;
    /// A campus: the scalable units split over this many halls, each holding whole units and
    /// its own CDUs, side by side on the site kHallGapMm apart (the central network rows in
    /// the middle hall). 1: one hall.
    int halls = 1;
    static constexpr int kMaxHalls = 64;
    bool storageFabric = true;
    bool inbandFabric = true;
    bool oobFabric = true;
    /// Parallel file system: usable capacity (0 = what the bandwidth needs brings) and read
    /// bandwidth per GPU. NVIDIA's DGX SuperPOD storage guidance ("enhanced": 125 GB/s read
    /// per 32-node SU of 256 GPUs) is ~3.9 Gb/s per GPU, rounded to 4.
    double storageTb = 0;
    /// Largest usable capacity accepted (10 EB): beyond it the file system count overflows.
    static constexpr double kMaxStorageTb = 1e7;
    double storageGbpsPerGpu = kDefaultStorageGbpsPerGpu;
    /// Minutes a full model-state checkpoint of the whole cluster may take to write
    /// (defaultCheckpointBytes, Checkpoint.h): storage gets the write bandwidth for it; 0 = not
    /// asked.
    double checkpointMinutes = 0;
    static constexpr double kDefaultStorageGbpsPerGpu = 4.0;
    /// Co-packaged optics: the fabric switch is replaced by the catalog's co-packaged-optics
    /// switch of the same technology and port speed (fewest ports that are at least as many).
    bool cpo = false;
    bool support = true;                ///< storage servers, UFM, head nodes, PDUs and CDUs
    std::optional<CoolingType> cooling; ///< nullopt: chosen per rack from its load
    QString title;                      ///< empty: described from the parameters
    /// The power chain built with the support gear (model/power): its scheme and options;
    /// nullopt builds none.
    std::optional<PowerBuildOptions> power = PowerBuildOptions{};
    /// Recorded in the design's power section: the IT and facility budgets it was sized to
    /// (sizeToBudget), 0 when none.
    double itBudgetKw = 0;
    double siteBudgetKw = 0;
    /// Build phases by scalable unit (model/phases, splitByScalableUnit); 0: none. The first
    /// is dated phaseStart ("YYYY-MM-DD"; empty: undated), the rest phaseWeeks apart.
    int phases = 0;
    QString phaseStart;
    int phaseWeeks = 8;
};

struct GenerateResult {
    bool ok = false;
    DesignData design;
    QString error;     ///< why not, e.g. "--gpus 1000 is not a multiple of 8 GPUs per server"
    QStringList notes; ///< e.g. "spines rounded up from 7 to 8 for balanced wiring"
};

/// @brief Power-first sizing: what fits a budget and why.
struct BudgetSizing {
    bool ok = false;
    QString error; ///< e.g. "one scalable unit (256 GPUs) needs 2,650 kW of IT load"
    int gpus = 0;  ///< the largest whole number of scalable units that fits
    int gpusPerSu = 0;
    double itKw = 0;       ///< IT load of that size (every device at its maximum)
    double facilityKw = 0; ///< IT load of each rack times its cooling type's PUE
    double nextItKw = 0;   ///< one more scalable unit: its IT load (0 when it cannot be built)
    double nextFacilityKw = 0;
    QString why; ///< what was chosen and why, for the user
};

/// The largest whole number of scalable units of @p params' system whose IT load (GPU servers,
/// network, storage and management, each device at its maximum) fits @p itBudgetKw, or, when
/// @p siteBudgetKw > 0, whose facility load (each rack's IT load times its cooling type's PUE
/// in the design's settings) fits it. @p params.gpus is ignored.
BudgetSizing sizeToBudget(const GenerateParams& params, const Catalog& library, double itBudgetKw,
                          double siteBudgetKw = 0);

/// A campus sized to a per-hall power budget (`--hall-mw`): the fewest halls of whole scalable
/// units whose every hall's IT load (every device at its maximum, the central network rows in
/// the middle hall included) is at most @p hallKw. @p params.halls is ignored. Each hall's power
/// chain draws from utility services rated for @p hallKw (PowerBuildOptions::hallBudgetKw).
/// Refused, with the load that does not fit, when one scalable unit a hall still does not.
GenerateResult generateForHallBudget(GenerateParams params, const Catalog& library, double hallKw,
                                     const Progress& progress = {});

/// Generates a complete design (hall, racks, servers, compute/storage/management fabrics,
/// cables with lengths and media) from the catalog @p library. Pure: touches nothing else.
GenerateResult generateCluster(const GenerateParams& params, const Catalog& library,
                               const Progress& progress = {});

} // namespace cds
