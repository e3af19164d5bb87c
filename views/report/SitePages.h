#pragma once

#include "ReportContent.h"

namespace cds::report {

/// A campus's pages (issue #31): the site (each hall's place, GPUs, racks and IT load, and the
/// bundles of links between halls with their counts and longest run), then one floorplan page
/// per hall, drawn to that hall's area by @p content's floorplan renderer. None for a design of
/// one hall. @p content must outlive the pages.
std::vector<ReportPage> sitePages(const ReportContent& content, QSizeF body);

} // namespace cds::report
