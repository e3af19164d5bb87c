#include "ElevationRenderer.h"

#include "model/RackGeometry.h"

#include "NaturalOrder.h"
#include "RenderStyle.h"

#include <QPainter>

#include <algorithm>

namespace cds::render {

namespace {
constexpr double kFaceMm = 482.6;   // 19-inch panel width
constexpr double kScaleMm = 70.0;   // U-number column, each side
constexpr double kHeaderMm = 170.0; // rack name and figures
} // namespace

ElevationRenderer::ElevationRenderer(const DesignData& d, const DesignIndex& index)
    : m_d(d)
    , m_index(index) {}

double ElevationRenderer::aspect(int uCapacity) {
    return (kFaceMm + 2 * kScaleMm) / (uCapacity * kMillimetresPerU + kHeaderMm + 30);
}

std::vector<RackId> ElevationRenderer::racksByName(const DesignData& d) {
    std::vector<RackId> ids = d.racks.ids();
    std::stable_sort(ids.begin(), ids.end(), [&](RackId a, RackId b) {
        return naturalLess(d.racks[a].name, d.racks[b].name);
    });
    return ids;
}

void ElevationRenderer::paint(QPainter& p, RackId id, const QRectF& target) const {
    const Rack* rack = m_d.racks.find(id);
    if (!rack || target.isEmpty())
        return;
    const int cap = std::max(1, m_d.typeOf(*rack).rack.value_or(RackSpec{}).uCapacity);
    const double hMm = cap * kMillimetresPerU + kHeaderMm + 30;
    const double wMm = kFaceMm + 2 * kScaleMm;
    const double s = std::min(target.width() / wMm, target.height() / hMm);
    const QRectF box(target.center().x() - wMm * s / 2, target.top(), wMm * s, hMm * s);
    const double uPx = kMillimetresPerU * s;
    const QRectF face(box.left() + kScaleMm * s, box.top() + kHeaderMm * s, kFaceMm * s, cap * uPx);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);

    // Header: name, load and space used.
    double kw = 0;
    int usedU = 0, sidePdus = 0;
    for (DeviceId dev : m_index.devicesIn(id)) {
        const CatalogItem& t = m_d.typeOf(m_d.devices[dev]);
        kw += t.powerMaxW.value_or(0) / 1000.0;
        usedU += t.uHeight;
        sidePdus += inSideChannel(t) ? 1 : 0;
    }
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(std::max(6.0, 62 * s), true));
    p.drawText(QRectF(box.left(), box.top(), box.width(), 75 * s), Qt::AlignCenter, rack->name);
    p.setPen(RenderStyle::muted());
    p.setFont(RenderStyle::font(std::max(5.0, 34 * s)));
    p.drawText(QRectF(box.left() - 20 * s, box.top() + 75 * s, box.width() + 40 * s, 85 * s),
               Qt::AlignCenter,
               QStringLiteral("%1/%2U · %3 kW%4\n%5")
                   .arg(usedU)
                   .arg(cap)
                   .arg(kw, 0, 'f', 1)
                   .arg(sidePdus > 0 ? QStringLiteral(" · %1 x 0U PDU").arg(sidePdus) : QString())
                   .arg(coolingLabel(rack->cooling)));

    // Frame and U numbers (every U when legible, else every fifth).
    p.setPen(QPen(RenderStyle::ink(), std::max(0.8, 8 * s)));
    p.setBrush(RenderStyle::panel());
    p.drawRect(face.adjusted(-10 * s, -10 * s, 10 * s, 10 * s));
    const int step = uPx >= 7 ? 1 : 5;
    p.setFont(RenderStyle::font(std::clamp(uPx * 0.7, 3.5, 9.0)));
    p.setPen(RenderStyle::muted());
    for (int u = 1; u <= cap; ++u) {
        const double y = face.bottom() - u * uPx;
        if (u % step == 0 || u == 1) {
            const QRectF cell(box.left(), y, kScaleMm * s - 14 * s, uPx);
            p.drawText(cell, Qt::AlignRight | Qt::AlignVCenter, QString::number(u));
        }
        p.setPen(QPen(RenderStyle::hairline(), 0));
        p.drawLine(QPointF(face.left(), y), QPointF(face.right(), y));
        p.setPen(RenderStyle::muted());
    }

    for (DeviceId dev : m_index.devicesIn(id)) {
        const Device& v = m_d.devices[dev];
        const CatalogItem& t = m_d.typeOf(v);
        if (isFloorStanding(t)) { // fills the rack position: name and model across the face
            p.setPen(QPen(RenderStyle::ink(), std::max(0.5, 4 * s)));
            p.setBrush(RenderStyle::tint(RenderStyle::category(t.category)));
            p.drawRoundedRect(face.adjusted(4 * s, 4 * s, -4 * s, -4 * s), 6 * s, 6 * s);
            p.setFont(RenderStyle::font(std::clamp(face.width() / 14, 4.0, 12.0), true));
            p.drawText(face.adjusted(10 * s, 10 * s, -10 * s, -10 * s),
                       Qt::AlignCenter | Qt::TextWordWrap,
                       QStringLiteral("%1\n%2\nfloor-standing").arg(v.name, t.model));
            continue;
        }
        const int h = std::max(1, t.uHeight);
        if (v.uPosition < 1)
            continue;
        const QRectF r(face.left() + 4 * s, face.bottom() - (v.uPosition - 1 + h) * uPx + 1.5 * s,
                       face.width() - 8 * s, h * uPx - 3 * s);
        const bool over = v.uPosition - 1 + h > cap;
        p.setPen(QPen(over ? RenderStyle::error() : RenderStyle::ink(), std::max(0.5, 4 * s)));
        p.setBrush(RenderStyle::tint(RenderStyle::category(t.category)));
        p.drawRoundedRect(r, 6 * s, 6 * s);
        const double px =
            std::clamp(std::min(uPx * (h == 1 ? 0.78 : 0.9), r.width() / 12), 4.0, 12.0);
        p.setPen(RenderStyle::ink());
        p.setFont(RenderStyle::font(px, true));
        const QRectF text = r.adjusted(10 * s, 0, -10 * s, 0);
        if (h >= 2) {
            const QFontMetricsF fm(p.font());
            p.drawText(text.adjusted(0, 0, 0, -r.height() / 2), Qt::AlignLeft | Qt::AlignBottom,
                       fm.elidedText(v.name, Qt::ElideRight, text.width()));
            p.setFont(RenderStyle::font(px * 0.85));
            p.setPen(RenderStyle::muted().darker(130));
            p.drawText(text.adjusted(0, r.height() / 2, 0, 0), Qt::AlignLeft | Qt::AlignTop,
                       QFontMetricsF(p.font()).elidedText(t.model, Qt::ElideRight, text.width()));
        } else {
            const QFontMetricsF fm(p.font());
            p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(QStringLiteral("%1 · %2").arg(v.name, t.model), Qt::ElideRight,
                                     text.width()));
        }
    }
    p.restore();
}

void ElevationRenderer::paintRow(QPainter& p, const std::vector<RackId>& racks,
                                 const QRectF& target, double gap) const {
    if (racks.empty())
        return;
    const double n = double(racks.size());
    const double w = (target.width() - gap * (n - 1)) / n;
    for (std::size_t i = 0; i < racks.size(); ++i)
        paint(p, racks[i],
              QRectF(target.left() + double(i) * (w + gap), target.top(), w, target.height()));
}

} // namespace cds::render
