#include "FabricDiagramRenderer.h"

#include "RenderStyle.h"
#include "model/Wording.h"

#include <QPainter>

#include <algorithm>

namespace cds::render {

namespace {

struct TierRow {
    QString label;
    long long count = 0;
    QString model;
    QColor colour;
};

/// The model most devices of a tier use, for the tier's caption.
QString commonModel(const DesignData& d, FabricId f, Tier t, bool servers) {
    std::map<QString, int> n;
    d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& it = d.typeOf(v);
        if (servers ? it.gpuCount() > 0 : (v.fabric == f && v.tier == t))
            ++n[it.model];
    });
    auto best = std::max_element(n.begin(), n.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
    return best == n.end() ? QString() : best->first;
}

} // namespace

FabricDiagramRenderer::FabricDiagramRenderer(const DesignData& d, const Metrics& m)
    : m_d(d)
    , m_m(m) {}

void FabricDiagramRenderer::paint(QPainter& p, const QRectF& target) const {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    const FabricId f = m_d.findFabric(FabricKind::Compute);
    const TierCounts sw = m_m.switches[std::size_t(FabricKind::Compute)];
    const LinkTierCounts ln = m_m.links[std::size_t(FabricKind::Compute)];
    std::vector<TierRow> tiers;
    const QColor swc = RenderStyle::category(Category::Switch);
    if (sw.core)
        tiers.push_back(
            {QStringLiteral("Core"), sw.core, commonModel(m_d, f, Tier::Core, false), swc});
    if (sw.spine)
        tiers.push_back(
            {QStringLiteral("Spine"), sw.spine, commonModel(m_d, f, Tier::Spine, false), swc});
    tiers.push_back({QStringLiteral("Leaf"), sw.leaf, commonModel(m_d, f, Tier::Leaf, false), swc});
    tiers.push_back({QStringLiteral("GPU servers"), m_m.servers,
                     commonModel(m_d, f, Tier::None, true),
                     RenderStyle::category(Category::Server)});
    std::vector<long long> between; // links between tiers[i] and tiers[i+1]
    if (sw.core)
        between.push_back(ln.spineCore);
    if (sw.spine)
        between.push_back(ln.leafSpine);
    between.push_back(ln.nodeLeaf);

    const QRectF main = target.adjusted(0, 0, -target.width() * 0.3, 0);
    const QRectF side =
        QRectF(main.right() + 16, target.top(), target.width() * 0.3 - 16, target.height());
    const double rowH = main.height() / double(tiers.size());
    const double boxH = std::min(rowH * 0.42, 70.0);
    const double px = std::clamp(boxH * 0.22, 6.0, 13.0);
    // Captions take the left column; switch and server symbols the rest.
    const QRectF symbols = main.adjusted(main.width() * 0.3, 0, 0, 0);
    std::vector<std::vector<QRectF>> boxes(tiers.size());
    for (std::size_t i = 0; i < tiers.size(); ++i) {
        const double cy = main.top() + rowH * (double(i) + 0.5);
        // At most 12 symbols per tier; the caption carries the real count.
        const int shown = int(std::min<long long>(tiers[i].count, 12));
        const double w = std::min(symbols.width() * 0.8 / std::max(1, shown), 90.0);
        const double total = w * shown + (shown - 1) * w * 0.25;
        for (int k = 0; k < shown; ++k)
            boxes[i].emplace_back(symbols.center().x() - total / 2 + k * w * 1.25, cy - boxH / 2, w,
                                  boxH);
    }
    for (std::size_t i = 0; i + 1 < tiers.size(); ++i) {
        p.setPen(QPen(RenderStyle::hairline().darker(115), 0.8));
        for (const QRectF& a : boxes[i])
            for (const QRectF& b : boxes[i + 1])
                p.drawLine(QPointF(a.center().x(), a.bottom()), QPointF(b.center().x(), b.top()));
        const double y = (main.top() + rowH * (double(i) + 1));
        const QString text = counted(between[i], QStringLiteral("link"));
        p.setFont(RenderStyle::font(px, true));
        const QRectF tag(main.left(), y - px, main.width() * 0.3, px * 2);
        p.setPen(RenderStyle::accent());
        p.drawText(tag, Qt::AlignLeft | Qt::AlignVCenter, text);
    }
    for (std::size_t i = 0; i < tiers.size(); ++i) {
        for (const QRectF& b : boxes[i]) {
            p.setPen(QPen(tiers[i].colour.darker(140), 1));
            p.setBrush(RenderStyle::tint(tiers[i].colour));
            p.drawRoundedRect(b, 4, 4);
        }
        const QRectF cap(main.left(), main.top() + rowH * (double(i) + 0.5) - px * 1.5,
                         main.width() * 0.3, px * 1.5);
        p.setPen(RenderStyle::ink());
        p.setFont(RenderStyle::font(px * 1.1, true));
        p.drawText(cap, Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("%1 × %2").arg(tiers[i].count).arg(tiers[i].label));
        p.setPen(RenderStyle::muted());
        p.setFont(RenderStyle::font(px));
        p.drawText(cap.translated(0, px * 1.5), Qt::AlignLeft | Qt::AlignVCenter, tiers[i].model);
    }

    // Side panel: figures and the other networks.
    p.setPen(Qt::NoPen);
    p.setBrush(RenderStyle::panel());
    p.drawRoundedRect(side, 6, 6);
    QStringList lines;
    const Fabric* fab = m_d.fabric(f);
    lines << QStringLiteral("Compute fabric");
    if (fab)
        lines << QStringLiteral("%1%2").arg(
            fab->technology == Technology::InfiniBand ? QStringLiteral("InfiniBand")
            : fab->technology == Technology::Ethernet ? QStringLiteral("Ethernet")
                                                      : QStringLiteral("Any technology"),
            fab->railOptimized ? QStringLiteral(", rail-optimized") : QString());
    lines << QStringLiteral("Bisection: %1 Tb/s").arg(m_m.bisectionTbps, 0, 'f', 1)
          << QStringLiteral("(per direction, from links)")
          << QStringLiteral("Injection: %1 Gb/s per GPU").arg(m_m.injectionGbpsPerGpu, 0, 'f', 0);
    if (m_m.leafOversubscription > 0)
        lines << QStringLiteral("Leaf oversubscription %1:1")
                     .arg(m_m.leafOversubscription, 0, 'f', 2);
    if (m_m.spineOversubscription > 0)
        lines << QStringLiteral("Spine oversubscription %1:1")
                     .arg(m_m.spineOversubscription, 0, 'f', 2);
    lines << QString() << QStringLiteral("Other networks");
    for (FabricKind k : {FabricKind::Storage, FabricKind::Inband, FabricKind::Oob}) {
        const TierCounts t = m_m.switches[std::size_t(k)];
        const long long l = m_m.links[std::size_t(k)].total();
        if (t.total() || l)
            lines << QStringLiteral("%1: %2 switches, %3 links")
                         .arg(fabricKindKey(k))
                         .arg(t.total())
                         .arg(l);
    }
    double y = side.top() + 12;
    for (const QString& s : lines) {
        const bool head =
            s == QLatin1String("Compute fabric") || s == QLatin1String("Other networks");
        p.setFont(RenderStyle::font(px, head));
        p.setPen(head ? RenderStyle::ink() : RenderStyle::muted().darker(120));
        p.drawText(QRectF(side.left() + 12, y, side.width() - 24, px * 1.6),
                   Qt::AlignLeft | Qt::AlignVCenter, s);
        y += px * 1.7;
    }
    p.restore();
}

} // namespace cds::render
