#pragma once

#include "model/DesignData.h"
#include "model/DesignIndex.h"

#include <vector>

namespace cds::report {

/// @brief Racks that look the same in an elevation: the same rack type and cooling, and the
/// same device types at the same U positions and faces (names may differ).
struct RackGroup {
    std::vector<RackId> racks; ///< in natural name order; the first is the one drawn
};

/// Groups the live racks of @p d by configuration. Groups come in natural order of their
/// first rack's name, so a report lists them as the hall is named (spine-2 before spine-10).
std::vector<RackGroup> groupIdenticalRacks(const DesignData& d, const DesignIndex& index);

/// The live racks in natural name order.
std::vector<RackId> racksInNaturalOrder(const DesignData& d);

} // namespace cds::report
