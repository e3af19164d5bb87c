#include "PowerDiagramPainter.h"

#include "model/power/PowerChainBuilder.h"
#include "views/render/RenderStyle.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace cds::views {

using render::RenderStyle;
using M = PowerDiagramMetrics;

namespace {

QString number(double v, int decimals = 0) {
    QLocale c = QLocale::c();
    c.setNumberOptions({});
    return c.toString(v, 'f', decimals);
}

QString kw(double v) {
    return v >= 10000 ? number(v / 1000, 1) + QStringLiteral(" MW")
                      : number(v) + QStringLiteral(" kW");
}

QString percent(double pct) {
    return number(pct) + QStringLiteral(" %");
}

/// A bar of @p pct (full at 100 %, a red tip beyond) in @p r.
void paintBar(QPainter& p, const QRectF& r, double pct) {
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0xe3, 0xe7, 0xec));
    p.drawRect(r);
    const double share = std::clamp(pct / 100.0, 0.0, 1.0);
    p.setBrush(utilisationColour(pct));
    p.drawRect(QRectF(r.left(), r.top(), r.width() * share, r.height()));
}

} // namespace

QColor utilisationColour(double pct) {
    if (pct > 100.0 + 1e-9)
        return RenderStyle::error();
    if (pct > kPowerDesignLoadShare * 100 + 1e-9)
        return RenderStyle::warning();
    return QColor(0x2e, 0x8b, 0x57);
}

QString powerCapacityText(const PowerElement& e) {
    QString unit = ratedInKva(e.kind) ? QStringLiteral(" kVA") : QStringLiteral(" kW");
    if (e.outputVdc > 0) // a DC power rack: its output voltage matters as much as its rating
        unit += QStringLiteral(" · %1 V DC").arg(number(e.outputVdc));
    if (e.units > 1)
        return QStringLiteral("%1 × %2%3").arg(e.units).arg(number(e.capacity / e.units), unit);
    return number(e.capacity) + unit;
}

QString powerNormalText(const PowerElement& e, const ElementFlow* f) {
    if (!f)
        return QStringLiteral("not analysed");
    if (isStandby(e.kind) && f->normalKw <= 0)
        return QStringLiteral("standby");
    return QStringLiteral("%1 · %2").arg(percent(f->normalPct()), kw(f->normalKw));
}

QString powerWorstText(const PowerChain& c, const ElementFlow* f) {
    if (!f)
        return {};
    const PowerElement* failed = c.elements.find(f->worstFailure);
    return QStringLiteral("N-1 %1 · %2")
        .arg(percent(f->worstPct()),
             failed ? failed->name + QStringLiteral(" out") : QStringLiteral("no change"));
}

QString powerNodeToolTip(const DesignData& d, const PowerNode& n, const ElementFlow* f) {
    const PowerChain& c = d.power;
    const PowerElement& e = c.elements[n.id];
    QStringList lines;
    QString head =
        QStringLiteral("<b>%1</b> · %2").arg(e.name.toHtmlEscaped(), powerKindLabel(e.kind));
    if (d.catalog.contains(e.type)) {
        const CatalogItem& t = d.catalog[e.type];
        head += QStringLiteral(" · %1 %2").arg(t.vendor.toHtmlEscaped(), t.model.toHtmlEscaped());
    }
    lines << head;
    lines << QStringLiteral("Rating %1 (%2 usable), efficiency %3 %")
                 .arg(powerCapacityText(e), kw(c.capacityKw(e)), number(e.efficiencyPct, 1));
    if (f) {
        lines << QStringLiteral("Normal operation: %1 of %2 (%3)")
                     .arg(kw(f->normalKw), kw(f->capacityKw), percent(f->normalPct()));
        const PowerElement* failed = c.elements.find(f->worstFailure);
        lines << (failed ? QStringLiteral("Worst N-1: %1 (%2) with %3 out of service")
                               .arg(kw(f->worstKw), percent(f->worstPct()),
                                    failed->name.toHtmlEscaped())
                         : QStringLiteral("Worst N-1: %1 (%2): no single failure raises it")
                               .arg(kw(f->worstKw), percent(f->worstPct())));
    }
    if (!e.group.isEmpty())
        lines << QStringLiteral("Group: %1").arg(e.group.toHtmlEscaped());
    if (!n.racks.empty())
        lines << QStringLiteral("Feeds %1 rack%2: %3")
                     .arg(n.racks.size())
                     .arg(n.racks.size() == 1 ? QString() : QStringLiteral("s"),
                          n.racksText.toHtmlEscaped());
    return lines.join(QStringLiteral("<br>"));
}

