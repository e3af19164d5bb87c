#pragma once

#include "ReportContent.h"

#include "model/Progress.h"

namespace cds::report {

/// @brief The customer report as a vector PDF (QPdfWriter, A4 landscape): cover, executive
/// summary, floorplan overview and 1:50 row sheets, one elevation per rack configuration,
/// fabric diagram, charts, the full BOM and the findings by kind, each page with a header
/// and "page i of n". Text stays text, so it is searchable and crisp at any zoom. A
/// QGuiApplication must exist (fonts).
class PdfReport {
public:
    explicit PdfReport(const ReportContent& content);

    static constexpr int kGroupsPerPage = 6;
    /// The page's body in the report's 96 px per inch: A4 landscape less the margins,
    /// heading and footer.
    static QSizeF bodySize();

    int pageCount() const { return int(m_pages.size()); }
    /// Writes the report; returns false with @p error naming the path and the problem.
    /// @p progress reports per page and can cancel: nothing is written then.
    bool write(const QString& path, QString* error, const Progress& progress = {}) const;

private:
    const ReportContent& m_content;
    std::vector<ReportPage> m_pages;
};

} // namespace cds::report
