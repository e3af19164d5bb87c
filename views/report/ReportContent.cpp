#include "ReportContent.h"

#include "model/export/Reports.h"
#include "model/rules/Rule.h"
#include "views/render/ChartPainter.h"
#include "views/render/ElevationRenderer.h"
#include "views/render/FabricDiagramRenderer.h"
#include "views/render/FloorplanRenderer.h"
#include "views/render/RenderStyle.h"

#include <QDate>
#include <QLocale>
#include <QPainter>

#include <algorithm>

namespace cds::report {

using render::RenderStyle;

namespace {

QString usd(double v) {
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    if (v >= 1e6)
        return QStringLiteral("$%1M").arg(en.toString(v / 1e6, 'f', 2));
    return QStringLiteral("$%1").arg(en.toString(v, 'f', 0));
}

QString thousands(double v, int decimals = 0) {
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(v, 'f', decimals);
}

/// A table with a header row; columns as fractions of the width, right-aligned when numeric.
struct Table {
    std::vector<double> widths;
    std::vector<bool> right;
    double rowH = 18;
    void row(QPainter& p, const QRectF& r, double y, const QStringList& cells, bool head,
             bool shade) const {
        if (head)
            p.fillRect(QRectF(r.left(), y, r.width(), rowH), RenderStyle::accent());
        else if (shade)
            p.fillRect(QRectF(r.left(), y, r.width(), rowH), RenderStyle::panel());
        p.setPen(head ? RenderStyle::paper() : RenderStyle::ink());
        p.setFont(RenderStyle::font(rowH * 0.5, head));
        double x = r.left();
        for (std::size_t c = 0; c < widths.size() && c < std::size_t(cells.size()); ++c) {
            const double w = r.width() * widths[c];
            const QRectF cell(x + 6, y, w - 12, rowH);
            const QString t = QFontMetricsF(p.font()).elidedText(cells[qsizetype(c)],
                                                                 Qt::ElideRight, cell.width());
            p.drawText(cell, (right[c] ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter, t);
            x += w;
        }
    }
};

} // namespace

ReportContent::ReportContent(DesignData d, QDate date)
    : m_d(std::move(d))
    , m_index(m_d)
    , m_analysis(analyze(m_d, m_index))
    , m_date(date) {
    for (const Finding& f : m_analysis.findings)
        if (!f.waived)
            m_findings.push_back(f);
    std::stable_sort(m_findings.begin(), m_findings.end(),
                     [](const Finding& a, const Finding& b) { return a.severity < b.severity; });
}

std::vector<std::pair<QString, QString>> ReportContent::summaryRows() const {
    const Metrics& m = m_analysis.metrics;
    auto kw = [](double w) { return QStringLiteral("%1 kW").arg(thousands(w / 1000.0, 1)); };
    std::vector<std::pair<QString, QString>> rows = {
        {QStringLiteral("GPUs"), thousands(m.gpus)},
        {QStringLiteral("GPU servers"), thousands(m.servers)},
        {QStringLiteral("GPU memory"),
         m.gpuMemoryGb >= 1000 ? QStringLiteral("%1 TB").arg(thousands(m.gpuMemoryGb / 1000, 2))
                               : QStringLiteral("%1 GB").arg(thousands(m.gpuMemoryGb))},
        {QStringLiteral("BF16 dense compute"),
         QStringLiteral("%1 PFLOPS").arg(thousands(m.bf16Pflops, 1))},
        {QStringLiteral("Racks"), thousands(m.racks)},
        {QStringLiteral("IT power (nameplate max)"), kw(m.itMaxW)},
        {QStringLiteral("Facility power (with PUE)"), kw(m.facilityW)},
        {QStringLiteral("Highest rack load"),
         QStringLiteral("%1 kW").arg(thousands(m.maxRackKw, 1))},
        {QStringLiteral("Total cost"), usd(m.totalCostUsd)},
        {QStringLiteral("Cost per GPU"), usd(m.costPerGpu())},
        {QStringLiteral("Bisection bandwidth"),
         QStringLiteral("%1 Tb/s per direction").arg(thousands(m.bisectionTbps, 1))},
    };
    if (m.powerMissing)
        rows.emplace_back(QStringLiteral("Devices without a power figure"),
                          QString::number(m.powerMissing));
    if (m.unpricedLines)
        rows.emplace_back(QStringLiteral("BOM lines without a price"),
                          QString::number(m.unpricedLines));
    return rows;
}

void ReportContent::paintCover(QPainter& p, const QRectF& r) const {
    p.save();
    p.fillRect(QRectF(r.left(), r.top() + r.height() * 0.18, 8, r.height() * 0.34),
               RenderStyle::accent());
    const double x = r.left() + 32;
    p.setPen(RenderStyle::muted());
    p.setFont(RenderStyle::font(15));
    p.drawText(QRectF(x, r.top() + r.height() * 0.18, r.width(), 24),
               Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("GPU cluster design"));
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(40, true));
    p.drawText(QRectF(x, r.top() + r.height() * 0.18 + 30, r.width() - 64, 110),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_d.meta.title);
    p.setFont(RenderStyle::font(18));
    QStringList lines;
    const DesignMeta& meta = m_d.meta;
    if (!meta.customer.isEmpty())
        lines << QStringLiteral("Prepared for %1").arg(meta.customer);
    QStringList project;
    for (const QString& s : {meta.project, meta.site})
        if (!s.isEmpty())
            project << s;
    if (!project.isEmpty())
        lines << project.join(QStringLiteral(" · "));
    if (!meta.author.isEmpty())
        lines << QStringLiteral("by %1").arg(meta.author);
    // The design's own date when it has one (a revision is issued on a day), else today.
    const QDate issued = meta.date.isEmpty() ? m_date : QDate::fromString(meta.date, Qt::ISODate);
    QString dated = QLocale(QLocale::English).toString(issued, QStringLiteral("d MMMM yyyy"));
    if (!meta.revision.isEmpty())
        dated = QStringLiteral("Revision %1 · %2").arg(meta.revision, dated);
    lines << dated;
    p.drawText(QRectF(x, r.top() + r.height() * 0.40, r.width() - 64, 140),
               Qt::AlignLeft | Qt::AlignTop, lines.join(QLatin1Char('\n')));
    // Key figures along the bottom.
    const auto rows = summaryRows();
    const int keys[] = {0, 3, 5, 8};
    const double w = (r.width() - 64) / 4;
    for (int i = 0; i < 4; ++i) {
        const QRectF cell(x + i * w, r.bottom() - r.height() * 0.22, w - 16, r.height() * 0.16);
        p.fillRect(cell, RenderStyle::panel());
        p.setPen(RenderStyle::accent());
        p.setFont(RenderStyle::font(24, true));
        p.drawText(cell.adjusted(14, 8, -8, -cell.height() / 2), Qt::AlignLeft | Qt::AlignVCenter,
                   rows[std::size_t(keys[i])].second);
        p.setPen(RenderStyle::muted());
        p.setFont(RenderStyle::font(12));
        p.drawText(cell.adjusted(14, cell.height() / 2, -8, -8), Qt::AlignLeft | Qt::AlignVCenter,
                   rows[std::size_t(keys[i])].first);
    }
    p.restore();
}

void ReportContent::paintSummary(QPainter& p, const QRectF& r) const {
    p.save();
    const auto rows = summaryRows();
    const QRectF left(r.left(), r.top(), r.width() * 0.48, r.height());
    Table t{{0.6, 0.4}, {false, true}, std::min(24.0, left.height() / double(rows.size() + 1))};
    t.row(p, left, left.top(), {QStringLiteral("Figure"), QStringLiteral("Value")}, true, false);
    double y = left.top() + t.rowH;
    bool shade = false;
    for (const auto& [k, v] : rows) {
        t.row(p, left, y, {k, v}, false, shade);
        shade = !shade;
        y += t.rowH;
    }
    p.setPen(RenderStyle::muted());
    p.setFont(RenderStyle::font(9));
    p.drawText(
        QRectF(left.left(), y + 6, left.width(), 40),
        Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
        QStringLiteral(
            "Bisection bandwidth is per direction: half the smallest aggregate tier bandwidth "
            "of the compute fabric, computed from its links. Prices are estimates with dates "
            "and sources in the catalog."));
    const QRectF right(r.left() + r.width() * 0.54, r.top(), r.width() * 0.46, r.height());
    std::vector<render::ChartPainter::Value> cost;
    for (int c = 0; c < kCostCategoryCount; ++c)
        if (m_analysis.metrics.costByCategory[std::size_t(c)] > 0)
            cost.push_back({costCategoryLabel(CostCategory(c)),
                            m_analysis.metrics.costByCategory[std::size_t(c)]});
    render::ChartPainter::donut(p, right.adjusted(0, 0, 0, -right.height() * 0.45),
                                QStringLiteral("Cost by category"), cost,
                                usd(m_analysis.metrics.totalCostUsd), usd);
    const FindingCounts fc = countFindings(m_findings);
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(13, true));
    p.drawText(QRectF(right.left(), right.top() + right.height() * 0.62, right.width(), 24),
               Qt::AlignLeft, QStringLiteral("Open findings"));
    p.setFont(RenderStyle::font(12));
    p.setPen(fc.errors ? RenderStyle::error() : RenderStyle::ink());
    p.drawText(QRectF(right.left(), right.top() + right.height() * 0.62 + 26, right.width(), 60),
               Qt::AlignLeft,
               QStringLiteral("%1 error(s), %2 warning(s), %3 info")
                   .arg(fc.errors)
                   .arg(fc.warnings)
                   .arg(fc.infos));
    p.restore();
}

