#include "DrawingExport.h"

#include "FloorplanRenderer.h"
#include "RacksDrawing.h"
#include "RenderStyle.h"
#include "TitleBlock.h"
#include "model/AtomicFile.h"
#include "model/DesignIndex.h"
#include "model/metrics/Metrics.h"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <functional>

namespace cds::render {

namespace {
constexpr double kMaxPixels = 16000; // per side: a bigger PNG is a typo in --scale

/// One QSvgGenerator document of @p paint on a page of @p size.
QByteArray svgOf(const QSizeF& size, const QString& title, const QString& desc,
                 const std::function<void(QPainter&)>& paint) {
    QByteArray bytes;
    QBuffer buf(&bytes);
    QSvgGenerator gen;
    gen.setOutputDevice(&buf);
    gen.setSize(size.toSize());
    gen.setViewBox(QRectF(QPointF(0, 0), size));
    gen.setTitle(title);
    gen.setDescription(desc);
    QPainter p(&gen);
    paint(p);
    p.end();
    return bytes;
}

/// The floorplan as SVG: the base layer (hall, racks) and the overlay (labels, title block)
/// come from QSvgGenerator; between them the trays and cables are written as their own
/// elements, `<path class="pathway">` and `<path class="cable NETWORK">`, which QSvgGenerator
/// cannot name.
QByteArray floorplanSvg(const DesignData& d, const FloorplanRenderer& fr, const QSizeF& size,
                        const QRectF& target, double ppm) {
    const FloorplanRenderer::Frame f = fr.frame(target);
    const QString title = QStringLiteral("%1 - floorplan").arg(d.meta.title);
    const QString desc = QStringLiteral("Cluster Design Studio, %1 px per metre").arg(ppm);
    QByteArray base = svgOf(size, title, desc, [&](QPainter& p) {
        p.fillRect(QRectF(QPointF(0, 0), size), RenderStyle::paper());
        fr.paintBase(p, f);
    });
    const QByteArray overlay =
        svgOf(size, title, desc, [&](QPainter& p) { fr.paintOverlay(p, f); });
    // The overlay's body: everything after its <defs> block, up to its closing </svg>.
    const qsizetype from = overlay.indexOf("</defs>");
    const qsizetype to = overlay.lastIndexOf("</svg>");
    const qsizetype end = base.lastIndexOf("</svg>");
    if (from < 0 || to < from || end < 0)
        return base; // not the generator's shape: the base alone is still a valid drawing
    QByteArray out = base.left(end);
    out += fr.cablesSvg(f).toUtf8();
    out += overlay.mid(from + 7, to - from - 7);
    out += "</svg>\n";
    return out;
}

} // namespace

bool writeDrawing(const DesignData& d, const DrawingOptions& o, const QString& path, bool png,
                  QString* error) {
    if (o.drawing == Drawing::Elevations) // paged: see RacksDrawing
        return writeRacksDrawing(d, o, path, png, error);
    const Metrics m = computeMetrics(d);
    const bool plan = o.drawing == Drawing::Floorplan;
    const double margin = 24;
    const FloorplanRenderer fr(d, m);
    const QRectF hall = fr.hallMm();
    // Pixels per metre: as given; else what gives the asked width; else 60, and at least what
    // fills a slide (a 14-rack hall at 60 px/m is a 1,000-pixel sliver).
    const double fit =
        (std::max(o.widthPx, kSlideWidthPx) - 2 * margin) / std::max(1.0, hall.width() / 1000);
    const double ppm = o.pixelsPerMetre > 0 ? o.pixelsPerMetre
                       : o.widthPx > 0      ? fit
                       : plan               ? std::max(60.0, fit)
                                            : 400.0;
    if (o.widthPx > 0 && o.widthPx < 960 + 2 * margin) {
        if (error)
            *error = QStringLiteral("--width %1: a floorplan drawing is at least %2 px wide (its "
                                    "title block)")
                         .arg(o.widthPx)
                         .arg(960 + 2 * margin);
        return false;
    }
    QSizeF body;
    std::function<void(QPainter&, const QRectF&)> draw;
    if (plan) {
        // Room for the title band under the hall, and a width the title block reads at.
        const double hallH = hall.height() / 1000 * ppm;
        body = QSizeF(std::max(hall.width() / 1000 * ppm, 960.0),
                      hallH + TitleBlock::heightFor(hallH + 104) + 8);
        draw = [&](QPainter& p, const QRectF& r) { fr.paint(p, r); };
    }
    const QSizeF size(body.width() + 2 * margin, body.height() + 2 * margin);
    // Written as "within" so a NaN scale is refused too.
    const auto within = [](double v) { return v >= 16 && v <= kMaxPixels; };
    if (!within(size.width()) || !within(size.height())) {
        if (error)
            *error =
                QStringLiteral(
                    "--scale %1 gives a %2 x %3 px drawing; choose a scale that gives 16 to %4 px")
                    .arg(ppm)
                    .arg(qRound64(size.width()))
                    .arg(qRound64(size.height()))
                    .arg(kMaxPixels);
        return false;
    }
    const QRectF target(margin, margin, body.width(), body.height());
    QByteArray bytes;
    if (png) {
        QImage img(size.toSize(), QImage::Format_ARGB32_Premultiplied);
        img.fill(RenderStyle::paper());
        QPainter p(&img);
        draw(p, target);
        p.end();
        QBuffer buf(&bytes);
        buf.open(QIODevice::WriteOnly);
        img.save(&buf, "PNG");
    } else if (plan) {
        bytes = floorplanSvg(d, fr, size, target, ppm);
    } else {
        QBuffer buf(&bytes);
        QSvgGenerator gen;
        gen.setOutputDevice(&buf);
        gen.setSize(size.toSize());
        gen.setViewBox(QRectF(QPointF(0, 0), size));
        gen.setTitle(QStringLiteral("%1 - %2").arg(
            d.meta.title, plan ? QStringLiteral("floorplan") : QStringLiteral("rack elevations")));
        gen.setDescription(QStringLiteral("Cluster Design Studio, %1 px per metre").arg(ppm));
        QPainter p(&gen);
        p.fillRect(QRectF(QPointF(0, 0), size), RenderStyle::paper());
        draw(p, target);
        p.end();
    }
    return writeFileAtomically(path, bytes, error);
}

} // namespace cds::render
