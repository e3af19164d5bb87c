#pragma once

#include "../metrics/Metrics.h"
#include "Site.h"

#include <vector>

/// @file Each hall's share of a design (issue #31): GPUs, racks and IT load, for the figures,
/// the dashboard and sizing a campus to a per-hall power budget.
namespace cds {

/// @brief One hall's GPUs, racks and IT load (every device at its maximum).
struct HallLoad {
    QString name;
    int gpus = 0;
    int racks = 0;
    double itKw = 0;
};

/// The load of each of the design's halls (siteHalls(): one, the floor, without a campus), in
/// their order; racks outside every hall count in none.
std::vector<HallLoad> hallLoads(const DesignData& d, const Metrics& m);
/// The same for @p halls and the hall of each rack @p rackHall (as rackHalls() gives them),
/// for a caller that needs those too.
std::vector<HallLoad> hallLoads(const Metrics& m, const std::vector<SiteHall>& halls,
                                const std::vector<int>& rackHall);

} // namespace cds
