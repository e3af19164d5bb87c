#pragma once

#include "ChartExport.h"

#include "model/PowerChain.h"

#include <QWidget>

#include <vector>

namespace cds {
class ChartModel;
}

class QChartView;

namespace cds::views {

class RefreshWhenShown;

/// @brief Utilisation of the power chain per tier (Qt Charts, a few bars): for each kind of
/// element present (transformer, UPS, busway...), its most loaded element in normal operation
/// and at its worst with any one element out (N-1), in % of its rating. Titled with the
/// scheme and the worst N-1 case. Reads ChartModel only.
class PowerChainChart : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    explicit PowerChainChart(const ChartModel* model, QWidget* parent = nullptr);
    ~PowerChainChart() override;

    void refresh();
    /// "Power chain 2N: worst N-1 96 % (UPS-A1 with UPS-B1 out) · highest normal 48 %".
    QString title() const { return m_title; }
    /// One row per tier present, from the sources down: "UPS (4)".
    QStringList categories() const;
    PowerKind kindAt(int row) const;
    /// The highest % of its rating an element of row @p row carries in normal operation
    /// (set 0) or at its worst N-1 (set 1).
    double utilisation(int set, int row) const;

    QString chartName() const override { return QStringLiteral("power-chain"); }
    void renderChart(QPainter* painter, const QSize& size) override;

private:
    void drawChart(); ///< the bars from the figures refresh() took
    struct Tier {
        PowerKind kind = PowerKind::Ups;
        int count = 0;
        double normalPct = 0, worstPct = 0;
    };
    const ChartModel* m_model;
    QChartView* m_view;
    /// The bars are drawn only while shown (a drag's analysis pays nothing for a hidden tab):
    /// when shown, or rendered for an export.
    RefreshWhenShown* m_bars;
    std::vector<Tier> m_tiers;
    QString m_title;
};

} // namespace cds::views
