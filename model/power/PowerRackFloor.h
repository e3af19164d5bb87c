#pragma once
// The floor a power rack takes: its footprint (the generator's PowerRackPlacement and the
// studio's placement share it) and the first free place beside the racks it feeds, found
// without moving anything (edits::placePowerRack, edits::buildPowerChain).

#include "../DesignData.h"

#include <optional>
#include <utility>

namespace cds {

/// A power rack whose catalog entry gives no footprint takes one standard rack position,
/// 600 x 1200 mm (an estimate: NVIDIA's 800 V DC sidecars and OCP's Mt Diablo power racks are
/// rack-sized).
inline constexpr double kPowerRackWidthMm = 600;
inline constexpr double kPowerRackDepthMm = 1200;

/// Width along the row and depth of element @p e on the floor: its catalog entry's footprint
/// (the standard rack position when the entry gives none), its units side by side.
std::pair<double, double> powerRackFootprint(const DesignData& d, const PowerElement& e);

/// @brief Where a power rack could stand beside its racks, or why nowhere.
struct PowerRackSpot {
    std::optional<RectMm> area;
    QString why; ///< without an area: e.g. "PR-3 feeds no rack: ..."
};

/// The first free place for power rack @p id beside the racks it feeds, moving nothing: in
/// line with the last of them (north to south, then west to east), centred on that rack's
/// line as the generator places one, at the first place east of it where nothing stands (a
/// gap in the row, else past the row's end), else the first one west of it; within the hall
/// (on a campus, the hall that rack stands in). Racks, obstacles and other elements' areas
/// block it; it never leaves the row's line for an aisle. None when the element feeds no rack
/// or the line has no room (PowerRackSpot::why says which). Its own area, if it has one, is
/// ignored.
PowerRackSpot findPowerRackSpot(const DesignData& d, PowerElementId id);

} // namespace cds
