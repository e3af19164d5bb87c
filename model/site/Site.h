#pragma once

#include "../SiteHalls.h"

#include <vector>

/// @file A site of halls (issue #31): the links that run between halls. Which hall each rack
/// stands in is model/SiteHalls.h (siteHalls(), rackHalls(), hallOfRack()), which the media
/// choice of model/cabling reads too. A design without halls is one hall, the floor itself.
namespace cds {

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
