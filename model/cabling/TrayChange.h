#pragma once

#include "../DesignData.h"
#include "../Geometry.h"

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
    /// Whether a rack centred at @p rack may drop onto another tray, or another piece, now.
    bool mayMoveDrop(PointMm rack) const;
    /// Whether the way between racks centred at @p a and @p b may differ now: its length
    /// along the trays was @p alongMm (negative: none), its drops @p lateralA and
    /// @p lateralB from the rack centres. False only when every way that reaches a changed
    /// tray, before or after, is longer than it (and neither rack's drop may move).
    bool mayReroute(PointMm a, double lateralA, PointMm b, double lateralB, double alongMm) const;

private:
    std::vector<RectMm> m_boxes;
};

} // namespace cds
