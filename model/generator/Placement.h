#pragma once

#include "../DesignData.h"
#include "../power/PowerRackFloor.h"

#include <optional>
#include <vector>

namespace cds {

/// @brief What the floor planner places: servers and leaf-level switches per scalable unit,
/// and the central switches (spines, cores and their management switches).
struct PlacementInput {
    TypeId rackType;
    TypeId serverRackType; ///< compute racks when they differ (an NVL72's own MGX rack)
    std::optional<CoolingType> cooling;       ///< nullopt: chosen per rack from its load
    std::optional<CoolingType> serverCooling; ///< compute racks: liquid-only systems need DLC
    int maxServersPerRack = 4;                ///< SuperPOD practice for 8U DGX systems
    double hallWidthMm = 0, hallDepthMm = 0;  ///< 0: sized to fit
    std::vector<std::vector<DeviceId>> suServers;
    std::vector<std::vector<DeviceId>> suNetwork;
    std::vector<DeviceId> central;
    std::vector<DeviceId> storage;    ///< storage servers: storage racks
    std::vector<DeviceId> management; ///< head nodes, UFM, their switches: management racks
    /// Compute racks of air-cooled servers: how much a rear-door rack may carry, from the
    /// catalog's largest door (its capacity, warning at kProductWarnShare of it) when that is
    /// above the design's rear-door envelope. addRearDoors then fits each rack its door.
    std::optional<CoolingEnvelope> rearDoor;
    int halls = 1; ///< a campus: the scalable units split over this many halls
    /// A campus whose halls hold whole pods of a 3-tier compute fabric: each scalable unit's
    /// hall. Empty: the units split evenly over the halls, the central rows in the middle one.
    std::vector<int> suHall{};
    /// With suHall, by hall: the switches of that hall's own network rows (its pods' spines
    /// and their out-of-band leaves), in the middle of its units; the central rows (cores,
    /// storage, management) join those of hall campusCentralHall().
    std::vector<std::vector<DeviceId>> hallNetwork{};
};

/// A campus whose halls hold whole pods (PlacementInput::suHall): the hall of the cores and
/// the other central rows, the middle one (Hall 2 of 4, Hall 4 of 8).
inline int campusCentralHall(int halls) {
    return halls > 1 ? (halls - 1) / 2 : 0;
}

/// The generated floor: clear floor around the rows (two tiles), and cold and hot aisles of
/// two 600 mm tiles.
inline constexpr double kMarginMm = 1200;
inline constexpr double kAisleMm = 1200;
/// Between two halls of a generated campus: a road and the two buildings' walls, mm.
inline constexpr double kHallGapMm = 24000;

/// @brief What placePowerRacks() did: a note for the generator's output, or why it could not.
struct PowerRackPlacement {
    QString note;  ///< empty when the chain has no power racks
    QString error; ///< e.g. the hall given is too narrow for them
};

/// After the power chain is built: each power rack (PowerKind::PowerRack) gets its floor area
/// in line with the racks it feeds, right after the last of them in their row (a 2N
/// segment's A and B racks side by side); the racks after it in that row move along by its
/// width, and the row and the hall (a campus's halls too) grow to hold them. Racks keep
/// their order, so nothing lands on an aisle or another rack. A chain without power racks
/// changes nothing. A hall of a width the user gave (@p fixedWidthMm > 0) that cannot take
/// them is an error, and the design is then left half-placed (the generator refuses it).
PowerRackPlacement placePowerRacks(DesignData& d, double fixedWidthMm);

/// The design's cooling envelopes, with the rear-door one raised to @p rearDoor when that
/// carries more: what compute racks of air-cooled servers are planned against.
DesignSettings planningSettings(const DesignSettings& s, std::optional<CoolingEnvelope> rearDoor);

/// @brief Racks, rows and hall for a generated design. Compute racks hold as many servers as
/// the rack's cooling envelope allows (warning level), network racks one per scalable unit
/// (more when U or power run out), central switches in rows of their own. Rows face each
/// other across cold aisles of two tiles; hot aisles are two tiles too.
class FloorPlanner {
public:
    FloorPlanner(DesignData& d, const PlacementInput& in)
        : m_d(d)
        , m_in(in) {}
    /// False with error() when the given hall is too small.
    bool place();
    QString error() const { return m_error; }
    QStringList notes() const { return m_notes; }
    /// After place(): coolant distribution units for the direct-liquid racks, sized from their
    /// heat with N+1 redundancy, in a row of their own. Returns a note on what was added.
    QString addCdus(const Catalog& library);

