#pragma once

#include "ChartExport.h"

#include <QWidget>

#include <memory>
#include <vector>

namespace cds {
class ChartModel;
struct DesignData;
struct Metrics;
} // namespace cds

class QChart;
class QChartView;

namespace cds::views {

class RefreshWhenShown;

/// @brief The optics budget (Qt Charts, a few bars): the share of IT power and of cost that
/// pluggable optics take, for this design and for each of its scenarios, so a co-packaged
/// optics what-if (`generate --cpo` keeps "Pluggable optics") reads at a glance. Titled with
/// the count, per GPU, the power and the cost. Reads ChartModel only.
class OpticsChart : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    explicit OpticsChart(const ChartModel* model, QWidget* parent = nullptr);
    ~OpticsChart() override;

    void refresh();
    QString title() const; ///< "Optics: 1,072 pluggable (1.86 per GPU) · 17.4 kW · $1.53M"
    /// One row per bar group: "This design", then each scenario by name.
    QStringList categories() const;
    /// The % of IT power (set 0) or of cost (set 1) of category @p row.
    double share(int set, int row) const;

    QString chartName() const override { return QStringLiteral("optics"); }
    void renderChart(QPainter* painter, const QSize& size) override;

private:
    void drawChart(); ///< the bars from the figures refresh() took
    struct Row {
        QString name;
        double powerPct = 0, costPct = 0;
    };
    static Row rowOf(const QString& name, const Metrics& m);
    const ChartModel* m_model;
    QChartView* m_view;
    /// The bars are drawn only while shown (a drag's analysis pays nothing for a hidden tab):
    /// when shown, or rendered for an export.
    RefreshWhenShown* m_bars;
    std::vector<Row> m_rows;
    QString m_title;
    /// Scenario rows are computed once per scenario snapshot (they never change in place).
    std::vector<std::pair<std::shared_ptr<const DesignData>, Row>> m_scenarioRows;
};

} // namespace cds::views
