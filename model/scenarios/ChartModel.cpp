#include "ChartModel.h"

#include <QElapsedTimer>

namespace cds {

ChartModel::ChartModel(Design* design, QObject* parent)
    : QObject(parent)
    , m_design(design) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(100);
    connect(&m_timer, &QTimer::timeout, this, &ChartModel::refreshNow);
    if (design) {
        connect(design, &Design::changed, this, &ChartModel::schedule);
        connect(design, &Design::resetDone, this, &ChartModel::schedule);
        connect(design, &Design::derivedChanged, this, &ChartModel::schedule);
    }
    refreshNow();
}

// The timer is started, not restarted: a continuous drag still updates every interval
// instead of waiting until the drag ends.
void ChartModel::schedule() {
    if (!m_timer.isActive())
        m_timer.start();
}

void ChartModel::refreshNow() {
    m_timer.stop();
    QElapsedTimer t;
    t.start();
    if (m_design) {
        m_metrics = computeMetrics(m_design->data());
        m_rackPower = cds::rackPower(m_design->data(), m_metrics);
    } else {
        m_metrics = {};
        m_rackPower.clear();
    }
    m_allReduce = estimateRingAllReduce(m_metrics, m_allReduceParams);
    m_lastMs = double(t.nsecsElapsed()) / 1e6;
    ++m_updates;
    Q_EMIT updated();
}

void ChartModel::setAllReduceParams(const AllReduceParams& p) {
    m_allReduceParams = p;
    m_allReduce = estimateRingAllReduce(m_metrics, m_allReduceParams);
    Q_EMIT updated();
}

} // namespace cds
