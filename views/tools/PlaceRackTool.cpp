#include "PlaceRackTool.h"

#include "../floorplan/FloorplanScene.h"
#include "../floorplan/FloorplanView.h"

#include <QMouseEvent>
#include <QPainter>

#include <cmath>

namespace cds::views {

void PlaceRackTool::setRackType(const QString& catalogId, QSizeF footprintMm) {
    m_type = catalogId;
    if (!footprintMm.isEmpty())
        m_size = footprintMm;
}

QRectF snappedFootprint(double tileMm, QPointF cursorMm, QSizeF sizeMm) {
    const double t = tileMm > 0 ? tileMm : 600;
    const double x = std::round((cursorMm.x() - sizeMm.width() / 2) / t) * t;
    const double y = std::round((cursorMm.y() - sizeMm.height() / 2) / t) * t;
    return {x, y, sizeMm.width(), sizeMm.height()};
}

QRectF PlaceRackTool::ghost() const {
    return snappedFootprint(m_view->floorplan()->design()->data().hall.tileMm, m_cursor, m_size);
}

bool PlaceRackTool::mousePress(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton)
        return false;
    if (m_type.isEmpty()) {
        Q_EMIT m_view->statusMessage(QStringLiteral("Choose a rack type in the catalog first"));
        return true;
    }
    m_cursor = m_view->mapToScene(e->position().toPoint());
    const QPointF c = ghost().center();
    Q_EMIT m_view->catalogDropRequested(m_type, PointMm{c.x(), c.y()});
    return true;
}

bool PlaceRackTool::mouseMove(QMouseEvent* e) {
    m_cursor = m_view->mapToScene(e->position().toPoint());
    m_hover = true;
    m_view->viewport()->update();
    return true;
}

void PlaceRackTool::drawOverlay(QPainter* p) {
    if (!m_hover || m_type.isEmpty())
        return;
    QPen pen(QColor(0x1e, 0x5a, 0xc8), 2, Qt::DashLine);
    pen.setCosmetic(true);
    p->setPen(pen);
    p->setBrush(QColor(0x1e, 0x5a, 0xc8, 40));
    p->drawRect(ghost());
}

} // namespace cds::views
