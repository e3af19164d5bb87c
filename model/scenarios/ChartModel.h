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
    const std::vector<Finding>& findings() const { return m_result->findings; }
    /// The power chain's loads (normal and N-1), and the design they belong to (null: none).
    const PowerAnalysis& power() const { return m_result->power; }
    const DesignData* data() const { return m_data; }
    const AllReduceEstimate& allReduce() const { return m_allReduce; }
    /// All-reduce time against allReduceMessageSizes() for @p algorithm (empty: no fabric).
    const std::vector<AllReducePoint>& allReduceCurve(AllReduceAlgorithm algorithm) const {
        return m_curves[algorithm == AllReduceAlgorithm::Tree ? 1 : 0];
    }

    /// The scenario the charts draw beside the design (an index into the design's scenarios;
    /// -1: none): its all-reduce curves, computed once per kept snapshot. Emits updated() when
    /// the choice changes.
    void setComparedScenario(int index);
    int comparedScenario() const { return m_comparedIndex; }
    QString comparedName() const { return m_comparedName; } ///< empty when none
    const std::vector<AllReducePoint>& comparedCurve(AllReduceAlgorithm algorithm) const {
        return m_comparedCurves[algorithm == AllReduceAlgorithm::Tree ? 1 : 0];
    }

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
    void updateCompared();
    QPointer<LiveAnalysis> m_live;
    const DesignData* m_data = nullptr;
    const Analysis* m_result = nullptr;
    AllReduceParams m_allReduceParams;
    AllReduceEstimate m_allReduce;
    std::array<std::vector<AllReducePoint>, 2> m_curves; ///< ring, tree
    int m_comparedIndex = -1;
    std::shared_ptr<const DesignData> m_comparedDesign;
    QString m_comparedName;
    std::array<std::vector<AllReducePoint>, 2> m_comparedCurves;
    int m_updates = 0;
};

} // namespace cds
