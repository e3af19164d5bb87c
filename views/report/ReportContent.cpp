#include "ReportContent.h"

#include "BuildPlanPages.h"
#include "FailurePages.h"
#include "FloorplanSheets.h"
#include "PowerChainPages.h"
#include "ReportTable.h"
#include "SitePages.h"

#include "model/export/Reports.h"
#include "model/rules/Rule.h"
#include "views/render/ChartPainter.h"
#include "views/render/ElevationRenderer.h"
#include "views/render/FabricDiagramRenderer.h"
#include "views/render/FloorplanRenderer.h"
#include "views/render/NaturalOrder.h"
#include "views/render/RenderStyle.h"

#include <QDate>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <map>

namespace cds::report {

using render::RenderStyle;

namespace {

/// A power in the unit a reader takes in: kW up to 10,000 kW, MW above ("23.9 MW", not
/// "23922 kW").
QString powerText(double kw) {
    if (std::abs(kw) >= 10000)
        return QStringLiteral("%1 MW").arg(thousands(kw / 1000, 1));
    return QStringLiteral("%1 kW").arg(thousands(kw, 1));
}

/// The largest bold font up to @p px at which @p text fits @p width.
QFont fitted(const QString& text, double px, double width, bool bold) {
    QFont f = RenderStyle::font(px, bold);
    for (int i = 0; i < 12 && QFontMetricsF(f).horizontalAdvance(text) > width; ++i)
        f = RenderStyle::font(px *= 0.92, bold);
    return f;
}

} // namespace

QString usdExact(double v, bool cents) {
    return QStringLiteral("$") + thousands(v, cents ? 2 : 0);
}

ReportContent::ReportContent(DesignData d, QDate date)
    : ReportContent(std::make_unique<const DesignData>(std::move(d)), nullptr, date) {}

ReportContent::ReportContent(const DesignData& d, Borrow, QDate date)
    : ReportContent(nullptr, &d, date) {}

ReportContent::ReportContent(std::unique_ptr<const DesignData> own, const DesignData* borrowed,
                             QDate date)
    : m_own(std::move(own))
    , m_d(m_own ? *m_own : *borrowed)
    , m_index(m_d)
    , m_analysis(analyze(m_d, m_index))
    , m_rackGroups(groupIdenticalRacks(m_d, m_index))
    , m_date(date) {
    for (const Finding& f : m_analysis.findings)
        if (!f.waived)
            m_findings.push_back(f);
    std::stable_sort(m_findings.begin(), m_findings.end(),
                     [](const Finding& a, const Finding& b) { return a.severity < b.severity; });
    // Findings by (severity, code): one table row each, however many racks repeat it.
    std::map<std::pair<int, QString>, std::size_t> at;
    std::vector<std::vector<QString>> names;
    for (const Finding& f : m_findings) {
        auto [it, added] = at.try_emplace({int(f.severity), f.code}, m_groups.size());
        if (added) {
            m_groups.push_back({f.code, f.severity, 0, f.message, f.rule, f.threshold, {}});
            names.emplace_back();
        }
        FindingGroup& g = m_groups[it->second];
        ++g.count;
        for (const ObjectRef& o : f.objects) {
            if (o.kind == ObjectRef::Kind::Rack) {
                if (const Rack* r = m_d.racks.find(RackId(o.id)))
                    names[it->second].push_back(r->name);
            } else if (o.kind == ObjectRef::Kind::Device) {
                if (const Device* v = m_d.devices.find(DeviceId(o.id)))
                    names[it->second].push_back(v->name);
            }
        }
    }
    for (std::size_t i = 0; i < m_groups.size(); ++i) {
        QStringList n(names[i].begin(), names[i].end());
        std::sort(n.begin(), n.end(), render::naturalLess);
        n.removeDuplicates();
        m_groups[i].objects = n;
    }
    std::stable_sort(
        m_groups.begin(), m_groups.end(), [](const FindingGroup& a, const FindingGroup& b) {
            return std::tie(a.severity, b.count, a.code) < std::tie(b.severity, a.count, b.code);
        });
}

std::vector<std::pair<QString, QString>> ReportContent::summaryRows() const {
    const Metrics& m = m_analysis.metrics;
    auto kw = [](double w) { return powerText(w / 1000.0); };
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
        {QStringLiteral("Total cost"), usdExact(m.totalCostUsd)},
        {QStringLiteral("Cost per GPU"), usdExact(m.costPerGpu())},
        {QStringLiteral("Bisection bandwidth"),
         QStringLiteral("%1 Tb/s per direction").arg(thousands(m.bisectionTbps, 1))},
        // After the rows the cover's tiles and the summary text pick by position.
        {QStringLiteral("Heat to the room's air"),
         QStringLiteral("%1 (%2 CFM, inlet class %3)")
             .arg(kw(m.airHeatKw * 1000), thousands(m.airflowCfm),
                  inletClassKey(m_d.settings.inletClass))},
    };
    if (m.powerMissing)
        rows.emplace_back(QStringLiteral("Devices without a power figure"),
                          QString::number(m.powerMissing));
    if (m.unpricedLines)
        rows.emplace_back(QStringLiteral("BOM lines without a price"),
                          QString::number(m.unpricedLines));
    return rows;
}

