#include "RacksDrawing.h"

#include "ElevationRenderer.h"
#include "RenderStyle.h"
#include "model/AtomicFile.h"
#include "model/DesignIndex.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <cmath>

namespace cds::render {

namespace {
constexpr double kMargin = 24;
constexpr double kHeaderPx = 40; // title block line and page number above the racks

QString titleBlock(const DesignMeta& meta) {
    QStringList parts{meta.title};
    for (const QString& s : {meta.customer, meta.project, meta.site})
        if (!s.isEmpty())
            parts << s;
    if (!meta.revision.isEmpty())
        parts << QStringLiteral("rev ") + meta.revision;
    return parts.join(QStringLiteral(" · "));
}
} // namespace

RacksLayout layoutRacks(const DesignData& d, double ppm) {
    RacksLayout l;
    int maxU = 1;
    d.racks.forEach([&](RackId, const Rack& r) {
        maxU = std::max(maxU, d.typeOf(r).rack.value_or(RackSpec{}).uCapacity);
    });
    const double h = (maxU * kMillimetresPerU + 200) / 1000 * ppm;
    const double w = h * ElevationRenderer::aspect(maxU);
    l.rackPx = QSizeF(w, h);
    l.gapX = w * 0.12;
    l.gapY = h * 0.06;
    const double room = kRacksPageMaxPx - 2 * kMargin;
    const int n = int(d.racks.size());
    // Written so that NaN or a scale too large for one rack gives columns 0.
    if (!(w + l.gapX <= room + l.gapX && h <= room - kHeaderPx) || !(w >= 4) || n == 0) {
        l.columns = 0;
        return l;
    }
    l.columns = std::clamp(int((room + l.gapX) / (w + l.gapX)), 1, n);
    const int gridRows = (n + l.columns - 1) / l.columns;
    l.rowsPerPage = std::clamp(int((room - kHeaderPx + l.gapY) / (h + l.gapY)), 1, gridRows);
    l.pages = (gridRows + l.rowsPerPage - 1) / l.rowsPerPage;
    return l;
}

QString racksPagePath(const QString& path, int page) {
    if (page == 0)
        return path;
    const QFileInfo fi(path);
    const QString suffix = fi.suffix();
    const QString stem = suffix.isEmpty() ? path : path.left(path.size() - suffix.size() - 1);
    return QStringLiteral("%1-%2%3").arg(stem).arg(page + 1).arg(
        suffix.isEmpty() ? QString() : QLatin1Char('.') + suffix);
}

bool writeRacksDrawing(const DesignData& d, const DrawingOptions& o, const QString& path, bool png,
                       QString* error, QStringList* written) {
    const double ppm = o.pixelsPerMetre > 0 ? o.pixelsPerMetre : 400.0;
    const std::vector<RackId> racks = ElevationRenderer::racksByName(d);
    if (racks.empty()) {
        if (error)
            *error = QStringLiteral("the design has no racks to draw");
        return false;
    }
    const RacksLayout l = layoutRacks(d, ppm);
    if (l.columns == 0) {
        if (error)
            *error = QStringLiteral("--scale %1 draws one rack %2 x %3 px; choose a scale that "
                                    "draws it 4 to %4 px")
                         .arg(ppm)
                         .arg(qRound64(l.rackPx.width()))
                         .arg(qRound64(l.rackPx.height()))
                         .arg(kRacksPageMaxPx);
        return false;
    }
    const DesignIndex index(d);
    const ElevationRenderer er(d, index);
    const std::size_t perPage = std::size_t(l.columns) * std::size_t(l.rowsPerPage);
    const QString block = titleBlock(d.meta);
    for (int page = 0; page < l.pages; ++page) {
        const std::size_t first = std::size_t(page) * perPage;
        const std::size_t count = std::min(perPage, racks.size() - first);
        const int rows = int((count + std::size_t(l.columns) - 1) / std::size_t(l.columns));
        const int cols = int(std::min<std::size_t>(count, std::size_t(l.columns)));
        const QSizeF size(2 * kMargin + cols * l.rackPx.width() + (cols - 1) * l.gapX,
                          2 * kMargin + kHeaderPx + rows * l.rackPx.height() + (rows - 1) * l.gapY);
        auto draw = [&](QPainter& p) {
            p.fillRect(QRectF(QPointF(0, 0), size), RenderStyle::paper());
            p.setPen(RenderStyle::ink());
            p.setFont(RenderStyle::font(16, true));
            const QRectF head(kMargin, kMargin, size.width() - 2 * kMargin, kHeaderPx - 12);
            p.drawText(head, Qt::AlignLeft | Qt::AlignVCenter,
                       QStringLiteral("%1 · Rack elevations").arg(block));
            p.setFont(RenderStyle::font(13));
            p.setPen(RenderStyle::muted());
            p.drawText(head, Qt::AlignRight | Qt::AlignVCenter,
                       QStringLiteral("racks %1-%2 of %3 · page %4 of %5")
                           .arg(first + 1)
                           .arg(first + count)
                           .arg(racks.size())
                           .arg(page + 1)
                           .arg(l.pages));
            for (std::size_t k = 0; k < count; ++k) {
                const int row = int(k) / l.columns, col = int(k) % l.columns;
                const QRectF cell(kMargin + col * (l.rackPx.width() + l.gapX),
                                  kMargin + kHeaderPx + row * (l.rackPx.height() + l.gapY),
                                  l.rackPx.width(), l.rackPx.height());
                er.paint(p, racks[first + k], cell);
            }
        };
        QByteArray bytes;
        QBuffer buf(&bytes);
        buf.open(QIODevice::WriteOnly);
        if (png) {
            QImage img(size.toSize(), QImage::Format_RGB32);
            QPainter p(&img);
            draw(p);
            p.end();
            img.save(&buf, "PNG");
        } else {
            QSvgGenerator gen;
            gen.setOutputDevice(&buf);
            gen.setSize(size.toSize());
            gen.setViewBox(QRectF(QPointF(0, 0), size));
            gen.setTitle(QStringLiteral("%1 - rack elevations, page %2 of %3")
                             .arg(d.meta.title)
                             .arg(page + 1)
                             .arg(l.pages));
            gen.setDescription(QStringLiteral("Cluster Design Studio, %1 px per metre").arg(ppm));
            QPainter p(&gen);
            draw(p);
            p.end();
        }
        const QString out = racksPagePath(path, page);
        if (!writeFileAtomically(out, bytes, error))
            return false;
        if (written)
            *written << out;
    }
    return true;
}

} // namespace cds::render