    /// After place() and addCdus(): a campus's halls (PlacementInput::halls above 1) set apart
    /// one below the other, kHallGapMm from each other, each with its rows and CDUs, and
    /// recorded as the design's halls (arrangeHallsInGrid() then sets them out side by side).
    /// Nothing for one hall. False with error() when a hall is deeper than the hall size asked
    /// for.
    bool separateHalls();
    /// After place(): the hall the central network rows (spines, cores, storage, management)
    /// stand in, an index into the design's halls (0 for one hall).
    int centralHall() const { return m_centralHall; }

    /// Servers per rack and the cooling that allows it, for servers of @p kw and @p uHeight.
    static std::pair<int, CoolingType> serversPerRack(const DesignSettings& s,
                                                      std::optional<CoolingType> forced, double kw,
                                                      int uHeight, int uCapacity, int maxPerRack);
    /// Cheapest cooling type whose warning level holds @p kw (air first).
    static CoolingType coolingForLoad(const DesignSettings& s, double kw);

private:
    struct PlannedRack {
        QString name;
        CoolingType cooling = CoolingType::Air;
        std::vector<DeviceId> devices;
        bool fixedCooling = false; ///< chosen with the servers, not from the load
    };
    /// The racks to place, one chunk per scalable unit with the central rows (spines,
    /// storage, management) as the chunk in the middle; on a campus whose halls hold whole
    /// pods, a network chunk in the middle of each hall's units as well.
    struct Chunks {
        std::vector<std::vector<PlannedRack>> list;
        std::vector<int> hall;     ///< by chunk: its hall (a campus; else 0)
        std::vector<char> network; ///< by chunk: network rows (rows of their own, wrapping)
        std::size_t central = 0;   ///< index of the central rows' chunk
        std::size_t racks = 0;
    };
    // place()'s steps: the racks, their row length, the rows on the floor, the hall around them.
    Chunks planChunks(const DesignSettings& computeSettings, const RackSpec& spec);
    /// The units' chunks with the central rows inserted in the middle of them all.
    Chunks middleChunks(std::vector<std::vector<PlannedRack>> units,
                        std::vector<PlannedRack> central) const;
    /// A campus whose halls hold whole pods: each hall's units with its own network rows in
    /// their middle, the central rows with those of campusCentralHall().
    Chunks hallChunks(std::vector<std::vector<PlannedRack>> units,
                      std::vector<PlannedRack> central);
    int racksPerRow(const Chunks& chunks, const RackSpec& spec); ///< < 1 with error()
    int layRows(Chunks& chunks, int perRow, const DesignSettings& computeSettings,
                const RackSpec& spec);                           ///< the rows used
    int hallOfChunk(const Chunks& chunks, std::size_t ci) const; ///< a campus: its hall
    /// The hall of the rack standing at @p y on the rows' even pitch (before separateHalls).
    int hallAtY(double y) const;
    bool sizeHall(int rows, int perRow, std::size_t total, const RackSpec& spec);
    std::vector<PlannedRack> packNetwork(const std::vector<DeviceId>& devs, const QString& name);
    double kwOf(DeviceId id) const;
    int uOf(DeviceId id) const;
    DesignData& m_d;
    const PlacementInput& m_in;
    QString m_error;
    QStringList m_notes;
    int m_rows = 0;
    std::vector<int> m_rowHall; ///< each row's hall (a campus), by row index
    int m_centralHall = 0;
};

/// After the power chain (its power racks widen the rows): a campus's halls, as
/// FloorPlanner::separateHalls() stacked them, set out in a grid of ceil(sqrt(N)) columns,
/// kHallGapMm apart, hall @p centralHall (the central network rows') in the middle cell and
/// the others in their order around it, the cells farthest from it left empty. Each hall moves
/// with its racks, rows and power racks (model/site/HallMove), and the site is sized to the
/// grid. Returns a note; nothing for one hall.
QString arrangeHallsInGrid(DesignData& d, int centralHall);

} // namespace cds