QString ReportContent::executiveSummary() const {
    const Metrics& m = m_analysis.metrics;
    QStringList servers;
    long long switches = 0;
    for (const BomLine& l : m_analysis.bom.lines)
        if (l.category == CostCategory::NetworkSwitches)
            switches += l.quantity;
    for (const BomLine& l : m_analysis.bom.lines)
        if (l.category == CostCategory::GpuServers)
            servers << QStringLiteral("%1 × %2 %3")
                           .arg(thousands(double(l.quantity)), m_d.catalog[l.type].vendor,
                                m_d.catalog[l.type].model);
    QStringList out;
    out << QStringLiteral("%1 GPUs (%2 of BF16 dense compute, %3 of GPU memory) in %4 "
                          "servers%5, housed in %6 racks.")
               .arg(thousands(m.gpus), summaryRows()[3].second, summaryRows()[2].second,
                    thousands(m.servers),
                    servers.isEmpty() ? QString()
                                      : QStringLiteral(": ") + servers.join(QStringLiteral(", ")),
                    thousands(m.racks));
    out << QStringLiteral("The compute fabric gives %1 Tb/s of bisection bandwidth per direction "
                          "and %2 Gb/s of injection bandwidth per GPU; %3 switches and %4 cables "
                          "in all.")
               .arg(thousands(m.bisectionTbps, 1), thousands(m.injectionGbpsPerGpu),
                    thousands(double(switches)), thousands(double(m_analysis.bom.cables)));
    out << QStringLiteral("It draws %1 of IT power at nameplate (%2 at the facility, with "
                          "PUE); the heaviest rack carries %3.")
               .arg(powerText(m.itMaxW / 1000), powerText(m.facilityW / 1000),
                    powerText(m.maxRackKw));
    out << QStringLiteral("The bill of materials has %1 lines and totals %2 (%3 per GPU).")
               .arg(m_analysis.bom.lines.size())
               .arg(usdExact(m.totalCostUsd), usdExact(m.costPerGpu()));
    const FindingCounts fc = countFindings(m_findings);
    out << (m_findings.empty()
                ? QStringLiteral("Every design check passes.")
                : QStringLiteral("Open findings: %1 error(s), %2 warning(s), %3 info, of %4 "
                                 "kind(s) (listed at the end).")
                      .arg(fc.errors)
                      .arg(fc.warnings)
                      .arg(fc.infos)
                      .arg(m_groups.size()));
    return out.join(QLatin1Char(' '));
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
    // Key figures along the bottom; each value shrinks until it fits its tile.
    const auto rows = summaryRows();
    const int keys[] = {0, 3, 5, 8};
    const double w = (r.width() - 64) / 4;
    for (int i = 0; i < 4; ++i) {
        const QRectF cell(x + i * w, r.bottom() - r.height() * 0.22, w - 16, r.height() * 0.16);
        p.fillRect(cell, RenderStyle::panel());
        const QRectF value = cell.adjusted(14, 8, -14, -cell.height() / 2);
        const QString& v = rows[std::size_t(keys[i])].second;
        p.setPen(RenderStyle::accent());
        p.setFont(fitted(v, 24, value.width(), true));
        p.drawText(value, Qt::AlignLeft | Qt::AlignVCenter, v);
        p.setPen(RenderStyle::muted());
        const QString& label = rows[std::size_t(keys[i])].first;
        p.setFont(fitted(label, 12, value.width(), false));
        p.drawText(cell.adjusted(14, cell.height() / 2, -14, -8), Qt::AlignLeft | Qt::AlignVCenter,
                   label);
    }
    p.restore();
}

