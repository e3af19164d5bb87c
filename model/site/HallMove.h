#pragma once

#include "../DesignData.h"

#include <utility>
#include <vector>

/// @file Moving a campus hall with what stands in it (issue #31): the hall edit of the
/// Properties panel and the site plan (edits::setSiteHall) and the generator's grid of halls
/// move a hall this way.
namespace cds {

/// @brief What stands in one hall of a campus and moves with it: the racks (by their centre,
/// as rackHalls() assigns them), the rows, obstacles and floor-standing power elements whose
/// area's centre is in it, the trays with both ends in it, and the trays with one end in it
/// (they run on to another hall or to a tray between halls).
struct HallContents {
    std::vector<RackId> racks;
    std::vector<std::size_t> rows;      ///< indexes into Hall::rows
    std::vector<std::size_t> obstacles; ///< indexes into Hall::obstacles
    std::vector<PowerElementId> power;  ///< elements with a floor area
    std::vector<PathwayId> trays;       ///< both ends in the hall
    /// One end in the hall: the tray, and true when its `to` end is the one in the hall.
    std::vector<std::pair<PathwayId, bool>> leaving;
};

/// @p p, or area @p a, moved by @p delta (mm).
PointMm shifted(PointMm p, PointMm delta);
RectMm shifted(RectMm a, PointMm delta);

/// What stands in hall @p hall (an index into @p halls, the halls as they stand now).
HallContents hallContents(const DesignData& d, const std::vector<SiteHall>& halls, int hall);

/// Moves @p c's racks, rows, obstacles, power elements and trays (those with both ends in the
/// hall) by @p delta, mm. The trays leaving the hall and the halls themselves are left as they
/// are: the caller places the hall, and decides what a tray to another hall does.
void moveHallContents(DesignData& d, const HallContents& c, PointMm delta);

} // namespace cds
