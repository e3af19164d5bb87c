#pragma once

#include "../DesignData.h"
#include "../Geometry.h"

#include <array>
#include <vector>

namespace cds {

/// @brief Where the trays changed between two sets of pathways: the plan boxes the changed,
/// added and removed pathways stood in before and stand in now, grown by the join tolerance.
/// The tray graph outside them is the same piece for piece, so a cable whose way along the
/// trays is shorter than any way that reaches a box runs as it ran, and a rack farther than a
/// drop from every box drops where it dropped. A tray drag re-routes only the rest.
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
        std::array<double, kMaxBoxes> distance{}; ///< to each box
    };

    Reach reach(PointMm rack) const;
    /// Whether the way between racks centred at @p a and @p b may differ now: its length
    /// along the trays was @p alongMm (negative: none), its drops @p lateralA and
    /// @p lateralB from the rack centres. False only when every way that reaches a changed
    /// tray, before or after, is longer than it (and neither rack's drop may move).
    bool mayReroute(PointMm a, double lateralA, PointMm b, double lateralB, double alongMm) const;
    /// As above, from the racks' reach().
    bool mayReroute(const Reach& a, double lateralA, const Reach& b, double lateralB,
                    double alongMm) const;

private:
    std::vector<RectMm> m_boxes;
};

/// @brief TrayChange::reach() of each rack of a design where it stands, worked out once: a tray
/// drag asks it of every rack pair, and a rack is in many (about 11 a rack at 100,000 GPUs).
class RackReaches {
public:
    RackReaches(const TrayChange& change, const DesignData& d);
    const TrayChange::Reach& of(RackId rack);

private:
    const TrayChange& m_change;
    const DesignData& m_design;
    std::vector<TrayChange::Reach> m_reach;
    std::vector<char> m_known; ///< by rack
};

} // namespace cds