void ReportContent::paintSummary(QPainter& p, const QRectF& r) const {
    p.save();
    const auto rows = summaryRows();
    const QRectF left(r.left(), r.top(), r.width() * 0.46, r.height());
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(13));
    const QRectF prose = QFontMetricsF(p.font()).boundingRect(
        QRectF(left.left(), left.top(), left.width(), r.height()), Qt::TextWordWrap,
        executiveSummary());
    p.drawText(QRectF(left.left(), left.top(), left.width(), prose.height()),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, executiveSummary());
    const double top = left.top() + prose.height() + 16;
    const double rowH = std::min(22.0, (left.bottom() - top - 44) / double(rows.size() + 1));
    double y = top;
    bool shade = false;
    p.setFont(RenderStyle::font(std::min(12.0, rowH * 0.55)));
    for (const auto& [k, v] : rows) {
        if (shade)
            p.fillRect(QRectF(left.left(), y, left.width(), rowH), RenderStyle::panel());
        p.setPen(RenderStyle::ink());
        p.drawText(QRectF(left.left() + 6, y, left.width() * 0.55, rowH),
                   Qt::AlignLeft | Qt::AlignVCenter, k);
        p.drawText(QRectF(left.left() + left.width() * 0.5, y, left.width() * 0.5 - 6, rowH),
                   Qt::AlignRight | Qt::AlignVCenter, v);
        shade = !shade;
        y += rowH;
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
    const QRectF right(r.left() + r.width() * 0.52, r.top(), r.width() * 0.48, r.height());
    std::vector<render::ChartPainter::Value> cost;
    for (int c = 0; c < kCostCategoryCount; ++c)
        if (m_analysis.metrics.costByCategory[std::size_t(c)] > 0)
            cost.push_back({costCategoryLabel(CostCategory(c)),
                            m_analysis.metrics.costByCategory[std::size_t(c)]});
    const auto money = [](double v) { return usdExact(v); };
    render::ChartPainter::donut(p, right.adjusted(0, 0, 0, -right.height() * 0.4),
                                QStringLiteral("Cost by category"), cost,
                                usdExact(m_analysis.metrics.totalCostUsd), money);
    // The findings at a glance: the kinds, most frequent first.
    const QRectF fr(right.left(), right.top() + right.height() * 0.64, right.width(),
                    right.height() * 0.36);
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(13, true));
    p.drawText(QRectF(fr.left(), fr.top(), fr.width(), 22), Qt::AlignLeft,
               QStringLiteral("Open findings"));
    p.setFont(RenderStyle::font(11));
    double fy = fr.top() + 26;
    if (m_groups.empty()) {
        p.drawText(QRectF(fr.left(), fy, fr.width(), 20), Qt::AlignLeft,
                   QStringLiteral("None: every check passes."));
    }
    for (std::size_t i = 0; i < m_groups.size() && fy + 18 < fr.bottom(); ++i) {
        const FindingGroup& g = m_groups[i];
        if (fy + 36 > fr.bottom() && i + 1 < m_groups.size()) {
            p.setPen(RenderStyle::muted());
            p.drawText(QRectF(fr.left(), fy, fr.width(), 18), Qt::AlignLeft,
                       QStringLiteral("… and %1 more kind(s)").arg(m_groups.size() - i));
            break;
        }
        p.setPen(g.severity == Severity::Error     ? RenderStyle::error()
                 : g.severity == Severity::Warning ? RenderStyle::warning()
                                                   : RenderStyle::muted());
        p.drawText(QRectF(fr.left(), fy, fr.width(), 18), Qt::AlignLeft,
                   QStringLiteral("%1 × %2 (%3)")
                       .arg(thousands(g.count), g.code, severityKey(g.severity)));
        fy += 18;
    }
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
        QStringLiteral("IT power by kind"), power, powerText(m_analysis.metrics.itMaxW / 1000.0),
        kw);
}

