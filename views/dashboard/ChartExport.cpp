#include "ChartExport.h"

#include "QCustomPlotInclude.h"
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPicture>
#include <QSvgGenerator>
#include <QWidget>

namespace cds::views {

void renderPlot(QCustomPlot* plot, QPainter* painter, const QSize& size) {
    // QCustomPlot draws only through its own QCPPainter; record into a QPicture (vector
    // commands) and replay it, so SVG and PDF keep lines and text as vectors.
    QPicture picture;
    {
        QCPPainter p(&picture);
        p.setMode(QCPPainter::pmVectorized);
        p.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&p, size.width(), size.height());
    }
    painter->drawPicture(0, 0, picture);
}

void renderWidget(QWidget* widget, QPainter* painter, const QSize& size) {
    const QSize old = widget->size();
    widget->resize(size);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    widget->render(painter, QPoint(), QRegion(), QWidget::DrawChildren);
    widget->resize(old);
}

QImage chartImage(ExportableChart& chart, const QSize& size) {
    QImage img(size, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    chart.renderChart(&p, size);
    return img;
}

bool exportChart(ExportableChart& chart, const QString& path, const QSize& size, QString* error) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, why);
        return false;
    };
    if (suffix == QLatin1String("png")) {
        if (!chartImage(chart, size).save(path, "PNG"))
            return fail(QStringLiteral("cannot write the PNG file"));
        return true;
    }
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(), size));
        svg.setTitle(chart.chartName());
        svg.setDescription(QStringLiteral("Cluster Design Studio dashboard chart"));
        QPainter p;
        if (!p.begin(&svg))
            return fail(QStringLiteral("cannot write the SVG file"));
        chart.renderChart(&p, size);
        p.end();
        if (!QFileInfo::exists(path))
            return fail(QStringLiteral("cannot write the SVG file"));
        return true;
    }
    return fail(QStringLiteral("unknown chart format \"%1\"; use .png or .svg").arg(suffix));
}

} // namespace cds::views
