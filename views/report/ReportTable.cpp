#include "ReportTable.h"

#include "model/Wording.h"

#include "views/render/RenderStyle.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace cds::report {

using render::RenderStyle;

QString thousands(double v, int decimals) {
    return figures(v, decimals);
}

namespace {
constexpr int kWrap = Qt::TextWordWrap; // at words only: "Vertiv Geist" is never cut in two
}

double ReportTable::rowHeight(const QStringList& cells, double width, bool head) const {
    const QFontMetricsF fm(RenderStyle::font(fontPx, head));
    double h = fm.height();
    for (std::size_t c = 0; c < widths.size() && c < std::size_t(cells.size()); ++c) {
        const double w = width * widths[c] - 2 * padPx - 4;
        // Wrap at words; a word longer than the cell (a part number) wraps anywhere.
        const QRectF b =
            fm.boundingRect(QRectF(0, 0, std::max(8.0, w), 1e6), kWrap, cells[qsizetype(c)]);
        h = std::max(h, b.height());
    }
    return h + 2 * padPx;
}

double ReportTable::row(QPainter& p, const QRectF& r, double y, const QStringList& cells, bool head,
                        bool shade, const QColor& marker) const {
    const double h = rowHeight(cells, r.width(), head);
    if (head)
        p.fillRect(QRectF(r.left(), y, r.width(), h), RenderStyle::accent());
    else if (shade)
        p.fillRect(QRectF(r.left(), y, r.width(), h), RenderStyle::panel());
    if (marker.isValid())
        p.fillRect(QRectF(r.left(), y, 3, h), marker);
    p.setPen(head ? RenderStyle::paper() : RenderStyle::ink());
    p.setFont(RenderStyle::font(fontPx, head));
    double x = r.left();
    for (std::size_t c = 0; c < widths.size() && c < std::size_t(cells.size()); ++c) {
        const double w = r.width() * widths[c];
        const QRectF cell(x + padPx + 2, y + padPx, w - 2 * padPx - 4, h - 2 * padPx);
        p.drawText(cell, (right[c] ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop | kWrap,
                   cells[qsizetype(c)]);
        x += w;
    }
    return h;
}

std::vector<std::pair<int, int>> ReportTable::paginate(const std::vector<double>& heights,
                                                       double available, double headH,
                                                       bool keepLastWithPrevious) {
    std::vector<std::pair<int, int>> pages;
    int first = 0;
    double used = headH;
    for (int i = 0; i < int(heights.size()); ++i) {
        if (i > first && used + heights[std::size_t(i)] > available) {
            pages.emplace_back(first, i - first);
            first = i;
            used = headH;
        }
        used += heights[std::size_t(i)];
    }
    pages.emplace_back(first, int(heights.size()) - first);
    if (keepLastWithPrevious && pages.size() > 1 && pages.back().second == 1 &&
        pages[pages.size() - 2].second > 1) {
        --pages[pages.size() - 2].second;
        --pages.back().first;
        ++pages.back().second;
    }
    return pages;
}

} // namespace cds::report
