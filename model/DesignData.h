#pragma once

#include "AddressPools.h"
#include "BuildPhases.h"
#include "Catalog.h"
#include "Geometry.h"
#include "Ids.h"
#include "PowerChain.h"
#include "SlotVector.h"

#include <QString>

#include <array>
#include <map>
#include <memory>
#include <vector>

namespace cds {

enum class CoolingType : std::uint8_t { Air, RearDoorHx, DirectLiquid, Immersion };
inline constexpr int kCoolingTypeCount = 4;

/// What a design file holds, as its reader checks it: anything that writes a design (the
/// generator) keeps within these, so every file written opens again.
inline constexpr double kMinHallSideMm = 1000;
inline constexpr double kMaxHallSideMm = 10'000'000; // 10 km
inline constexpr int kMaxMetaTextBytes = 4096;       ///< title, customer, author, notes (UTF-8)
QString coolingKey(CoolingType c); ///< "air", "rear-door-hx", "direct-liquid", "immersion"
QString coolingLabel(CoolingType c);
std::optional<CoolingType> coolingFromKey(const QString& key);

/// ASHRAE TC 9.9 equipment inlet classes for air-cooled IT (Thermal Guidelines for Data
/// Processing Environments, 5th ed.): the allowable inlet range widens from A1 to A4; the
/// recommended range is 18-27 C for all of them.
enum class InletClass : std::uint8_t { A1, A2, A3, A4 };
inline constexpr int kInletClassCount = 4;
QString inletClassKey(InletClass c); ///< "A1" ... "A4"
std::optional<InletClass> inletClassFromKey(const QString& key);
/// "A2 (allowable inlet 10-35 °C, recommended 18-27 °C, ASHRAE TC 9.9)", as findings quote it.
QString inletClassText(InletClass c);

enum class Face : std::uint8_t { Front, Rear };

/// Position of a switch in its fabric; servers and other devices have None.
enum class Tier : std::uint8_t { None, Leaf, Spine, Core };
QString tierKey(Tier t);
std::optional<Tier> tierFromKey(const QString& key);

enum class FabricKind : std::uint8_t { Compute, Storage, Inband, Oob };
QString fabricKindKey(FabricKind k); ///< "compute", "storage", "inband", "oob"
std::optional<FabricKind> fabricKindFromKey(const QString& key);

/// @brief A row of racks: racks in it face the cold aisle on one side.
struct Row {
    QString name;
    RectMm area;                ///< floor area the row occupies
    bool coldAisleNorth = true; ///< fronts face -y (north) when true, +y otherwise
    bool operator==(const Row&) const = default;
};

struct Obstacle {
    QString name; ///< e.g. "column C3"
    RectMm area;
    bool operator==(const Obstacle&) const = default;
};

/// @brief The data hall: a to-scale floor with a tile grid, rows and obstacles.
struct Hall {
    QString name = QStringLiteral("Data hall");
    double widthMm = 20000;
    double depthMm = 12000;
    double tileMm = 600;
    std::vector<Row> rows;
    std::vector<Obstacle> obstacles;
    bool operator==(const Hall&) const = default;
};

/// @brief One hall of a campus (a room or a building): its name and its place on the site,
/// in the floor's coordinates (DesignData::hall is then the site the halls stand on). The
/// rows, racks, obstacles and trays within its area are in it; trays that leave it run
/// between halls.
struct SiteHall {
    QString name;
    RectMm area;
    bool operator==(const SiteHall&) const = default;
};
inline constexpr int kMaxSiteHalls = 256;

/// A rack's two feeds on the power chain.
enum class FeedSide : std::uint8_t { A, B };

struct PowerFeeds {
    int count = 2;        ///< A+B feeds
    double kwPerFeed = 0; ///< 0 = not specified
    /// The power-chain elements (busway, RPP or power rack: feedsRacks()) serving the A and B
    /// feeds; invalid: not connected to the design's power chain.
    PowerElementId a, b;
    PowerElementId& on(FeedSide s) { return s == FeedSide::A ? a : b; }
    PowerElementId on(FeedSide s) const { return s == FeedSide::A ? a : b; }
    bool operator==(const PowerFeeds&) const = default;
};

/// @brief A rack on the floor. Position is the centre of its footprint; rotation 0 has the
/// front facing +y (south), in steps of 90 degrees clockwise.
struct Rack {
    QString name;
    TypeId type;
    PointMm centre;
    int rotationDeg = 0;
    CoolingType cooling = CoolingType::Air;
    /// The cooling product installed (a catalog cooling entry for this cooling type: a rear
    /// door, an in-rack CDU, an immersion tank, an in-row cooler); invalid: none chosen, and
    /// the design's envelope for the cooling type applies.
    TypeId coolingProduct;
    PowerFeeds feeds;
    /// The build phase it is installed in: an index into DesignData::phases (0 when the design
    /// has none).
    std::int16_t phase = 0;
    bool operator==(const Rack&) const = default;
};

/// @brief A device mounted in a rack (or, with no rack, not yet placed).
/// uPosition is the lowest U it occupies, 1-based from the bottom.
struct Device {
    QString name;
    TypeId type;
    RackId rack;
    int uPosition = 0;
    Face face = Face::Front;
    FabricId fabric; ///< for switches: the network it belongs to
    Tier tier = Tier::None;
    std::int16_t group = -1;   ///< scalable unit / pod index, -1 when none
    std::int16_t rail = -1;    ///< rail index of a rail-optimized leaf, -1 when none
    std::uint8_t breakout = 1; ///< switch port split factor in use (2: 800G cage -> 2x400G)
    bool operator==(const Device&) const = default;
};

/// @brief A cable between two ports. Length and medium are derived from the placement
/// (see fabric/CableRouting.h) unless the user pinned a medium.
struct Link {
    PortRef a, b;
    FabricId fabric;
    TypeId pinnedMedium; ///< user's choice, or invalid for automatic
    // Derived, not saved:
    float lengthM = 0;
    TypeId medium;  ///< chosen (or pinned) cable / transceiver type (at the A end)
    TypeId mediumB; ///< transceiver at the B end when it differs from the A end's, else invalid
    bool operator==(const Link& o) const {
        return a == o.a && b == o.b && fabric == o.fabric && pinnedMedium == o.pinnedMedium;
    }
};

/// @brief A named network with its design intent.
struct Fabric {
    QString name;
    FabricKind kind = FabricKind::Compute;
    Technology technology = Technology::InfiniBand;
    double targetOversubscription = 1.0; ///< downlink:uplink, 1 = non-blocking
    bool railOptimized = false;
    int suNodes = 32;
    bool operator==(const Fabric&) const = default;
};

/// @brief The kW-per-rack envelope of a cooling type: above warnKw a warning, above maxKw an
/// error. Seeded from the seed document; editable per facility, and every finding cites it.
struct CoolingEnvelope {
    double warnKw = 0;
    double maxKw = 0;
    double pue = 1.5;
    QString source;
    bool operator==(const CoolingEnvelope&) const = default;
};

struct PriceOverride {
    double usd = 0;
    QString note;
    bool operator==(const PriceOverride&) const = default;
};

/// @brief A finding the user accepted, with the reason. key = Finding::key().
struct Waiver {
    QString key;
    QString reason;
    bool operator==(const Waiver&) const = default;
};

/// Kinds of cable pathway: the overhead trays, copper ladder (or wire basket) and fibre
/// runner, and the duct bank, an underground bank of conduits (usually with fibre innerduct)
/// between the buildings of a campus. Cables route along all three alike (cabling/TrayGraph),
/// but a rack never drops its cables straight into a duct bank: they reach it along a tray.
enum class PathwayKind : std::uint8_t { Ladder, FibreRunner, DuctBank };
inline constexpr int kPathwayKindCount = 3;
QString pathwayKindKey(PathwayKind k); ///< "ladder", "fibre-runner", "duct-bank"
std::optional<PathwayKind> pathwayKindFromKey(const QString& key);
/// For people: "Ladder", "Fibre runner", "Duct bank".
QString pathwayKindLabel(PathwayKind k);

/// @brief A straight overhead tray segment from @c from to @c to (plan position, mm) at
/// @c elevationMm above the floor (bottom of the tray). Cables run along segments; segments
/// join where they meet or cross (fabric/TrayGraph.h). A duct bank lies below grade: its
/// @c elevationMm is not a height routing reads (no rack drops into it; see PathwayKind), and
/// the generator leaves it 0.
/// Widest a pathway may be. Beyond the standard trays (up to 900 mm) one segment stands for
/// parallel trays side by side: the generator sizes a crowded trunk that way at 100,000 GPUs.
inline constexpr double kMaxPathwayWidthMm = 100000;
/// Pathways whose ends (or an end and a segment) are this close join: the tray graph
/// (cabling/TrayGraph) and the site rule's dead ends (rules/SiteRule) share it.
inline constexpr double kPathwayJoinToleranceMm = 50;

struct Pathway {
    QString name;
    PathwayKind kind = PathwayKind::Ladder;
    PointMm from, to;
    double elevationMm = 2700;
    double widthMm = 600;
    double depthMm = 100;
    bool operator==(const Pathway&) const = default;
};

/// @brief Who the design is for and which issue of it this is: shown in the window title, the
/// report's cover and title blocks and the quote header. Empty fields are simply not shown.
struct DesignMeta {
    QString title = QStringLiteral("Untitled design");
    QString customer;
    QString project;
    QString site;
    QString author;
    QString revision; ///< e.g. "B" or "1.2"
    QString date;     ///< ISO 8601 "YYYY-MM-DD", empty when not set
    QString notes;
    bool operator==(const DesignMeta&) const = default;
};

/// @brief Tunables that rules and cable routing read; saved with the design.
struct DesignSettings {
    std::array<CoolingEnvelope, kCoolingTypeCount> cooling = defaultCooling();
    double cableSlackM = 1.0;           ///< added to every routed cable
    double trayHeightAboveRackMm = 300; ///< overhead tray above the rack top
    double maxRackWeightKg = 0;         ///< 0 = use each rack's own rating
    /// Energy price the workload advisor costs a run at: US industrial average 2024, about
    /// 8.1 cents/kWh (EIA Electric Power Monthly, table 5.6.A).
    double energyUsdPerKwh = 0.081;
    /// Quote workbook: margin added to each unit price and discount taken off the sell price,
    /// in percent; 0 leaves the columns out.
    double quoteMarginPercent = 0;
    double quoteDiscountPercent = 0;
    /// Usable share of a tray's cross-section, in percent, per PathwayKind. Defaults follow
    /// the common design limits: 50 % for ladder / basket trays (NEC 392.22 allows about half
    /// the tray area for multiconductor cables; TIA-569 recommends planning at 50 %), 40 % for
    /// fibre runners (a conservative planning figure after TIA-569's 40 % conduit fill, leaving
    /// room for bend radius and growth), 40 % for duct banks (NEC Chapter 9, Table 1: 40 %
    /// of a conduit's area for over two cables).
    std::array<double, kPathwayKindCount> trayFillLimitPct = {50, 40, 40};
    /// Air side of the room. Airflow through air-cooled equipment is CFM = 3.16 x W / dT(F),
    /// the sensible-heat equation for standard air (ASHRAE Fundamentals); servers run at a
    /// rise of about 20 F (11 K).
    InletClass inletClass = InletClass::A2; ///< most volume servers are specified for A2
    double airDeltaTF = 20;
    /// Share of a direct-liquid rack's heat still rejected to the room's air (fans, power
    /// supplies, drives): typically 10-30 %.
    double liquidAirSharePct = 20;
    /// What the room's air cooling (CRAH / in-row units) can remove, kW; 0: not specified,
    /// and the room is not checked.
    double roomAirCoolingKw = 0;
    /// Failure domains (model/resilience): a single element whose failure loses more GPUs
    /// than this is reported (resilience.blast-radius); 0: one scalable unit.
    int blastRadiusGpus = 0;
    /// The training job the reliability figures are for (`stats` reliability); 0: the whole
    /// cluster, as the advisor sizes a run on a design by default.
    int resilienceJobGpus = 0;
    /// The pools and ASN scheme of the IP plan (`export --format ip-plan`, model/addressing).
    AddressPools addressing;
    /// Install labour per unit of each kind, hours (the build plan, model/phases).
    LabourHours labourHours;
    static std::array<CoolingEnvelope, kCoolingTypeCount> defaultCooling();
    /// The same settings with every invariant the file format requires (warnKw <= maxKw).
    DesignSettings normalized() const;
    bool operator==(const DesignSettings&) const = default;
};

struct DesignData;

/// @brief A named variant kept beside the design (e.g. "RoCE", "liquid", "2:1") for comparison.
/// The snapshot is immutable and shared, so copying a design (undo, scenarios) stays cheap.
struct Scenario {
    QString name;
    std::shared_ptr<const DesignData> design; ///< never null; holds no scenarios of its own
    bool operator==(const Scenario& o) const;
};

/// @brief Everything a design file holds. A plain value: copyable, comparable.
struct DesignData {
    DesignMeta meta;
    Hall hall; ///< the floor: one hall, or the site a campus's halls stand on
    /// A campus's halls on the floor, in the user's order (model/site); none: the floor is
    /// one hall.
    std::vector<SiteHall> halls;
    Catalog catalog; ///< embedded copies of every entry the design uses
    std::vector<Fabric> fabrics;
    SlotVector<Rack, RackId> racks;
    SlotVector<Device, DeviceId> devices;
    SlotVector<Link, LinkId> links;
    SlotVector<Pathway, PathwayId> pathways; ///< overhead trays; none: cables run on the floor
    PowerChain power; ///< utility to racks (model/power); empty in designs without one
    std::map<QString, PriceOverride> priceOverrides; ///< by catalog id
    std::vector<Waiver> waivers;
    DesignSettings settings;
    std::vector<Scenario> scenarios; ///< saved variants, in the user's order (model/scenarios)
    /// Build phases in order (model/phases); none: the design is built in one go.
    std::vector<BuildPhase> phases;

    const CatalogItem& typeOf(const Device& d) const { return catalog[d.type]; }
    const CatalogItem& typeOf(const Rack& r) const { return catalog[r.type]; }
    const Fabric* fabric(FabricId f) const {
        return f.isValid() && f.value() < fabrics.size() ? &fabrics[f.value()] : nullptr;
    }
    FabricId findFabric(FabricKind kind) const;
    /// Unit price after overrides, or nullopt when unknown.
    std::optional<double> unitPrice(TypeId t) const;
    bool isWaived(const QString& findingKey) const;

    bool operator==(const DesignData& o) const = default;
};

inline bool Scenario::operator==(const Scenario& o) const {
    return name == o.name && (design == o.design || (design && o.design && *design == *o.design));
}

/// Embeds every cable, transceiver and cooling entry of @p library that the design lacks:
/// cable routing and cooling choose among them, so a design carries its options with it.
/// Takes the library's failure rates too when the design has none (held in memory only: the
/// design file does not store them).
void embedSupportItems(DesignData& d, const Catalog& library);

} // namespace cds
