#pragma once

#include "DesignData.h"

#include <vector>

/// @file Which hall of a campus (issue #31) each rack stands in. In the model root, below
/// cabling/ (whose media choice asks whether a link runs between halls) and site/ (the links
/// between halls, each hall's load); a design without halls is one hall, the floor itself.
namespace cds {

/// The design's halls: DesignData::halls, or the whole floor as one hall named after it.
std::vector<SiteHall> siteHalls(const DesignData& d);

/// Index into @p halls of the first hall whose area holds @p p; -1 when none does.
int hallAt(const std::vector<SiteHall>& halls, PointMm p);

/// The hall of each rack, by rack id value (-1: outside every hall, or no such rack).
std::vector<int> rackHalls(const DesignData& d, const std::vector<SiteHall>& halls);

/// The hall of rack @p id in @p rackHall (as rackHalls() gives it); -1 when none.
inline int hallOfRack(const std::vector<int>& rackHall, RackId id) {
    return id.isValid() && id.value() < rackHall.size() ? rackHall[id.value()] : -1;
}

} // namespace cds
