#include "CableStyle.h"

#include <algorithm>
#include <cmath>

namespace cds::render {

QColor CableStyle::layerColour(int layer) {
    switch (layer) {
    case 0:
        return {0x1f, 0x6f, 0xd0}; // compute
    case 1:
        return {0xe0, 0x7a, 0x10}; // storage
    case 2:
        return {0x2a, 0x9d, 0x5c}; // in-band management
    default:
        return {0x7a, 0x5c, 0xa8}; // out-of-band
    }
}

QString CableStyle::layerKey(int layer) {
    return fabricKindKey(FabricKind(std::clamp(layer, 0, kCableLayers - 1)));
}

QString CableStyle::layerLabel(int layer) {
    switch (layer) {
    case 0:
        return QStringLiteral("Compute");
    case 1:
        return QStringLiteral("Storage");
    case 2:
        return QStringLiteral("In-band mgmt");
    default:
        return QStringLiteral("OOB mgmt");
    }
}

CableStyle::FillBand CableStyle::fillBand(int cables, double fillPct, double limitPct) {
    if (cables <= 0)
        return FillBand::Empty;
    if (fillPct > 100)
        return FillBand::Overfull;
    const double limit = limitPct > 0 ? limitPct : 50;
    if (fillPct > limit)
        return FillBand::OverLimit;
    if (fillPct > 0.8 * limit)
        return FillBand::NearLimit;
    if (fillPct > 0.5 * limit)
        return FillBand::Medium;
    return FillBand::Low;
}

QColor CableStyle::fillColour(FillBand b) {
    switch (b) {
    case FillBand::Empty:
        return {0xc4, 0xc9, 0xd1};
    case FillBand::Low:
        return {0x4c, 0xaf, 0x7a};
    case FillBand::Medium:
        return {0xb8, 0xc2, 0x2e};
    case FillBand::NearLimit:
        return {0xf0, 0xb0, 0x20};
    case FillBand::OverLimit:
        return {0xe8, 0x6a, 0x1c};
    case FillBand::Overfull:
        return {0xc0, 0x1c, 0x28};
    }
    return {};
}

QString CableStyle::fillLabel(FillBand b) {
    switch (b) {
    case FillBand::Empty:
        return QStringLiteral("empty");
    case FillBand::Low:
        return QStringLiteral("under half the limit");
    case FillBand::Medium:
        return QStringLiteral("50-80 % of the limit");
    case FillBand::NearLimit:
        return QStringLiteral("80-100 % of the limit");
    case FillBand::OverLimit:
        return QStringLiteral("over the limit");
    case FillBand::Overfull:
        return QStringLiteral("over 100 %: does not fit");
    }
    return {};
}

namespace {

/// The mapped corner points, with steps shorter than half a pixel merged away.
std::vector<QPointF> mapped(const std::vector<PointMm>& pts, double off, const QTransform& t) {
    std::vector<QPointF> out;
    out.reserve(pts.size());
    for (const PointMm& p : pts) {
        const QPointF q = t.map(QPointF(p.x + off, p.y + off));
        if (!out.empty() && std::abs(out.back().x() - q.x()) < 0.5 &&
            std::abs(out.back().y() - q.y()) < 0.5)
            continue;
        // Snap the step to the axis it runs along: mapping keeps axes (no rotation), but
        // rounding must not leave a hair of slope.
        if (!out.empty()) {
            if (std::abs(out.back().x() - q.x()) < std::abs(out.back().y() - q.y()))
                out.push_back({out.back().x(), q.y()});
            else
                out.push_back({q.x(), out.back().y()});
        } else {
            out.push_back(q);
        }
    }
    // Merge collinear neighbours again after snapping.
    std::vector<QPointF> merged;
    for (const QPointF& q : out) {
        if (merged.size() >= 2) {
            const QPointF a = merged[merged.size() - 2], b = merged.back();
            if ((a.x() == b.x() && b.x() == q.x()) || (a.y() == b.y() && b.y() == q.y())) {
                merged.back() = q;
                continue;
            }
        }
        merged.push_back(q);
    }
    return merged;
}

double length(QPointF a, QPointF b) {
    return std::abs(a.x() - b.x()) + std::abs(a.y() - b.y());
}

QPointF toward(QPointF from, QPointF to, double d) {
    const double len = length(from, to);
    return len > 0 ? from + (to - from) * (d / len) : from;
}

/// Calls line(p) and arc(r, sweep, p) for the rounded polyline.
template <typename Line, typename Arc>
void walk(const std::vector<QPointF>& q, double radius, Line line, Arc arc) {
    for (std::size_t i = 1; i < q.size(); ++i) {
        if (i + 1 == q.size()) {
            line(q[i]);
            break;
        }
        const QPointF a = q[i - 1], c = q[i], b = q[i + 1];
        const double r = std::min({radius, length(a, c) / 2, length(c, b) / 2});
        if (r < 0.5) {
            line(c);
            continue;
        }
        const QPointF in = toward(c, a, r), out = toward(c, b, r);
        line(in);
        const QPointF d1 = c - a, d2 = b - c;
        const double cross = d1.x() * d2.y() - d1.y() * d2.x();
        arc(r, cross > 0, c, out);
    }
}

} // namespace

QPainterPath CableStyle::path(const std::vector<PointMm>& pts, double off, const QTransform& t,
                              double radius) {
    const std::vector<QPointF> q = mapped(pts, off, t);
    QPainterPath path;
    if (q.size() < 2)
        return path;
    path.moveTo(q.front());
    walk(
        q, radius, [&](QPointF p) { path.lineTo(p); },
        [&](double, bool, QPointF corner, QPointF to) { path.quadTo(corner, to); });
    return path;
}

QString CableStyle::svgPathData(const std::vector<PointMm>& pts, double off, const QTransform& t,
                                double radius) {
    const std::vector<QPointF> q = mapped(pts, off, t);
    QString d;
    if (q.size() < 2)
        return d;
    auto num = [](double v) { return QString::number(v, 'f', 2); };
    d = QStringLiteral("M%1 %2").arg(num(q.front().x()), num(q.front().y()));
    walk(
        q, radius, [&](QPointF p) { d += QStringLiteral(" L%1 %2").arg(num(p.x()), num(p.y())); },
        [&](double r, bool sweep, QPointF, QPointF to) {
            d += QStringLiteral(" A%1 %1 0 0 %2 %3 %4")
                     .arg(num(r))
                     .arg(sweep ? 1 : 0)
                     .arg(num(to.x()), num(to.y()));
        });
    return d;
}

} // namespace cds::render
