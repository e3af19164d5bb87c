#pragma once

#include "../DesignData.h"

#include <vector>

/// @file A site of halls (issue #31): which hall each rack stands in, and the links that run
/// between halls. A design without halls is one hall, the floor itself.
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

/// @brief The links between two halls @p a < @p b (indexes into siteHalls()): a bundle of
/// cables between buildings.
struct HallBundle {
    int a = -1, b = -1;
    long long links = 0;
    long long optics = 0; ///< transceivers at their ends
    double maxLengthM = 0;
};
/// Each pair of halls with links between them, in the order of (a, b).
std::vector<HallBundle> interHallBundles(const DesignData& d, const std::vector<int>& rackHall);

/// @brief The links whose two ends stand in different halls.
struct InterHallLinks {
    long long links = 0;
    long long optics = 0; ///< transceivers at their ends
    double maxLengthM = 0;
};
InterHallLinks interHallLinks(const DesignData& d, const std::vector<int>& rackHall);

} // namespace cds
