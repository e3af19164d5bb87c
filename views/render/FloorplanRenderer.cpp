#include "FloorplanRenderer.h"

#include "RackLabel.h"
#include "RenderStyle.h"
#include "TitleBlock.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cds::render {

namespace {
CableRouteMap builtRoutes(const DesignData& d) {
    CableRouteMap routes;
    routes.build(d);
    return routes;
}
} // namespace

FloorplanRenderer::FloorplanRenderer(const DesignData& d, const Metrics& m)
    : m_d(d)
    , m_m(m)
    , m_routes(builtRoutes(d))
    , m_index(m_routes, CableLayer::kVisibleMarginMm) {}

QRectF FloorplanRenderer::hallMm() const {
    QRectF r(0, 0, m_d.hall.widthMm, m_d.hall.depthMm);
    // Racks placed outside the hall are still drawn, so the drawing never hides them.
    m_d.racks.forEach([&](RackId, const Rack& rack) { r = r.united(rackRectMm(rack)); });
    m_d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
        if (e.area)
            r = r.united(QRectF(e.area->x, e.area->y, e.area->w, e.area->h));
    });
    return r;
}

QRectF FloorplanRenderer::rackRectMm(const Rack& r) const {
    const RackSpec spec = m_d.typeOf(r).rack.value_or(RackSpec{});
    const bool turned = (r.rotationDeg / 90) % 2 != 0;
    const double w = turned ? spec.depthMm : spec.widthMm;
    const double h = turned ? spec.widthMm : spec.depthMm;
    return {r.centre.x - w / 2, r.centre.y - h / 2, w, h};
}

QRectF rackStrip(const QRectF& r, int quarterTurns, bool back) {
    // Rotation 0 faces south (front at the bottom), 1 west, 2 north, 3 east.
    const int side = (quarterTurns + (back ? 2 : 0)) % 4; // 0 bottom, 1 left, 2 top, 3 right
    const double h = r.height() * kRackStripShare, w = r.width() * kRackStripShare;
    switch (side) {
    case 0:
        return {r.left(), r.bottom() - h, r.width(), h};
    case 1:
        return {r.left(), r.top(), w, r.height()};
    case 2:
        return {r.left(), r.top(), r.width(), h};
    default:
        return {r.right() - w, r.top(), w, r.height()};
    }
}

FloorplanRenderer::Frame FloorplanRenderer::frame(const QRectF& target) const {
    Frame f;
    const QRectF hall = hallMm();
    const double bandH = TitleBlock::heightFor(target.height());
    f.band = QRectF(target.left(), target.bottom() - bandH, target.width(), bandH);
    const QRectF area = target.adjusted(0, 0, 0, -bandH - 8);
    if (hall.isEmpty() || area.isEmpty())
        return f;
    f.s = std::min(area.width() / hall.width(), area.height() / hall.height());
    const QPointF origin(area.center().x() - hall.width() * f.s / 2 - hall.left() * f.s,
                         area.center().y() - hall.height() * f.s / 2 - hall.top() * f.s);
    f.mm2px = QTransform(f.s, 0, 0, f.s, origin.x(), origin.y());
    f.plan = area;
    return f;
}

namespace {
/// What of the hall @p p can show, in hall millimetres: its clip (a report sheet shows one
/// window of the hall), empty when it draws everything. A PDF keeps every primitive drawn,
/// clipped or not, so sheets that each drew the whole hall made the report quadratic.
QRectF cullOf(const QPainter& p, const QTransform& mm2px) {
    if (!p.hasClipping())
        return {};
    const QRectF clip = p.clipBoundingRect();
    return clip.isEmpty() ? QRectF() : mm2px.inverted().mapRect(clip);
}

bool shows(const QRectF& cullMm, const QRectF& mm) {
    return cullMm.isEmpty() || cullMm.intersects(mm);
}
} // namespace

void FloorplanRenderer::paint(QPainter& p, const QRectF& target) const {
    if (hallMm().isEmpty() || target.isEmpty())
        return;
    const Frame f = frame(target);
    paintBase(p, f);
    paintCables(p, f);
    paintOverlay(p, f);
}

void FloorplanRenderer::paintCables(QPainter& p, const Frame& f) const {
    const CableLayer layer(m_d, m_routes, f.mm2px, &m_index);
    const CableLayerOptions o = optionsFor(f);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    const QRectF cull = cullOf(p, f.mm2px);
    layer.paintTrays(p, o, cull);
    layer.paintCables(p, o, cull);
    p.restore();
}

