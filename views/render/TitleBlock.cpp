#include "TitleBlock.h"

#include "CableStyle.h"
#include "RenderStyle.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>

namespace cds::render {

double TitleBlock::heightFor(double targetHeight) {
    return std::clamp(targetHeight * 0.16, 64.0, 104.0);
}

void TitleBlock::paint(QPainter& p, const QRectF& band, const DesignData& d, double pxPerMm) const {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    const double row = band.height() / 5.2; // five rows of text
    const double px = std::clamp(row * 0.72, 7.0, 12.0);
    const QFont font = RenderStyle::font(px), bold = RenderStyle::font(px, true);
    const QFontMetricsF fm(font);
    p.setPen(QPen(RenderStyle::ink(), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(band);

    // Title block on the right: its width follows the longest line.
    QStringList lines;
    lines << d.meta.title;
    auto add = [&](const QString& label, const QString& v) {
        if (!v.isEmpty())
            lines << label + QStringLiteral(": ") + v;
    };
    add(QStringLiteral("Customer"), d.meta.customer);
    add(QStringLiteral("Project"), d.meta.project);
    QStringList rev;
    if (!d.meta.revision.isEmpty())
        rev << QStringLiteral("Rev. ") + d.meta.revision;
    if (!d.meta.date.isEmpty())
        rev << d.meta.date;
    if (!rev.isEmpty())
        lines << rev.join(QStringLiteral(" · "));
    double textW = 0;
    for (const QString& l : lines)
        textW = std::max(textW, QFontMetricsF(bold).horizontalAdvance(l));
    const double blockW = std::min(band.width() * 0.5, std::max(textW + 16, 150.0) + 150);
    const QRectF block(band.right() - blockW, band.top(), blockW, band.height());
    p.drawLine(block.topLeft(), block.bottomLeft());
    const QRectF text(block.left() + 8, block.top() + 4, blockW - 150 - 8, block.height() - 8);
    double y = text.top();
    // A long title takes two lines when the block has room for them.
    int boldLines = 1;
    if (QFontMetricsF(bold).horizontalAdvance(lines[0]) > text.width() &&
        lines.size() + 1 <= int(text.height() / row)) {
        const QString t = lines[0];
        qsizetype cut = t.size();
        while (cut > 0 && (QFontMetricsF(bold).horizontalAdvance(t.left(cut)) > text.width() ||
                           t.at(cut - 1) != u' '))
            --cut;
        if (cut > 0) {
            lines[0] = t.left(cut).trimmed();
            lines.insert(1, t.mid(cut).trimmed());
            boldLines = 2;
        }
    }
    for (int i = 0; i < lines.size() && y + row <= text.bottom() + 1; ++i, y += row) {
        const QFont& fi = i < boldLines ? bold : font;
        p.setFont(fi);
        p.drawText(QRectF(text.left(), y, text.width(), row), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(fi).elidedText(lines[i], Qt::ElideRight, text.width()));
    }
    // Scale bar: a round length near 90 px.
    const QRectF tools(block.right() - 146, block.top() + 4, 140, block.height() - 8);
    double barMm = 1000;
    while (barMm * pxPerMm < 60)
        barMm *= 2;
    while (barMm * pxPerMm > 110 && barMm > 1000)
        barMm /= 2;
    const double barPx = barMm * pxPerMm;
    const double by = tools.bottom() - row * 0.9;
    const double bx = tools.left() + 4;
    p.setFont(font);
    p.setPen(QPen(RenderStyle::ink(), 1));
    p.setBrush(RenderStyle::ink());
    p.drawRect(QRectF(bx, by - 2, barPx / 2, 4));
    p.setBrush(Qt::white);
    p.drawRect(QRectF(bx + barPx / 2, by - 2, barPx / 2, 4));
    p.drawText(QRectF(bx, by - row * 1.4, barPx + 40, row), Qt::AlignLeft | Qt::AlignBottom,
               QStringLiteral("0      %1 m").arg(barMm / 1000));
    // North arrow: the hall's y grows to the south, so north is up the page.
    const double ax = tools.right() - 18, ah = std::min(tools.height() * 0.55, 40.0);
    const double ay = tools.top() + 2;
    QPolygonF arrow;
    arrow << QPointF(ax, ay + row) << QPointF(ax + 7, ay + row + ah * 0.8)
          << QPointF(ax, ay + row + ah * 0.6) << QPointF(ax - 7, ay + row + ah * 0.8);
    p.setBrush(RenderStyle::ink());
    p.drawPolygon(arrow);
    p.setFont(bold);
    p.drawText(QRectF(ax - 10, ay, 20, row), Qt::AlignCenter, QStringLiteral("N"));

    // Legend on the left: networks, warning, fill scale, cooling, one row each.
    const QRectF legend(band.left() + 8, band.top() + 4, block.left() - band.left() - 16,
                        band.height() - 8);
    p.setFont(font);
    y = legend.top();
    auto heading = [&](const QString& s) {
        p.setPen(RenderStyle::muted());
        p.drawText(QRectF(legend.left(), y, 90, row), Qt::AlignLeft | Qt::AlignVCenter, s);
        return legend.left() + 92;
    };
    auto item = [&](double& x, const QString& label, auto swatch) {
        const double w = fm.horizontalAdvance(label);
        if (x + 22 + w > legend.right())
            return;
        swatch(QRectF(x, y + row * 0.2, 16, row * 0.6));
        p.setPen(RenderStyle::ink());
        p.drawText(QRectF(x + 20, y, w + 2, row), Qt::AlignLeft | Qt::AlignVCenter, label);
        x += 32 + w;
    };
    double x = heading(QStringLiteral("Networks"));
    for (int l = 0; l < kCableLayers; ++l)
        if (layers[std::size_t(l)])
            item(x, CableStyle::layerLabel(l), [&](const QRectF& r) {
                p.setPen(QPen(CableStyle::layerColour(l), 2.5));
                p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
            });
    if (noPathway)
        item(x, QStringLiteral("no tray path (link.no-pathway)"), [&](const QRectF& r) {
            p.setPen(QPen(CableStyle::noPathwayColour(), 2, Qt::DashLine));
            p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
        });
    y += row;
    p.setPen(RenderStyle::muted());
    p.drawText(QRectF(legend.left(), y, legend.width(), row), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(trays ? QStringLiteral("Cables in their trays, one lane per network; "
                                                    "numbers: cables per tray piece")
                                   : QStringLiteral("No cable trays: cables along the floor route"),
                             Qt::ElideRight, legend.width()));
    y += row;
    if (trays) {
        x = heading(QStringLiteral("Tray fill"));
        for (int b = 1; b < CableStyle::kFillBands; ++b)
            item(x, CableStyle::fillLabel(CableStyle::FillBand(b)), [&](const QRectF& r) {
                p.setPen(Qt::NoPen);
                p.fillRect(r, CableStyle::fillColour(CableStyle::FillBand(b)));
            });
        y += row;
    }
    x = heading(QStringLiteral("Cooling"));
    for (int c = 0; c < kCoolingTypeCount; ++c)
        item(x, coolingLabel(CoolingType(c)), [&](const QRectF& r) {
            p.setPen(QPen(RenderStyle::ink(), 0.5));
            p.setBrush(RenderStyle::cooling(CoolingType(c)));
            p.drawRect(r);
        });
    y += row;
    x = heading(QStringLiteral("Racks"));
    p.setPen(RenderStyle::ink());
    p.drawText(QRectF(x, y, legend.right() - x, row), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(QStringLiteral("name (the part after its last '-' where it does not "
                                            "fit), IT kW; thick edge: front"),
                             Qt::ElideRight, legend.right() - x));
    p.restore();
}

} // namespace cds::render
