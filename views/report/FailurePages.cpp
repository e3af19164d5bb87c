// The report's failure-domain page (issue #30): expected interruptions from the Llama 3 rates
// and the N-1 sweep summarised per kind, in the wording of the CLI's `impact --n-1`.
#include "FailurePages.h"

#include <QSet>

#include "ReportTable.h"

#include "model/resilience/Sweep.h"
#include "views/render/RenderStyle.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <map>

namespace cds::report {

using render::RenderStyle;

namespace {

/// Whether a single failure costs anything a reader would plan around.
bool harmful(const ImpactResult& r) {
    return r.gpusLost > 0 || r.gpusDegraded > 0 || r.racksDown > 0 || r.nvlinkDomainsBroken > 0 ||
           r.largestJobGpus < r.largestJobGpusBefore ||
           r.bisectionAfterTbps < r.bisectionBeforeTbps - 1e-9;
}

FailureSummary::Row rowOf(const FailureModel& model, const N1SweepEntry& e) {
    FailureSummary::Row row;
    row.kind = e.kind;
    row.name = model.nameOf(e.element);
    row.gpusLost = e.impact.gpusLost;
    row.gpusDegraded = e.impact.gpusDegraded;
    row.racksDown = e.impact.racksDown;
    row.largestJobGpus = e.impact.largestJobGpus;
    row.harmless = !harmful(e.impact);
    return row;
}

/// Per kind swept: its worst element, the first harmful one when the sweep's worst is not
/// (racks down weigh nothing in the sweep's order, an empty rack does in a reader's).
void summarizeSweep(const FailureModel& model, const N1SweepResult& s, FailureSummary& out) {
    out.swept = int(s.entries.size());
    for (qsizetype k = 0; k < s.kinds.size(); ++k) {
        const QString& kind = s.kinds[k];
        std::size_t pick = s.worstOfKind[std::size_t(k)];
        for (std::size_t i = pick; i < s.entries.size(); ++i)
            if (s.entries[i].kind == kind && harmful(s.entries[i].impact)) {
                pick = i;
                break;
            }
        FailureSummary::Row row = rowOf(model, s.entries[pick]);
        row.elements = s.elementsOfKind(kind);
        out.worstPerKind.push_back(std::move(row));
    }
    for (const N1SweepEntry& e : s.entries) {
        if (int(out.worst.size()) >= kReportWorstElements)
            break;
        if (harmful(e.impact))
            out.worst.push_back(rowOf(model, e));
    }
}

const ReportTable& kindTable() {
    static const ReportTable t{{0.16, 0.10, 0.26, 0.12, 0.12, 0.10, 0.14},
                               {false, true, false, true, true, true, true},
                               10};
    return t;
}

const ReportTable& worstTable() {
    static const ReportTable t{
        {0.30, 0.16, 0.12, 0.14, 0.12, 0.16}, {false, false, true, true, true, true}, 10};
    return t;
}

QStringList kindHeader() {
    return {QStringLiteral("Kind"),
            QStringLiteral("Elements"),
            QStringLiteral("Worst element"),
            QStringLiteral("GPUs lost"),
            QStringLiteral("GPUs degraded"),
            QStringLiteral("Racks down"),
            QStringLiteral("Largest job after")};
}

QStringList worstHeader() {
    return {QStringLiteral("Element"),    QStringLiteral("Kind"),
            QStringLiteral("GPUs lost"),  QStringLiteral("GPUs degraded"),
            QStringLiteral("Racks down"), QStringLiteral("Largest job after")};
}

QStringList kindCells(const FailureSummary::Row& r) {
    return {r.kind,
            thousands(r.elements),
            r.harmless ? QStringLiteral("none: each alone loses nothing") : r.name,
            thousands(r.gpusLost),
            thousands(r.gpusDegraded),
            thousands(r.racksDown),
            thousands(r.largestJobGpus)};
}

QStringList worstCells(const FailureSummary::Row& r) {
    return {r.name,
            r.kind,
            thousands(r.gpusLost),
            thousands(r.gpusDegraded),
            thousands(r.racksDown),
            thousands(r.largestJobGpus)};
}

/// A bold section title at @p y; returns the y under it.
double title(QPainter& p, const QRectF& r, double y, const QString& text) {
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(13, true));
    p.drawText(QRectF(r.left(), y, r.width(), 20), Qt::AlignLeft | Qt::AlignVCenter, text);
    return y + 24;
}

/// Wrapped text at @p y in @p px; returns the y under it.
double prose(QPainter& p, const QRectF& r, double y, const QString& text, double px,
             const QColor& colour) {
    p.setPen(colour);
    p.setFont(RenderStyle::font(px));
    const QRectF box(r.left(), y, r.width(), std::max(0.0, r.bottom() - y));
    const QRectF used =
        QFontMetricsF(p.font()).boundingRect(box, Qt::AlignLeft | Qt::TextWordWrap, text);
    p.drawText(box, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
    return y + used.height() + 6;
}

/// The figures in a row of tiles, value over label.
double tiles(QPainter& p, const QRectF& r, double y,
             const std::vector<std::pair<QString, QString>>& figures) {
    const double h = 58, gap = 12;
    const double w = (r.width() - gap * double(figures.size() - 1)) / double(figures.size());
    for (std::size_t i = 0; i < figures.size(); ++i) {
        const QRectF cell(r.left() + double(i) * (w + gap), y, w, h);
        p.fillRect(cell, RenderStyle::panel());
        p.setPen(RenderStyle::accent());
        p.setFont(RenderStyle::font(20, true));
        p.drawText(cell.adjusted(10, 4, -10, -h / 2), Qt::AlignLeft | Qt::AlignVCenter,
                   figures[i].second);
        p.setPen(RenderStyle::muted());
        p.setFont(RenderStyle::font(10.5));
        p.drawText(cell.adjusted(10, h / 2, -10, -4), Qt::AlignLeft | Qt::AlignVCenter,
                   figures[i].first);
    }
    return y + h + 8;
}

/// Rows of @p t under its header while they fit above @p r's bottom; then how many did not.
double table(QPainter& p, const QRectF& r, double y, const ReportTable& t, const QStringList& head,
             const std::vector<QStringList>& rows) {
    y += t.row(p, r, y, head, true, false);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const double h = t.rowHeight(rows[i], r.width());
        if (y + h + 16 > r.bottom() && i + 1 < rows.size()) {
            p.setPen(RenderStyle::muted());
            p.setFont(RenderStyle::font(10));
            p.drawText(QRectF(r.left(), y, r.width(), 16), Qt::AlignLeft | Qt::AlignVCenter,
                       QStringLiteral("… and %1 more").arg(rows.size() - i));
            return y + 16;
        }
        y += t.row(p, r, y, rows[i], false, i % 2 == 1);
    }
    return y;
}

void paintInterruptions(QPainter& p, const QRectF& r, double& y, const FailureSummary& s) {
    y = title(p, r, y, QStringLiteral("Expected interruptions"));
    if (s.gpus <= 0) {
        y = prose(p, r, y,
                  QStringLiteral("The design has no GPUs: the interruption rates scale with GPUs, "
                                 "servers and compute cables, so none are expected."),
                  12, RenderStyle::ink());
        return;
    }
    y = tiles(p, r, y, interruptionFigures(s.reliability));
    const Reliability& rel = s.reliability;
    y = prose(p, r, y,
              QStringLiteral("A synchronous job of %1 GPUs stops at any failure of its share of "
                             "the cluster. Its checkpoint of %2 GB is written to %3 in %4 s; a "
                             "restart takes %5 min. Checkpoint interval by Young (1974) and Daly "
                             "(2006); goodput is the share of wall-clock time doing new work.")
                  .arg(thousands(rel.jobGpus), thousands(rel.checkpointGb), rel.checkpointPath,
                       thousands(rel.checkpointWriteS, 1), thousands(rel.restartMin, 1)),
              10.5, RenderStyle::ink());
    y = prose(p, r, y,
              QStringLiteral("Source: the rates of Llama 3 table 5 (419 unexpected interruptions "
                             "in 54 days on 16,384 H100 GPUs; Dubey et al. 2024, \"The Llama 3 "
                             "Herd of Models\", arXiv:2407.21783), scaled by this design's GPUs, "
                             "servers and compute cables."),
              9.5, RenderStyle::muted());
}

void paintSweep(QPainter& p, const QRectF& r, double y, const FailureSummary& s) {
    y = title(p, r, y, QStringLiteral("N-1: every element failed alone"));
    y = prose(p, r, y, sweepNote(s), 10.5, RenderStyle::ink());
    if (s.worstPerKind.empty())
        return;
    // The kinds on the left, the worst elements overall on the right.
    const QRectF left(r.left(), y, r.width() * 0.60, r.bottom() - y);
    const QRectF right(r.left() + r.width() * 0.63, y, r.width() * 0.37, r.bottom() - y);
    std::vector<QStringList> rows;
    for (const FailureSummary::Row& row : s.worstPerKind)
        rows.push_back(kindCells(row));
    table(p, left, title(p, left, y, QStringLiteral("The worst of each kind")), kindTable(),
          kindHeader(), rows);
    const double ry = title(p, right, y, QStringLiteral("The worst overall"));
    if (s.worst.empty()) {
        prose(p, right, ry,
              QStringLiteral("No single element of the kinds swept loses or degrades a GPU, "
                             "takes a rack down or shrinks the largest job."),
              10.5, RenderStyle::ink());
        return;
    }
    rows.clear();
    for (const FailureSummary::Row& row : s.worst)
        rows.push_back(worstCells(row));
    table(p, right, ry, worstTable(), worstHeader(), rows);
}

} // namespace

