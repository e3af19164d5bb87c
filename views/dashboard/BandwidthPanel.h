#pragma once

#include "ChartExport.h"

#include <QWidget>

class QComboBox;
class QCPAxisRect;
class QCPBars;
class QCPGraph;
class QCPItemStraightLine;
class QCPLegend;
class QCustomPlot;
class QLabel;

namespace cds {
class ChartModel;
}

namespace cds::views {

/// @brief Bandwidth as charts: the compute fabric's aggregate bandwidth per tier level
/// (injection, leaf-spine, spine-core) beside its bisection, and the estimated all-reduce time
/// against message size for ring and tree, with the chosen message size marked; above them a
/// line of the figures (bisection, injection per GPU, oversubscription) and the estimate for
/// the message size and algorithm the user picks.
class BandwidthPanel : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    explicit BandwidthPanel(ChartModel* model, QWidget* parent = nullptr);

    void refresh();
    /// Picks the all-reduce message size (bytes); the estimate follows at once.
    void setMessageBytes(double bytes);
    QString
    text(const QString& key) const; ///< "bisection", "injection", "leaf", "spine", "allreduce"
    QCustomPlot* plot() const { return m_plot; }
    QCPAxisRect* tierRect() const { return m_tierRect; }
    QCPAxisRect* allReduceRect() const { return m_curveRect; }
    /// Gb/s of the tier bar @p i: 0 injection, 1 leaf-spine, 2 spine-core, 3 bisection.
    double tierValue(int i) const;
    QCPGraph* ringCurve() const { return m_ring; }
    QCPGraph* treeCurve() const { return m_tree; }
    /// The compared scenario's curves (empty without one).
    QCPGraph* comparedRingCurve() const { return m_ringCompared; }
    QCPGraph* comparedTreeCurve() const { return m_treeCompared; }

    QString chartName() const override { return QStringLiteral("bandwidth"); }
    void renderChart(QPainter* painter, const QSize& size) override;

private:
    void paramsEdited();
    ChartModel* m_model;
    QLabel* m_bisection;
    QLabel* m_injection;
    QLabel* m_leaf;
    QLabel* m_spine;
    QLabel* m_allReduce;
    QComboBox* m_message;
    QComboBox* m_algorithm;
    QCustomPlot* m_plot;
    QCPAxisRect* m_tierRect;
    QCPAxisRect* m_curveRect;
    QCPBars* m_tiers;
    QCPGraph* m_ring;
    QCPGraph* m_tree;
    QCPGraph* m_ringCompared;
    QCPGraph* m_treeCompared;
    QCPLegend* m_legend;
    QCPItemStraightLine* m_marker;
};

} // namespace cds::views
