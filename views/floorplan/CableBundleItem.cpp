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
    const bool individual = lod >= 0.25; // zoomed into racks: one line per cable
    // Lines are collected per fabric and pen width and drawn in a few drawLines calls:
    // thousands of bundles then cost a handful of state changes, not thousands.
    constexpr int kWidths = 8;
    std::vector<QLineF> lines[4][kWidths];
    struct Label {
        QPointF at;
        int count;
        int kind;
    };
    std::vector<Label> labels;
    for (const Bundle& b : bundles()) {
        const Rack* ra = d.racks.find(b.a);
        const Rack* rb = d.racks.find(b.b);
        if (!ra || !rb || b.a == b.b)
            continue;
        QPointF pa(ra->centre.x, ra->centre.y), pb(rb->centre.x, rb->centre.y);
        const QPointF dir = pb - pa;
        const qreal len = std::hypot(dir.x(), dir.y());
        if (len <= 0)
            continue;
        // Fabrics of one rack pair run side by side rather than on top of each other.
        const QPointF normal(-dir.y() / len, dir.x() / len);
        const QPointF shift = normal * (b.fabricKind - 1.5) * 80.0;
        pa += shift;
        pb += shift;
        if (!vis.intersects(QRectF(pa, pb).normalized().adjusted(-50, -50, 50, 50)))
            continue;
        const int kind = std::min<int>(b.fabricKind, 3);
        const int n = int(b.links.size());
        if (individual) {
            const qreal spacing = 6.0;
            for (int i = 0; i < n; ++i) {
                const QPointF o = normal * ((i - (n - 1) / 2.0) * spacing);
                lines[kind][0].emplace_back(pa + o, pb + o);
            }
        } else {
            const int w = std::min(kWidths - 1, int(std::log2(double(n))));
            lines[kind][w].emplace_back(pa, pb);
        }
        if (lod >= 0.04)
            labels.push_back({(pa + pb) / 2 + normal * 40, n, kind});
    }
    // Antialiasing thousands of overlapping lines is where a full-hall repaint spends its time.
    p->setRenderHint(QPainter::Antialiasing, individual);
    // The whole hall on screen: thin, light, opaque lines, so racks stay visible under
    // thousands of bundles (translucent lines cost ten times more to fill). Management
    // first, compute on top.
    const bool overview = lod < 0.04;
    for (int kind = 3; kind >= 0; --kind)
        for (int w = 0; w < kWidths; ++w) {
            if (lines[kind][w].empty())
                continue;
            QColor c = fabricColour(kind);
            if (overview && kind != 0)
                c = c.lighter(150);
            QPen pen(c, overview ? 1.0 : 1.0 + w);
            pen.setCosmetic(true);
            pen.setCapStyle(Qt::FlatCap);
            p->setPen(pen);
            p->drawLines(lines[kind][w].data(), int(lines[kind][w].size()));
        }
    if (labels.empty())
        return;
    QFont font = p->font();
    font.setPixelSize(std::max(1, int(11 / std::max(lod, 1e-6))));
    p->setFont(font);
    for (const Label& l : labels) {
        p->setPen(fabricColour(l.kind).darker(140));
        p->drawText(l.at, QString::number(l.count));
    }
}

} // namespace cds::views
