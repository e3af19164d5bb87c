#include "MiniMap.h"

#include "model/RackGeometry.h"

#include <QPainter>

#include <algorithm>

namespace cds::views {

namespace {

constexpr double kMargin = 8;      ///< from the viewport's top-right corner, px
constexpr double kMaxShare = 0.25; ///< of the viewport's width and of its height
constexpr double kMaxWidth = 240, kMaxHeight = 170;

QRectF toBox(const QRectF& mm, const QRectF& box, const QRectF& hallMm) {
    const double s = box.width() / hallMm.width();
    return {box.x() + (mm.x() - hallMm.x()) * s, box.y() + (mm.y() - hallMm.y()) * s,
            mm.width() * s, mm.height() * s};
}

} // namespace

QRectF MiniMap::box(QSize viewport, const QRectF& hallMm, const QRectF& visibleMm) {
    if (hallMm.isEmpty() || visibleMm.contains(hallMm))
        return {};
    const double maxW = std::min(kMaxWidth, viewport.width() * kMaxShare);
    const double maxH = std::min(kMaxHeight, viewport.height() * kMaxShare);
    const double s = std::min(maxW / hallMm.width(), maxH / hallMm.height());
    const double w = std::max(8.0, std::round(hallMm.width() * s));
    const double h = std::max(8.0, std::round(hallMm.height() * s));
    return {viewport.width() - kMargin - w, kMargin, w, h};
}

QPointF MiniMap::toHall(QPointF px, const QRectF& box, const QRectF& hallMm) {
    const double s = hallMm.width() / box.width();
    return {hallMm.x() + (std::clamp(px.x(), box.left(), box.right()) - box.x()) * s,
            hallMm.y() + (std::clamp(px.y(), box.top(), box.bottom()) - box.y()) * s};
}

void MiniMap::render(const DesignData& d, QSize size, const QRectF& hallMm) {
    m_image = QImage(size, QImage::Format_ARGB32_Premultiplied);
    m_image.fill(QColor(250, 251, 252));
    QPainter p(&m_image);
    const QRectF whole{QPointF(), QSizeF(size)};
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0xdf, 0xe4, 0xea));
    for (const Row& r : d.hall.rows)
        p.drawRect(toBox(QRectF(r.area.x, r.area.y, r.area.w, r.area.h), whole, hallMm));
    p.setBrush(QColor(0x4f, 0x66, 0x80));
    d.racks.forEach([&](RackId, const Rack& r) {
        const RectMm f = footprint(d, r);
        QRectF px = toBox(QRectF(f.x, f.y, f.w, f.h), whole, hallMm);
        px.setSize(px.size().expandedTo(QSizeF(1, 1))); // a rack never vanishes
        p.drawRect(px);
    });
    m_dirty = false;
}

void MiniMap::paint(QPainter* p, const QRectF& box, const DesignData& d, const QRectF& hallMm,
                    const QRectF& visibleMm) {
    const QSize size = box.size().toSize();
    if (m_dirty || m_image.size() != size)
        render(d, size, hallMm);
    p->save();
    p->setRenderHint(QPainter::Antialiasing, false);
    p->setPen(QColor(0xa0, 0xa4, 0xac));
    p->setBrush(Qt::NoBrush);
    p->drawImage(box.topLeft(), m_image);
    p->drawRect(box.adjusted(-1, -1, 0, 0));
    QPen frame(QColor(0x1e, 0x5a, 0xc8), 2);
    p->setPen(frame);
    p->setBrush(QColor(0x1e, 0x5a, 0xc8, 40));
    p->drawRect(toBox(visibleMm, box, hallMm).intersected(box));
    p->restore();
}

} // namespace cds::views
