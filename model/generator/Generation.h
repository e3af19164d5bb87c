#pragma once
// The generator's working state, shared by its phases (one file each): Generator.cpp runs
// them in order; PlanPhase checks the parameters, ComputePhase builds the compute fabric,
// NetworksPhase the storage, in-band and out-of-band networks and the support gear; placing
// on the floor, the facility and routing follow in Generator.cpp. Not part of the model's
// interface: include Generator.h.

#include "Generator.h"

#include "../RackCooling.h"
#include "../fabric/FabricBuilder.h"

#include <vector>

namespace cds::generation {

/// Bundled ids of the switches the non-compute networks use, in order of preference: the
/// first whose ports split to the servers' port speed serves the network.
inline const std::vector<const char*> kStorageSwitches = {"nvidia-sn5600", "nvidia-sn4600c"};
/// The compute switch when none is named, in order of preference: the first with a port split
/// at the NICs' speed (per plane) serves, so 400G NICs get NVIDIA's NDR QM9700 and 800G ones
/// its XDR Quantum-X800 Q3400, as in the DGX SuperPOD RAs.
inline const std::vector<const char*> kAutomaticSwitches = {"nvidia-qm9700", "nvidia-q3400",
                                                            "nvidia-sn5600", "nvidia-sn5610"};
inline const std::vector<const char*> kInbandSwitches = {"nvidia-sn4600c", "nvidia-sn5600"};
inline const char* const kOobSwitch = "nvidia-sn2201";
/// UFM appliances by the compute fabric's lane speed: NDR 400G, XDR 800G.
inline const std::vector<const char*> kUfms = {"nvidia-ufm-appliance", "nvidia-ufm-appliance-xdr"};
inline constexpr int kUfmAppliances = 2; ///< an HA pair, as in NVIDIA's SuperPOD management rack
/// GPU servers in an air or rear-door compute rack without --servers-per-rack (NVIDIA's DGX
/// SuperPOD racks hold four systems).
inline constexpr int kAirServersPerRack = 4;
/// A direct-liquid rack without --servers-per-rack: as many as its U and envelope allow.
inline constexpr int kUncappedServersPerRack = 1000;
inline constexpr int kHeadNodes = 4; ///< BCM head-node HA pair + Slurm/Kubernetes control pair

/// How @p sw would serve endpoints of @p endpointGbps, chosen on a scratch catalog so nothing
/// enters the design; nullopt when it has no port split at that speed (see PlanPhase.cpp).
std::optional<SwitchChoice> probeSwitch(const CatalogItem& sw, double endpointGbps);
/// Rails one rail leaf takes (see PlanPhase.cpp).
int railsPerLeaf(const CatalogItem& server, int nics, int downlinks, int suNodes);
/// The most nodes three tiers of @p radix-port switches carry (see PlanPhase.cpp).
long long maxNodesOfThreeTiers(bool rail, int radix, int nics, int downlinks, int suNodes,
                               int rails);
/// The rack generated designs use for @p server (see PlanPhase.cpp).
const CatalogItem* generatedRack(const Catalog& lib, const CatalogItem& server);

class Generation {
public:
    Generation(const GenerateParams& p, const Catalog& lib, const Progress& progress)
        : m_p(p)
        , m_lib(lib)
        , m_progress(progress) {}
    GenerateResult run();
    /// Sizing probe: plans, builds the networks and places the racks, and returns the IT and
    /// facility load (kW) without routing; nullopt when refused (error() says why).
    std::optional<std::pair<double, double>> probeLoadKw();
    int gpusPerSu() const { return m_server ? m_suNodes * m_server->gpuCount() : 0; }
    const QString& error() const { return m_r.error; }

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
        f.suNodes = m_suNodes;
        m_d.fabrics.push_back(f);
        return FabricId(static_cast<FabricId::Rep>(m_d.fabrics.size() - 1));
    }
    // The phases run() takes in order; each returns false when it refuses (m_r.error says why).
    bool plan();          ///< parameters, capacity, servers per rack; the design's title
    bool buildNetworks(); ///< servers, support gear, compute, storage, in-band, out-of-band
    bool placeOnFloor();  ///< racks on the floor, CDUs, PDUs, rear doors
    bool splitTrays();    ///< rack-scale systems as their trays (compute trays are the hosts)
    bool buildPower();    ///< the power chain from the utility to the racks' feeds
    /// A campus's halls side by side in a grid, each with what stands in it (Campus.cpp).
    bool arrangeHalls();
    /// Build phases by scalable unit (GenerateParams::phases).
    bool splitPhases();
    bool layOutAndRoute(); ///< catalog copies, trays, cable routes, tray sizes

