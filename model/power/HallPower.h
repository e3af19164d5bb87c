#pragma once

#include "../DesignData.h"
#include "../metrics/Metrics.h"
#include "PowerFlow.h"

#include <vector>

/// @file Each hall's share of the power chain's utility demand (issue #31: a campus hall has
/// its own power chain), for `stats --json` `halls`.
namespace cds {

/// The demand on the utility of each of @p halls halls in normal operation, kVA, as
/// PowerAnalysis::utilityKva for the whole chain: each utility service's demand goes to the
/// halls of the racks it serves (@p rackHall, as rackHalls() gives it), in proportion to their
/// IT load. A generated campus's services each serve one hall, so each hall gets its own
/// services' demand. Zeros without a chain.
std::vector<double> hallUtilityKva(const DesignData& d, const Metrics& m, const PowerAnalysis& a,
                                   const std::vector<int>& rackHall, std::size_t halls);

} // namespace cds
