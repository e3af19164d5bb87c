#include "BandwidthPanel.h"

#include "DashboardFormat.h"
#include "model/scenarios/ChartModel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace cds::views {

namespace {
QString ratio(double r) {
    return r > 0 ? QStringLiteral("%1:1").arg(r, 0, 'f', 2) : QStringLiteral("n/a (no such tier)");
}
} // namespace

BandwidthPanel::BandwidthPanel(ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_bisection(new QLabel(this))
    , m_injection(new QLabel(this))
    , m_leaf(new QLabel(this))
    , m_spine(new QLabel(this))
    , m_allReduce(new QLabel(this))
    , m_message(new QComboBox(this))
    , m_latency(new QDoubleSpinBox(this)) {
    setAutoFillBackground(true);
    for (double mb : {1.0, 16.0, 256.0, 1000.0, 4000.0, 16000.0})
        m_message->addItem(formatBytes(mb * 1e6), mb * 1e6);
    m_latency->setRange(0, 1000);
    m_latency->setDecimals(1);
    m_latency->setSuffix(QStringLiteral(" µs per step"));
    {
        const QSignalBlocker b1(m_message), b2(m_latency);
        setMessageBytes(m_model->allReduceParams().messageBytes);
        m_latency->setValue(m_model->allReduceParams().stepLatencyUs);
    }
    m_allReduce->setToolTip(QStringLiteral(
        "Ring all-reduce over every GPU: 2(N-1)/N of the message per GPU at the fabric injection "
        "bandwidth divided by the worst oversubscription, plus 2(N-1) step latencies. "
        "Conservative: NVLink hops inside a server are not credited."));
    m_bisection->setToolTip(
        QStringLiteral("Per direction, from the actual links: N x B / 2 at 1:1."));
    auto* form = new QFormLayout(this);
    form->addRow(QStringLiteral("Bisection bandwidth"), m_bisection);
    form->addRow(QStringLiteral("Injection per GPU"), m_injection);
    form->addRow(QStringLiteral("Oversubscription, leaf"), m_leaf);
    form->addRow(QStringLiteral("Oversubscription, spine"), m_spine);
    form->addRow(QStringLiteral("All-reduce message"), m_message);
    form->addRow(QStringLiteral("Step latency"), m_latency);
    form->addRow(QStringLiteral("All-reduce (ring) estimate"), m_allReduce);
    connect(m_message, &QComboBox::currentIndexChanged, this, &BandwidthPanel::paramsEdited);
    connect(m_latency, &QDoubleSpinBox::valueChanged, this, &BandwidthPanel::paramsEdited);
    refresh();
}

void BandwidthPanel::setMessageBytes(double bytes) {
    int i = m_message->findData(bytes);
    if (i < 0) {
        m_message->addItem(formatBytes(bytes), bytes);
        i = m_message->count() - 1;
    }
    m_message->setCurrentIndex(i);
}

void BandwidthPanel::paramsEdited() {
    AllReduceParams p = m_model->allReduceParams();
    p.messageBytes = m_message->currentData().toDouble();
    p.stepLatencyUs = m_latency->value();
    m_model->setAllReduceParams(p); // emits updated(), which refreshes this panel
}

void BandwidthPanel::refresh() {
    const Metrics& m = m_model->metrics();
    m_bisection->setText(QStringLiteral("%1 Tb/s").arg(m.bisectionTbps, 0, 'f', 1));
    m_injection->setText(QStringLiteral("%1 Gb/s").arg(m.injectionGbpsPerGpu, 0, 'f', 0));
    m_leaf->setText(ratio(m.leafOversubscription));
    m_spine->setText(ratio(m.spineOversubscription));
    const AllReduceEstimate& e = m_model->allReduce();
    if (!e.valid)
        m_allReduce->setText(QStringLiteral("n/a (needs GPUs on a compute fabric)"));
    else
        m_allReduce->setText(QStringLiteral("%1 over %2 GPUs (%3 at %4 Gb/s + %5 latency)")
                                 .arg(formatSeconds(e.totalS()))
                                 .arg(e.gpus)
                                 .arg(formatSeconds(e.bandwidthS))
                                 .arg(e.effectiveGbps, 0, 'f', 0)
                                 .arg(formatSeconds(e.latencyS)));
}

QString BandwidthPanel::text(const QString& key) const {
    if (key == QLatin1String("bisection"))
        return m_bisection->text();
    if (key == QLatin1String("injection"))
        return m_injection->text();
    if (key == QLatin1String("leaf"))
        return m_leaf->text();
    if (key == QLatin1String("spine"))
        return m_spine->text();
    return m_allReduce->text();
}

void BandwidthPanel::renderChart(QPainter* painter, const QSize& size) {
    renderWidget(this, painter, size);
}

} // namespace cds::views
