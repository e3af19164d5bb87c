#pragma once

#include "model/DesignData.h"
#include "model/Progress.h"
#include "model/analysis/Analysis.h"

#include <QRectF>

class QPainter;

namespace cds::views {

/// The dashboard's cost donut and power-per-rack chart, drawn side by side into @p r: the PDF
/// report's charts page uses them (report::ReportContent::setChartHook). Needs a QApplication.
void paintReportCharts(const DesignData& d, const Analysis& a, QPainter& p, const QRectF& r);

/// The customer report (report::PdfReport) with these charts on its charts page, as
/// `cluster-studio-cli export --format pdf` and the studio's File > Export write it.
/// Returns false with @p error naming the path and the problem, or the cancel.
bool writeCustomerReport(const DesignData& d, const QString& path, QString* error,
                         const Progress& progress = {});

} // namespace cds::views
