#include "RackItem.h"

#include "FloorplanScene.h"
#include "model/RackGeometry.h"
#include "views/render/FloorplanRenderer.h"
#include "views/render/RackLabel.h"

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
    if (lod < 0.06)
        return;
    // Labels in device pixels, by the drawings' rule (render::RackLabel): the name in the
    // back strip, the kW in the front strip; the overhead tray runs over the middle.
    const QRectF device = p->worldTransform().mapRect(m_rect);
    const int quarter = ((rot / 90) % 4 + 4) % 4;
    p->save();
    p->resetTransform();
    QFont font = p->font();
    font.setBold(true);
    const QRectF nameBox = render::rackStrip(device, quarter, true);
    p->setPen(Qt::black);
    render::RackLabel::fit(r->name, nameBox.size(), font, 14, 7).paint(*p, nameBox, font);
    if (const double kw = m_scene->rackKw(m_id); kw >= 0) {
        font.setBold(false);
        const QRectF kwBox = render::rackStrip(device, quarter, false);
        p->setPen(QColor(0x30, 0x34, 0x3a));
        render::RackLabel::fit(QStringLiteral("%1 kW").arg(kw, 0, 'f', 1), kwBox.size(), font, 12,
                               7)
            .paint(*p, kwBox, font);
    }
    p->restore();
}

} // namespace cds::views