QString sweepNote(const FailureSummary& s) {
    QStringList out;
    if (s.swept > 0)
        out << QStringLiteral("Each element failed alone: %1 elements of %2 kind(s), servers "
                              "aside (a server's loss is its own GPUs). Largest job with nothing "
                              "failed: %3 GPUs.")
                   .arg(thousands(s.swept))
                   .arg(s.worstPerKind.size())
                   .arg(thousands(s.largestJobGpusBefore));
    if (!s.computeFabric)
        out << QStringLiteral("The design has no compute fabric: no leaf, spine or core to fail, "
                              "and no GPU is degraded by the network.");
    for (const auto& [kind, n] : s.notSwept)
        out << QStringLiteral("%1 %2 not swept: above %3.")
                   .arg(thousands(n), kindPlural(kind), thousands(kReportSweepLimit));
    for (const auto& [kind, n] : s.overBudget)
        out << QStringLiteral("%1 %2 not swept: a design this large would keep the report "
                              "waiting (cluster-studio-cli impact FILE --n-1 --kind %3 sweeps "
                              "them).")
                   .arg(thousands(n), kindPlural(kind), kind);
    if (!s.problem.isEmpty())
        out << QStringLiteral("The sweep was refused: %1.").arg(s.problem);
    else if (s.swept == 0)
        out << (s.notSwept.empty() && s.overBudget.empty()
                    ? QStringLiteral("The design has nothing to fail: no racks, feeds, switches, "
                                     "cooling or power chain elements.")
                    : QStringLiteral("Nothing was swept: every kind the design has is above %1 "
                                     "elements, or too many for a design this large.")
                          .arg(thousands(kReportSweepLimit)));
    return out.join(QLatin1Char(' '));
}

