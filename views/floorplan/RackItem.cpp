#include "RackItem.h"

#include "FloorplanScene.h"
#include "model/RackGeometry.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace cds::views {

RackItem::RackItem(FloorplanScene* scene, RackId id)
    : m_scene(scene)
    , m_id(id) {
    setFlag(ItemIsSelectable);
    setZValue(1);
    sync();
}

void RackItem::sync() {
    const DesignData& d = m_scene->design()->data();
    const Rack* r = d.racks.find(m_id);
    if (!r)
        return;
    const RectMm f = footprint(d, *r);
    const QRectF rect(-f.w / 2, -f.h / 2, f.w, f.h);
    if (rect != m_rect) {
        prepareGeometryChange();
        m_rect = rect;
    }
    setPos(r->centre.x, r->centre.y);
    update();
}

void RackItem::paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget*) {
    const DesignData& d = m_scene->design()->data();
    const Rack* r = d.racks.find(m_id);
    if (!r)
        return;
    // Axis-aligned rectangles gain nothing from antialiasing, and it is most of the cost.
    p->setRenderHint(QPainter::Antialiasing, false);
    const QColor fill = m_scene->coloring().colourOf(m_id);
    const qreal lod = opt->levelOfDetailFromTransform(p->worldTransform());
    if (lod < 0.02) { // a few pixels: a coloured block is all the eye can use
        p->fillRect(m_rect, isSelected() ? QColor(0x1e, 0x5a, 0xc8) : fill);
        return;
    }
    QPen pen(isSelected() ? QColor(0x1e, 0x5a, 0xc8) : QColor(0x40, 0x44, 0x4c),
             isSelected() ? 3 : 1);
    pen.setCosmetic(true);
    p->setPen(pen);
    p->setBrush(fill);
    p->drawRect(m_rect);
    // The front: a bar on the face toward the cold aisle (rotation 0 faces +y).
    const int rot = ((r->rotationDeg % 360) + 360) % 360;
    const qreal bar = std::min(m_rect.width(), m_rect.height()) * 0.12;
    QRectF front;
    if (rot == 0)
        front = QRectF(m_rect.left(), m_rect.bottom() - bar, m_rect.width(), bar);
    else if (rot == 90)
        front = QRectF(m_rect.left(), m_rect.top(), bar, m_rect.height());
    else if (rot == 180)
        front = QRectF(m_rect.left(), m_rect.top(), m_rect.width(), bar);
    else
        front = QRectF(m_rect.right() - bar, m_rect.top(), bar, m_rect.height());
    p->fillRect(front, QColor(0x30, 0x34, 0x3a, 160));
    // Names and kW are the view's labels (FloorLabels): placed together, none overlaps.
}

} // namespace cds::views
