#pragma once

#include "../DesignData.h"

#include <QStringList>

namespace cds {

class DesignIndex;

/// @brief The overhead trays of a generated hall: a copper ladder over each row of racks and
/// fibre runners across the aisles (at both ends of the rows and every kTrunkEveryRacks
/// racks along them), so every rack reaches every other one along the trays.
/// Replaces d.pathways; call it after the racks are placed.
void layOutPathways(DesignData& d);

/// Widens and deepens each tray to the smallest standard size that keeps its routed cables
/// within its kind's fill limit; @p notes gets a line for each tray no standard size holds
/// (it is then sized to fit, and `tray.fill` stays quiet). Call it after routeCables().
void sizePathways(DesignData& d, const DesignIndex& index, QStringList& notes);

inline constexpr int kTrunkEveryRacks = 8;

} // namespace cds
