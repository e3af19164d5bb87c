#pragma once

#include "ChartExport.h"

#include <QWidget>

#include <array>

class QCustomPlot;
class QCPBars;
class QCPTextElement;

namespace cds {
class ChartModel;
}

namespace cds::views {

/// @brief Cost by category (cds::CostCategory) as horizontal bars, each labelled with its full
/// category name, its money and its share, titled with the total and the cost per GPU: every
/// label stays legible at any size, unlike a donut's. Reads ChartModel only.
class CostBreakdownChart : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    explicit CostBreakdownChart(const ChartModel* model, QWidget* parent = nullptr);

    void refresh();
    QString title() const;            ///< "Cost: $12.35M total · $386.0k per GPU"
    double value(int category) const; ///< USD shown for a CostCategory index
    /// The label of a category's bar, e.g. "GPU servers  $9.60M (78%)".
    QString label(int category) const;
    QCustomPlot* plot() const { return m_plot; }

    QString chartName() const override { return QStringLiteral("cost"); }
    void renderChart(QPainter* painter, const QSize& size) override;

private:
    const ChartModel* m_model;
    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    std::array<QCPBars*, 7> m_bars{};
    std::array<QString, 7> m_labels;
};

} // namespace cds::views
