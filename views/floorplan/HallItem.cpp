#include "HallItem.h"

#include "model/Design.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace cds::views {

namespace {
QRectF toRect(const RectMm& r) {
    return {r.x, r.y, r.w, r.h};
}
} // namespace

HallItem::HallItem(Design* design)
    : m_design(design) {
    setZValue(-10);
    setAcceptedMouseButtons(Qt::NoButton);
    sync();
}

void HallItem::sync() {
    const Hall& h = m_design->data().hall;
    const QRectF r(-200, -200, h.widthMm + 400, h.depthMm + 400);
    if (r != m_rect) {
        prepareGeometryChange();
        m_rect = r;
    }
    update();
}

void HallItem::paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget*) {
    const Hall& h = m_design->data().hall;
    const QRectF floor(0, 0, h.widthMm, h.depthMm);
    const qreal lod = opt->levelOfDetailFromTransform(p->worldTransform());
    p->setRenderHint(QPainter::Antialiasing, false);
    // A campus: the site's ground between the halls, each hall's floor on it.
    const std::vector<SiteHall>& halls = m_design->data().halls;
    std::vector<QRectF> floors;
    for (const SiteHall& s : halls)
        floors.push_back(toRect(s.area).intersected(floor));
    if (floors.empty())
        floors.push_back(floor);
    else
        p->fillRect(floor, QColor(0xdd, 0xe2, 0xe6));
    const double tile = h.tileMm > 0 ? h.tileMm : 600;
    for (const QRectF& f : floors) {
        p->fillRect(f, QColor(0xf4, 0xf5, 0xf7));
        // Lines closer than ~4 px are noise; skip the grid when zoomed out that far.
        if (tile * lod < 4)
            continue;
        QPen grid(QColor(0xdc, 0xdf, 0xe4));
        grid.setCosmetic(true);
        p->setPen(grid);
        const QRectF vis = opt->exposedRect.intersected(f);
        for (double x = std::ceil(vis.left() / tile) * tile; x <= vis.right(); x += tile)
            p->drawLine(QPointF(x, vis.top()), QPointF(x, vis.bottom()));
        for (double y = std::ceil(vis.top() / tile) * tile; y <= vis.bottom(); y += tile)
            p->drawLine(QPointF(vis.left(), y), QPointF(vis.right(), y));
    }
    for (const Row& row : h.rows) {
        const QRectF a = toRect(row.area);
        // Cold aisle of two tiles on the side the fronts face, hot aisle behind.
        const double aisle = 2 * tile;
        const QRectF north(a.left(), a.top() - aisle, a.width(), aisle);
        const QRectF south(a.left(), a.bottom(), a.width(), aisle);
        const QRectF cold = row.coldAisleNorth ? north : south;
        const QRectF hot = row.coldAisleNorth ? south : north;
        p->fillRect(cold.intersected(floor), QColor(0x9c, 0xc8, 0xf0, 90));
        p->fillRect(hot.intersected(floor), QColor(0xf0, 0xa8, 0x9c, 70));
        QPen rp(QColor(0x70, 0x78, 0x88), 1, Qt::DashLine);
        rp.setCosmetic(true);
        p->setPen(rp);
        p->setBrush(Qt::NoBrush);
        p->drawRect(a); // its name and the aisles' captions are the view's (FloorLabels)
    }
    for (const Obstacle& o : h.obstacles) {
        const QRectF a = toRect(o.area);
        p->setPen(Qt::NoPen);
        p->setBrush(QBrush(QColor(0x60, 0x64, 0x6c), Qt::BDiagPattern));
        p->fillRect(a, QColor(0xa0, 0xa4, 0xac));
        p->drawRect(a);
    }
    QPen wall(QColor(0x30, 0x34, 0x3a), 3);
    wall.setCosmetic(true);
    p->setPen(wall);
    p->setBrush(Qt::NoBrush);
    for (const QRectF& f : floors)
        p->drawRect(f);
    if (!halls.empty()) { // the site's boundary, lighter than a wall
        QPen site(QColor(0x80, 0x88, 0x90), 1, Qt::DashLine);
        site.setCosmetic(true);
        p->setPen(site);
        p->drawRect(floor);
    }
}

} // namespace cds::views
