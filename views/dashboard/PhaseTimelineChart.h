#pragma once

#include "ChartExport.h"

#include <QWidget>

namespace cds {
class ChartModel;
struct BuildPlan;
} // namespace cds

class QChartView;

namespace cds::views {

class RefreshWhenShown;

/// @brief The build plan's timeline (Qt Charts, one bar a phase): the GPUs ready to train at
/// the end of each phase, split into those of the phases before and those the phase adds,
/// each bar named with the phase's date. Titled with the phases, the GPUs and the date the
/// first order is due. The plan is derived (model/phases) only while the chart is shown or
/// exported, so editing a large design does not pay for it. Each bar's tooltip says what its
/// GPUs can do (model/advisor PhaseCapability). Reads ChartModel only.
class PhaseTimelineChart : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    explicit PhaseTimelineChart(const ChartModel* model, QWidget* parent = nullptr);
    ~PhaseTimelineChart() override;

    /// The design changed: recomputed now when shown, else when next shown or exported.
    void refresh();
    /// "Build plan: 4 phases · 16,384 GPUs by 2027-08-16 · first order due 2024-08-26"
    QString title();
    /// The bars' names: "Phase 1\n2027-03-01"...
    QStringList categories();
    /// GPUs ready at the end of phase @p i.
    int gpusReady(int i);
    /// What the tooltip of bar @p i says: the phase, its GPUs and what they can do (the
    /// advisor's PhaseCapability: the largest model trained and served, the reference runs).
    QString barToolTip(int i);

    QString chartName() const override { return QStringLiteral("phases"); }
    void renderChart(QPainter* painter, const QSize& size) override;

private:
    void rebuild();
    const ChartModel* m_model;
    QChartView* m_view;
    RefreshWhenShown* m_plan; ///< rebuild(): while shown, or when read
    QString m_title;
    QStringList m_categories;
    std::vector<int> m_ready;
    std::vector<QString> m_tips;
};

} // namespace cds::views
