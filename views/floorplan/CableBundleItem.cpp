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
    if (m_dirty || m_routes.traysChanged(d)) {
        m_routes.build(d);
        m_dirty = false;
        m_moved.clear();
        return;
    }
    std::sort(m_moved.begin(), m_moved.end());
    m_moved.erase(std::unique(m_moved.begin(), m_moved.end()), m_moved.end());
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
    if (o.cables && lod >= kOverviewLod) {
        // Count labels stay off the racks' name strips.
        std::vector<QRectF> occupied;
        d.racks.forEach([&](RackId, const Rack& r) {
            const RectMm f = footprint(d, r);
            const QRectF mm(f.x, f.y, f.w, f.h);
            if (!mm.intersects(vis))
                return;
            const int q = ((r.rotationDeg / 90) % 4 + 4) % 4;
            occupied.push_back(render::rackStrip(mm2px.mapRect(mm), q, true));
            occupied.push_back(render::rackStrip(mm2px.mapRect(mm), q, false));
        });
        layer.paintCounts(*p, o, occupied, vis);
    }
    p->restore();
}

} // namespace cds::views
