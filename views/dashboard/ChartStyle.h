#pragma once

#include <QFont>
#include <QString>

class QCPAxis;
class QCPTextElement;
class QCustomPlot;

namespace cds::views {

/// Sets a dashboard plot up to read at any size and scale: fonts from the application font
/// (so 150 % scaling grows them), no antialiasing while dragging, white background.
void styleDashboardPlot(QCustomPlot* plot);
/// A bold title element for @p plot, in the plot's own font a little larger.
QCPTextElement* addPlotTitle(QCustomPlot* plot, int row, int column, const QString& text);
/// The font of a dashboard plot's secondary text (legends, notes, value labels).
QFont smallPlotFont(const QCustomPlot* plot);

} // namespace cds::views
