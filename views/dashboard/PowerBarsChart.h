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
/// envelope (ok / warning / over), with the warn and max thresholds drawn as step lines and
/// the IT and facility (PUE) totals in the title. Clicking a bar emits rackActivated.
class PowerBarsChart : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    explicit PowerBarsChart(const ChartModel* model, QWidget* parent = nullptr);

    void refresh();
    QCustomPlot* plot() const { return m_plot; }
    QString totalsText() const;
    /// Bars shown per status (Ok, Warning, Over): how many racks each series holds.
    int barCount(int status) const;
    /// The rack drawn at bar position @p index (racks in id order), or invalid.
    RackId rackAt(int index) const;
    /// What a click at bar @p index does (also used by the mouse handler).
    void activateBar(int index);

    QString chartName() const override { return QStringLiteral("power-per-rack"); }
    void renderChart(QPainter* painter, const QSize& size) override;

Q_SIGNALS:
    void rackActivated(cds::RackId rack);

private:
    void onPress(QMouseEvent* event);
    void onRelease(QMouseEvent* event);
    const ChartModel* m_model;
    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    std::array<QCPBars*, 3> m_bars{};
    QCPGraph* m_warn;
    QCPGraph* m_max;
    std::vector<RackId> m_racks; ///< bar position -> rack
    QPoint m_pressPos;
};

} // namespace cds::views
