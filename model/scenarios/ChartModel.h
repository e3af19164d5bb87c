#pragma once

#include "../Design.h"
#include "../Metrics.h"
#include "AllReduceEstimate.h"
#include "RackPower.h"

#include <QPointer>
#include <QTimer>

namespace cds {

/// @brief The computed figures every dashboard chart reads. Recomputes Metrics at most once
/// per interval (default 100 ms, so at most ~10 Hz) however many Design::changed signals a
/// drag fires, then emits updated(); charts never compute on the model themselves.
class ChartModel : public QObject {
    Q_OBJECT
public:
    explicit ChartModel(Design* design, QObject* parent = nullptr);

    Design* design() const { return m_design; }
    const Metrics& metrics() const { return m_metrics; }
    const std::vector<RackPower>& rackPower() const { return m_rackPower; }
    const AllReduceEstimate& allReduce() const { return m_allReduce; }

    const AllReduceParams& allReduceParams() const { return m_allReduceParams; }
    /// Re-estimates at once (no model recompute needed) and emits updated().
    void setAllReduceParams(const AllReduceParams& p);

    int intervalMs() const { return m_timer.interval(); }
    void setIntervalMs(int ms) { m_timer.setInterval(ms); }
    /// True while a change is waiting for the next coalesced update.
    bool isPending() const { return m_timer.isActive(); }
    /// Recomputes now (initial fill, tests, bench) and emits updated().
    void refreshNow();

    int updateCount() const { return m_updates; }     ///< recomputes so far
    double lastComputeMs() const { return m_lastMs; } ///< duration of the last recompute

Q_SIGNALS:
    void updated();

private:
    void schedule();
    QPointer<Design> m_design;
    QTimer m_timer;
    Metrics m_metrics;
    std::vector<RackPower> m_rackPower;
    AllReduceParams m_allReduceParams;
    AllReduceEstimate m_allReduce;
    int m_updates = 0;
    double m_lastMs = 0;
};

} // namespace cds