namespace {

/// A grouped node's figures: its most loaded member in normal operation and at its worst.
struct GroupFigures {
    ElementFlow normal, worst;
    bool any = false;
};

GroupFigures groupFigures(const PowerAnalysis& a, const PowerNode& n) {
    GroupFigures g;
    for (PowerElementId m : n.members)
        if (const ElementFlow* f = a.find(m)) {
            if (!g.any || f->normalPct() > g.normal.normalPct())
                g.normal = *f;
            if (!g.any || f->worstPct() > g.worst.worstPct())
                g.worst = *f;
            g.any = true;
        }
    return g;
}

} // namespace

void PowerDiagramPainter::paintNode(QPainter& p, const PowerNode& n, PowerNodeState s) const {
    const PowerElement* e = m_d.power.elements.find(n.id);
    if (!e)
        return;
    const ElementFlow* f = m_a.find(n.id);
    QString title = e->name;
    QString normal = powerNormalText(*e, f);
    QString worst = powerWorstText(m_d.power, f);
    double normalPct = f ? f->normalPct() : 0, worstPct = f ? f->worstPct() : 0;
    if (n.members.size() > 1) { // "24 busways": the most loaded of them
        const GroupFigures g = groupFigures(m_a, n);
        title =
            QStringLiteral("%1 × %2").arg(n.members.size()).arg(powerKindLabel(e->kind).toLower());
        normalPct = g.normal.normalPct();
        worstPct = g.worst.worstPct();
        normal = QStringLiteral("max %1").arg(powerNormalText(*e, &g.normal));
        worst = powerWorstText(m_d.power, &g.worst);
        f = g.any ? &g.worst : nullptr;
    }
    const QRectF r = n.rect;
    p.save();
    const QColor edge = s.selected ? RenderStyle::accent()
                        : s.onPath ? QColor(0x3d, 0x8b, 0xe0)
                                   : RenderStyle::hairline();
    p.setPen(QPen(edge, s.selected ? 3 : s.onPath ? 2 : 1));
    p.setBrush(s.onPath || s.selected ? QColor(0xea, 0xf2, 0xfc) : RenderStyle::paper());
    p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
    // A strip in the colour of the worst case: the element's state at a glance, zoomed out.
    p.setPen(Qt::NoPen);
    p.setBrush(f ? utilisationColour(std::max(normalPct, worstPct)) : RenderStyle::hairline());
    p.drawRect(QRectF(r.left() + 1, r.top() + 1, 4, r.height() - 2));

    const double x = r.left() + 10, w = r.width() - 16;
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(11.5, true));
    const QString cap = powerCapacityText(*e);
    const QFontMetricsF bold(p.font());
    const double capW = QFontMetricsF(RenderStyle::font(10)).horizontalAdvance(cap) + 8;
    p.drawText(QRectF(x, r.top() + 3, w, 15), Qt::AlignLeft | Qt::AlignVCenter,
               bold.elidedText(title, Qt::ElideMiddle, w - capW));
    p.setFont(RenderStyle::font(10));
    p.setPen(RenderStyle::muted());
    p.drawText(QRectF(x, r.top() + 3, w, 15), Qt::AlignRight | Qt::AlignVCenter, cap);

    const double barW = 40;
    if (f) {
        paintBar(p, QRectF(x, r.top() + 22, barW, 7), normalPct);
        paintBar(p, QRectF(x, r.top() + 36, barW, 7), worstPct);
    }
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(10));
    const QFontMetricsF small(p.font());
    const double tx = x + barW + 6, tw = w - barW - 6;
    p.drawText(QRectF(tx, r.top() + 18, tw, 14), Qt::AlignLeft | Qt::AlignVCenter,
               small.elidedText(normal, Qt::ElideRight, tw));
    p.drawText(QRectF(tx, r.top() + 32, tw, 14), Qt::AlignLeft | Qt::AlignVCenter,
               small.elidedText(worst, Qt::ElideRight, tw));
    p.restore();
}

void PowerDiagramPainter::paintRackTag(QPainter& p, const PowerNode& n, bool onPath) const {
    if (n.racks.empty())
        return;
    const QRectF tag = m_l.rackTagRect(n);
    p.save();
    p.setPen(QPen(onPath ? QColor(0x3d, 0x8b, 0xe0) : RenderStyle::muted(), onPath ? 2 : 1));
    const double y = n.rect.center().y();
    p.drawLine(QPointF(n.rect.right(), y), QPointF(tag.left() - 2, y));
    p.setPen(RenderStyle::ink());
    p.setFont(RenderStyle::font(10.5, true));
    p.drawText(QRectF(tag.left() + 2, tag.top() + 6, tag.width() - 2, 16),
               Qt::AlignLeft | Qt::AlignVCenter,
               QStringLiteral("%1 rack%2").arg(n.racks.size()).arg(n.racks.size() == 1 ? "" : "s"));
    p.setFont(RenderStyle::font(10));
    p.setPen(RenderStyle::muted());
    const QFontMetricsF fm(p.font());
    // Their names when they fit, else the rows they stand in (the tooltip lists every name).
    const double w = tag.width() - 4;
    QString text = n.racksText;
    if (fm.horizontalAdvance(text) > w && !n.rowsText.isEmpty())
        text = QStringLiteral("in ") + n.rowsText;
    p.drawText(QRectF(tag.left() + 2, tag.top() + 24, tag.width() - 2, 16),
               Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(text, Qt::ElideRight, w));
    p.restore();
}

