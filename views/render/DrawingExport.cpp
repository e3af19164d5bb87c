#include "DrawingExport.h"

#include "FloorplanRenderer.h"
#include "RacksDrawing.h"
#include "RenderStyle.h"
#include "model/AtomicFile.h"
#include "model/DesignIndex.h"
#include "model/Metrics.h"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <functional>

namespace cds::render {

namespace {
constexpr double kMaxPixels = 16000; // per side: a bigger PNG is a typo in --scale

} // namespace

bool writeDrawing(const DesignData& d, const DrawingOptions& o, const QString& path, bool png,
                  QString* error) {
    if (o.drawing == Drawing::Elevations) // paged: see RacksDrawing
        return writeRacksDrawing(d, o, path, png, error);
    const Metrics m = computeMetrics(d);
    const bool plan = o.drawing == Drawing::Floorplan;
    const double ppm = o.pixelsPerMetre > 0 ? o.pixelsPerMetre : (plan ? 60.0 : 400.0);
    const double margin = 24;
    QSizeF body;
    std::function<void(QPainter&, const QRectF&)> draw;
    const FloorplanRenderer fr(d, m);
    if (plan) {
        const QRectF hall = fr.hallMm();
        body = QSizeF(hall.width() / 1000 * ppm, hall.height() / 1000 * ppm + 40);
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
