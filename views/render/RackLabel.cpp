#include "RackLabel.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace cds::render {

namespace {
/// The largest size in [minPx, maxPx] at which @p text fits @p w x @p h, or 0.
double largestFit(const QString& text, double w, double h, QFont font, double maxPx, double minPx) {
    for (double px = maxPx;; px = std::max(minPx, px * 0.88)) {
        font.setPixelSize(std::max(1, int(px)));
        const QFontMetricsF fm(font);
        if (fm.horizontalAdvance(text) <= w && fm.height() <= h)
            return std::max(1, int(px));
        if (px <= minPx)
            return 0;
    }
}
} // namespace

QString RackLabel::abbreviation(const QString& name) {
    const qsizetype dash = name.lastIndexOf(QLatin1Char('-'));
    return dash >= 0 && dash + 1 < name.size() ? name.mid(dash + 1) : name;
}

RackLabel RackLabel::fit(const QString& name, const QSizeF& box, const QFont& font, double maxPx,
                         double minPx) {
    RackLabel l;
    const double w = box.width() * 0.92, h = box.height() * 0.92;
    if (name.isEmpty() || w <= 0 || h <= 0)
        return l;
    if (double px = largestFit(name, w, h, font, maxPx, minPx); px > 0)
        return {name, px, false, false};
    if (h > w)
        if (double px = largestFit(name, h, w, font, maxPx, minPx); px > 0)
            return {name, px, true, false};
    const QString shortName = abbreviation(name);
    if (shortName != name)
        if (double px = largestFit(shortName, w, h, font, maxPx, minPx); px > 0)
            return {shortName, px, false, true};
    return l;
}

void RackLabel::paint(QPainter& p, const QRectF& box, QFont font) const {
    if (text.isEmpty())
        return;
    font.setPixelSize(std::max(1, int(px)));
    p.setFont(font);
    if (!rotated) {
        p.drawText(box, Qt::AlignCenter, text);
        return;
    }
    p.save();
    p.translate(box.center());
    p.rotate(-90);
    p.drawText(QRectF(-box.height() / 2, -box.width() / 2, box.height(), box.width()),
               Qt::AlignCenter, text);
    p.restore();
}

} // namespace cds::render
