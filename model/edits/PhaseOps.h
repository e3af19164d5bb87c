#pragma once

#include "Operations.h"

namespace cds::edits {

/// What is wrong with @p phases as a design's build phases (a name empty or given twice, a
/// date not YYYY-MM-DD, more than kMaxBuildPhases), or empty. Names and dates as given.
QString phasesProblem(const std::vector<BuildPhase>& phases);
/// What is wrong with @p hours as install labour (each kind 0 to 10,000 hours a unit), or empty.
QString labourHoursProblem(const LabourHours& hours);

/// The build phases become @p phases (names unique and not empty, dates YYYY-MM-DD or empty,
/// at most kMaxBuildPhases); a rack whose phase no longer exists moves to the last one (to 0
/// when none is left). With @p labour, settings.labourHours becomes it in the same step. One
/// undo step.
Result setPhases(const DesignData& d, std::vector<BuildPhase> phases,
                 std::optional<LabourHours> labour = std::nullopt);

/// Racks @p racks go in build phase @p phase (an index into the design's phases).
Result setRackPhase(const DesignData& d, const std::vector<RackId>& racks, int phase);

} // namespace cds::edits
