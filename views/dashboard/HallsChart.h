#pragma once

#include "ChartExport.h"

#include <QWidget>

#include <vector>

namespace cds {
class ChartModel;
struct HallLoad;
} // namespace cds

class QBarCategoryAxis;
class QChartView;
class QHorizontalBarSeries;
class QValueAxis;

namespace cds::views {

class RefreshWhenShown;

/// @brief Each hall's IT load on a campus (Qt Charts, one bar a hall), each labelled with its
/// GPUs and racks, titled with the site's figures: halls, GPUs, IT load and the links between
/// halls. A design of one hall shows that hall. Derived only while shown. Reads ChartModel only.
class HallsChart : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    explicit HallsChart(const ChartModel* model, QWidget* parent = nullptr);
    ~HallsChart() override;

    void refresh();
    /// "Site: 4 halls · 100,008 GPUs · 194.5 MW IT · 155,416 links between halls, up to 172 m"
    QString title() const;
    /// One row per hall, in the design's order: "Hall 1: 25,200 GPUs, 1,010 racks".
    QStringList categories() const;
    double itMw(int row) const; ///< the IT load of hall @p row in MW

    QString chartName() const override { return QStringLiteral("halls"); }
    void renderChart(QPainter* painter, const QSize& size) override;

private:
    void rebuild();
    const ChartModel* m_model;
    QChartView* m_view;
    QHorizontalBarSeries* m_series;
    QBarCategoryAxis* m_y;
    QValueAxis* m_x;
    RefreshWhenShown* m_figures; ///< rebuild(): while shown, or when read
    std::vector<HallLoad> m_halls;
    QStringList m_names;
    QString m_title;
};

} // namespace cds::views