QString kindPlural(const QString& kind) {
    static const std::map<QString, QString> plural = {
        {QStringLiteral("feed"), QStringLiteral("rack feeds")},
        {QStringLiteral("pdu"), QStringLiteral("PDUs")},
        {QStringLiteral("ups"), QStringLiteral("UPSs")},
        {QStringLiteral("transformer"), QStringLiteral("transformers")},
        {QStringLiteral("busway"), QStringLiteral("busways")},
        {QStringLiteral("cdu"), QStringLiteral("CDUs")},
        {QStringLiteral("leaf"), QStringLiteral("leaves")},
        {QStringLiteral("spine"), QStringLiteral("spines")},
        {QStringLiteral("core"), QStringLiteral("core switches")},
        {QStringLiteral("tray"), QStringLiteral("cable trays")},
        {QStringLiteral("rack"), QStringLiteral("racks")},
        {QStringLiteral("utility"), QStringLiteral("utility feeds")},
        {QStringLiteral("switchgear"), QStringLiteral("switchboards")},
        {QStringLiteral("generator"), QStringLiteral("generators")},
        {QStringLiteral("battery"), QStringLiteral("batteries")},
        {QStringLiteral("rpp"), QStringLiteral("RPPs")},
        {QStringLiteral("power-rack"), QStringLiteral("power racks")},
        {QStringLiteral("cooling"), QStringLiteral("rack cooling products")},
        {QStringLiteral("nvlink-switch"), QStringLiteral("NVLink switch trays")},
        {QStringLiteral("server"), QStringLiteral("servers")}};
    const auto it = plural.find(kind);
    return it == plural.end() ? kind : it->second;
}

