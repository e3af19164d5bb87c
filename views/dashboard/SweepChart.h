#pragma once

#include "ChartExport.h"
#include "model/scenarios/Sweep.h"
#include "model/scenarios/SweepRunner.h"

#include <QWidget>

class QCustomPlot;
class QCPAxisRect;
class QCPGraph;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace cds {
class ChartModel;
}

namespace cds::views {

/// @brief What-if sweep: cost, facility power and bisection bandwidth per GPU against GPU count
/// for the design's current server, switch and topology, as three small multiples side by
/// side (each its own plot, so no series hides another), with markers where a tier or a hall
/// row is added. Runs off the UI thread (SweepRunner) with progress and cancel.
class SweepChart : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    explicit SweepChart(const ChartModel* model, QWidget* parent = nullptr);

    /// The generator to sweep with (cds::generateCluster unless set) and the catalog it draws
    /// from; without one, sweepLibrary(design, bundled catalogs) is used.
    void setGenerator(GeneratorFn generate, std::optional<Catalog> library = std::nullopt);
    void setRange(int fromGpus, int toGpus);

    bool startSweep(); ///< false when no generator is set or a sweep runs
    void cancelSweep();
    bool isRunning() const { return m_runner.isRunning(); }
    /// Plots @p r (called when a sweep finishes).
    void showResult(const SweepResult& r);
    const SweepResult& result() const { return m_result; }
    QCustomPlot* plot() const { return m_plot; }
    /// The three small multiples: cost, facility power and bisection, per GPU.
    std::array<QCPAxisRect*, 3> panels() const { return m_panels; }
    QString statusText() const;

    QString chartName() const override { return QStringLiteral("what-if-sweep"); }
    void renderChart(QPainter* painter, const QSize& size) override;

Q_SIGNALS:
    void sweepFinished();

private:
    void updateButtons();
    const ChartModel* m_model;
    GeneratorFn m_generate;
    std::optional<Catalog> m_library;
    SweepRunner m_runner;
    SweepResult m_result;
    QCustomPlot* m_plot;
    std::array<QCPAxisRect*, 3> m_panels{};
    QCPGraph* m_cost;
    QCPGraph* m_power;
    QCPGraph* m_bisection;
    QSpinBox* m_from;
    QSpinBox* m_to;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
};

} // namespace cds::views
