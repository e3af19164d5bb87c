#include "CableLayer.h"

#include "CableStyle.h"
#include "Occupancy.h"
#include "RenderStyle.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <functional>

namespace cds::render {

namespace {

QRectF boundsOf(const std::vector<PointMm>& pts) {
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (const PointMm& p : pts) {
        x0 = std::min(x0, p.x), y0 = std::min(y0, p.y);
        x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
    }
    return QRectF(QPointF(x0, y0), QPointF(x1, y1));
}

constexpr double kMaxDrawnTrayMm = 1350;

RectMm rectOf(const QRectF& r) {
    return {r.x(), r.y(), r.width(), r.height()};
}

/// Calls @p f with each of @p all (a route map's bundles or pieces) that may show in
/// @p cullMm, in map order: the candidates @p near asks @p index for, or every one of them
/// without an index or a cull.
template <class T, class Near, class F>
void forEachShown(const std::vector<T>& all, const QRectF& cullMm, const CableRouteIndex* index,
                  Near near, F&& f) {
    if (index && !cullMm.isEmpty()) {
        for (std::uint32_t i : std::invoke(near, *index, rectOf(cullMm)))
            f(all[i]);
    } else {
        for (const T& x : all)
            f(x);
    }
}

QString hex(const QColor& c) {
    return c.name(QColor::HexRgb);
}

} // namespace

CableLayer::CableLayer(const DesignData& d, const CableRouteMap& routes, const QTransform& mm2px,
                       const CableRouteIndex* index)
    : m_d(d)
    , m_routes(routes)
    , m_index(index)
    , m_t(mm2px)
    , m_s(std::abs(mm2px.m11())) {}

double CableLayer::trayWidthPx(const TrayPieceLoad& piece) const {
    const Pathway* p = m_d.pathways.find(piece.segment);
    // Drawn no wider than the widest standard tray and a half: a segment sized past that
    // (generate's notes name it) would hide the racks under it.
    return std::max(3.0, std::min(p ? p->widthMm : 300, kMaxDrawnTrayMm) * m_s);
}

bool CableLayer::isDuctBank(const TrayPieceLoad& piece) const {
    const Pathway* p = m_d.pathways.find(piece.segment);
    return p && p->kind == PathwayKind::DuctBank;
}

double CableLayer::cableWidthPx() const {
    return std::clamp(25 * m_s, 1.0, 3.0);
}

double CableLayer::cornerRadiusPx() const {
    return std::clamp(250 * m_s, 2.0, 24.0);
}

bool CableLayer::visible(const std::vector<PointMm>& pts, const QRectF& cullMm) const {
    return cullMm.isEmpty() ||
           boundsOf(pts)
               .adjusted(-kVisibleMarginMm, -kVisibleMarginMm, kVisibleMarginMm, kVisibleMarginMm)
               .intersects(cullMm);
}

void CableLayer::paintTrays(QPainter& p, const CableLayerOptions& o, const QRectF& cullMm) const {
    if (!o.trays)
        return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    // Under the cables the tray is a pale neutral band edged in its fill colour (so it is
    // not read as a rack colour); alone (the overview) it is a narrower band of the colour
    // scale, with the racks' colours showing beside it.
    // A duct bank (underground, between buildings) is the same band in the earth's brown with
    // dashed edges, so it reads as buried and its fill colour stays the scale's.
    forEachShown(m_routes.pieces(), cullMm, m_index, &CableRouteIndex::piecesMeeting,
                 [&](const TrayPieceLoad& piece) {
                     if (!visible({piece.from, piece.to}, cullMm))
                         return;
                     const QColor c = CableStyle::fillColour(
                         CableStyle::fillBand(piece.total(), piece.fillPct, piece.limitPct));
                     const QPointF a = m_t.map(QPointF(piece.from.x, piece.from.y));
                     const QPointF b = m_t.map(QPointF(piece.to.x, piece.to.y));
                     const double w = trayWidthPx(piece);
                     const bool duct = isDuctBank(piece);
                     const Qt::PenStyle edgeStyle = duct ? Qt::DashLine : Qt::SolidLine;
                     if (!o.cables) {
                         p.setPen(QPen(c, std::max(2.5, w * 0.5), edgeStyle, Qt::FlatCap));
                         p.drawLine(a, b);
                         return;
                     }
                     const QColor band =
                         duct ? QColor(0x8a, 0x6d, 0x3b, 70) : QColor(0x78, 0x82, 0x91, 56);
                     p.setPen(QPen(band, w, Qt::SolidLine, Qt::FlatCap));
                     p.drawLine(a, b);
                     const bool horizontal = std::abs(b.y() - a.y()) < std::abs(b.x() - a.x());
                     const QPointF n = horizontal ? QPointF(0, w / 2) : QPointF(w / 2, 0);
                     p.setPen(QPen(c, std::clamp(w * 0.08, 1.0, 3.0), edgeStyle, Qt::FlatCap));
                     p.drawLine(a + n, b + n);
                     p.drawLine(a - n, b - n);
                 });
    p.restore();
}

void CableLayer::paintCables(QPainter& p, const CableLayerOptions& o, const QRectF& cullMm) const {
    if (!o.cables)
        return;
    p.save();
    p.setBrush(Qt::NoBrush);
    const double r = cornerRadiusPx();
    // One path per layer: thousands of bundles cost four strokes, not thousands.
    QPainterPath paths[kCableLayers], warnings;
    forEachShown(m_routes.bundles(), cullMm, m_index, &CableRouteIndex::bundlesMeeting,
                 [&](const BundleRoute& b) {
                     if (!o.layers[b.fabricKind] || !visible(b.points, cullMm))
                         return;
                     const QPainterPath path =
                         CableStyle::path(b.points, CableStyle::laneOffsetMm(b.fabricKind), m_t, r);
                     (b.noPathway ? warnings : paths[b.fabricKind]).addPath(path);
                 });
    for (int layer = kCableLayers - 1; layer >= 0; --layer) {
        if (paths[layer].isEmpty())
            continue;
        QPen pen(CableStyle::layerColour(layer), cableWidthPx(), Qt::SolidLine, Qt::FlatCap,
                 Qt::RoundJoin);
        p.setPen(pen);
        p.drawPath(paths[layer]);
    }
    if (!warnings.isEmpty()) {
        QPen pen(CableStyle::noPathwayColour(), std::max(1.5, cableWidthPx()), Qt::DashLine);
        p.setPen(pen);
        p.drawPath(warnings);
    }
    p.restore();
}

void CableLayer::paintCounts(QPainter& p, const CableLayerOptions& o, std::vector<QRectF>& occupied,
                             const QRectF& cullMm) const {
    if (!o.counts || !o.cables)
        return;
    p.save();
    QFont font = RenderStyle::font(std::clamp(180 * m_s, 8.0, 12.0));
    p.setFont(font);
    const QFontMetricsF fm(font);
    Occupancy taken(occupied);
    // Without trays there are no pieces: each bundle is labelled on its longest step.
    if (!m_routes.hasPathways())
        forEachShown(
            m_routes.bundles(), cullMm, m_index, &CableRouteIndex::bundlesMeeting,
            [&](const BundleRoute& b) {
                if (!o.layers[b.fabricKind] || b.points.size() < 2 || !visible(b.points, cullMm))
                    return;
                std::size_t best = 1;
                auto len = [&](std::size_t i) {
                    return std::abs(b.points[i].x - b.points[i - 1].x) +
                           std::abs(b.points[i].y - b.points[i - 1].y);
                };
                for (std::size_t i = 2; i < b.points.size(); ++i)
                    if (len(i) > len(best))
                        best = i;
                const double off = CableStyle::laneOffsetMm(b.fabricKind);
                const QPointF a =
                    m_t.map(QPointF(b.points[best - 1].x + off, b.points[best - 1].y + off));
                const QPointF e = m_t.map(QPointF(b.points[best].x + off, b.points[best].y + off));
                const QString text = QString::number(b.cables);
                QRectF r(QPointF(), QSizeF(fm.horizontalAdvance(text) + 6, fm.height() + 2));
                for (double t : {0.5, 0.3, 0.7}) {
                    r.moveCenter(a + (e - a) * t);
                    if (!taken.free(r))
                        continue;
                    taken.take(r);
                    p.setPen(QPen(CableStyle::layerColour(b.fabricKind), 0));
                    p.setBrush(QColor(255, 255, 255, 230));
                    p.drawRect(r);
                    p.setPen(RenderStyle::ink());
                    p.drawText(r, Qt::AlignCenter, text);
                    break;
                }
            });
    forEachShown(m_routes.pieces(), cullMm, m_index, &CableRouteIndex::piecesMeeting,
                 [&](const TrayPieceLoad& piece) {
                     int n = 0;
                     for (int layer = 0; layer < kCableLayers; ++layer)
                         n += o.layers[layer] ? piece.cables[std::size_t(layer)] : 0;
                     if (n <= 0 || !visible({piece.from, piece.to}, cullMm))
                         return;
                     const QPointF a = m_t.map(QPointF(piece.from.x, piece.from.y));
                     const QPointF b = m_t.map(QPointF(piece.to.x, piece.to.y));
                     const QString text = QString::number(n);
                     const QSizeF size(fm.horizontalAdvance(text) + 6, fm.height() + 2);
                     const bool horizontal = std::abs(b.y() - a.y()) < std::abs(b.x() - a.x());
                     const double along =
                         horizontal ? std::abs(b.x() - a.x()) : std::abs(b.y() - a.y());
                     if (along < (horizontal ? size.width() : size.height()) * 1.2)
                         return; // a piece shorter than its label: the neighbours say it
                     // Beside the tray, at the middle first, then a third in from either end.
                     const double side = trayWidthPx(piece) / 2 + 2;
                     for (double t : {0.5, 0.3, 0.7}) {
                         bool placed = false;
                         for (int sgn : {-1, 1, 0}) { // beside it, else on it
                             const QPointF m = a + (b - a) * t;
                             QRectF r(QPointF(), size);
                             if (horizontal)
                                 r.moveCenter(m + QPointF(0, sgn * (side + size.height() / 2)));
                             else
                                 r.moveCenter(m + QPointF(sgn * (side + size.width() / 2), 0));
                             if (!taken.free(r))
                                 continue;
                             taken.take(r);
                             p.setPen(QPen(RenderStyle::hairline(), 0));
                             p.setBrush(QColor(255, 255, 255, 230));
                             p.drawRect(r);
                             p.setPen(RenderStyle::ink());
                             p.drawText(r, Qt::AlignCenter, text);
                             placed = true;
                             break;
                         }
                         if (placed)
                             break;
                     }
                 });
    p.restore();
}

QString CableLayer::svg(const CableLayerOptions& o) const {
    QString out;
    auto num = [](double v) { return QString::number(v, 'f', 2); };
    if (o.trays) {
        out += QStringLiteral("<g id=\"pathways\" fill=\"none\" stroke-linecap=\"butt\">\n");
        for (const TrayPieceLoad& piece : m_routes.pieces()) {
            const QPointF a = m_t.map(QPointF(piece.from.x, piece.from.y));
            const QPointF b = m_t.map(QPointF(piece.to.x, piece.to.y));
            const Pathway* pw = m_d.pathways.find(piece.segment);
            // A duct bank dashed, as on the screen; the trays' bytes stay as they were.
            const bool duct = isDuctBank(piece);
            const QString cls =
                duct ? QStringLiteral("pathway duct-bank") : QStringLiteral("pathway");
            const QString dash = duct ? QStringLiteral(" stroke-dasharray=\"6 4\"") : QString();
            out += QStringLiteral("<path class=\"") + cls;
            out += QStringLiteral("\" data-name=\"%1\" data-fill-pct=\"%2\" "
                                  "d=\"M%3 %4 L%5 %6\" stroke=\"%7\" stroke-opacity=\"%8\" "
                                  "stroke-width=\"%9\"")
                       .arg((pw ? pw->name : QString()).toHtmlEscaped(),
                            QString::number(piece.fillPct, 'f', 1), num(a.x()), num(a.y()),
                            num(b.x()), num(b.y()),
                            hex(CableStyle::fillColour(CableStyle::fillBand(
                                piece.total(), piece.fillPct, piece.limitPct))),
                            o.cables ? QStringLiteral("0.35") : QStringLiteral("1"),
                            num(trayWidthPx(piece)));
            out += dash + QStringLiteral("/>\n");
        }
        out += QStringLiteral("</g>\n");
    }
    if (o.cables) {
        out += QStringLiteral("<g id=\"cables\" fill=\"none\" stroke-linejoin=\"round\">\n");
        const double r = cornerRadiusPx();
        for (const BundleRoute& b : m_routes.bundles()) {
            if (!o.layers[b.fabricKind])
                continue;
            const QString d =
                CableStyle::svgPathData(b.points, CableStyle::laneOffsetMm(b.fabricKind), m_t, r);
            if (d.isEmpty())
                continue;
            const QString cls = CableStyle::layerKey(b.fabricKind) +
                                (b.noPathway ? QStringLiteral(" no-pathway") : QString());
            const QColor c =
                b.noPathway ? CableStyle::noPathwayColour() : CableStyle::layerColour(b.fabricKind);
            out += QStringLiteral("<path class=\"cable %1\" data-cables=\"%2\" d=\"%3\" "
                                  "stroke=\"%4\" stroke-width=\"%5\"%6/>\n")
                       .arg(cls)
                       .arg(b.cables)
                       .arg(d, hex(c), num(cableWidthPx()),
                            b.noPathway ? QStringLiteral(" stroke-dasharray=\"6 4\"") : QString());
        }
        out += QStringLiteral("</g>\n");
    }
    return out;
}

} // namespace cds::render
