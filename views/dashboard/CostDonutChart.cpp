#include "CostDonutChart.h"

#include "DashboardFormat.h"
#include "model/scenarios/ChartModel.h"

#include <QChart>
#include <QChartView>
#include <QPieSeries>
#include <QPieSlice>
#include <QVBoxLayout>

namespace cds::views {

namespace {
// One fixed colour per category, so a category keeps its colour as values move.
const std::array<QColor, kCostCategoryCount> kColours = {
    QColor(0x3b, 0x6e, 0xc4), QColor(0x2e, 0xa0, 0x8a), QColor(0xe0, 0x9f, 0x3e),
    QColor(0x8e, 0x6c, 0xc0), QColor(0x4f, 0xb3, 0xd9), QColor(0xc4, 0x5b, 0x6e),
    QColor(0x9a, 0x9a, 0x9a)};
} // namespace

CostDonutChart::CostDonutChart(const ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_chart(new QChart)
    , m_series(new QPieSeries) {
    m_series->setHoleSize(0.5);
    m_series->setPieSize(0.8);
    for (int i = 0; i < kCostCategoryCount; ++i) {
        auto* s = new QPieSlice(costCategoryLabel(CostCategory(i)), 0.0);
        s->setBrush(kColours[std::size_t(i)]);
        m_series->append(s);
        m_slices[std::size_t(i)] = s;
    }
    m_chart->addSeries(m_series);
    m_chart->setAnimationOptions(QChart::NoAnimation); // values move at 10 Hz during drags
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_view = new QChartView(m_chart, this);
    m_view->setRenderHint(QPainter::Antialiasing);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_view);
    refresh();
}

void CostDonutChart::refresh() {
    const Metrics& m = m_model->metrics();
    for (int i = 0; i < kCostCategoryCount; ++i) {
        const double v = m.costByCategory[std::size_t(i)];
        QPieSlice* s = m_slices[std::size_t(i)];
        s->setValue(v);
        s->setLabelVisible(v > 0 && m.totalCostUsd > 0 && v / m.totalCostUsd > 0.03);
        s->setLabel(QStringLiteral("%1 %2").arg(costCategoryLabel(CostCategory(i)), formatUsd(v)));
    }
    QString t = title();
    if (m.unpricedLines > 0)
        t += QStringLiteral(" (%1 unpriced BOM lines not included)").arg(m.unpricedLines);
    m_chart->setTitle(t);
}

QString CostDonutChart::title() const {
    const Metrics& m = m_model->metrics();
    return QStringLiteral("Cost: %1 total, %2 per GPU")
        .arg(formatUsd(m.totalCostUsd), m.gpus ? formatUsd(m.costPerGpu()) : QStringLiteral("n/a"));
}

double CostDonutChart::sliceValue(int category) const {
    return m_slices.at(std::size_t(category))->value();
}

void CostDonutChart::renderChart(QPainter* painter, const QSize& size) {
    renderWidget(m_view, painter, size);
}

} // namespace cds::views