void ReportContent::paintCharts(QPainter& p, const QRectF& r) const {
    if (m_chartHook) {
        m_chartHook(p, r, m_d, m_analysis);
        return;
    }
    std::vector<render::ChartPainter::Value> racks;
    for (const RackMetrics& rm : m_analysis.metrics.perRack)
        racks.push_back({m_d.racks[rm.rack].name, rm.itMaxW / 1000.0});
    const auto kw = [](double v) { return QStringLiteral("%1 kW").arg(v, 0, 'f', 1); };
    render::ChartPainter::bars(p, QRectF(r.left(), r.top(), r.width() * 0.48, r.height()),
                               QStringLiteral("IT load per rack (highest 14)"), racks, kw);
    std::vector<render::ChartPainter::Value> power;
    double gpuW = 0, netW = 0, otherW = 0;
    m_d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& t = m_d.typeOf(v);
        const double w = t.powerMaxW.value_or(0);
        (t.gpuCount() ? gpuW : t.category == Category::Switch ? netW : otherW) += w;
    });
    power = {{QStringLiteral("GPU servers"), gpuW / 1000},
             {QStringLiteral("Network"), netW / 1000},
             {QStringLiteral("Optics"), m_analysis.metrics.opticsPowerW / 1000},
             {QStringLiteral("Other"), otherW / 1000}};
    render::ChartPainter::donut(
        p, QRectF(r.left() + r.width() * 0.54, r.top(), r.width() * 0.46, r.height() * 0.6),
        QStringLiteral("IT power by kind"), power,
        QStringLiteral("%1 kW").arg(m_analysis.metrics.itMaxW / 1000.0, 0, 'f', 0), kw);
}

