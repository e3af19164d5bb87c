#include "PowerBarsChart.h"

#include "DashboardFormat.h"
#include "model/scenarios/ChartModel.h"

#include "QCustomPlotInclude.h"
#include <QVBoxLayout>

namespace cds::views {

namespace {
// Above this many racks the axis shows indices instead of names: labels would overlap.
constexpr int kMaxNamedTicks = 40;
} // namespace

PowerBarsChart::PowerBarsChart(const ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_plot(new QCustomPlot(this)) {
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_plot, QString(), QFont(QStringLiteral("Sans"), 10, QFont::Bold));
    m_plot->plotLayout()->addElement(0, 0, m_title);
    const std::array<std::pair<const char*, QColor>, 3> styles = {
        std::pair{"Within envelope", QColor(0x3c, 0xa0, 0x5a)},
        std::pair{"Above warning", QColor(0xe6, 0xa1, 0x2e)},
        std::pair{"Above maximum", QColor(0xd0, 0x3a, 0x3a)}};
    for (std::size_t i = 0; i < 3; ++i) {
        auto* b = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        b->setName(QLatin1String(styles[i].first));
        b->setBrush(styles[i].second);
        b->setPen(styles[i].second.darker(130));
        b->setWidth(0.8);
        m_bars[i] = b;
    }
    m_warn = m_plot->addGraph();
    m_warn->setName(QStringLiteral("Warning threshold"));
    m_warn->setLineStyle(QCPGraph::lsStepCenter);
    m_warn->setPen(QPen(QColor(0xe6, 0xa1, 0x2e), 1.5, Qt::DashLine));
    m_max = m_plot->addGraph();
    m_max->setName(QStringLiteral("Maximum threshold"));
    m_max->setLineStyle(QCPGraph::lsStepCenter);
    m_max->setPen(QPen(QColor(0xd0, 0x3a, 0x3a), 1.5, Qt::DashLine));
    m_warn->setSelectable(QCP::stNone);
    m_max->setSelectable(QCP::stNone);
    m_plot->yAxis->setLabel(QStringLiteral("kW per rack (nameplate)"));
    m_plot->xAxis->setLabel(QStringLiteral("Rack"));
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(QFont(QStringLiteral("Sans"), 8));
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    connect(m_plot, &QCustomPlot::mousePress, this, &PowerBarsChart::onPress);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &PowerBarsChart::onRelease);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_plot);
    refresh();
}

void PowerBarsChart::refresh() {
    const std::vector<RackPower>& racks = m_model->rackPower();
    std::array<QVector<double>, 3> keys, values;
    QVector<double> x, warn, max;
    m_racks.clear();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double top = 1;
    for (int i = 0; i < int(racks.size()); ++i) {
        const RackPower& r = racks[std::size_t(i)];
        m_racks.push_back(r.rack);
        const auto s = std::size_t(r.status);
        keys[s].push_back(i);
        values[s].push_back(r.kw);
        x.push_back(i);
        warn.push_back(r.warnKw);
        max.push_back(r.maxKw);
        top = std::max({top, r.kw, r.maxKw});
        if (racks.size() <= std::size_t(kMaxNamedTicks))
            ticker->addTick(i, r.name + (r.powerMissing ? QStringLiteral("*") : QString()));
    }
    for (std::size_t s = 0; s < 3; ++s)
        m_bars[s]->setData(keys[s], values[s], true);
    m_warn->setData(x, warn, true);
    m_max->setData(x, max, true);
    if (racks.size() <= std::size_t(kMaxNamedTicks))
        m_plot->xAxis->setTicker(ticker);
    else
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    m_plot->xAxis->setRange(-0.6, std::max<double>(1, double(racks.size())) - 0.4);
    m_plot->yAxis->setRange(0, top * 1.1);
    m_title->setText(totalsText());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString PowerBarsChart::totalsText() const {
    const Metrics& m = m_model->metrics();
    QString t = QStringLiteral("IT %1, facility %2 (PUE %3)")
                    .arg(formatPower(m.itMaxW / 1000), formatPower(m.facilityW / 1000))
                    .arg(m.itMaxW > 0 ? m.facilityW / m.itMaxW : 0.0, 0, 'f', 2);
    if (m.powerMissing > 0)
        t += QStringLiteral("; %1 devices without a power figure (*)").arg(m.powerMissing);
    return t;
}

int PowerBarsChart::barCount(int status) const {
    return m_bars.at(std::size_t(status))->data()->size();
}

RackId PowerBarsChart::rackAt(int index) const {
    return index >= 0 && index < int(m_racks.size()) ? m_racks[std::size_t(index)] : RackId();
}

void PowerBarsChart::activateBar(int index) {
    if (RackId r = rackAt(index))
        Q_EMIT rackActivated(r);
}

void PowerBarsChart::onPress(QMouseEvent* event) {
    m_pressPos = event->pos();
}

// Picked by position rather than plottableClick: the threshold lines lie over the bars and
// would take the click.
void PowerBarsChart::onRelease(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || (event->pos() - m_pressPos).manhattanLength() > 3)
        return;
    if (!m_plot->axisRect()->rect().contains(event->pos()))
        return;
    const int index = int(std::lround(m_plot->xAxis->pixelToCoord(event->pos().x())));
    const double kw = m_plot->yAxis->pixelToCoord(event->pos().y());
    const auto& racks = m_model->rackPower();
    if (index < 0 || index >= int(racks.size()))
        return;
    // Within the bar, or just above a very short one.
    const double minHit = m_plot->yAxis->range().size() * 0.03;
    if (kw >= 0 && kw <= std::max(racks[std::size_t(index)].kw, minHit))
        activateBar(index);
}

void PowerBarsChart::renderChart(QPainter* painter, const QSize& size) {
    renderPlot(m_plot, painter, size);
}

} // namespace cds::views
