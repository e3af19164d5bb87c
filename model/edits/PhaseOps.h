#pragma once

#include "Operations.h"

namespace cds::edits {

/// The build phases become @p phases (names unique and not empty, dates YYYY-MM-DD or empty,
/// at most kMaxBuildPhases); a rack whose phase no longer exists moves to the last one (to 0
/// when none is left). One undo step.
Result setPhases(const DesignData& d, std::vector<BuildPhase> phases);

/// Racks @p racks go in build phase @p phase (an index into the design's phases).
Result setRackPhase(const DesignData& d, const std::vector<RackId>& racks, int phase);

} // namespace cds::edits