void ReportContent::paintBom(QPainter& p, const QRectF& r, int first, int count) const {
    p.save();
    Table t{{0.15, 0.16, 0.37, 0.08, 0.12, 0.12}, {false, false, false, true, true, true}, 20};
    t.row(p, r, r.top(),
          {QStringLiteral("Category"), QStringLiteral("Vendor"), QStringLiteral("Model"),
           QStringLiteral("Qty"), QStringLiteral("Unit"), QStringLiteral("Extended")},
          true, false);
    double y = r.top() + t.rowH;
    const int end = std::min(int(m_analysis.bom.lines.size()), first + count);
    for (int i = first; i < end; ++i) {
        const BomLine& l = m_analysis.bom.lines[std::size_t(i)];
        const CatalogItem& it = m_d.catalog[l.type];
        t.row(p, r, y,
              {costCategoryLabel(l.category), it.vendor, it.model, thousands(double(l.quantity)),
               l.unitPriceUsd ? usd(*l.unitPriceUsd) : QStringLiteral("no price"),
               l.extendedUsd() ? usd(*l.extendedUsd()) : QString()},
              false, i % 2 == 1);
        y += t.rowH;
    }
    if (end == int(m_analysis.bom.lines.size())) {
        p.setPen(QPen(RenderStyle::ink(), 1));
        p.drawLine(QPointF(r.left(), y + 2), QPointF(r.right(), y + 2));
        t.row(p, r, y + 4,
              {QStringLiteral("Total"), QString(),
               m_analysis.bom.unpricedLines
                   ? QStringLiteral("%1 line(s) without a price").arg(m_analysis.bom.unpricedLines)
                   : QString(),
               QString(), QString(), usd(m_analysis.bom.totalUsd)},
              false, false);
    }
    p.restore();
}

