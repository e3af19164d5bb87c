#include "CableBundleItem.h"

#include "model/Design.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace cds::views {

CableBundleItem::CableBundleItem(Design* design)
    : m_design(design) {
    setZValue(5);
    setAcceptedMouseButtons(Qt::NoButton);
    syncBounds();
}

void CableBundleItem::markLinksDirty() {
    m_dirty = true;
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

QColor CableBundleItem::fabricColour(int kind) {
    switch (kind) {
    case 0:
        return {0x1f, 0x6f, 0xd0}; // compute
    case 1:
        return {0xe0, 0x7a, 0x10}; // storage
    case 2:
        return {0x2a, 0x9d, 0x5c}; // in-band management
    default:
        return {0x80, 0x80, 0x88}; // out-of-band
    }
}

const std::vector<CableBundleItem::Bundle>& CableBundleItem::bundles() {
    if (m_dirty)
        regroup();
    return m_bundles;
}

void CableBundleItem::regroup() {
    m_dirty = false;
    const DesignData& d = m_design->data();
    struct Entry {
        std::uint32_t a, b;
        std::uint8_t kind;
        LinkId link;
    };
    std::vector<Entry> entries;
    entries.reserve(d.links.size());
    d.links.forEach([&](LinkId id, const Link& l) {
        const Device* da = d.devices.find(l.a.device);
        const Device* db = d.devices.find(l.b.device);
        if (!da || !db || !da->rack || !db->rack)
            return;
        const Fabric* f = d.fabric(l.fabric);
        std::uint32_t a = da->rack.value(), b = db->rack.value();
        if (a > b)
            std::swap(a, b);
        entries.push_back({a, b, std::uint8_t(f ? int(f->kind) : 3), id});
    });
    std::sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
        return std::tie(x.a, x.b, x.kind, x.link) < std::tie(y.a, y.b, y.kind, y.link);
    });
    m_bundles.clear();
    for (const Entry& e : entries) {
        if (m_bundles.empty() || m_bundles.back().a.value() != e.a ||
            m_bundles.back().b.value() != e.b || m_bundles.back().fabricKind != e.kind)
            m_bundles.push_back({RackId(e.a), RackId(e.b), e.kind, {}});
        m_bundles.back().links.push_back(e.link);
    }
}

void CableBundleItem::paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget*) {
    const DesignData& d = m_design->data();
    const qreal lod = opt->levelOfDetailFromTransform(p->worldTransform());
    const QRectF vis = opt->exposedRect;
    QFont font = p->font();
    font.setPixelSize(std::max(1, int(11 / std::max(lod, 1e-6))));
    p->setFont(font);
    for (const Bundle& b : bundles()) {
        const Rack* ra = d.racks.find(b.a);
        const Rack* rb = d.racks.find(b.b);
        if (!ra || !rb || b.a == b.b)
            continue;
        QPointF pa(ra->centre.x, ra->centre.y), pb(rb->centre.x, rb->centre.y);
        // Fabrics of one rack pair run side by side rather than on top of each other.
        QPointF dir = pb - pa;
        const qreal len = std::hypot(dir.x(), dir.y());
        if (len <= 0)
            continue;
        const QPointF normal(-dir.y() / len, dir.x() / len);
        const QPointF shift = normal * (b.fabricKind - 1.5) * 80.0;
        pa += shift;
        pb += shift;
        if (!vis.intersects(QRectF(pa, pb).normalized().adjusted(-50, -50, 50, 50)))
            continue;
        const QColor c = fabricColour(b.fabricKind);
        const int n = int(b.links.size());
        if (lod >= 0.25) {
            // Zoomed into racks: one line per cable, fanned along the bundle's normal.
            QPen pen(c, 1);
            pen.setCosmetic(true);
            p->setPen(pen);
            const qreal spacing = 6.0;
            for (int i = 0; i < n; ++i) {
                const QPointF o = normal * ((i - (n - 1) / 2.0) * spacing);
                p->drawLine(pa + o, pb + o);
            }
        } else {
            QPen pen(c, 1.0 + std::log2(double(n)));
            pen.setCosmetic(true);
            pen.setCapStyle(Qt::FlatCap);
            p->setPen(pen);
            p->drawLine(pa, pb);
        }
        if (lod >= 0.04) {
            p->setPen(c.darker(140));
            p->drawText((pa + pb) / 2 + normal * 40, QString::number(n));
        }
    }
}

} // namespace cds::views
