#include "ChartModel.h"

namespace cds {

ChartModel::ChartModel(LiveAnalysis* analysis, QObject* parent)
    : QObject(parent)
    , m_live(analysis)
    , m_data(&analysis->design()->data())
    , m_result(&analysis->result()) {
    connect(analysis, &LiveAnalysis::updated, this, &ChartModel::onAnalysisUpdated);
    if (analysis->runCount() == 0)
        analysis->runNow();
    else
        onAnalysisUpdated();
}

ChartModel::ChartModel(const DesignData& d, const Analysis& a, QObject* parent)
    : QObject(parent)
    , m_data(&d)
    , m_result(&a) {
    onAnalysisUpdated();
}

void ChartModel::refreshNow() {
    if (m_live)
        m_live->runNow(); // emits updated(), which reaches onAnalysisUpdated()
    else
        onAnalysisUpdated();
}

void ChartModel::onAnalysisUpdated() {
    if (m_live)
        m_data = &m_live->design()->data(); // a reset may replace the data
    m_allReduce = estimate();
    ++m_updates;
    Q_EMIT updated();
}

AllReduceEstimate ChartModel::estimate() const {
    if (!m_data || m_result->metrics.gpus < 2)
        return {};
    return estimateAllReduce(*m_data, m_result->metrics, m_allReduceParams.messageBytes,
                             m_allReduceParams.algorithm);
}

void ChartModel::setAllReduceParams(const AllReduceParams& p) {
    m_allReduceParams = p;
    m_allReduce = estimate();
    Q_EMIT updated();
}

} // namespace cds
