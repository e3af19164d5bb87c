#pragma once

#include "CoolingOps.h"

namespace cds::edits {

/// Why @p hall cannot be @p d's hall (empty when it can): sides and tile within what the file
/// reads, rows and obstacles of positive size inside it, and every rack and tray still inside.
QString hallProblem(const DesignData& d, const Hall& hall);

/// Replaces the hall (the Hall dialog's OK): one undo step, refused when hallProblem says so.
Result setHall(const DesignData& d, const Hall& after);
/// The Hall dialog's OK with the room's air side too: still one undo step.
Result setHall(const DesignData& d, const Hall& after, const RoomAir& air);
/// Why @p halls cannot be a campus on @p floor (empty when they can): unique names, at least
/// 1,000 mm a side, on the floor, no two overlapping, at most kMaxSiteHalls.
QString hallsProblem(const Hall& floor, const std::vector<SiteHall>& halls);
/// The Hall dialog's OK with a campus's halls too: one undo step. Without a change to the
/// halls it is setHall(); with one, the design is replaced as a whole (racks stay where they
/// are, and SiteRule reports one left in no hall).
Result setSite(const DesignData& d, const Hall& after, const RoomAir& air,
               const std::vector<SiteHall>& halls);
/// Moves, resizes or renames hall @p index of a campus to @p after (the Properties panel's
/// hall, a drag in the site plan): one undo step. What stands in it (model/site/HallMove:
/// racks, rows, obstacles, floor-standing power racks, trays) keeps its place in the hall,
/// moving as far as the hall's corner does; a tray that runs on to another hall keeps its far
/// end and is stretched along its line, with a jog (a new tray "<name> jog") where the hall
/// moved across it. Refused, naming the hall and the value, when the hall would overlap
/// another, reach outside the site, be under 1 m a side or too small for what stands in it,
/// or have an empty or taken name.
Result setSiteHall(const DesignData& d, std::size_t index, const SiteHall& after);
/// Resizes the hall and its tile grid.
Result resizeHall(const DesignData& d, double widthMm, double depthMm, double tileMm);

/// Adds a row; an empty name becomes the next free "Row A", "Row B"...
Result addRow(const DesignData& d, Row row);
Result editRow(const DesignData& d, std::size_t index, const Row& after);
Result removeRow(const DesignData& d, std::size_t index);

/// Obstacles the floorplan and the Hall dialog offer, with a typical footprint.
enum class ObstacleKind { Column, Crac, Other };
/// "Column 3", "CRAC 2"...: the next free name of a kind.
QString nextObstacleName(const Hall& hall, ObstacleKind kind);
/// A building column 600 x 600 mm, a CRAC unit 2,400 x 900 mm (a typical downflow unit).
RectMm defaultObstacleSize(ObstacleKind kind);
/// Adds an obstacle; an empty name becomes the next free "Obstacle n".
Result addObstacle(const DesignData& d, Obstacle o);
Result editObstacle(const DesignData& d, std::size_t index, const Obstacle& after);
Result removeObstacle(const DesignData& d, std::size_t index);

/// The row or obstacle whose area contains @p p, or -1 (the last drawn wins).
int rowAt(const Hall& hall, PointMm p);
int obstacleAt(const Hall& hall, PointMm p);

} // namespace cds::edits
