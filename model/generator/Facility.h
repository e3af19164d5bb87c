#pragma once

#include "../DesignData.h"

#include <QString>

namespace cds {

// The generator's facility phase: what every rack needs beyond its IT gear (the CDU plant is
// FloorPlanner::addCdus, since it takes a row of the floor).

/// Rack PDUs for every rack of @p d from @p library: A and B feeds, each able to carry the
/// whole rack alone (2N), with as few PDUs per feed as the rack's kW allows. With @p dc800 (the
/// chain will be built with PowerBuildOptions::dc800) the racks it feeds at 800 V DC
/// (fedAt800VoltsDc) get none: their power racks feed the rack's power shelves and busbar in
/// place of AC PDUs. Returns a note.
QString addPdus(DesignData& d, const Catalog& library, bool dc800 = false);

/// The cooling product of every rear-door rack of @p d: the smallest rear door of @p library
/// that carries the rack's kW (the largest when none does, and the power-density rule then
/// says so). Returns a note, empty when no rack is on a rear door.
QString addRearDoors(DesignData& d, const Catalog& library);

} // namespace cds
