#pragma once

#include "model/DesignData.h"
#include "model/DesignIndex.h"
#include "model/analysis/Analysis.h"

#include <QDate>
#include <QRectF>

#include <functional>
#include <vector>

class QPainter;

namespace cds::report {

/// @brief One page of the report or one slide of presentation mode: a heading and what
/// draws its body into a rectangle.
struct ReportPage {
    enum class Kind : std::uint8_t {
        Cover,
        Summary,
        Floorplan,
        Racks,
        Fabric,
        Charts,
        Bom,
        Findings
    };
    Kind kind = Kind::Cover;
    QString heading;
    std::function<void(QPainter&, const QRectF&)> draw;
};

/// Replaces the built-in print charts (e.g. with the dashboard's charts rendered to a
/// painter). Receives the body rectangle of the charts page.
using ChartHook = std::function<void(QPainter&, const QRectF&, const DesignData&, const Analysis&)>;

/// @brief Everything the report and presentation mode show, computed once from a design:
/// its index and its Analysis (BOM, metrics, rack power, open findings), plus painters for
/// each kind of page.
/// Holds a copy of the design, so it stays valid while the document changes.
class ReportContent {
public:
    explicit ReportContent(DesignData d, QDate date = QDate::currentDate());

    const DesignData& design() const { return m_d; }
    const Analysis& analysis() const { return m_analysis; }
    const Metrics& metrics() const { return m_analysis.metrics; }
    const Bom& bom() const { return m_analysis.bom; }
    /// Findings not waived, errors first.
    const std::vector<Finding>& openFindings() const { return m_findings; }
    QDate date() const { return m_date; }
    void setChartHook(ChartHook h) { m_chartHook = std::move(h); }

    /// Pages in report order: cover, summary, floorplan, elevations (@p racksPerPage per
    /// page), fabric, charts, BOM and findings (@p rowsPerPage table rows per page).
    std::vector<ReportPage> pages(int racksPerPage, int rowsPerPage) const;

    void paintCover(QPainter& p, const QRectF& r) const;
    void paintSummary(QPainter& p, const QRectF& r) const;
    void paintCharts(QPainter& p, const QRectF& r) const;
    /// BOM table rows [first, first + count), with the total after the last line.
    void paintBom(QPainter& p, const QRectF& r, int first, int count) const;
    void paintFindings(QPainter& p, const QRectF& r, int first, int count) const;
    /// The summary figures as label/value pairs (the summary table and the cover).
    std::vector<std::pair<QString, QString>> summaryRows() const;

private:
    DesignData m_d;
    DesignIndex m_index;
    Analysis m_analysis;
    std::vector<Finding> m_findings; ///< the analysis's findings, not waived, errors first
    QDate m_date;
    ChartHook m_chartHook;
};

} // namespace cds::report
