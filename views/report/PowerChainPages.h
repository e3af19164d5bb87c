#pragma once

#include "ReportContent.h"

namespace cds::report {

/// The report's one-line diagram of the power chain (views/power, as the studio draws it):
/// none without a chain. Drawn at up to 1:1 across the page's width; when it would take
/// more than two pages, each UPS's busways (or power racks) are summed up in one box (its
/// most loaded one), and what is still taller is cut between rows onto further pages, each
/// with the column titles. With @p onePage (presentation mode's slides) the whole diagram is
/// scaled onto one page. @p d and @p a must outlive the pages.
std::vector<ReportPage> powerChainPages(const DesignData& d, const Analysis& a, QSizeF body,
                                        bool onePage = false);

} // namespace cds::report
