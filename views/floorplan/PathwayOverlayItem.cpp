#include "PathwayOverlayItem.h"

#include "../SelectionModel.h"
#include "model/cabling/CableInspection.h"

#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>

#include <set>
#include <utility>

namespace cds::views {

namespace {

QRectF bandOf(const Pathway& w) {
    const double half = w.widthMm / 2;
    const QRectF line = QRectF(QPointF(w.from.x, w.from.y), QPointF(w.to.x, w.to.y)).normalized();
    if (w.from.y == w.to.y)
        return line.adjusted(0, -half, 0, half);
    if (w.from.x == w.to.x)
        return line.adjusted(-half, 0, half, 0);
    return line;
}

QColor kindColour(PathwayKind k) {
    // Ladders slate blue, fibre runners the yellow of fibre ducts, duct banks the earth's
    // brown (and dashed edges: they run underground).
    switch (k) {
    case PathwayKind::FibreRunner:
        return QColor(0xe8, 0xb8, 0x20);
    case PathwayKind::DuctBank:
        return QColor(0x8a, 0x6d, 0x3b);
    case PathwayKind::Ladder:
        break;
    }
    return QColor(0x5a, 0x6e, 0x8c);
}

} // namespace

PathwayOverlayItem::PathwayOverlayItem(Design* design, SelectionModel* selection)
    : m_design(design)
    , m_selection(selection) {
    setZValue(6); // over the racks and bundles: trays run above them
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
    syncBounds();
    connect(design, &Design::hallChanged, this, &PathwayOverlayItem::syncBounds);
    connect(design, &Design::resetDone, this, &PathwayOverlayItem::syncBounds);
    connect(design, &Design::changed, this, &PathwayOverlayItem::invalidate);
    connect(selection, &SelectionModel::changed, this, &PathwayOverlayItem::invalidate);
}

void PathwayOverlayItem::syncBounds() {
    const Hall& h = m_design->data().hall;
    const QRectF r(-1000, -1000, h.widthMm + 2000, h.depthMm + 2000);
    if (r != m_rect) {
        prepareGeometryChange();
        m_rect = r;
    }
    invalidate();
}

void PathwayOverlayItem::invalidate() {
    m_routesStale = true;
    update();
}

void PathwayOverlayItem::setTraysShown(bool on) {
    if (on != m_traysShown) {
        m_traysShown = on;
        update();
    }
}

const std::vector<std::vector<PointMm>>& PathwayOverlayItem::selectedRoutes() {
    if (!m_routesStale)
        return m_routes;
    m_routesStale = false;
    m_routes.clear();
    const DesignData& d = m_design->data();
    std::set<std::pair<RackId, RackId>> pairs;
    for (LinkId id : m_selection->links()) {
        const Link* l = d.links.find(id);
        const Device* a = l ? d.devices.find(l->a.device) : nullptr;
        const Device* b = l ? d.devices.find(l->b.device) : nullptr;
        if (!a || !b || !pairs.insert(std::minmax(a->rack, b->rack)).second)
            continue;
        CableRoute r = cableRoute(d, id);
        if (r.polyline.size() >= 2)
            m_routes.push_back(std::move(r.polyline));
    }
    return m_routes;
}

void PathwayOverlayItem::paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget*) {
    const DesignData& d = m_design->data();
    const qreal lod = opt->levelOfDetailFromTransform(p->worldTransform());
    std::set<PathwayId> selected;
    for (const ObjectRef& o : m_selection->objects())
        if (o.kind == ObjectRef::Kind::Pathway)
            selected.insert(PathwayId(o.id));
    if (m_traysShown) {
        QPen edge(QColor(0x40, 0x48, 0x58, 160), 1);
        edge.setCosmetic(true);
        d.pathways.forEach([&](PathwayId, const Pathway& w) {
            QColor fill = kindColour(w.kind);
            fill.setAlpha(70);
            edge.setStyle(w.kind == PathwayKind::DuctBank ? Qt::DashLine : Qt::SolidLine);
            p->setPen(edge);
            p->setBrush(fill);
            p->drawRect(bandOf(w));
        });
        if (lod * 600 >= 40) { // tray names once a tile is 40 px
            QFont f = p->font();
            f.setPixelSize(180);
            p->setFont(f);
            p->setPen(QColor(0x30, 0x38, 0x48));
            d.pathways.forEach([&](PathwayId, const Pathway& w) {
                const QRectF band = bandOf(w);
                p->drawText(QRectF(band.left() + 150, band.top() - 240, 3000, 240),
                            Qt::AlignLeft | Qt::AlignBottom, w.name);
            });
        }
    }
    QPen sel(QColor(0xe0, 0x6a, 0x00), 3);
    sel.setCosmetic(true);
    for (PathwayId id : selected) {
        const Pathway* w = d.pathways.find(id);
        if (!w)
            continue;
        p->setPen(sel);
        QColor fill(0xe0, 0x6a, 0x00, 60);
        p->setBrush(fill);
        p->drawRect(bandOf(*w));
        const double r = 5 / std::max(lod, 1e-6); // 5 px handles
        p->setBrush(QColor(0xe0, 0x6a, 0x00));
        for (PointMm e : {w->from, w->to})
            p->drawEllipse(QPointF(e.x, e.y), r, r);
    }
    const auto& routes = selectedRoutes();
    if (!routes.empty()) {
        QPen route(QColor(0xd0, 0x10, 0x70), 3);
        route.setCosmetic(true);
        route.setJoinStyle(Qt::RoundJoin);
        p->setBrush(Qt::NoBrush);
        for (const auto& line : routes) {
            QPainterPath path(QPointF(line.front().x, line.front().y));
            for (std::size_t i = 1; i < line.size(); ++i)
                path.lineTo(line[i].x, line[i].y);
            p->setPen(route);
            p->drawPath(path);
            const double r = 4 / std::max(lod, 1e-6);
            p->setBrush(QColor(0xd0, 0x10, 0x70));
            p->drawEllipse(QPointF(line.front().x, line.front().y), r, r);
            p->drawEllipse(QPointF(line.back().x, line.back().y), r, r);
            p->setBrush(Qt::NoBrush);
        }
    }
}

} // namespace cds::views
