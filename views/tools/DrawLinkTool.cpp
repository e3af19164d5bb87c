#include "DrawLinkTool.h"

#include "../floorplan/FloorplanScene.h"
#include "../floorplan/FloorplanView.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

namespace cds::views {

bool DrawLinkTool::mousePress(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton)
        return false;
    const RackId hit = m_view->floorplan()->rackAt(m_view->mapToScene(e->position().toPoint()));
    if (!hit) {
        Q_EMIT m_view->statusMessage(QStringLiteral("Click a rack to start or end the cable"));
        return true;
    }
    if (!m_first) {
        m_first = hit;
        Q_EMIT m_view->statusMessage(QStringLiteral("Now click the rack at the other end"));
    } else {
        const RackId a = m_first;
        m_first = RackId();
        Q_EMIT m_view->linkRequested(a, hit);
    }
    m_view->viewport()->update();
    return true;
}

bool DrawLinkTool::mouseMove(QMouseEvent* e) {
    m_cursor = m_view->mapToScene(e->position().toPoint());
    if (m_first)
        m_view->viewport()->update();
    return true;
}

bool DrawLinkTool::keyPress(QKeyEvent* e) {
    if (e->key() != Qt::Key_Escape || !m_first)
        return false;
    m_first = RackId();
    m_view->viewport()->update();
    return true;
}

void DrawLinkTool::drawOverlay(QPainter* p) {
    const Rack* r = m_view->floorplan()->design()->data().racks.find(m_first);
    if (!r)
        return;
    QPen pen(QColor(0x1f, 0x6f, 0xd0), 2, Qt::DashLine);
    pen.setCosmetic(true);
    p->setPen(pen);
    p->drawLine(QPointF(r->centre.x, r->centre.y), m_cursor);
}

} // namespace cds::views
