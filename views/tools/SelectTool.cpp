#include "SelectTool.h"

#include "../floorplan/FloorplanScene.h"
#include "../floorplan/FloorplanView.h"
#include "../floorplan/PowerRackItem.h"
#include "../floorplan/RackItem.h"

#include <QMouseEvent>

#include <algorithm>

namespace cds::views {

bool SelectTool::mousePress(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton)
        return false;
    m_view->baseMousePress(e);
    FloorplanScene* scene = m_view->floorplan();
    const QPointF pos = m_view->mapToScene(e->position().toPoint());
    const RackId hit = scene->rackAt(pos);
    RackItem* item = scene->rackItem(hit);
    if (!item) {
        // A power rack on the floor: the press above selected it, a drag moves it; the cables
        // over it wait.
        for (QGraphicsItem* it : scene->items(pos))
            if (it->type() == PowerRackItem::Type) {
                startPowerRackDrag(static_cast<PowerRackItem*>(it)->elementId(), pos);
                return true;
            }
        Q_EMIT m_view->floorClicked({pos.x(), pos.y()}, 1.0 / std::max(1e-9, m_view->zoom()));
        return true;
    }
    if (!item->isSelected())
        return true;
    const DesignData& d = scene->design()->data();
    m_origin.clear();
    for (QGraphicsItem* it : scene->selectedItems()) {
        if (it->type() != RackItem::Type)
            continue;
        const RackId id = static_cast<RackItem*>(it)->rackId();
        if (const Rack* r = d.racks.find(id))
            m_origin.push_back({id, r->centre, r->rotationDeg});
    }
    m_dragging = !m_origin.empty();
    m_start = pos;
    m_lastDelta = {};
    if (m_dragging)
        m_view->beginDrag();
    return true;
}

void SelectTool::startPowerRackDrag(PowerElementId id, QPointF pos) {
    const PowerElement* e = m_view->floorplan()->design()->data().power.elements.find(id);
    if (!e || !e->area)
        return;
    m_powerRack = id;
    m_powerFrom = *e->area;
    m_origin.clear();
    m_dragging = true;
    m_start = pos;
    m_lastDelta = {};
    m_view->beginDrag();
}

bool SelectTool::mouseMove(QMouseEvent* e) {
    if (!m_dragging)
        return false;
    const QPointF pos = m_view->mapToScene(e->position().toPoint());
    const DesignData& d = m_view->floorplan()->design()->data();
    const PointMm delta = snapDelta(d, {pos.x() - m_start.x(), pos.y() - m_start.y()});
    if (delta == m_lastDelta)
        return true;
    m_lastDelta = delta;
    if (m_powerRack) {
        const RectMm to{m_powerFrom.x + delta.x, m_powerFrom.y + delta.y, m_powerFrom.w,
                        m_powerFrom.h};
        Q_EMIT m_view->powerRackMoveRequested(m_powerRack, to, m_view->dragSerial());
        return true;
    }
    std::vector<RackTarget> targets = m_origin;
    for (RackTarget& t : targets)
        t.centre = {t.centre.x + delta.x, t.centre.y + delta.y};
    Q_EMIT m_view->racksMoveRequested(targets, m_view->dragSerial());
    return true;
}

bool SelectTool::mouseRelease(QMouseEvent* e) {
    m_view->baseMouseRelease(e);
    if (!m_dragging)
        return true;
    m_dragging = false;
    m_powerRack = PowerElementId();
    m_view->endDrag();
    return true;
}

} // namespace cds::views
