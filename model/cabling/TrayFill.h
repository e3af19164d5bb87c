#pragma once

#include "../DesignData.h"

#include <memory>
#include <unordered_map>
#include <vector>

namespace cds {

class DesignIndex;

/// @brief How the cables load the trays: per segment, the cross-section of the cables that
/// run on it against its area, and the links no tray path carries.
struct TrayLoad {
    struct Segment {
        PathwayId id;
        double cableAreaMm2 = 0; ///< at the segment's fullest piece
        int cables = 0;          ///< on that piece
        double fillPct = 0;      ///< cableAreaMm2 / (widthMm x depthMm), in percent
        double limitPct = 0;     ///< DesignSettings::trayFillLimitPct of its kind
    };
    std::vector<Segment> segments; ///< one per pathway, in id order
    std::vector<LinkId> noPathway; ///< rack-to-rack links with no tray path, in id order
    double lengthM = 0;            ///< total length of the trays
    double maxFillPct = 0;
};

/// Cross-section diameter of @p l's cable (catalog `diameterMm` of its medium, else
/// kDefaultCableDiameterMm).
double cableDiameterMm(const DesignData& d, const Link& l);

/// Routes every rack-to-rack link over the trays once per rack pair and adds up the fill.
/// @p index must be current. Empty (no segments) when the design has no pathways.
TrayLoad computeTrayLoad(const DesignData& d, const DesignIndex& index);

class LinkRouter;
class TrayChange;
class RackReaches;
class TrayGraph;

/// @brief The tray load kept as racks move: cables grouped by rack pair, each pair routed
/// once, its cross-section added to the pieces of its route. After a move only the moved
/// racks' pairs are taken off their old routes and put on new ones; load() then equals
/// computeTrayLoad() of the design as it is now. Cross-sections are summed in whole
/// micro-square-millimetres, so taking off and putting back is exact in any order.
class TrayTally {
public:
    TrayTally(const DesignData& d, const DesignIndex& index); ///< routes every pair
    /// @p moved racks stand elsewhere now, and their cables may have new media (diameters).
    /// The pathways and the links' ends are as they were counted.
    void moveRacks(const DesignData& d, const DesignIndex& index, const std::vector<RackId>& moved);
    /// The pathways changed (and racks may have moved): every pair is routed over the new
    /// trays, its cables as counted except @p changed, the links whose medium (so diameter)
    /// may differ from @p changed's second, the link as it was counted. The links' ends are
    /// as they were counted. Cheaper than a new tally: the links are not grouped again.
    void retray(const DesignData& d, const DesignIndex& index,
                const std::vector<std::pair<LinkId, Link>>& changed);
    TrayLoad load(const DesignData& d, const DesignIndex& index) const;

private:
    struct Pair {
        RackId a, b;
        long long areaMicroMm2 = 0;
        int cables = 0;
        std::vector<std::int32_t> pieces; ///< its route; empty: no tray path
        // What the route was found from, for retray() to tell whether it may change:
        PointMm centreA, centreB;                        ///< the racks' centres
        double lateralA = 0, lateralB = 0, alongMm = -1; ///< the drops and the way's length
    };
    using Key = std::uint64_t;
    static Key keyOf(RackId a, RackId b);
    void route(Pair& p, LinkRouter& router, int sign);
    void count(const Pair& p, int sign); ///< its cables on its pieces, or as unrouted
    /// The links of the pairs with no tray path, in link order.
    std::vector<LinkId> stranded(const DesignData& d, const DesignIndex& index) const;
    /// @p p's route kept over new trays, its pieces renumbered by @p pieceNow (by piece of
    /// the graph it was found on), when @p change cannot alter it: false, untouched, else.
    bool keepRoute(Pair& p, const DesignData& d, const TrayChange& change, RackReaches& reach,
                   const std::vector<std::int32_t>& pieceNow);
    std::shared_ptr<const TrayGraph> m_graph;
    /// The pair of racks @p a < @p b, added when new; its index in m_pairs.
    std::uint32_t slotOf(RackId a, RackId b);
    Pair* find(RackId a, RackId b);                ///< or null
    std::vector<Pair> m_pairs;                     ///< in a vector: a drag step walks them all
    std::unordered_map<Key, std::uint32_t> m_slot; ///< by keyOf(): index in m_pairs
    std::vector<std::vector<std::uint32_t>> m_pairsOfRack; ///< by rack id: indices in m_pairs
    std::vector<long long> m_pieceArea;                    ///< micro-mm², by graph piece
    std::vector<int> m_pieceCables;
    long long m_unrouted = 0; ///< pairs with no tray path
};

} // namespace cds
