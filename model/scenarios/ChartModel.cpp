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
    static const std::vector<double> sizes = allReduceMessageSizes();
    for (auto a : {AllReduceAlgorithm::Ring, AllReduceAlgorithm::Tree})
        m_curves[a == AllReduceAlgorithm::Tree ? 1 : 0] =
            m_data ? cds::allReduceCurve(*m_data, m_result->metrics, sizes, a)
                   : std::vector<AllReducePoint>{};
    updateCompared();
    ++m_updates;
    Q_EMIT updated();
}

void ChartModel::setComparedScenario(int index) {
    if (index == m_comparedIndex)
        return;
    m_comparedIndex = index;
    updateCompared();
    Q_EMIT updated();
}

void ChartModel::updateCompared() {
    const bool valid = m_data && m_comparedIndex >= 0 &&
                       m_comparedIndex < int(m_data->scenarios.size()) &&
                       m_data->scenarios[std::size_t(m_comparedIndex)].design;
    if (!valid) {
        m_comparedDesign.reset();
        m_comparedName.clear();
        m_comparedCurves = {};
        return;
    }
    const Scenario& s = m_data->scenarios[std::size_t(m_comparedIndex)];
    m_comparedName = s.name;
    if (s.design == m_comparedDesign)
        return; // snapshots never change: its curves stand
    m_comparedDesign = s.design;
    static const std::vector<double> sizes = allReduceMessageSizes();
    const Metrics m = computeMetrics(*s.design);
    for (auto a : {AllReduceAlgorithm::Ring, AllReduceAlgorithm::Tree})
        m_comparedCurves[a == AllReduceAlgorithm::Tree ? 1 : 0] =
            cds::allReduceCurve(*s.design, m, sizes, a);
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
