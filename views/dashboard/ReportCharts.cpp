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
    // Stacked, each the page's full width: side by side, the power chart's legend and its
    // envelope line were cut ("Within e", "Above w") at A4 width.
    const double gap = r.height() * 0.03;
    const QRectF left(r.left(), r.top(), r.width(), r.height() * 0.36);
    const QRectF right(r.left(), left.bottom() + gap, r.width(), r.bottom() - left.bottom() - gap);
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
    report::ReportContent content(d, report::ReportContent::Borrow{}); // written before return
    content.setChartHook([](QPainter& painter, const QRectF& r, const DesignData& design,
                            const Analysis& a) { paintReportCharts(design, a, painter, r); });
    return report::PdfReport(content).write(path, error, progress);
}

} // namespace cds::views
