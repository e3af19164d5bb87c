#include "FloorplanRenderer.h"

#include "RenderStyle.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cds::render {

FloorplanRenderer::FloorplanRenderer(const DesignData& d, const Metrics& m)
    : m_d(d)
    , m_m(m) {}

QRectF FloorplanRenderer::hallMm() const {
    QRectF r(0, 0, m_d.hall.widthMm, m_d.hall.depthMm);
    // Racks placed outside the hall are still drawn, so the drawing never hides them.
    m_d.racks.forEach([&](RackId, const Rack& rack) { r = r.united(rackRectMm(rack)); });
    return r;
}

QRectF FloorplanRenderer::rackRectMm(const Rack& r) const {
    const RackSpec spec = m_d.typeOf(r).rack.value_or(RackSpec{});
    const bool turned = (r.rotationDeg / 90) % 2 != 0;
    const double w = turned ? spec.depthMm : spec.widthMm;
    const double h = turned ? spec.widthMm : spec.depthMm;
    return {r.centre.x - w / 2, r.centre.y - h / 2, w, h};
}

void FloorplanRenderer::paint(QPainter& p, const QRectF& target) const {
    const QRectF hall = hallMm();
    if (hall.isEmpty() || target.isEmpty())
        return;
    const double legendH = std::min(target.height() * 0.08, 40.0);
    const QRectF area = target.adjusted(0, 0, 0, -legendH);
    const double s = std::min(area.width() / hall.width(), area.height() / hall.height());
    const QPointF origin(area.center().x() - hall.width() * s / 2 - hall.left() * s,
                         area.center().y() - hall.height() * s / 2 - hall.top() * s);
    auto map = [&](const QRectF& mm) {
        return QRectF(origin.x() + mm.x() * s, origin.y() + mm.y() * s, mm.width() * s,
                      mm.height() * s);
    };
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    const QRectF floor = map(QRectF(0, 0, m_d.hall.widthMm, m_d.hall.depthMm));
    p.fillRect(floor, RenderStyle::paper());
    // Tile grid: faint, skipped when tiles would be a blur of lines.
    const double tile = m_d.hall.tileMm > 0 ? m_d.hall.tileMm : 600;
    if (tile * s >= 4) {
        p.setPen(QPen(RenderStyle::hairline().lighter(112), 0));
        for (double x = tile; x < m_d.hall.widthMm; x += tile)
            p.drawLine(QPointF(floor.left() + x * s, floor.top()),
                       QPointF(floor.left() + x * s, floor.bottom()));
        for (double y = tile; y < m_d.hall.depthMm; y += tile)
            p.drawLine(QPointF(floor.left(), floor.top() + y * s),
                       QPointF(floor.right(), floor.top() + y * s));
    }
    p.setPen(QPen(RenderStyle::ink(), 1.5));
    p.setBrush(Qt::NoBrush);
    p.drawRect(floor);
    p.setPen(RenderStyle::muted());
    p.setFont(RenderStyle::font(10));
    p.drawText(floor.adjusted(0, -16, 0, 0).topLeft() + QPointF(0, 12),
               QStringLiteral("%1 · %2 x %3 m")
                   .arg(m_d.hall.name)
                   .arg(m_d.hall.widthMm / 1000)
                   .arg(m_d.hall.depthMm / 1000));
    const double labelPx = std::clamp(600 * s * 0.32, 6.0, 14.0);
    // Rows facing each other share one cold aisle: it is shaded and labelled once.
    std::vector<std::pair<QRectF, QStringList>> aisles;
    for (const Row& row : m_d.hall.rows) {
        const QRectF r = map(QRectF(row.area.x, row.area.y, row.area.w, row.area.h));
        p.setPen(QPen(RenderStyle::hairline(), 0, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
        // The cold aisle is the two tiles in front of the row.
        const double aisle = 2 * tile * s;
        const QRectF cold =
            (row.coldAisleNorth ? QRectF(r.left(), r.top() - aisle, r.width(), aisle)
                                : QRectF(r.left(), r.bottom(), r.width(), aisle))
                .intersected(floor);
        auto shared = std::find_if(aisles.begin(), aisles.end(), [&](const auto& a) {
            return a.first.intersected(cold).height() > aisle * 0.5;
        });
        if (shared == aisles.end())
            aisles.emplace_back(cold, QStringList{row.name});
        else
            shared->first = shared->first.united(cold), shared->second << row.name;
    }
    for (const auto& [cold, names] : aisles) {
        p.fillRect(cold, QColor(0x3d, 0x7e, 0xc9, 22));
        p.setPen(RenderStyle::muted());
        p.setFont(RenderStyle::font(labelPx));
        p.drawText(cold.adjusted(4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("Cold aisle · %1").arg(names.join(QStringLiteral(", "))));
    }
    for (const Obstacle& o : m_d.hall.obstacles) {
        const QRectF r = map(QRectF(o.area.x, o.area.y, o.area.w, o.area.h));
        p.setPen(QPen(RenderStyle::muted(), 0));
        p.setBrush(QBrush(RenderStyle::hairline(), Qt::BDiagPattern));
        p.drawRect(r);
    }
    std::vector<const RackMetrics*> byRack(m_d.racks.capacity(), nullptr);
    for (const RackMetrics& rm : m_m.perRack)
        if (rm.rack.value() < byRack.size())
            byRack[rm.rack.value()] = &rm;
    m_d.racks.forEach([&](RackId id, const Rack& rack) {
        const QRectF r = map(rackRectMm(rack));
        p.setPen(QPen(RenderStyle::ink(), std::max(0.6, s * 12)));
        p.setBrush(RenderStyle::cooling(rack.cooling));
        p.drawRect(r);
        // Front edge: rotation 0 faces +y (south), turning clockwise.
        const int q = ((rack.rotationDeg / 90) % 4 + 4) % 4;
        const QLineF front[] = {{r.bottomLeft(), r.bottomRight()},
                                {r.topLeft(), r.bottomLeft()},
                                {r.topLeft(), r.topRight()},
                                {r.topRight(), r.bottomRight()}};
        p.setPen(QPen(RenderStyle::accent(), std::max(1.2, s * 60), Qt::SolidLine, Qt::FlatCap));
        p.drawLine(front[q]);
        const RackMetrics* rm = byRack[id.value()];
        // The largest font (up to 16 px) at which the name fits the footprint's width.
        double px = std::clamp(std::min(r.width(), r.height()) * 0.3, 3.0, 16.0);
        const QString kw =
            rm ? QStringLiteral("%1 kW").arg(rm->itMaxW / 1000.0, 0, 'f', 1) : QString();
        QFont font = RenderStyle::font(px, true);
        for (int i = 0; i < 8 && QFontMetricsF(font).horizontalAdvance(rack.name) > r.width() * 0.9;
             ++i)
            font = RenderStyle::font(px *= 0.85, true);
        p.setPen(RenderStyle::ink());
        p.setFont(font);
        QString text = rack.name;
        if (!kw.isEmpty() && r.height() > px * 2.8 &&
            QFontMetricsF(font).horizontalAdvance(kw) <= r.width() * 0.92)
            text += QLatin1Char('\n') + kw;
        p.drawText(r, Qt::AlignCenter, text);
    });
    // Legend and scale bar.
    const QRectF legend(target.left(), target.bottom() - legendH, target.width(), legendH);
    p.setFont(RenderStyle::font(std::min(legendH * 0.35, 11.0)));
    double x = legend.left();
    const double box = legendH * 0.35;
    for (int c = 0; c < kCoolingTypeCount; ++c) {
        const QRectF sw(x, legend.center().y() - box / 2, box, box);
        p.setPen(QPen(RenderStyle::ink(), 0));
        p.setBrush(RenderStyle::cooling(CoolingType(c)));
        p.drawRect(sw);
        const QString label = coolingLabel(CoolingType(c));
        const double w = p.fontMetrics().horizontalAdvance(label);
        p.setPen(RenderStyle::ink());
        p.drawText(QPointF(sw.right() + 4, legend.center().y() + p.fontMetrics().ascent() / 2.5),
                   label);
        x = sw.right() + 14 + w;
    }
    double barMm = 1000;
    while (barMm * s < legend.width() * 0.08)
        barMm *= 2;
    const double bx = legend.right() - barMm * s;
    p.setPen(QPen(RenderStyle::ink(), 1.2));
    p.drawLine(QPointF(bx, legend.center().y()), QPointF(legend.right(), legend.center().y()));
    p.drawLine(QPointF(bx, legend.center().y() - 3), QPointF(bx, legend.center().y() + 3));
    p.drawLine(QPointF(legend.right(), legend.center().y() - 3),
               QPointF(legend.right(), legend.center().y() + 3));
    p.drawText(QRectF(bx - 80, legend.top(), 76, legend.height()),
               Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1 m").arg(barMm / 1000));
    p.restore();
}

} // namespace cds::render
