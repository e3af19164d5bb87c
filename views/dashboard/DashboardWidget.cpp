#include "DashboardWidget.h"

#include "BandwidthPanel.h"
#include "ChartExport.h"
#include "CostBreakdownChart.h"
#include "HallsChart.h"
#include "OpticsChart.h"
#include "PhaseTimelineChart.h"
#include "PowerBarsChart.h"
#include "PowerChainChart.h"
#include "SweepChart.h"
#include "model/scenarios/ChartModel.h"

#include <QDir>
#include <QHBoxLayout>
#include <QTabWidget>
#include <QVBoxLayout>

namespace cds::views {

DashboardWidget::DashboardWidget(cds::LiveAnalysis* analysis, QWidget* parent)
    : QWidget(parent)
    , m_model(new ChartModel(analysis, this))
    , m_cost(new CostBreakdownChart(m_model))
    , m_power(new PowerBarsChart(m_model))
    , m_bandwidth(new BandwidthPanel(m_model))
    , m_optics(new OpticsChart(m_model))
    , m_halls(new HallsChart(m_model))
    , m_powerChain(new PowerChainChart(m_model))
    , m_phases(new PhaseTimelineChart(m_model))
    , m_sweep(new SweepChart(m_model))
    , m_scenarios(new ScenarioPanel(m_model))
    , m_tabs(new QTabWidget(this)) {
    // Cost and power side by side: the two figures a design changes most while editing.
    auto* overview = new QWidget;
    auto* row = new QHBoxLayout(overview);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_cost, 1);
    row->addWidget(m_power, 1);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(overview, QStringLiteral("Overview"));
    m_tabs->addTab(m_bandwidth, QStringLiteral("Bandwidth"));
    m_tabs->addTab(m_optics, QStringLiteral("Optics"));
    m_tabs->addTab(m_powerChain, QStringLiteral("Power utilisation"));
    m_tabs->addTab(m_halls, QStringLiteral("Halls"));
    m_tabs->addTab(m_phases, QStringLiteral("Build phases"));
    m_tabs->addTab(m_sweep, QStringLiteral("What-if sweep"));
    m_tabs->addTab(m_scenarios, QStringLiteral("Scenarios"));
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_tabs);
    connect(m_model, &ChartModel::updated, this, &DashboardWidget::refresh);
    connect(m_power, &PowerBarsChart::rackActivated, this, &DashboardWidget::rackActivated);
    connect(m_power, &PowerBarsChart::racksActivated, this, &DashboardWidget::racksActivated);
}

void DashboardWidget::refresh() {
    m_cost->refresh();
    m_power->refresh();
    m_bandwidth->refresh();
    m_optics->refresh();
    m_powerChain->refresh();
    m_halls->refresh();  // derives the figures only while shown
    m_phases->refresh(); // derives the plan only while shown
    // ScenarioPanel listens to the model itself; the sweep changes only when run.
}

std::vector<ExportableChart*> DashboardWidget::charts() const {
    return {m_cost, m_power, m_bandwidth, m_optics, m_powerChain, m_halls, m_phases, m_sweep};
}

bool DashboardWidget::exportCharts(const QString& folder, const QString& format, const QSize& size,
                                   QStringList* written, QString* error) {
    if (!QDir().mkpath(folder)) {
        if (error)
            *error = QStringLiteral("%1: cannot create the folder").arg(folder);
        return false;
    }
    for (ExportableChart* c : charts()) {
        const QString path = QDir(folder).filePath(c->chartName() + QLatin1Char('.') + format);
        if (!exportChart(*c, path, size, error))
            return false;
        if (written)
            *written << path;
    }
    return true;
}

void DashboardWidget::setEditSink(EditSink sink) {
    m_scenarios->setEditSink(std::move(sink));
}

void DashboardWidget::setSweepGenerator(GeneratorFn generate, std::optional<Catalog> library) {
    m_sweep->setGenerator(std::move(generate), std::move(library));
}

} // namespace cds::views