CableLayerOptions FloorplanRenderer::optionsFor(const Frame& f) const {
    CableLayerOptions o;
    // As in the studio's overview: where lanes would be under a pixel apart (a 600 mm rack
    // under 12 px, e.g. a large hall on a report page) the trays show their fill alone.
    o.cables = !m_routes.hasPathways() || f.s >= kOverviewPxPerMm;
    return o;
}

QString FloorplanRenderer::cablesSvg(const Frame& f) const {
    return CableLayer(m_d, m_routes, f.mm2px).svg(CableLayerOptions{});
}

void FloorplanRenderer::paintBase(QPainter& p, const Frame& f) const {
    const double s = f.s;
    auto map = [&](const QRectF& mm) { return f.mm2px.mapRect(mm); };
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    const QRectF floor = map(QRectF(0, 0, m_d.hall.widthMm, m_d.hall.depthMm));
    p.fillRect(floor, RenderStyle::paper());
    // Tile grid: faint, skipped when tiles would be a blur of lines.
    const double tile = m_d.hall.tileMm > 0 ? m_d.hall.tileMm : 600;
    const QRectF cull = cullOf(p, f.mm2px);
    if (tile * s >= 4) {
        // Only the lines in what the painter shows (a sheet: its window).
        const QRectF grid =
            cull.isEmpty() ? QRectF(0, 0, m_d.hall.widthMm, m_d.hall.depthMm) : cull;
        const double x0 = tile * std::max(1.0, std::floor(grid.left() / tile));
        const double y0 = tile * std::max(1.0, std::floor(grid.top() / tile));
        p.setPen(QPen(RenderStyle::hairline().lighter(112), 0));
        for (double x = x0; x < std::min(m_d.hall.widthMm, grid.right() + tile); x += tile)
            p.drawLine(QPointF(floor.left() + x * s, floor.top()),
                       QPointF(floor.left() + x * s, floor.bottom()));
        for (double y = y0; y < std::min(m_d.hall.depthMm, grid.bottom() + tile); y += tile)
            p.drawLine(QPointF(floor.left(), floor.top() + y * s),
                       QPointF(floor.right(), floor.top() + y * s));
    }
    p.setPen(QPen(RenderStyle::ink(), 1.5));
    p.setBrush(Qt::NoBrush);
    p.drawRect(floor);
    p.setPen(RenderStyle::muted());
    p.setFont(RenderStyle::font(10));
    p.drawText(floor.adjusted(0, -16, 0, 0).topLeft() + QPointF(0, 12),
               QStringLiteral("%1 · %2 x %3 m")
                   .arg(m_d.hall.name)
                   .arg(m_d.hall.widthMm / 1000)
                   .arg(m_d.hall.depthMm / 1000));
    const double labelPx = std::clamp(600 * s * 0.32, 6.0, 14.0);
    // Rows facing each other share one cold aisle: it is shaded and labelled once.
    std::vector<std::pair<QRectF, QStringList>> aisles;
    for (const Row& row : m_d.hall.rows) {
        const QRectF r = map(QRectF(row.area.x, row.area.y, row.area.w, row.area.h));
        p.setPen(QPen(RenderStyle::hairline(), 0, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
        // The cold aisle is the two tiles in front of the row.
        const double aisle = 2 * tile * s;
        const QRectF cold =
            (row.coldAisleNorth ? QRectF(r.left(), r.top() - aisle, r.width(), aisle)
                                : QRectF(r.left(), r.bottom(), r.width(), aisle))
                .intersected(floor);
        auto shared = std::find_if(aisles.begin(), aisles.end(), [&](const auto& a) {
            return a.first.intersected(cold).height() > aisle * 0.5;
        });
        if (shared == aisles.end())
            aisles.emplace_back(cold, QStringList{row.name});
        else
            shared->first = shared->first.united(cold), shared->second << row.name;
    }
    for (const auto& [cold, names] : aisles) {
        p.fillRect(cold, QColor(0x3d, 0x7e, 0xc9, 22));
        p.setPen(RenderStyle::muted());
        p.setFont(RenderStyle::font(labelPx));
        p.drawText(cold.adjusted(4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("Cold aisle · %1").arg(names.join(QStringLiteral(", "))));
    }
    for (const Obstacle& o : m_d.hall.obstacles) {
        const QRectF r = map(QRectF(o.area.x, o.area.y, o.area.w, o.area.h));
        p.setPen(QPen(RenderStyle::muted(), 0));
        p.setBrush(QBrush(RenderStyle::hairline(), Qt::BDiagPattern));
        p.drawRect(r);
    }
    m_d.racks.forEach([&](RackId, const Rack& rack) {
        if (!shows(cull, rackRectMm(rack)))
            return;
        const QRectF r = map(rackRectMm(rack));
        p.setPen(QPen(RenderStyle::ink(), std::max(0.6, s * 12)));
        p.setBrush(RenderStyle::cooling(rack.cooling));
        p.drawRect(r);
        // Front edge: rotation 0 faces +y (south), turning clockwise.
        const int q = ((rack.rotationDeg / 90) % 4 + 4) % 4;
        const QLineF front[] = {{r.bottomLeft(), r.bottomRight()},
                                {r.topLeft(), r.bottomLeft()},
                                {r.topLeft(), r.topRight()},
                                {r.topRight(), r.bottomRight()}};
        p.setPen(QPen(RenderStyle::accent(), std::max(1.2, s * 60), Qt::SolidLine, Qt::FlatCap));
        p.drawLine(front[q]);
    });
    // Power racks on the floor: amber and hatched, as in the studio, apart from every rack.
    m_d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
        if (!e.area)
            return;
        const QRectF r = map(QRectF(e.area->x, e.area->y, e.area->w, e.area->h));
        p.setPen(QPen(RenderStyle::power().darker(150), std::max(0.6, s * 12)));
        p.setBrush(RenderStyle::tint(RenderStyle::power()));
        p.drawRect(r);
        p.setBrush(QBrush(RenderStyle::power(), Qt::BDiagPattern));
        p.drawRect(r);
    });
    p.restore();
}

void FloorplanRenderer::paintOverlay(QPainter& p, const Frame& f) const {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    std::vector<const RackMetrics*> byRack(m_d.racks.capacity(), nullptr);
    for (const RackMetrics& rm : m_m.perRack)
        if (rm.rack.value() < byRack.size())
            byRack[rm.rack.value()] = &rm;
    // Names in the back quarter of each rack and kW in the front quarter: the tray runs over
    // the middle. Every label placed is kept, so the tray counts avoid them.
    std::vector<QRectF> occupied;
    const QFont base = RenderStyle::font(10, true);
    const QRectF cull = cullOf(p, f.mm2px);
    m_d.racks.forEach([&](RackId id, const Rack& rack) {
        if (!shows(cull, rackRectMm(rack)))
            return;
        const QRectF r = f.mm2px.mapRect(rackRectMm(rack));
        const int q = ((rack.rotationDeg / 90) % 4 + 4) % 4;
        const QRectF nameBox = rackStrip(r, q, true);
        const RackLabel label = RackLabel::fit(rack.name, nameBox.size(), base, 14, 5);
        p.setPen(RenderStyle::ink());
        label.paint(p, nameBox, base);
        if (!label.text.isEmpty())
            occupied.push_back(nameBox);
        const RackMetrics* rm = byRack[id.value()];
        if (rm) {
            const QRectF kwBox = rackStrip(r, q, false);
            const QString kw = QStringLiteral("%1 kW").arg(rm->itMaxW / 1000.0, 0, 'f', 1);
            const RackLabel k = RackLabel::fit(kw, kwBox.size(), RenderStyle::font(10), 11, 5);
            p.setPen(RenderStyle::muted());
            k.paint(p, kwBox, RenderStyle::font(10));
            if (!k.text.isEmpty())
                occupied.push_back(kwBox);
        }
    });
    m_d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
        if (!e.area)
            return;
        const QRectF r = f.mm2px.mapRect(QRectF(e.area->x, e.area->y, e.area->w, e.area->h));
        const RackLabel label = RackLabel::fit(e.name, r.size(), base, 14, 5);
        p.setPen(RenderStyle::power().darker(250));
        label.paint(p, r, base);
        if (!label.text.isEmpty())
            occupied.push_back(r);
    });
    const CableLayer layer(m_d, m_routes, f.mm2px, &m_index);
    layer.paintCounts(p, optionsFor(f), occupied, cull);
    TitleBlock tb;
    tb.trays = m_routes.hasPathways();
    for (const BundleRoute& b : m_routes.bundles()) {
        tb.layers[b.fabricKind] = true;
        tb.noPathway = tb.noPathway || b.noPathway;
    }
    tb.paint(p, f.band, m_d, f.s);
    p.restore();
}

} // namespace cds::render