void ReportContent::paintRackGroups(QPainter& p, const QRectF& r, std::size_t first,
                                    std::size_t count, int perPage) const {
    const double slot = r.width() / double(std::max(1, perPage));
    const double gap = slot * 0.08;
    const double captionH = std::min(150.0, r.height() * 0.24);
    const render::ElevationRenderer er(m_d, m_index);
    for (std::size_t k = 0; k < count && first + k < m_rackGroups.size(); ++k) {
        const RackGroup& g = m_rackGroups[first + k];
        const QRectF cell(r.left() + double(k) * slot + gap / 2, r.top(), slot - gap, r.height());
        er.paint(p, g.racks.front(), cell.adjusted(0, 0, 0, -captionH));
        const QRectF cap(cell.left(), cell.bottom() - captionH + 6, cell.width(), captionH - 6);
        p.save();
        p.setPen(RenderStyle::accent());
        p.setFont(RenderStyle::font(13, true));
        const QString times =
            g.racks.size() == 1
                ? QStringLiteral("1 rack")
                : QStringLiteral("× %1 racks like this").arg(thousands(double(g.racks.size())));
        p.drawText(QRectF(cap.left(), cap.top(), cap.width(), 20), Qt::AlignHCenter | Qt::AlignTop,
                   times);
        QStringList names;
        for (RackId id : g.racks)
            names << m_d.racks[id].name;
        p.setPen(RenderStyle::ink());
        p.setFont(RenderStyle::font(9.5));
        p.drawText(cap.adjusted(0, 22, 0, 0), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                   render::abbreviateNames(names, 170));
        p.restore();
    }
}

const FailureSummary& ReportContent::failureSummary() const {
    // The floorplan's cable routes when its pages have been laid out: a second map of every
    // cable would weigh ~17 MiB at 100,000 GPUs, in the export's peak.
    if (!m_failures)
        m_failures = std::make_shared<FailureSummary>(summarizeFailures(
            m_d, m_index, m_analysis.metrics, m_floorplan ? &m_floorplan->routes() : nullptr));
    return *m_failures;
}

const render::FloorplanRenderer& ReportContent::floorplanRenderer() const {
    if (!m_floorplan)
        m_floorplan = std::make_shared<render::FloorplanRenderer>(m_d, metrics());
    return *m_floorplan;
}

std::vector<ReportPage> ReportContent::floorplanPages(const PageOptions& o) const {
    std::vector<ReportPage> out;
    const auto sheets = o.floorplanSheets ? floorplanSheets(m_d, floorplanRenderer(), o.body)
                                          : std::vector<FloorplanSheet>{};
    out.push_back({ReportPage::Kind::Floorplan,
                   sheets.empty() ? QStringLiteral("Floorplan: %1").arg(m_d.hall.name)
                                  : QStringLiteral("Floorplan: %1 (overview of %2 sheets)")
                                        .arg(m_d.hall.name)
                                        .arg(sheets.size()),
                   [this, sheets](QPainter& p, const QRectF& r) {
                       const render::FloorplanRenderer& fr = floorplanRenderer();
                       fr.paint(p, r);
                       // Where each sheet is, so a reader finds the one to turn to.
                       const HallMapping m = overviewMapping(fr, r);
                       p.save();
                       p.setFont(RenderStyle::font(12, true));
                       for (std::size_t i = 0; i < sheets.size(); ++i) {
                           const QRectF box = m.map(sheets[i].windowMm);
                           p.setPen(QPen(RenderStyle::accent(), 1.5, Qt::DashLine));
                           p.setBrush(Qt::NoBrush);
                           p.drawRect(box);
                           const QString n = QString::number(i + 1);
                           const QRectF tag(box.left() + 2, box.top() + 2,
                                            QFontMetricsF(p.font()).horizontalAdvance(n) + 8, 16);
                           p.fillRect(tag, RenderStyle::accent());
                           p.setPen(RenderStyle::paper());
                           p.drawText(tag, Qt::AlignCenter, n);
                       }
                       p.restore();
                   },
                   {}});
    for (std::size_t i = 0; i < sheets.size(); ++i)
        out.push_back({ReportPage::Kind::FloorplanSheet,
                       QStringLiteral("Floorplan sheet %1 of %2").arg(i + 1).arg(sheets.size()),
                       [this, sheet = sheets[i]](QPainter& p, const QRectF& r) {
                           p.save();
                           p.setPen(RenderStyle::muted());
                           p.setFont(RenderStyle::font(11));
                           p.drawText(QRectF(r.left(), r.top(), r.width(), 18),
                                      Qt::AlignLeft | Qt::AlignVCenter, sheet.caption);
                           p.drawText(QRectF(r.left(), r.top(), r.width(), 18),
                                      Qt::AlignRight | Qt::AlignVCenter,
                                      QStringLiteral("1:50 on A4"));
                           p.restore();
                           paintFloorplanWindow(p, floorplanRenderer(), sheet.windowMm,
                                                r.adjusted(0, 22, 0, 0));
                       },
                       {}});
    return out;
}