    bool checkParams();
    bool useCpoSwitch(); ///< --cpo: the fabric switch becomes its co-packaged-optics counterpart
    /// No --switch: the first of kAutomaticSwitches that carries the servers' NICs, or nullptr.
    const CatalogItem* automaticSwitch();
    bool checkCapacity();
    /// Refuses --gpus beyond @p maxNodes servers, what 3 tiers of @p sw carry.
    bool beyondThreeTiers(const SwitchChoice& sw, long long maxNodes);
    /// --servers-per-rack against the compute rack's U and the cooling envelope's kW.
    bool checkServersPerRack();
    bool checkPodGpus();
    /// Storage nodes of @p storage that write a full checkpoint in --checkpoint-minutes (0:
    /// not asked).
    int storageForCheckpoint(const CatalogItem& storage);
    /// The catalog's largest rear door as an envelope, for compute racks of air-cooled
    /// servers; nullopt for liquid-only systems or a catalog without doors.
    std::optional<CoolingEnvelope> rearDoor() const {
        const auto doors = coolingProductsFor(m_lib, CoolingType::RearDoorHx); // smallest first
        if (m_server->liquidCooled || doors.empty())
            return std::nullopt;
        const double kw = *doors.back()->coolingCapacityKw;
        return CoolingEnvelope{kw * kProductWarnShare, kw, 0, {}};
    }
    std::optional<CoolingType> serverCooling() const {
        return m_server->liquidCooled && !m_p.cooling
                   ? std::optional<CoolingType>(CoolingType::DirectLiquid)
                   : m_p.cooling;
    }
    void addServers();
    bool buildCompute();
    bool buildPlane(int plane);
    /// Switches of a single-tier compute fabric: 1 when every compute port fits one switch,
    /// 2 (a pair joined by inter-switch links, as in NVIDIA's DGX BasePOD) when they fit two
    /// switches' downlinks, 0 when the fabric needs 2 or 3 tiers; -1 refused (--tiers 1).
    int singleTierSwitches(const SwitchChoice& sw, int downlinks, int nics);
    /// One switch, or a pair each taking half the rails of every server, with the ports
    /// left after the downlinks (up to downlinks / oversubscription) as links between them.
    /// @p lane is the servers' first compute port of this plane, @p stride its step.
    bool buildSingleTier(const SwitchChoice& sw, int switches, int nics, int lane, int stride,
                         const QString& fabricName, const QString& prefix);
    Technology computeTechnology() const;
    /// Leaves per pod for --pod-gpus (0: not asked), from the leaves of the first SU.
    int podLeaves(const std::vector<LeafSpec>& leaves) const;
    /// Storage or in-band: leaves per SU over the servers' ports of @p role, 1:1 above.
    /// The leaves of a storage or in-band network of @p radix-port switches at a leaf ratio of
    /// @p oversubscription: the servers' ports SU by SU, then those of @p extra.
    std::vector<LeafSpec> blockLeaves(PortRole role, int radix, double oversubscription,
                                      const std::vector<DeviceId>& extra) const;
    bool buildBlockNetwork(FabricKind kind, PortRole role, const std::vector<const char*>& ids,
                           const QString& name, const QString& prefix,
                           const std::vector<DeviceId>& extra);
    void addSupport();
    /// The UFM pair on free compute-fabric ports: a leaf's leftover downlink (below
    /// @p leafDown, so the leaf stays balanced), else a spine's or core's free port.
    void connectUfm(FabricId f, const SwitchChoice& sw, int leafDown);
    const CatalogItem* matchingItem(Category c, PortRole role, double speed) const;
    std::vector<DeviceId> addDevices(const CatalogItem& it, int n, const QString& prefix);
    void buildOob();
    void recordLeaves(const BuiltFabric& b);
    /// A campus whose 3-tier compute fabric has at least a pod a hall: each hall takes whole
    /// pods (m_suHall) and its pods' spines leave the central rows for its own network rows
    /// (m_hallNetwork); otherwise nothing changes (PodHalls.cpp).
    void alignPodsWithHalls();

    const GenerateParams& m_p;
    const Catalog& m_lib;
    Progress m_progress; // a copy: a caller may pass a temporary ({}, a lambda)
    GenerateResult m_r;
    DesignData m_d;
    const CatalogItem* m_server = nullptr;
    const CatalogItem* m_switch = nullptr;
    int m_nodes = 0;
    std::vector<std::vector<DeviceId>> m_suServers, m_suNetwork;
    std::vector<DeviceId> m_central;
    std::vector<DeviceId> m_storage, m_heads, m_ufm, m_mgmtSwitches;
    int m_suNodes = 32;
    int m_centralHall = 0; ///< a campus: the hall of the central network rows
    /// A campus whose halls hold whole pods: each scalable unit's hall; empty otherwise.
    std::vector<int> m_suHall;
    /// With m_suHall, by hall: its pods' spines, then their out-of-band leaves.
    std::vector<std::vector<DeviceId>> m_hallNetwork;
    int m_planes = 1;
    double m_nicGbps = 0; ///< one lane of a compute NIC: its speed / planes
};

} // namespace cds::generation
