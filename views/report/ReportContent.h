#pragma once

#include "RackGroups.h"

#include "model/DesignData.h"
#include "model/DesignIndex.h"
#include "model/analysis/Analysis.h"

#include <QDate>
#include <QRectF>

#include <functional>
#include <memory>
#include <vector>

class QPainter;

namespace cds::render {
class FloorplanRenderer;
}

namespace cds::report {

/// @brief One page of the report or one slide of presentation mode: a heading and what
/// draws its body into a rectangle.
struct ReportPage {
    enum class Kind : std::uint8_t {
        Cover,
        Summary,
        Floorplan,
        FloorplanSheet,
        Site, ///< a campus: the site's halls, the links between them, each hall's floorplan
        Racks,
        Fabric,
        PowerChain,
        FailureDomains, ///< expected interruptions and the N-1 summary (FailurePages.h)
        BuildPlan,
        Charts,
        Bom,
        Findings
    };
    Kind kind = Kind::Cover;
    QString heading;
    std::function<void(QPainter&, const QRectF&)> draw;
    /// Racks pages: the configurations shown (indexes into ReportContent::rackGroups()).
    std::vector<std::size_t> groups;
};

/// How pages() lays the report out.
struct PageOptions {
    int groupsPerPage = 6; ///< rack configurations side by side on an elevation page
    /// The body rectangle of a page: floorplan sheets and table pages are cut to fit it.
    QSizeF body{1026, 667};
    bool floorplanSheets = true; ///< false: the overview only (slides zoom instead)
    bool tables = true;          ///< failure domains, BOM and findings pages
};

/// Replaces the built-in print charts (e.g. with the dashboard's charts rendered to a
/// painter). Receives the body rectangle of the charts page.
using ChartHook = std::function<void(QPainter&, const QRectF&, const DesignData&, const Analysis&)>;

struct FailureSummary;

/// @brief The open findings of one code and severity: how many and what they concern.
struct FindingGroup {
    QString code;
    Severity severity = Severity::Warning;
    int count = 0;
    QString firstMessage, rule, threshold;
    QStringList objects; ///< names of the racks and devices concerned, in natural order
};

/// @brief Everything the report and presentation mode show, computed once from a design:
/// its index and its Analysis (BOM, metrics, rack power, open findings), the racks grouped
/// by configuration, plus painters for each kind of page. The report's length grows with
/// the distinct things in a design (configurations, BOM lines, finding codes, rows), not
/// with its racks. Holds a copy of the design, so it stays valid while the document changes,
/// unless it is told to read the caller's in place (Borrow).
class ReportContent {
public:
    explicit ReportContent(DesignData d, QDate date = QDate::currentDate());
    struct Borrow {};
    /// Reads @p d in place: @p d must outlive this and stay unchanged meanwhile, as for an
    /// export written at once (a copy of a 100,000-GPU design is ~17 MiB of its peak).
    ReportContent(const DesignData& d, Borrow, QDate date = QDate::currentDate());

    const DesignData& design() const { return m_d; }
    const Analysis& analysis() const { return m_analysis; }
    const Metrics& metrics() const { return m_analysis.metrics; }
    const Bom& bom() const { return m_analysis.bom; }
    /// Findings not waived, errors first.
    const std::vector<Finding>& openFindings() const { return m_findings; }
    /// Open findings grouped by code and severity, errors first, then by count.
    const std::vector<FindingGroup>& findingGroups() const { return m_groups; }
    /// Racks by identical configuration, in natural order of their first rack.
    const std::vector<RackGroup>& rackGroups() const { return m_rackGroups; }
    QDate date() const { return m_date; }
    void setChartHook(ChartHook h) { m_chartHook = std::move(h); }

    /// The failure-domain page's figures (FailurePages.h). The N-1 sweep behind them runs on
    /// the first call (pages() with tables), once per report however often pages() is called,
    /// and never for slides. Not thread-safe: call from the thread that uses the content.
    const FailureSummary& failureSummary() const;
    /// The hall drawn for the floorplan pages: one renderer (and one cable route map) for
    /// every page of the report, built when first needed.
    const render::FloorplanRenderer& floorplanRenderer() const;

    /// Pages in report order: cover, executive summary, floorplan overview and row sheets,
    /// elevations (one per configuration), fabric, the power chain's one-line diagram (when
    /// the design has a chain), failure domains (with tables), the build plan (when it has
    /// phases), charts, BOM and findings.
    std::vector<ReportPage> pages(const PageOptions& o = {}) const;

    void paintCover(QPainter& p, const QRectF& r) const;
    void paintSummary(QPainter& p, const QRectF& r) const;
    void paintCharts(QPainter& p, const QRectF& r) const;
    /// Rack configurations [first, first + count) in slots of 1/@p perPage of the width,
    /// each with "× N racks like this" and the names of those racks under it.
    void paintRackGroups(QPainter& p, const QRectF& r, std::size_t first, std::size_t count,
                         int perPage) const;
    /// BOM table lines [first, first + count), with the total after the last line.
    void paintBom(QPainter& p, const QRectF& r, int first, int count) const;
    void paintFindings(QPainter& p, const QRectF& r, int first, int count) const;
    /// The summary figures as label/value pairs (the summary table and the cover).
    std::vector<std::pair<QString, QString>> summaryRows() const;
    /// The executive summary's prose: what is built, its load, cost and state.
    QString executiveSummary() const;

    /// Cells of BOM line @p i (and of the total row, i == lines) as the table prints them.
    QStringList bomCells(int i) const;
    QStringList findingCells(int i) const;

private:
    /// The floorplan overview (with where each sheet is) and the row sheets at 1:50.
    std::vector<ReportPage> floorplanPages(const PageOptions& o) const;
    std::vector<ReportPage> tablePages(const PageOptions& o) const;

    ReportContent(std::unique_ptr<const DesignData> own, const DesignData* borrowed, QDate date);

    std::unique_ptr<const DesignData> m_own; ///< null when borrowed
    const DesignData& m_d;
    DesignIndex m_index;
    Analysis m_analysis;
    std::vector<Finding> m_findings; ///< the analysis's findings, not waived, errors first
    std::vector<FindingGroup> m_groups;
    std::vector<RackGroup> m_rackGroups;
    QDate m_date;
    ChartHook m_chartHook;
    mutable std::shared_ptr<const FailureSummary> m_failures; ///< by failureSummary()
    mutable std::shared_ptr<const render::FloorplanRenderer> m_floorplan;
};

/// "$1,234,567" (whole dollars) and "$1,234,567.89" (cents): exact figures, never "$1.2M".
QString usdExact(double v, bool cents = false);

} // namespace cds::report
