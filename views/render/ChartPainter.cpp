#include "ChartPainter.h"

#include "RenderStyle.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace cds::render {

namespace {
QColor series(int i) {
    static const QColor c[] = {QColor(0x1f, 0x5f, 0xa8), QColor(0x2e, 0x9e, 0x7a),
                               QColor(0xd9, 0x8c, 0x2b), QColor(0x8a, 0x63, 0xc2),
                               QColor(0x3b, 0xa7, 0xc4), QColor(0xb4, 0x23, 0x18),
                               QColor(0x7d, 0x8b, 0x99)};
    return c[i % 7];
}

/// Sets up @p p for a chart in @p r and draws its title; returns the text size in pixels.
double beginChart(QPainter& p, const QRectF& r, const QString& title) {
    p.setRenderHint(QPainter::Antialiasing, true);
    const double px = std::clamp(r.height() / 22, 7.0, 12.0);
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(px * 1.15, true));
    p.drawText(QRectF(r.left(), r.top(), r.width(), px * 2), Qt::AlignLeft | Qt::AlignVCenter,
               title);
    return px;
}
} // namespace

void ChartPainter::bars(QPainter& p, const QRectF& r, const QString& title,
                        std::vector<Value> values, const Format& fmt) {
    p.save();
    const double px = beginChart(p, r, title);
    std::stable_sort(values.begin(), values.end(),
                     [](const Value& a, const Value& b) { return a.value > b.value; });
    const std::size_t n = std::min<std::size_t>(values.size(), 14);
    if (n == 0) {
        p.restore();
        return;
    }
    const double maxV = std::max(values.front().value, 1e-9);
    const QRectF plot = r.adjusted(0, px * 2.4, 0, 0);
    const double rowH = std::min(plot.height() / double(n), px * 2.4);
    const double labelW = plot.width() * 0.3, valueW = plot.width() * 0.2;
    p.setFont(RenderStyle::font(px));
    for (std::size_t i = 0; i < n; ++i) {
        const double y = plot.top() + rowH * double(i);
        const QFontMetricsF fm(p.font());
        p.setPen(RenderStyle::ink());
        p.drawText(QRectF(plot.left(), y, labelW - 6, rowH), Qt::AlignRight | Qt::AlignVCenter,
                   fm.elidedText(values[i].label, Qt::ElideRight, labelW - 6));
        const double w = (plot.width() - labelW - valueW) * std::max(0.0, values[i].value) / maxV;
        p.fillRect(QRectF(plot.left() + labelW, y + rowH * 0.18, w, rowH * 0.64), series(0));
        p.setPen(RenderStyle::muted().darker(120));
        p.drawText(QRectF(plot.left() + labelW + w + 6, y, valueW + 40, rowH),
                   Qt::AlignLeft | Qt::AlignVCenter, fmt(values[i].value));
    }
    p.restore();
}

void ChartPainter::donut(QPainter& p, const QRectF& r, const QString& title,
                         const std::vector<Value>& values, const QString& centre,
                         const Format& fmt) {
    p.save();
    const double px = beginChart(p, r, title);
    const QRectF body = r.adjusted(0, px * 2.4, 0, 0);
    const double d = std::min(body.height(), body.width() * 0.45);
    const QRectF ring(body.left(), body.top() + (body.height() - d) / 2, d, d);
    double total = 0;
    for (const Value& v : values)
        total += std::max(0.0, v.value);
    double start = 90.0;
    int i = 0;
    for (const Value& v : values) {
        if (v.value <= 0 || total <= 0) {
            ++i;
            continue;
        }
        const double span = -360.0 * v.value / total;
        QPainterPath path;
        path.arcMoveTo(ring, start);
        path.arcTo(ring, start, span);
        const QRectF inner = ring.adjusted(d * 0.2, d * 0.2, -d * 0.2, -d * 0.2);
        path.arcTo(inner, start + span, -span);
        path.closeSubpath();
        p.fillPath(path, series(i));
        start += span;
        ++i;
    }
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(px * 1.1, true));
    p.drawText(ring, Qt::AlignCenter, centre);
    p.setFont(RenderStyle::font(px));
    double y = body.top() + (body.height() - double(values.size()) * px * 1.9) / 2;
    i = 0;
    for (const Value& v : values) {
        const QRectF sw(ring.right() + 16, y + px * 0.45, px, px);
        p.fillRect(sw, series(i++));
        p.setPen(RenderStyle::ink());
        const QString pct =
            total > 0 ? QStringLiteral("%1%").arg(100 * v.value / total, 0, 'f', 0) : QString();
        p.drawText(QRectF(sw.right() + 6, y, body.right() - sw.right() - 6, px * 1.9),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("%1  %2  (%3)").arg(v.label, fmt(v.value), pct));
        y += px * 1.9;
    }
    p.restore();
}

} // namespace cds::render
