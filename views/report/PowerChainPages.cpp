#include "PowerChainPages.h"

#include "views/power/PowerDiagramPainter.h"
#include "views/render/RenderStyle.h"

#include <QPainter>

#include <algorithm>
#include <memory>

namespace cds::report {

using views::PowerDiagramLayout;
using M = views::PowerDiagramMetrics;

namespace {

/// Where the diagram is cut: below a row of boxes, never through one.
std::vector<double> cuts(const PowerDiagramLayout& l, double pageHeight) {
    std::vector<double> gaps; // y positions between rows
    for (const views::PowerNode& n : l.nodes)
        gaps.push_back(n.rect.bottom() + M::kRowGap / 2);
    for (const views::PowerBand& b : l.bands)
        gaps.push_back(b.rect.top());
    gaps.push_back(l.size.height());
    std::sort(gaps.begin(), gaps.end());
    // The boxes' vertical extents merged, so "is y inside a box" is one search, not a pass
    // over every box for every gap (quadratic in the chain, minutes at 500,000 GPUs).
    std::vector<std::pair<double, double>> boxes;
    for (const views::PowerNode& n : l.nodes)
        boxes.emplace_back(n.rect.top(), n.rect.bottom());
    std::sort(boxes.begin(), boxes.end());
    std::vector<std::pair<double, double>> merged;
    for (const auto& b : boxes) {
        if (!merged.empty() && b.first < merged.back().second)
            merged.back().second = std::max(merged.back().second, b.second);
        else
            merged.push_back(b);
    }
    auto inside = [&](double y) {
        auto it = std::upper_bound(merged.begin(), merged.end(), y,
                                   [](double v, const auto& b) { return v < b.first; });
        return it != merged.begin() && y > std::prev(it)->first && y < std::prev(it)->second;
    };
    std::vector<double> out{M::kMargin + M::kHeaderHeight};
    while (out.back() < l.size.height() - 1) {
        double best = 0;
        for (auto g = std::upper_bound(gaps.begin(), gaps.end(), out.back() + 1);
             g != gaps.end() && *g <= out.back() + pageHeight; ++g)
            if (!inside(*g))
                best = *g;
        out.push_back(best > 0 ? best : std::min(l.size.height(), out.back() + pageHeight));
    }
    return out;
}

} // namespace

std::vector<ReportPage> powerChainPages(const DesignData& d, const Analysis& a, QSizeF body,
                                        bool onePage) {
    auto layout = std::make_shared<PowerDiagramLayout>(views::layoutPowerDiagram(d));
    if (layout->isEmpty())
        return {};
    const double title = 44; // the scheme line and the key over the diagram
    auto scaleOf = [&](const PowerDiagramLayout& l) {
        const double across = std::min(1.0, body.width() / l.size.width());
        return onePage ? std::min(across, (body.height() - title) / l.size.height()) : across;
    };
    auto pageHeight = [&](const PowerDiagramLayout& l) {
        return (body.height() - title) / scaleOf(l) - M::kMargin - M::kHeaderHeight;
    };
    if (onePage || layout->size.height() > 2 * pageHeight(*layout))
        *layout = views::layoutPowerDiagram(d, 3);
    const std::vector<double> at =
        onePage ? std::vector<double>{M::kMargin + M::kHeaderHeight, layout->size.height()}
                : cuts(*layout, pageHeight(*layout));
    const double scale = scaleOf(*layout);
    const PowerAnalysis* power = &a.power;
    std::vector<ReportPage> out;
    const int pages = int(at.size()) - 1;
    for (int i = 0; i < pages; ++i) {
        const double from = at[std::size_t(i)], to = at[std::size_t(i) + 1];
        ReportPage pg;
        pg.kind = ReportPage::Kind::PowerChain;
        pg.heading = pages == 1 ? QStringLiteral("Power chain")
                                : QStringLiteral("Power chain (%1 of %2)").arg(i + 1).arg(pages);
        pg.draw = [&d, power, layout, scale, from, to, title](QPainter& p, const QRectF& r) {
            const views::PowerDiagramPainter painter(d, *power, *layout);
            p.save();
            p.setFont(render::RenderStyle::font(12));
            p.setPen(render::RenderStyle::ink());
            const PowerElement* worst = d.power.elements.find(power->worstElement);
            const PowerElement* failed = d.power.elements.find(power->worstFailure);
            const QString figures =
                QStringLiteral("Scheme %1 · utility %2 kVA · highest load in normal operation "
                               "%3 % · worst N-1 %4 %")
                    .arg(d.power.schemeLabel(), usdExact(power->utilityKva).mid(1),
                         QString::number(power->maxNormalPct, 'f', 0),
                         QString::number(power->worstN1Pct, 'f', 0)) +
                (worst && failed
                     ? QStringLiteral(" (%1 with %2 out)").arg(worst->name, failed->name)
                     : QString());
            p.drawText(QRectF(r.left(), r.top(), r.width(), 18), Qt::AlignLeft | Qt::AlignVCenter,
                       figures);
            p.setFont(render::RenderStyle::font(10.5));
            p.setPen(render::RenderStyle::muted());
            p.drawText(QRectF(r.left(), r.top() + 18, r.width(), 16),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       QStringLiteral("Each box: upper bar normal operation, lower bar the worst "
                                      "single failure (N-1), in % of the rating; green up to 90 "
                                      "%, amber to 100 %, red overloaded."));
            p.translate(r.left(), r.top() + title);
            p.scale(scale, scale);
            p.setRenderHint(QPainter::Antialiasing, true);
            // The column titles, then this page's slice of the bands under them.
            p.save();
            p.setClipRect(QRectF(0, 0, layout->size.width(), M::kMargin + M::kHeaderHeight));
            painter.paintFrame(p);
            p.restore();
            p.translate(0, M::kMargin + M::kHeaderHeight - from);
            p.setClipRect(QRectF(0, from, layout->size.width(), to - from));
            painter.paintRange(p, from, to);
            p.restore();
        };
        out.push_back(std::move(pg));
    }
    return out;
}

} // namespace cds::report
