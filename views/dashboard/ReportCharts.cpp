#include "ReportCharts.h"

#include "CostDonutChart.h"
#include "PowerBarsChart.h"

#include "views/report/PdfReport.h"

#include "model/Design.h"
#include "model/scenarios/ChartModel.h"

#include <QPainter>

namespace cds::views {

void paintReportCharts(const DesignData& d, QPainter& p, const QRectF& r) {
    // The same chart classes and model as the dashboard, on a private copy of the design.
    Design design(d);
    ChartModel model(&design);
    model.refreshNow();
    CostDonutChart donut(&model);
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
    content.setChartHook(
        [&content](QPainter& painter, const QRectF& r, const Metrics&, const Bom&) {
            paintReportCharts(content.design(), painter, r);
        });
    return report::PdfReport(content).write(path, error, progress);
}

} // namespace cds::views
