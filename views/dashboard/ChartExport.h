#pragma once

#include <QSize>
#include <QString>

class QCustomPlot;
class QImage;
class QPainter;
class QWidget;

namespace cds::views {

/// @brief A dashboard chart that can draw itself at any size onto any QPainter: a PNG
/// (QImage), an SVG (QSvgGenerator) or a page of the PDF report (QPdfWriter).
class ExportableChart {
public:
    virtual ~ExportableChart() = default;
    /// Short file-name-safe name, e.g. "cost", "power-per-rack".
    virtual QString chartName() const = 0;
    /// Draws the chart into the rectangle (0, 0, size) of @p painter's coordinates.
    virtual void renderChart(QPainter* painter, const QSize& size) = 0;
};

/// Vector rendering of a QCustomPlot at @p size, whatever its widget size.
void renderPlot(QCustomPlot* plot, QPainter* painter, const QSize& size);
/// Renders @p widget laid out at @p size (restored afterwards), scaled into the painter.
void renderWidget(QWidget* widget, QPainter* painter, const QSize& size);

QImage chartImage(ExportableChart& chart, const QSize& size);
/// Writes @p path as PNG or SVG, chosen by its suffix. Returns false and sets @p error
/// (naming the file) on an unknown suffix or a write failure.
bool exportChart(ExportableChart& chart, const QString& path, const QSize& size,
                 QString* error = nullptr);

} // namespace cds::views