void PowerDiagramPainter::paintConnectors(QPainter& p, const std::vector<char>& path, double top,
                                          double bottom) const {
    auto on = [&](PowerElementId id) { return id.value() < path.size() && path[id.value()]; };
    // A bus runs between its elements' centres: one wholly above or below the range is not
    // drawn.
    auto reaches = [&](const PowerConnector& c) {
        double lo = kEverywhere, hi = -kEverywhere;
        for (const auto* ids : {&c.upstream, &c.downstream})
            for (PowerElementId id : *ids)
                if (const PowerNode* n = m_l.find(id)) {
                    lo = std::min(lo, n->rect.center().y());
                    hi = std::max(hi, n->rect.center().y());
                }
        return hi >= top && lo <= bottom;
    };
    std::vector<const PowerConnector*> shown;
    for (const PowerConnector& c : m_l.connectors)
        if (reaches(c))
            shown.push_back(&c);
    p.save();
    for (int pass = 0; pass < 2; ++pass) // the highlighted lines last, on top
        for (const PowerConnector* cp : shown) {
            const PowerConnector& c = *cp;
            QPen pen(pass ? QColor(0x3d, 0x8b, 0xe0) : QColor(0x8a, 0x94, 0xa3), pass ? 2.5 : 1.2);
            if (c.standby)
                pen.setStyle(Qt::DashLine);
            p.setPen(pen);
            double lineTop = 1e18, lineBottom = -1e18;
            bool any = false;
            auto stub = [&](PowerElementId id, bool upstream) {
                const PowerNode* n = m_l.find(id);
                if (!n)
                    return;
                const bool lit =
                    on(id) && std::any_of((upstream ? c.downstream : c.upstream).begin(),
                                          (upstream ? c.downstream : c.upstream).end(), on);
                if (bool(pass) != lit)
                    return;
                const double y = n->rect.center().y();
                p.drawLine(QPointF(upstream ? n->rect.right() : c.barX, y),
                           QPointF(upstream ? c.barX : n->rect.left(), y));
                if (!upstream) { // an arrow head: the power flows this way
                    const QPointF tip(n->rect.left(), y);
                    p.drawLine(tip, tip + QPointF(-5, -3));
                    p.drawLine(tip, tip + QPointF(-5, 3));
                }
                lineTop = std::min(lineTop, y);
                lineBottom = std::max(lineBottom, y);
                any = true;
            };
            for (PowerElementId u : c.upstream)
                stub(u, true);
            for (PowerElementId d : c.downstream)
                stub(d, false);
            if (any && lineBottom > lineTop)
                p.drawLine(QPointF(c.barX, lineTop), QPointF(c.barX, lineBottom));
        }
    p.restore();
}

void PowerDiagramPainter::paintFrame(QPainter& p) const {
    p.save();
    p.setFont(RenderStyle::font(11, true));
    p.setPen(RenderStyle::muted());
    for (int i = 0; i < m_l.columnTitles.size(); ++i) {
        const bool racks = m_l.hasRackColumn && i == m_l.columnTitles.size() - 1;
        const double x = racks ? m_l.rackColumnX : m_l.columnX(i);
        const double w = racks ? M::kRackTagWidth : M::kBoxWidth;
        p.drawText(QRectF(x, M::kMargin, w, M::kHeaderHeight - 4), Qt::AlignLeft | Qt::AlignVCenter,
                   m_l.columnTitles[i]);
    }
    for (std::size_t b = 0; b < m_l.bands.size(); ++b) {
        const PowerBand& band = m_l.bands[b];
        if (b % 2 == 1) {
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(0xf6, 0xf8, 0xfa));
            p.drawRect(band.rect);
        }
        p.setPen(RenderStyle::hairline());
        p.drawLine(band.rect.topLeft(), band.rect.topRight());
        p.setPen(RenderStyle::ink());
        p.setFont(RenderStyle::font(11.5, true));
        p.drawText(QRectF(M::kMargin, band.rect.top() + 2, band.rect.width(), M::kBandTitle - 4),
                   Qt::AlignLeft | Qt::AlignVCenter, band.title);
    }
    p.restore();
}

void PowerDiagramPainter::paintRange(QPainter& p, double top, double bottom) const {
    // Past the range by a few units: a box's antialiased edge shows at a clip's edge.
    top -= 4;
    bottom += 4;
    paintFrame(p);
    paintConnectors(p, {}, top, bottom);
    for (const PowerNode& n : m_l.nodes) {
        if (n.rect.bottom() < top || n.rect.top() > bottom)
            continue;
        paintNode(p, n, {});
        paintRackTag(p, n, false);
    }
}

} // namespace cds::views
