#include "ReportCharts.h"

#include "CostBreakdownChart.h"
#include "PowerBarsChart.h"

#include "views/report/PdfReport.h"

#include "model/scenarios/ChartModel.h"

#include <QPainter>

namespace cds::views {

void paintReportCharts(const DesignData& d, const Analysis& a, QPainter& p, const QRectF& r) {
    // The same chart classes as the dashboard, showing the analysis the report already made.
    ChartModel model(d, a);
    CostBreakdownChart donut(&model);
    PowerBarsChart bars(&model);
    const double gap = r.width() * 0.03;
    const QRectF left(r.left(), r.top(), r.width() * 0.5 - gap / 2, r.height());
    const QRectF right(left.right() + gap, r.top(), r.right() - left.right() - gap, r.height());
    for (const auto& [chart, box] :
         {std::pair<ExportableChart*, QRectF>{&donut, left}, {&bars, right}}) {
        p.save();
        p.translate(box.topLeft());
        chart->renderChart(&p, box.size().toSize());
        p.restore();
    }
}

bool writeCustomerReport(const DesignData& d, const QString& path, QString* error,
                         const Progress& progress) {
    report::ReportContent content(d);
    content.setChartHook([](QPainter& painter, const QRectF& r, const DesignData& design,
                            const Analysis& a) { paintReportCharts(design, a, painter, r); });
    return report::PdfReport(content).write(path, error, progress);
}

} // namespace cds::views
