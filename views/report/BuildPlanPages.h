#pragma once

#include "ReportContent.h"

namespace cds::report {

/// The report's build plan (model/phases): one table row per build phase, with its date, the
/// racks and GPUs it installs, the GPUs, IT kW and cost ready at its end, its cables and
/// labour and the first order it asks for; cut onto further pages when long. None for a
/// design without phases, or one whose plan cannot be made. @p d must outlive the pages.
std::vector<ReportPage> buildPlanPages(const DesignData& d, QSizeF body);

} // namespace cds::report
