#pragma once

#include "../DesignData.h"
#include "UpstreamPower.h"

#include <QString>
#include <QStringList>

#include <array>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace cds {

class CableRouteMap;
class DesignIndex;

/// @brief One thing that can fail: a rack, a device (server, switch, NVLink switch tray, PDU,
/// CDU...), one feed of a rack (all its PDUs), a rack's cooling product, a cable tray, an
/// element of the power chain (UpstreamPower).
struct FailureElement {
    enum class Type : std::uint8_t { Rack, Device, Feed, Cooling, Pathway, Power };
    Type type = Type::Device;
    std::uint32_t id = 0;  ///< rack, device, pathway or power element id value
    std::uint8_t side = 0; ///< Feed: 0 A, 1 B
    auto operator<=>(const FailureElement&) const = default;
};

/// What a rack needs from cooling to keep running.
enum class CoolingNeed : std::uint8_t {
    None,       ///< room air only (not modelled as a failing element)
    Plant,      ///< the design's CDU plant (floor-standing CDUs): lost when it falls short
    Product,    ///< its own cooling product (in-rack CDU, immersion tank): lost with it
    AirFallback ///< a rear door or in-row cooler: lost with it only when the rack is above
                ///< the design's air envelope (the room's air cannot take its heat alone)
};

/// @brief The failure and dependency graph of a design, derived (never stored): GPU <- server
/// <- rack; rack <- its feeds A/B <- their PDUs and the power chain above them; rack <- its
/// cooling product or the CDU plant; NVLink domain <- its hosts and NVLink switch trays; server
/// NIC <- leaf <- spine <- core (the compute fabrics' links); cable <- the trays it runs on
/// (built on first use). Flat arrays indexed by device and rack id, so one impact is a few
/// passes over them (Impact.h).
class FailureModel {
public:
    /// @p network false: power and cooling only (what loses GPUs), without the fabric's links,
    /// trays and NVLink domains; cheaper, for the rules.
    /// @p index: the design's index when the caller has one (the rules), else built here.
    /// @p routes: the design's cable routes when the caller has them (a report's floorplan),
    /// else linksOnTray builds them on first use. Either must outlive the model.
    explicit FailureModel(const DesignData& d, bool network = true,
                          const DesignIndex* index = nullptr,
                          const CableRouteMap* routes = nullptr);
    ~FailureModel();
    FailureModel(const FailureModel&) = delete;
    FailureModel& operator=(const FailureModel&) = delete;

    const DesignData& design() const { return m_d; }

    /// A compute-fabric cable, node-leaf (level 0), leaf-spine (1) or spine-core (2).
    struct NetLink {
        LinkId id;
        std::uint32_t a = 0, b = 0; ///< device ids; at level 0, a is the server
        float gbps = 0;
        std::uint8_t level = 0;
        std::int16_t nic = -1; ///< level 0: the server's compute NIC ordinal
    };
    struct Server {
        DeviceId device;
        RackId rack;
        int gpus = 0;
        int nics = 0; ///< compute catalog ports (one per NIC port)
    };
    struct RackInfo {
        bool live = false;
        int gpus = 0;
        int feeds = 2;                      ///< 1: single-fed, its A feed alone
        std::vector<std::uint32_t> pdus[2]; ///< PDU device ids per feed
        std::uint32_t feed[2] = {UpstreamPower::kNone, UpstreamPower::kNone}; ///< chain element
        /// Whether each feed can carry the rack at all: it exists, has PDUs (when the rack has
        /// any) and, when the rack is on the power chain, names an element of it.
        bool carries[2] = {false, false};
        CoolingNeed cooling = CoolingNeed::None;
        double kw = 0;
    };
    struct Domain {                            ///< an NVLink domain (model/NvlinkDomains)
        std::vector<std::uint32_t> servers;    ///< indices into servers()
        std::vector<std::uint32_t> nvswitches; ///< its NVLink switch trays (device ids)
        int gpus = 0;
    };

