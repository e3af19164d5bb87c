#pragma once

#include "ScenarioPanel.h"
#include "model/Ids.h"
#include "model/scenarios/Sweep.h"

#include <QWidget>

#include <vector>

class QTabWidget;

namespace cds {
class ChartModel;
class Design;
class LiveAnalysis;
} // namespace cds

namespace cds::views {

class BandwidthPanel;
class CostBreakdownChart;
class OpticsChart;
class HallsChart;
class ExportableChart;
class PowerBarsChart;
class PowerChainChart;
class PhaseTimelineChart;
class SweepChart;

/// @brief The live dashboard over one ChartModel, which follows the studio's LiveAnalysis
/// (<= ~10 Hz): an Overview page with the cost breakdown beside the power chart, then pages
/// for bandwidth, optics, the power chain's utilisation per tier, the what-if sweep and
/// scenarios.
/// The main window docks it and connects rackActivated to its selection.
class DashboardWidget : public QWidget {
    Q_OBJECT
public:
    explicit DashboardWidget(cds::LiveAnalysis* analysis, QWidget* parent = nullptr);

    ChartModel* chartModel() const { return m_model; }
    CostBreakdownChart* costChart() const { return m_cost; }
    PowerBarsChart* powerChart() const { return m_power; }
    BandwidthPanel* bandwidthPanel() const { return m_bandwidth; }
    OpticsChart* opticsChart() const { return m_optics; }
    HallsChart* hallsChart() const { return m_halls; }
    PowerChainChart* powerChainChart() const { return m_powerChain; }
    PhaseTimelineChart* phaseTimelineChart() const { return m_phases; }
    SweepChart* sweepChart() const { return m_sweep; }
    ScenarioPanel* scenarioPanel() const { return m_scenarios; }
    /// The pages: Overview (cost and power), Bandwidth, Optics, Power utilisation, What-if
    /// sweep, Scenarios (the studio adds its power chain diagram and the advisor).
    QTabWidget* pages() const { return m_tabs; }

    /// Every chart that exports (PNG/SVG here, and the PDF report through renderChart).
    std::vector<ExportableChart*> charts() const;
    /// Writes each chart as FOLDER/<chartName>.<format> ("png" or "svg"); false with @p error
    /// naming the file on the first failure.
    bool exportCharts(const QString& folder, const QString& format, const QSize& size,
                      QStringList* written = nullptr, QString* error = nullptr);

    /// Scenario edits go here, e.g. [editor](auto e) { editor->push(std::move(e)); }; until
    /// set, the scenario actions are refused (views never change the model themselves).
    void setEditSink(EditSink sink);
    /// The generator the what-if sweep uses (default cds::generateCluster over the bundled
    /// catalogs plus the design's own entries); tests pass a fake.
    void setSweepGenerator(GeneratorFn generate, std::optional<Catalog> library = std::nullopt);

Q_SIGNALS:
    void rackActivated(cds::RackId rack);
    /// Several racks to select at once (the power chart's worst racks).
    void racksActivated(const std::vector<cds::RackId>& racks);

private:
    void refresh();
    ChartModel* m_model;
    CostBreakdownChart* m_cost;
    PowerBarsChart* m_power;
    BandwidthPanel* m_bandwidth;
    OpticsChart* m_optics;
    HallsChart* m_halls;
    PowerChainChart* m_powerChain;
    PhaseTimelineChart* m_phases;
    SweepChart* m_sweep;
    ScenarioPanel* m_scenarios;
    QTabWidget* m_tabs;
};

} // namespace cds::views
