#pragma once

#include "../DesignData.h"
#include "../FlatKeyMap.h"

#include <memory>
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
/// Pieces are counted under ids that outlive a graph: a piece of new trays that stands as one
/// of the last graph's keeps its id, so after a tray drag step the pairs that keep their way
/// are neither renumbered nor counted again (at 500,000 GPUs nearly half a million pairs, of
/// which a few thousand change).
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
    /// @p measured: the racks' reaches of the change already measured on the graph as counted
    /// and the graph of @p d's pathways (the cables' re-routing asked them of every rack pair),
    /// used instead of measuring and working them out again.
    void retray(const DesignData& d, const DesignIndex& index,
                const std::vector<std::pair<LinkId, Link>>& changed,
                RackReaches* measured = nullptr);
    TrayLoad load(const DesignData& d, const DesignIndex& index) const;
    /// How many piece ids the tally counts under, those of pieces no longer standing included
    /// (tests: a long drag renumbers them).
    std::size_t pieceIds() const { return m_pieceArea.size(); }
    /// The graph of the trays as last counted (null without pathways).
    const std::shared_ptr<const TrayGraph>& graph() const { return m_graph; }

private:
    struct Pair {
        RackId a, b;
        long long areaMicroMm2 = 0;
        int cables = 0;
        std::vector<std::int32_t> pieces; ///< its route, by piece id; empty: no tray path
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
    /// Whether @p p's route may stand over new trays: its racks stand where it was found from
    /// and the change cannot alter it (@p reach). Its pieces must also still stand, which
    /// retray() checks for all kept routes at once (countedOnGonePiece()).
    bool keepRoute(const Pair& p, const DesignData& d, RackReaches& reach) const;
    /// Whether a piece that stands no more (not @p live, by id) still counts cables: some
    /// route not found again runs on it.
    bool countedOnGonePiece(const std::vector<char>& live) const;
    std::shared_ptr<const TrayGraph> m_graph;
    /// The pair of racks @p a < @p b, added when new; its index in m_pairs.
    std::uint32_t slotOf(RackId a, RackId b);
    Pair* find(RackId a, RackId b);   ///< or null
    std::vector<Pair> m_pairs;        ///< in a vector: a drag step walks them all
    FlatKeyMap<std::uint32_t> m_slot; ///< by keyOf() (never 0: a < b): index in m_pairs
    std::vector<std::vector<std::uint32_t>> m_pairsOfRack; ///< by rack id: indices in m_pairs
    /// Ids of pieces no longer standing a drag may leave before renumberPieces().
    static constexpr std::size_t kSparePieceIds = 256;
    void renumberPieces();                 ///< the ids become the graph's pieces again
    std::vector<std::int32_t> m_idOfPiece; ///< by piece of m_graph: its id
    std::vector<long long> m_pieceArea;    ///< micro-mm², by piece id
    std::vector<int> m_pieceCables;        ///< by piece id
    /// By pair: counted with no tray path (count() keeps it); and the pairs that may be, a
    /// superset listed as they became so, cut back after each edit to those that are
    /// (listUnrouted()): stranded() reads a few thousand pairs, not half a million.
    std::vector<char> m_unroutedPair;
    std::vector<std::uint32_t> m_unroutedList;
    void listUnrouted();
};

} // namespace cds
