#include "PowerRackItem.h"

#include "model/Design.h"
#include "views/render/RenderStyle.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace cds::views {

namespace {
QColor selectedColour() {
    return QColor(0x1e, 0x5a, 0xc8); // as a selected rack
}
} // namespace

PowerRackItem::PowerRackItem(Design* design, PowerElementId id)
    : m_design(design)
    , m_id(id) {
    setFlag(ItemIsSelectable);
    setZValue(1);
    sync();
}

void PowerRackItem::sync() {
    const DesignData& d = m_design->data();
    const PowerElement* e = d.power.elements.find(m_id);
    if (!e || !e->area)
        return;
    const QRectF rect(0, 0, e->area->w, e->area->h);
    if (rect != m_rect) {
        prepareGeometryChange();
        m_rect = rect;
    }
    setPos(e->area->x, e->area->y);
    m_name = e->name;
    QString tip = QStringLiteral("%1: %2").arg(e->name, powerKindLabel(e->kind));
    if (d.catalog.contains(e->type))
        tip += QStringLiteral("\n%1 %2").arg(d.catalog[e->type].vendor, d.catalog[e->type].model);
    tip += QStringLiteral("\n%1 kW").arg(d.power.capacityKw(*e), 0, 'f', 0);
    if (e->outputVdc > 0)
        tip += QStringLiteral(" at %1 V DC").arg(e->outputVdc, 0, 'f', 0);
    tip += QStringLiteral("\n%1 x %2 mm on the floor")
               .arg(e->area->w, 0, 'f', 0)
               .arg(e->area->h, 0, 'f', 0);
    setToolTip(tip);
    update();
}

void PowerRackItem::paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget*) {
    p->setRenderHint(QPainter::Antialiasing, false);
    const QColor power = render::RenderStyle::power();
    const qreal lod = opt->levelOfDetailFromTransform(p->worldTransform());
    if (lod < 0.02) { // a few pixels: a block of the power colour tells it from the racks
        p->fillRect(m_rect, isSelected() ? selectedColour() : power);
        return;
    }
    // Amber and hatched: never mistaken for an IT rack, whatever the racks are coloured by.
    QPen pen(isSelected() ? selectedColour() : power.darker(150), isSelected() ? 3 : 1);
    pen.setCosmetic(true);
    p->setPen(pen);
    p->setBrush(render::RenderStyle::tint(power));
    p->drawRect(m_rect);
    p->setBrush(QBrush(power, Qt::BDiagPattern));
    p->drawRect(m_rect);
    // The name along the block's longer side, as large as fits; none when under 5 px.
    const bool turned = m_rect.height() > m_rect.width();
    const qreal along = turned ? m_rect.height() : m_rect.width();
    const qreal across = turned ? m_rect.width() : m_rect.height();
    const qreal px =
        std::min(across * 0.45, along * 0.9 / (0.62 * std::max<qreal>(1, qreal(m_name.size()))));
    if (px * lod < 5)
        return;
    p->setFont(render::RenderStyle::font(px, true));
    p->setPen(power.darker(250));
    p->save();
    p->translate(m_rect.center());
    if (turned)
        p->rotate(-90);
    p->drawText(QRectF(-along / 2, -across / 2, along, across), Qt::AlignCenter, m_name);
    p->restore();
}

} // namespace cds::views
