#pragma once

#include "model/DesignData.h"

#include <QRectF>

class QPainter;

namespace cds::views {

/// The dashboard's cost donut and power-per-rack chart, drawn side by side into @p r: the PDF
/// report's charts page uses them (report::ReportContent::setChartHook). Needs a QApplication.
void paintReportCharts(const DesignData& d, QPainter& p, const QRectF& r);

} // namespace cds::views
