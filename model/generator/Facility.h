#pragma once

#include "../DesignData.h"

#include <QString>

namespace cds {

// The generator's facility phase: what every rack needs beyond its IT gear (the CDU plant is
// FloorPlanner::addCdus, since it takes a row of the floor).

/// Rack PDUs for every rack of @p d from @p library: A and B feeds, each able to carry the
/// whole rack alone (2N), with as few PDUs per feed as the rack's kW allows. Returns a note.
QString addPdus(DesignData& d, const Catalog& library);

/// The cooling product of every rear-door rack of @p d: the smallest rear door of @p library
/// that carries the rack's kW (the largest when none does, and the power-density rule then
/// says so). Returns a note, empty when no rack is on a rear door.
QString addRearDoors(DesignData& d, const Catalog& library);

} // namespace cds