std::vector<ReportPage> ReportContent::pages(const PageOptions& o) const {
    std::vector<ReportPage> out;
    out.push_back({ReportPage::Kind::Cover,
                   QString(),
                   [this](QPainter& p, const QRectF& r) { paintCover(p, r); },
                   {}});
    out.push_back({ReportPage::Kind::Summary,
                   QStringLiteral("Executive summary"),
                   [this](QPainter& p, const QRectF& r) { paintSummary(p, r); },
                   {}});
    std::vector<ReportPage> floorplan = floorplanPages(o);
    std::move(floorplan.begin(), floorplan.end(), std::back_inserter(out));
    std::vector<ReportPage> site = sitePages(*this, o.body);
    std::move(site.begin(), site.end(), std::back_inserter(out));
    const std::size_t per = std::size_t(std::max(1, o.groupsPerPage));
    const std::size_t ng = m_rackGroups.size();
    for (std::size_t i = 0; i < ng; i += per) {
        const std::size_t n = std::min(per, ng - i);
        const QString head =
            ng > per ? QStringLiteral("Rack elevations: configurations %1-%2 of %3 (%4 racks)")
                           .arg(i + 1)
                           .arg(i + n)
                           .arg(ng)
                           .arg(thousands(double(m_d.racks.size())))
                     : QStringLiteral("Rack elevations: %1 configuration(s) of %2 racks")
                           .arg(ng)
                           .arg(thousands(double(m_d.racks.size())));
        ReportPage pg{ReportPage::Kind::Racks,
                      head,
                      [this, i, n, per](QPainter& p, const QRectF& r) {
                          paintRackGroups(p, r, i, n, int(per));
                      },
                      {}};
        for (std::size_t k = 0; k < n; ++k)
            pg.groups.push_back(i + k);
        out.push_back(std::move(pg));
    }
    out.push_back({ReportPage::Kind::Fabric,
                   QStringLiteral("Compute fabric"),
                   [this](QPainter& p, const QRectF& r) {
                       render::FabricDiagramRenderer(m_d, m_analysis.metrics).paint(p, r);
                   },
                   {}});
    std::vector<ReportPage> power = powerChainPages(m_d, m_analysis, o.body, !o.floorplanSheets);
    std::move(power.begin(), power.end(), std::back_inserter(out));
    if (o.tables) {
        failureSummary(); // sweeps once, on the first report built from this content
        out.push_back(failureDomainsPage(m_failures));
    }
    std::vector<ReportPage> plan = buildPlanPages(m_d, o.body);
    std::move(plan.begin(), plan.end(), std::back_inserter(out));
    out.push_back({ReportPage::Kind::Charts,
                   QStringLiteral("Power and load"),
                   [this](QPainter& p, const QRectF& r) { paintCharts(p, r); },
                   {}});
    if (o.tables) {
        std::vector<ReportPage> t = tablePages(o);
        std::move(t.begin(), t.end(), std::back_inserter(out));
    }
    return out;
}

} // namespace cds::report