void ReportContent::paintFindings(QPainter& p, const QRectF& r, int first, int count) const {
    p.save();
    if (m_findings.empty()) {
        p.setPen(RenderStyle::ink());
        p.setFont(RenderStyle::font(14));
        p.drawText(r, Qt::AlignLeft | Qt::AlignTop,
                   QStringLiteral("No open findings: every check passes."));
        p.restore();
        return;
    }
    Table t{{0.09, 0.18, 0.73}, {false, false, false}, 20};
    t.row(p, r, r.top(),
          {QStringLiteral("Severity"), QStringLiteral("Code"), QStringLiteral("Finding")}, true,
          false);
    double y = r.top() + t.rowH;
    const int end = std::min(int(m_findings.size()), first + count);
    for (int i = first; i < end; ++i) {
        const Finding& f = m_findings[std::size_t(i)];
        t.row(p, r, y, {severityKey(f.severity), f.code, f.message}, false, i % 2 == 1);
        const QColor c = f.severity == Severity::Error     ? RenderStyle::error()
                         : f.severity == Severity::Warning ? RenderStyle::warning()
                                                           : RenderStyle::muted();
        p.fillRect(QRectF(r.left(), y, 3, t.rowH), c);
        y += t.rowH;
    }
    p.restore();
}

std::vector<ReportPage> ReportContent::pages(int racksPerPage, int rowsPerPage) const {
    std::vector<ReportPage> out;
    out.push_back({ReportPage::Kind::Cover, QString(),
                   [this](QPainter& p, const QRectF& r) { paintCover(p, r); }});
    out.push_back({ReportPage::Kind::Summary, QStringLiteral("Summary"),
                   [this](QPainter& p, const QRectF& r) { paintSummary(p, r); }});
    out.push_back({ReportPage::Kind::Floorplan, QStringLiteral("Floorplan: %1").arg(m_d.hall.name),
                   [this](QPainter& p, const QRectF& r) {
                       render::FloorplanRenderer(m_d, m_analysis.metrics).paint(p, r);
                   }});
    const std::vector<RackId> racks = render::ElevationRenderer::racksByName(m_d);
    const std::size_t per = std::size_t(std::max(1, racksPerPage));
    for (std::size_t i = 0; i < racks.size(); i += per) {
        std::vector<RackId> slice(racks.begin() + std::ptrdiff_t(i),
                                  racks.begin() + std::ptrdiff_t(std::min(racks.size(), i + per)));
        const QString head = racks.size() > per ? QStringLiteral("Rack elevations (%1-%2 of %3)")
                                                      .arg(i + 1)
                                                      .arg(i + slice.size())
                                                      .arg(racks.size())
                                                : QStringLiteral("Rack elevations");
        out.push_back(
            {ReportPage::Kind::Racks, head, [this, slice, per](QPainter& p, const QRectF& r) {
                 // Fixed slot width, so a last, partial page keeps the same scale.
                 const double slot = r.width() / double(per);
                 render::ElevationRenderer(m_d, m_index)
                     .paintRow(p, slice,
                               QRectF(r.left(), r.top(), slot * double(slice.size()), r.height()),
                               slot * 0.1);
             }});
    }
    out.push_back({ReportPage::Kind::Fabric, QStringLiteral("Compute fabric"),
                   [this](QPainter& p, const QRectF& r) {
                       render::FabricDiagramRenderer(m_d, m_analysis.metrics).paint(p, r);
                   }});
    out.push_back({ReportPage::Kind::Charts, QStringLiteral("Power and load"),
                   [this](QPainter& p, const QRectF& r) { paintCharts(p, r); }});
    const int rows = std::max(1, rowsPerPage);
    const int bomLines = int(m_analysis.bom.lines.size());
    for (int i = 0; i == 0 || i < bomLines; i += rows)
        out.push_back({ReportPage::Kind::Bom, QStringLiteral("Bill of materials"),
                       [this, i, rows](QPainter& p, const QRectF& r) { paintBom(p, r, i, rows); }});
    const int nf = int(m_findings.size());
    for (int i = 0; i == 0 || i < nf; i += rows)
        out.push_back(
            {ReportPage::Kind::Findings, QStringLiteral("Open findings"),
             [this, i, rows](QPainter& p, const QRectF& r) { paintFindings(p, r, i, rows); }});
    return out;
}

} // namespace cds::report
