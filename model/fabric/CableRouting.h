#pragma once

#include "../DesignData.h"

namespace cds {

/// @brief Where a cable runs: its length from the physical placement.
/// Rack to rack: along the floor between the racks (Manhattan distance between their
/// centres, i.e. along a row and across the aisles), plus a vertical run from each device up
/// to the overhead tray, plus the design's slack. Within one rack: the vertical distance
/// between the two U positions plus slack.
double routedLengthM(const DesignData& d, const Link& l);

/// The cheapest catalog medium that carries @p speedGbps over @p lengthM on @p tech,
/// preferring copper, then AOC, multimode, single-mode (reach order); invalid if none.
TypeId chooseMedium(const DesignData& d, double speedGbps, double lengthM, Technology tech);

/// Derives every link's length and medium (pinned media are kept as chosen).
void routeCables(DesignData& d);

} // namespace cds
