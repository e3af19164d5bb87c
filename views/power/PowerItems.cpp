#include "PowerItems.h"

#include "PowerDiagramPainter.h"
#include "PowerScene.h"

#include <QPainter>

namespace cds::views {

PowerNodeItem::PowerNodeItem(PowerScene* scene, PowerElementId id, const QRectF& rect)
    : m_scene(scene)
    , m_id(id)
    , m_rect(rect) {
    setFlag(ItemIsSelectable);
    setZValue(1);
}

void PowerNodeItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) {
    const PowerNode* n = m_scene->layout().find(m_id);
    if (!n)
        return;
    p->setRenderHint(QPainter::Antialiasing, true);
    p->setRenderHint(QPainter::TextAntialiasing, true);
    PowerDiagramPainter(m_scene->data(), m_scene->power(), m_scene->layout())
        .paintNode(*p, *n, {isSelected(), m_scene->onPath(m_id)});
}

PowerWiresItem::PowerWiresItem(PowerScene* scene)
    : m_scene(scene) {}

QRectF PowerWiresItem::boundingRect() const {
    return QRectF(QPointF(0, 0), m_scene->layout().size);
}

void PowerWiresItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) {
    p->setRenderHint(QPainter::Antialiasing, true);
    const PowerDiagramLayout& l = m_scene->layout();
    const PowerDiagramPainter painter(m_scene->data(), m_scene->power(), l);
    painter.paintFrame(*p);
    painter.paintConnectors(*p, m_scene->path());
    for (const PowerNode& n : l.nodes)
        painter.paintRackTag(*p, n, m_scene->onPath(n.id));
}

} // namespace cds::views
