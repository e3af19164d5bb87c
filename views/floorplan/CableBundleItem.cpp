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
    m_trunksStale = true;
    update();
}

void CableBundleItem::racksMoved() {
    m_trunksStale = true;
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

void CableBundleItem::paintOverview(QPainter* p, qreal lod, const QRectF& vis) {
    // Racks are a few pixels wide here, and one line per rack pair would fill the hall with a
    // solid mass at the cost of every pixel of every line (100,000 GPUs: 37,000 bundles).
    // Bundles between the same two screen cells of kOverviewCellPx become one trunk from
    // cell centre to cell centre: the picture keeps where the cables run, the cost no longer
    // grows with the design.
    const qreal cell = kOverviewCellPx / std::max(lod, 1e-9); // millimetres per cell
    if (m_trunksStale || m_dirty || std::abs(cell - m_trunkCell) > 1e-9 * cell)
        buildTrunks(cell);
    std::vector<QLineF> lines[4];
    for (int kind = 0; kind < 4; ++kind)
        for (const QLineF& l : m_trunks[kind])
            if (vis.intersects(
                    QRectF(l.p1(), l.p2()).normalized().adjusted(-cell, -cell, cell, cell)))
                lines[kind].push_back(l);
    // Thin, light, opaque lines, so racks stay visible underneath (translucent lines cost
    // ten times more to fill). Management first, compute on top.
    p->setRenderHint(QPainter::Antialiasing, false);
    for (int kind = 3; kind >= 0; --kind) {
        if (lines[kind].empty())
            continue;
        QPen pen(kind == 0 ? fabricColour(kind) : fabricColour(kind).lighter(150), 1.0);
        pen.setCosmetic(true);
        pen.setCapStyle(Qt::FlatCap);
        p->setPen(pen);
        p->drawLines(lines[kind].data(), int(lines[kind].size()));
    }
}

void CableBundleItem::buildTrunks(qreal cell) {
    const DesignData& d = m_design->data();
    struct Trunk {
        std::int32_t ax, ay, bx, by;
        int kind;
        bool operator<(const Trunk& o) const {
            return std::tie(kind, ax, ay, bx, by) < std::tie(o.kind, o.ax, o.ay, o.bx, o.by);
        }
        bool operator==(const Trunk& o) const = default;
    };
    std::vector<Trunk> trunks;
    trunks.reserve(bundles().size());
    for (const Bundle& b : bundles()) {
        const Rack* ra = d.racks.find(b.a);
        const Rack* rb = d.racks.find(b.b);
        if (!ra || !rb)
            continue;
        Trunk t{std::int32_t(std::floor(ra->centre.x / cell)),
                std::int32_t(std::floor(ra->centre.y / cell)),
                std::int32_t(std::floor(rb->centre.x / cell)),
                std::int32_t(std::floor(rb->centre.y / cell)), std::min<int>(b.fabricKind, 3)};
        if (t.ax == t.bx && t.ay == t.by)
            continue; // within one cell: shorter than the rack it starts from
        if (std::tie(t.bx, t.by) < std::tie(t.ax, t.ay)) {
            std::swap(t.ax, t.bx);
            std::swap(t.ay, t.by);
        }
        trunks.push_back(t);
    }
    std::sort(trunks.begin(), trunks.end());
    trunks.erase(std::unique(trunks.begin(), trunks.end()), trunks.end());
    for (auto& v : m_trunks)
        v.clear();
    for (const Trunk& t : trunks)
        m_trunks[t.kind].emplace_back(QPointF((t.ax + 0.5) * cell, (t.ay + 0.5) * cell),
                                      QPointF((t.bx + 0.5) * cell, (t.by + 0.5) * cell));
    m_trunkCell = cell;
    m_trunksStale = false;
}

void CableBundleItem::paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget*) {
    const DesignData& d = m_design->data();
    const qreal lod = opt->levelOfDetailFromTransform(p->worldTransform());
    const QRectF vis = opt->exposedRect;
    if (lod < kOverviewLod) {
        paintOverview(p, lod, vis);
        return;
    }
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
        labels.push_back({(pa + pb) / 2 + normal * 40, n, kind});
    }
    // Antialiasing thousands of overlapping lines is where a repaint spends its time.
    p->setRenderHint(QPainter::Antialiasing, individual);
    // Management first, compute on top.
    for (int kind = 3; kind >= 0; --kind)
        for (int w = 0; w < kWidths; ++w) {
            if (lines[kind][w].empty())
                continue;
            QPen pen(fabricColour(kind), 1.0 + w);
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
