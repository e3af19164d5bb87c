#pragma once

#include "../DesignData.h"
#include "../Geometry.h"
#include "../Parallel.h"
#include "TrayGraph.h"

#include <array>
#include <vector>

namespace cds {

/// @brief Where the trays changed between two sets of pathways: the plan boxes the changed,
/// added and removed pathways stood in before and stand in now, grown by the join tolerance.
/// The tray graph outside them is the same piece for piece, so a cable whose way along the
/// trays is shorter than any way that reaches a box runs as it ran, and a rack farther than a
/// drop from every box drops where it dropped. A tray drag re-routes only the rest.
/// Measured on the two graphs (measureAlong()), the check is the pieces': a way that runs on
/// a changed piece, before or now, reaches one of its ends along the trays and runs all of it
/// (a drop on one is asked again), so a way shorter than that kept its pieces and no new one is
/// as short. A box is as big as the tray dragged, and at 500,000 GPUs most ways out of a hall
/// pass by a junction at a row tray's end: in a box, yet on no changed piece.
class TrayChange {
public:
    TrayChange(const SlotVector<Pathway, PathwayId>& before,
               const SlotVector<Pathway, PathwayId>& now);
    /// Past this many boxes one box holds them all (a bigger box only re-routes more).
    static constexpr std::size_t kMaxBoxes = 8;
    /// What the checks below need of one rack centre.
    struct Reach {
        /// Whether the rack may drop onto another tray, or another piece, now.
        bool mayMoveDrop = false;
        /// Whether its drop may be on a changed piece (within a drop of one, once measuring);
        /// such a rack is measured (RackReaches).
        bool nearChange = false;
        std::array<double, kMaxBoxes> distance{}; ///< to each box
        // Measured along the trays (measureAlong(), the rack having a drop before and now):
        bool measured = false;
        bool dropStays = false;    ///< at the same point, on a tray of the same elevation
        bool dropOnChange = false; ///< the drop's piece is new, or was changed
        double toNewMm = 0;        ///< least way from the drop point to a new piece's end
        double toGoneMm = 0;       ///< least way, before, to a changed piece's end
    };
    /// Lets reach() measure along the graphs of the pathways before (@p before) and now
    /// (@p now), both kept by reference (they must outlive this): which pieces are new or gone
    /// (TrayGraph::piecesFrom()), and each node's way to the nearest end of one.
    void measureAlong(const TrayGraph& before, const TrayGraph& now);
    /// By piece of the graph before: the same piece now, or -1 (after measureAlong()).
    const std::vector<std::int32_t>& pieceNow() const { return m_pieceNow; }

    /// Where @p rack stands to the boxes, and, measured, along the trays (its drops).
    Reach reach(PointMm rack) const;
    /// Whether measureAlong() was called.
    bool measuring() const { return m_now != nullptr; }
    /// Whether measureAlong() was called on these two graphs.
    bool measuredOn(const TrayGraph& before, const TrayGraph& now) const {
        return m_before == &before && m_now == &now;
    }
    /// Fills @p r's part measured along the trays for a rack centred at @p rack (reach() does:
    /// it costs two drops, so RackReaches asks it only of a pair the boxes cannot let go).
    void measure(Reach& r, PointMm rack) const;
    /// Whether the way between racks centred at @p a and @p b may differ now: its length
    /// along the trays was @p alongMm (negative: none), its drops @p lateralA and
    /// @p lateralB from the rack centres. False only when every way that reaches a changed
    /// tray, before or after, is longer than it (and neither rack's drop may move).
    bool mayReroute(PointMm a, double lateralA, PointMm b, double lateralB, double alongMm) const;
    /// As above, from the racks' reach().
    bool mayReroute(const Reach& a, double lateralA, const Reach& b, double lateralB,
                    double alongMm) const;

private:
    friend class RackReaches;
    Reach boxReach(PointMm rack) const; ///< reach() without measuring
    std::vector<RectMm> m_boxes;
    const TrayGraph* m_before = nullptr;
    const TrayGraph* m_now = nullptr;
    std::vector<std::int32_t> m_pieceNow;
    std::vector<char> m_newPiece;   ///< by piece now: no piece before stands as it
    std::vector<char> m_gonePiece;  ///< by piece before: stands no more
    std::vector<double> m_toNewMm;  ///< by node now: way to the nearest new piece's end
    std::vector<double> m_toGoneMm; ///< by node before: way to the nearest gone piece's end
    double m_shortestNewMm = 0;     ///< the shortest new piece (+inf: none)
    double m_shortestGoneMm = 0;    ///< the shortest gone piece (+inf: none)
    /// The new and gone pieces' ends, in plan: a rack within a drop of one is measured.
    std::vector<std::pair<PointMm, PointMm>> m_changedPieces;
};

/// @brief TrayChange::reach() of each rack of a design where it stands, worked out once: a tray
/// drag asks it of every rack pair, and a rack is in many (about 11 a rack at 100,000 GPUs).
class RackReaches {
public:
    RackReaches(const TrayChange& change, const DesignData& d);
    /// TrayChange::mayReroute() of racks @p a and @p b where they stand, measured along the
    /// trays only when their distances to the boxes cannot tell.
    bool mayReroute(RackId a, double lateralA, RackId b, double lateralB, double alongMm);
    const TrayChange::Reach& of(RackId rack); ///< reach() without measuring
    const TrayChange& change() const { return m_change; }

private:
    const TrayChange::Reach& measured(RackId rack);
    const TrayChange& m_change;
    const DesignData& m_design;
    std::vector<TrayChange::Reach> m_reach;
    std::vector<char> m_known; ///< by rack: 1 reached, 2 measured too
};

/// @p ask(i, reaches) of each i below @p n, on both cores: each half asks its own copy of
/// @p reach (RackReaches fill a cache as they are asked; what else they read, the design and
/// the trays' graphs, nothing writes meanwhile). A tray drag step asks this of every rack
/// pair, twice (the cables' re-routing, the tray tally); @p reach keeps the first half's cache.
template <typename Ask>
std::vector<char> askOnBothCores(RackReaches& reach, std::size_t n, const Ask& ask) {
    std::vector<char> out(n, 0);
    RackReaches second = reach;
    const auto run = [&](std::size_t from, std::size_t to, RackReaches& reaches) {
        for (std::size_t i = from; i < to; ++i)
            out[i] = ask(i, reaches);
    };
    alongside([&] { run(0, n / 2, reach); }, [&] { run(n / 2, n, second); });
    return out;
}

} // namespace cds