std::vector<std::pair<QString, QString>> interruptionFigures(const Reliability& r) {
    return {{QStringLiteral("Interruptions per day"), thousands(r.interruptionsPerDay, 2)},
            {QStringLiteral("Cluster MTBF"),
             QStringLiteral("%1 h").arg(thousands(r.clusterMtbfHours, 1))},
            {QStringLiteral("Job MTBF (%1 GPUs)").arg(thousands(r.jobGpus)),
             QStringLiteral("%1 h").arg(thousands(r.jobMtbfHours, 1))},
            {QStringLiteral("Checkpoint interval"),
             QStringLiteral("%1 min").arg(thousands(r.checkpointIntervalMin, 1))},
            {QStringLiteral("Goodput"), QStringLiteral("%1 %").arg(thousands(r.goodputPct, 1))}};
}

FailureSummary summarizeFailures(const DesignData& d, const DesignIndex& index, const Metrics& m,
                                 const CableRouteMap* routes) {
    FailureSummary out;
    out.reliability = reliabilityOf(d, m);
    out.gpus = m.gpus;
    const FailureModel model(d, true, &index, routes);
    out.computeFabric = !model.links().empty() || model.switchCount(Tier::Leaf) > 0;
    const QStringList all = FailureModel::sweepKinds();
    // Each failure is worked out over the whole design: the sweep's work is bounded, not only
    // the elements of a kind. The smallest kinds are taken first, so a large design keeps as
    // many kinds as fit; the page lists them in the usual order.
    std::vector<std::pair<std::size_t, QString>> bySize;
    for (const QString& kind : all)
        if (kind != QLatin1String("server"))
            bySize.emplace_back(model.elementsOfKind(kind).size(), kind);
    std::stable_sort(bySize.begin(), bySize.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    const double size = double(d.links.size() + d.devices.size() + d.racks.size());
    double work = 0;
    QSet<QString> chosen;
    for (const auto& [n, kind] : bySize) {
        if (n > std::size_t(kReportSweepLimit)) {
            out.notSwept.emplace_back(kind, int(n));
        } else if (n > 0 && work + double(n) * size > kReportSweepWork) {
            out.overBudget.emplace_back(kind, int(n));
        } else if (n > 0) {
            chosen.insert(kind);
            work += double(n) * size;
        }
    }
    QStringList kinds;
    for (const QString& kind : all)
        if (chosen.contains(kind))
            kinds << kind;
    ImpactCalculator calc(model);
    out.largestJobGpusBefore = calc.healthy().largestJobGpus;
    if (kinds.isEmpty()) // an empty list would sweep every kind
        return out;
    QString why;
    const std::optional<N1SweepResult> s = sweepN1(calc, kinds, &why);
    if (!s) {
        out.problem = why;
        return out;
    }
    summarizeSweep(model, *s, out);
    return out;
}

ReportPage failureDomainsPage(std::shared_ptr<const FailureSummary> s) {
    return {ReportPage::Kind::FailureDomains,
            QStringLiteral("Failure domains"),
            [s](QPainter& p, const QRectF& r) {
                p.save();
                double y = r.top();
                paintInterruptions(p, r, y, *s);
                paintSweep(p, r, y + 6, *s);
                p.restore();
            },
            {}};
}

} // namespace cds::report
