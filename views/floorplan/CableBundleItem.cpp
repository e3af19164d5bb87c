#include "CableBundleItem.h"

#include "model/Design.h"
#include "model/RackGeometry.h"
#include "views/render/CableStyle.h"
#include "views/render/FloorplanRenderer.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace cds::views {

CableBundleItem::CableBundleItem(Design* design)
    : m_design(design) {
    setZValue(5);
    setAcceptedMouseButtons(Qt::NoButton);
    syncBounds();
}

void CableBundleItem::markLinksDirty() {
    m_dirty = true;
    m_moved.clear();
    update();
}

void CableBundleItem::rackMoved(RackId rack) {
    if (!m_dirty)
        m_moved.push_back(rack);
    update();
}

void CableBundleItem::syncBounds() {
    const Hall& h = m_design->data().hall;
    const QRectF r(-1000, -1000, h.widthMm + 2000, h.depthMm + 2000);
    if (r != m_rect) {
        prepareGeometryChange();
        m_rect = r;
    }
    update();
}

void CableBundleItem::setLayerVisible(int layer, bool on) {
    if (layer < 0 || layer >= kCableLayers || m_options.layers[std::size_t(layer)] == on)
        return;
    m_options.layers[std::size_t(layer)] = on;
    update();
}

void CableBundleItem::setTraysVisible(bool on) {
    if (m_options.trays == on)
        return;
    m_options.trays = on;
    update();
}

void CableBundleItem::bringUpToDate() {
    const DesignData& d = m_design->data();
    if (m_dirty) {
        m_routes.build(d);
        m_dirty = false;
        m_moved.clear();
        return;
    }
    std::sort(m_moved.begin(), m_moved.end());
    m_moved.erase(std::unique(m_moved.begin(), m_moved.end()), m_moved.end());
    if (m_routes.traysChanged(d)) // a tray drag step: the bundles its change can reach
        m_routes.followTrays(d, m_moved);
    else
        for (RackId r : m_moved)
            m_routes.rackMoved(d, r);
    m_moved.clear();
}

QColor CableBundleItem::fabricColour(int fabricKind) {
    return render::CableStyle::layerColour(fabricKind);
}

const CableRouteMap& CableBundleItem::routes() {
    bringUpToDate();
    return m_routes;
}

bool CableBundleItem::overviewAt(double lod) {
    const std::size_t bundles = routes().bundles().size();
    if (bundles <= kSmallHallBundles)
        return lod < kSmallHallLod;
    return lod < kOverviewLod || (lod < kLargeHallLod && bundles > kLargeHallBundles);
}

void CableBundleItem::paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget*) {
    bringUpToDate();
    const DesignData& d = m_design->data();
    const qreal lod = opt->levelOfDetailFromTransform(p->worldTransform());
    const QRectF vis = opt->exposedRect;
    render::CableLayerOptions o = m_options;
    // The overview shows the trays and how full they are, not a mass of lines. A design
    // without trays keeps its (orthogonal) floor routes.
    o.cables = !m_routes.hasPathways() || !overviewAt(lod);
    // Drawn in device pixels: pens and labels keep their size at every zoom.
    const QTransform mm2px = p->worldTransform();
    p->save();
    p->resetTransform();
    const render::CableLayer layer(d, m_routes, mm2px);
    layer.paintTrays(*p, o, vis);
    p->setRenderHint(QPainter::Antialiasing, o.cables && lod >= kOverviewLod);
    layer.paintCables(*p, o, vis);
    p->restore();
}

void CableBundleItem::paintCounts(QPainter& p, const QTransform& mm2px,
                                  std::vector<QRectF>& occupied, const QRectF& visMm) {
    bringUpToDate();
    const double lod = mm2px.m11();
    render::CableLayerOptions o = m_options;
    o.cables = !m_routes.hasPathways() || !overviewAt(lod);
    if (!o.cables || lod < kOverviewLod)
        return;
    const render::CableLayer layer(m_design->data(), m_routes, mm2px);
    layer.paintCounts(p, o, occupied, visMm);
}

std::vector<QRectF> CableBundleItem::trayBoxes(const QTransform& mm2px, const QRectF& visMm) {
    bringUpToDate();
    std::vector<QRectF> out;
    if (!m_options.trays)
        return out;
    const render::CableLayer layer(m_design->data(), m_routes, mm2px);
    for (const TrayPieceLoad& piece : m_routes.pieces()) {
        const QRectF mm =
            QRectF(QPointF(piece.from.x, piece.from.y), QPointF(piece.to.x, piece.to.y))
                .normalized();
        if (!visMm.isEmpty() && !mm.adjusted(-500, -500, 500, 500).intersects(visMm))
            continue;
        const double half = layer.trayWidthPx(piece) / 2 + 1;
        out.push_back(mm2px.mapRect(mm).adjusted(-half, -half, half, half));
    }
    return out;
}

} // namespace cds::views
