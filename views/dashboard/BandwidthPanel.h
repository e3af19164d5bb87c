#pragma once

#include "ChartExport.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace cds {
class ChartModel;
}

namespace cds::views {

/// @brief Bisection and per-GPU injection bandwidth, oversubscription per tier, and the
/// estimated all-reduce time for a message size the user picks.
class BandwidthPanel : public QWidget, public ExportableChart {
    Q_OBJECT
public:
    explicit BandwidthPanel(ChartModel* model, QWidget* parent = nullptr);

    void refresh();
    /// Picks the all-reduce message size (bytes); the estimate follows at once.
    void setMessageBytes(double bytes);
    QString
    text(const QString& key) const; ///< "bisection", "injection", "leaf", "spine", "allreduce"

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
    QDoubleSpinBox* m_latency;
};

} // namespace cds::views
