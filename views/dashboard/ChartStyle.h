#pragma once

#include <QFont>
#include <QString>

class QCPAxis;
class QCPTextElement;
class QCustomPlot;
class QChartView;
class QPainter;
class QSize;
class QWidget;

namespace cds::views {

/// Sets a dashboard plot up to read at any size and scale: fonts from the application font
/// (so 150 % scaling grows them), no antialiasing while dragging, white background.
void styleDashboardPlot(QCustomPlot* plot);
/// A bold title element for @p plot, in the plot's own font a little larger.
QCPTextElement* addPlotTitle(QCustomPlot* plot, int row, int column, const QString& text);
/// The font of a dashboard plot's secondary text (legends, notes, value labels).
QFont smallPlotFont(const QCustomPlot* plot);

/// A Qt Charts view (the dashboard's charts of a few bars) filling @p host: antialiased, its
/// legend under the chart.
QChartView* addChartView(QWidget* host);
/// Draws @p view's chart laid out at @p size in its own scene, whatever the widget's size
/// (exported charts and report pages).
void renderChartView(QChartView* view, QPainter* painter, const QSize& size);

} // namespace cds::views
