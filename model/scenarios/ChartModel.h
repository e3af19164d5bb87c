#pragma once

#include "../Design.h"
#include "../analysis/Analysis.h"
#include "../analysis/LiveAnalysis.h"
#include "../fabric/AllReduce.h"

#include <QPointer>

namespace cds {

/// What the all-reduce estimate (fabric/AllReduce.h) is asked: message size and algorithm.
struct AllReduceParams {
    double messageBytes = 1e9; ///< e.g. 1 GB of BF16 gradients
    AllReduceAlgorithm algorithm = AllReduceAlgorithm::Ring;
};

/// @brief What every dashboard chart reads: the one Analysis of the design plus the all-reduce
/// estimate for the chosen message size. It computes no metrics of its own: live, it follows a
/// LiveAnalysis (so its updates are that analysis's, at most ~10 Hz during a drag); fixed, it
/// shows an Analysis already made (the report). Charts never compute on the model themselves.
class ChartModel : public QObject {
    Q_OBJECT
public:
    explicit ChartModel(LiveAnalysis* analysis, QObject* parent = nullptr);
    /// A still picture of @p d with its analysis @p a (both must outlive the chart model).
    ChartModel(const DesignData& d, const Analysis& a, QObject* parent = nullptr);

    /// The live design, or null for a fixed picture.
    Design* design() const { return m_live ? m_live->design() : nullptr; }
    const Metrics& metrics() const { return m_result->metrics; }
    const std::vector<RackPower>& rackPower() const { return m_result->rackPower; }
    const AllReduceEstimate& allReduce() const { return m_allReduce; }

    const AllReduceParams& allReduceParams() const { return m_allReduceParams; }
    /// Re-estimates at once (no model recompute needed) and emits updated().
    void setAllReduceParams(const AllReduceParams& p);

    /// The live analysis's coalescing interval.
    int intervalMs() const { return m_live ? m_live->delayMs() : 0; }
    void setIntervalMs(int ms) {
        if (m_live)
            m_live->setDelayMs(ms);
    }
    /// True while a change is waiting for the next coalesced update.
    bool isPending() const { return m_live && m_live->isPending(); }
    /// Has the live analysis recompute now (initial fill, tests, bench); updated() follows.
    void refreshNow();

    int updateCount() const { return m_updates; } ///< analysis updates shown so far
    /// Duration of the analysis run behind the last update.
    double lastComputeMs() const { return m_live ? m_live->lastRunMs() : 0; }

Q_SIGNALS:
    void updated();

private:
    void onAnalysisUpdated();
    AllReduceEstimate estimate() const;
    QPointer<LiveAnalysis> m_live;
    const DesignData* m_data = nullptr;
    const Analysis* m_result = nullptr;
    AllReduceParams m_allReduceParams;
    AllReduceEstimate m_allReduce;
    int m_updates = 0;
};

} // namespace cds
