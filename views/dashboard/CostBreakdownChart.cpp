#include "CostBreakdownChart.h"

#include "ChartStyle.h"
#include "DashboardFormat.h"
#include "model/scenarios/ChartModel.h"

#include "QCustomPlotInclude.h"
#include <QVBoxLayout>

namespace cds::views {

namespace {
// One fixed colour per category, so a category keeps its colour as values move.
const std::array<QColor, kCostCategoryCount> kColours = {
    QColor(0x3b, 0x6e, 0xc4), QColor(0x2e, 0xa0, 0x8a), QColor(0xe0, 0x9f, 0x3e),
    QColor(0x8e, 0x6c, 0xc0), QColor(0x4f, 0xb3, 0xd9), QColor(0xc4, 0x5b, 0x6e),
    QColor(0x9a, 0x9a, 0x9a)};
} // namespace

CostBreakdownChart::CostBreakdownChart(const ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_plot(new QCustomPlot(this)) {
    styleDashboardPlot(m_plot);
    m_plot->plotLayout()->insertRow(0);
    m_title = addPlotTitle(m_plot, 0, 0, QString());
    // Horizontal bars: categories down the left axis, the first on top.
    for (int i = 0; i < kCostCategoryCount; ++i) {
        auto* b = new QCPBars(m_plot->yAxis, m_plot->xAxis);
        b->setName(costCategoryLabel(CostCategory(i)));
        b->setBrush(kColours[std::size_t(i)]);
        b->setPen(kColours[std::size_t(i)].darker(130));
        b->setWidth(0.7);
        b->setSelectable(QCP::stNone);
        m_bars[std::size_t(i)] = b;
    }
    m_plot->yAxis->setRange(-0.6, kCostCategoryCount - 0.4);
    m_plot->yAxis->setTickLength(0, 0);
    m_plot->yAxis->setSubTicks(false);
    m_plot->yAxis->grid()->setVisible(false);
    m_plot->xAxis->setTickLabels(false); // the money is in each bar's label
    m_plot->xAxis->setTicks(false);
    m_plot->xAxis->grid()->setVisible(false);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_plot);
    refresh();
}

void CostBreakdownChart::refresh() {
    const Metrics& m = m_model->metrics();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double top = 1;
    for (int i = 0; i < kCostCategoryCount; ++i) {
        const double v = m.costByCategory[std::size_t(i)];
        const double key = kCostCategoryCount - 1 - i;
        m_bars[std::size_t(i)]->setData({key}, {v}, true);
        top = std::max(top, v);
        const QString share =
            m.totalCostUsd > 0 ? QStringLiteral(" (%1%)").arg(100 * v / m.totalCostUsd, 0, 'f', 0)
                               : QString();
        m_labels[std::size_t(i)] =
            QStringLiteral("%1  %2%3")
                .arg(costCategoryLabel(CostCategory(i)), formatUsd(v), v > 0 ? share : QString());
        ticker->addTick(key, m_labels[std::size_t(i)]);
    }
    m_plot->yAxis->setTicker(ticker);
    m_plot->xAxis->setRange(0, top * 1.05);
    QString t = title();
    if (m.unpricedLines > 0)
        t += QStringLiteral("\n%1 BOM lines have no price and are not included")
                 .arg(m.unpricedLines);
    m_title->setText(t);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString CostBreakdownChart::title() const {
    const Metrics& m = m_model->metrics();
    return QStringLiteral("Cost: %1 total · %2 per GPU")
        .arg(formatUsd(m.totalCostUsd), m.gpus ? formatUsd(m.costPerGpu()) : QStringLiteral("n/a"));
}

double CostBreakdownChart::value(int category) const {
    const QCPBars* b = m_bars.at(std::size_t(category));
    return b->data()->isEmpty() ? 0.0 : b->data()->constBegin()->value;
}

QString CostBreakdownChart::label(int category) const {
    return m_labels.at(std::size_t(category));
}

void CostBreakdownChart::renderChart(QPainter* painter, const QSize& size) {
    renderPlot(m_plot, painter, size);
}

} // namespace cds::views
