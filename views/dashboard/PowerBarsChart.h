#pragma once

#include "ChartExport.h"
#include "model/Ids.h"

#include <QWidget>

#include <array>
#include <vector>

class QCustomPlot;
class QCPBars;
class QCPGraph;
class QCPTextElement;
class QMouseEvent;

namespace cds {
class ChartModel;
}

namespace cds::views {

/// @brief Power per rack as QCustomPlot bars coloured by status against each rack's cooling
/// envelope (ok / warning / over). Up to kPerRackLimit racks: one named bar per rack in id
/// order, with each rack's warn and max thresholds as step lines. Beyond that: the racks
/// sorted by load (a distribution), each envelope (a cooling type's, or a cooling product's or
/// rack-scale system's that sets its racks' own) as one pair of horizontal lines, and the worst
/// racks named above the plot. Clicking a bar emits rackActivated; clicking the worst-racks line
/// emits racksActivated with those racks.
class PowerBarsChart : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    /// Racks shown one named bar each; more are drawn as a sorted distribution.
    static constexpr int kPerRackLimit = 36;
    /// Racks named in the worst-racks line.
    static constexpr int kWorstNamed = 3;

    explicit PowerBarsChart(const ChartModel* model, QWidget* parent = nullptr);

    void refresh();
    QCustomPlot* plot() const { return m_plot; }
    QString totalsText() const;
    /// "R12 52.1 kW of 40, R7 ..." (distribution only), the racks nearest their limit.
    QString worstText() const;
    bool isDistribution() const { return m_distribution; }
    /// The envelopes the distribution draws, one per envelope present: "Direct liquid 100 / 150".
    const QStringList& envelopeParts() const { return m_envelopeParts; }
    /// The worst racks by load against their own maximum, worst first (at most kWorstNamed).
    const std::vector<RackId>& worstRacks() const { return m_worst; }
    /// Bars shown per status (Ok, Warning, Over): how many racks each series holds.
    int barCount(int status) const;
    /// The rack drawn at bar position @p index (id order, or load order when sorted), or invalid.
    RackId rackAt(int index) const;
    /// What a click at bar @p index does (also used by the mouse handler).
    void activateBar(int index);

    QString chartName() const override { return QStringLiteral("power-per-rack"); }
    void renderChart(QPainter* painter, const QSize& size) override;

Q_SIGNALS:
    void rackActivated(cds::RackId rack);
    void racksActivated(const std::vector<cds::RackId>& racks);

private:
    void onPress(QMouseEvent* event);
    void onRelease(QMouseEvent* event);
    void drawEnvelopes(const std::vector<int>& order);
    /// Per rack: names every rack whose label fits the plot's width, every k-th otherwise.
    void fitRackLabels(int plotWidth);
    /// The worst-racks and envelope lines, wrapped to the plot's width (distribution only).
    void fitNotes(int plotWidth);
    /// Rack names, notes and legend columns for a plot @p width px wide.
    void fitToWidth(int width);
    const ChartModel* m_model;
    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QCPTextElement* m_worstLine;
    QCPTextElement* m_envelopeLine;
    QStringList m_worstParts;
    QStringList m_envelopeParts;
    std::array<QCPBars*, 3> m_bars{};
    QCPGraph* m_warn;
    QCPGraph* m_max;
    std::vector<int> m_order;    ///< bar position -> index into rackPower()
    std::vector<RackId> m_worst; ///< named in m_worstLine
    bool m_distribution = false;
    std::vector<QString> m_rackLabels; ///< per-rack mode: bar position -> name
    int m_labelStep = 0;               ///< every how many bars a name is shown (0: not set)
    bool m_printing = false;           ///< renderChart: no on-screen hints
    QPoint m_pressPos;
};

} // namespace cds::views