    const std::vector<Server>& servers() const { return m_servers; }
    const std::vector<NetLink>& links() const { return m_links; }
    const std::vector<RackInfo>& racks() const { return m_racks; }
    const std::vector<Domain>& domains() const { return m_domains; }
    /// By device id: index into servers(), or -1.
    int serverIndex(std::uint32_t device) const {
        return device < m_serverOf.size() ? m_serverOf[device] : -1;
    }
    /// By device id: the compute tier of a compute-fabric switch, else Tier::None.
    Tier tierOf(std::uint32_t device) const {
        return device < m_tier.size() ? m_tier[device] : Tier::None;
    }
    /// By device id: its rack's id value, or UINT32_MAX when unplaced.
    std::uint32_t rackOf(std::uint32_t device) const { return m_rackOf[device]; }
    std::size_t deviceSlots() const { return m_rackOf.size(); }
    /// Compute switches present before any failure, by tier (index 1..3 used).
    int switchCount(Tier t) const { return m_switchCount[std::size_t(t)]; }
    /// Floor-standing CDUs of the plant (device ids), their capacity and the heat on it.
    const std::vector<std::uint32_t>& plantCdus() const { return m_plantCdus; }
    double plantHeatKw() const { return m_plantHeatKw; }
    double cduCapacityKw(std::uint32_t device) const;
    int totalGpus() const { return m_totalGpus; }
    /// By device id: the compute links touching it (indices into links()).
    const std::vector<std::uint32_t>& linksOf(std::uint32_t device) const;
    /// The compute links routed over tray @p p (CableRouteMap), built on first call.
    const std::vector<std::uint32_t>& linksOnTray(PathwayId p) const;
    /// The power chain above the PDUs (empty without one).
    const UpstreamPower& power() const { return m_power; }
    /// By device id: the NVLink domain an NVLink switch tray belongs to, or -1.
    int nvswitchDomain(std::uint32_t device) const {
        return device < m_nvswitchDomain.size() ? m_nvswitchDomain[device] : -1;
    }

    /// Resolves a name as `impact --fail` takes it: a rack, a device, `RACK/A`, `RACK/B`,
    /// `RACK/cooling`, a tray (pathway) or a power chain element; a prefix `rack:`,
    /// `device:`, `tray:` or `power:` picks one where names collide. nullopt with @p why.
    std::optional<FailureElement> resolve(const QString& name, QString* why) const;
    /// The name resolve() takes back.
    QString nameOf(const FailureElement& e) const;
    /// Its kind as the N-1 sweep names it ("leaf", "pdu", "feed", "rack", "server"...).
    QString kindOf(const FailureElement& e) const;
    /// Every element of @p kind (one of sweepKinds()), in id order.
    std::vector<FailureElement> elementsOfKind(const QString& kind) const;
    /// The kinds `impact --n-1 --kind` takes.
    static QStringList sweepKinds();

private:
    void addDevices();
    void addLinks();
    void addRacks(const DesignIndex& index);
    void addDomains();
    const DesignData& m_d;
    UpstreamPower m_power;
    std::vector<int> m_nvswitchDomain;
    std::vector<Server> m_servers;
    std::vector<int> m_serverOf;
    std::vector<Tier> m_tier;
    std::vector<std::uint32_t> m_rackOf;
    std::vector<NetLink> m_links;
    std::vector<std::vector<std::uint32_t>> m_linksOf;
    std::vector<RackInfo> m_racks;
    std::vector<Domain> m_domains;
    std::vector<std::uint32_t> m_plantCdus;
    double m_plantHeatKw = 0;
    int m_totalGpus = 0;
    int m_switchCount[4] = {0, 0, 0, 0};
    const CableRouteMap* m_routes = nullptr;
    mutable std::unique_ptr<std::vector<std::vector<std::uint32_t>>> m_trayLinks;
    struct NameIndex {
        std::unordered_map<QString, std::uint32_t> racks, devices, pathways, power;
    };
    mutable std::unique_ptr<NameIndex> m_names; ///< built by the first resolve()
    static const std::vector<std::uint32_t> s_none;
};

} // namespace cds
