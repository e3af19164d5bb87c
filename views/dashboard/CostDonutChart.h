#pragma once

#include "ChartExport.h"

#include <QWidget>

#include <array>

class QChart;
class QChartView;
class QPieSeries;
class QPieSlice;

namespace cds {
class ChartModel;
}

namespace cds::views {

/// @brief Cost by category (cds::CostCategory) as a Qt Charts donut, titled with the total
/// and the cost per GPU. Reads ChartModel only.
class CostDonutChart : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    explicit CostDonutChart(const ChartModel* model, QWidget* parent = nullptr);

    void refresh();
    QString title() const;                 ///< "Cost: $12.35M total, $386.0k per GPU"
    double sliceValue(int category) const; ///< USD shown for a CostCategory index

    QString chartName() const override { return QStringLiteral("cost"); }
    void renderChart(QPainter* painter, const QSize& size) override;

private:
    const ChartModel* m_model;
    QChart* m_chart;
    QChartView* m_view;
    QPieSeries* m_series;
    std::array<QPieSlice*, 7> m_slices{};
};

} // namespace cds::views
