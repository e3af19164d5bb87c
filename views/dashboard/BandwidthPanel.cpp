#include "BandwidthPanel.h"

#include "ChartStyle.h"
#include "DashboardFormat.h"
#include "model/Wording.h"
#include "model/scenarios/ChartModel.h"

#include "QCustomPlotInclude.h"
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <cmath>

namespace cds::views {

namespace {
QString ratio(double r) {
    return r > 0 ? QStringLiteral("%1:1").arg(r, 0, 'f', 2) : QStringLiteral("n/a");
}
const char* const kEstimateNote =
    "Alpha-beta estimate (model/fabric/AllReduce.h): per-GPU injection bandwidth x "
    "transport efficiency / worst oversubscription, plus per-step and per-switch-hop "
    "latency. NVLink stages inside a server are not counted.";
// Log axis ticks at the powers of ten in @p r, labelled in human units ("1 MB", "10 ms").
QSharedPointer<QCPAxisTickerText> decadeTicks(const QCPRange& r, QString (*label)(double)) {
    auto t = QSharedPointer<QCPAxisTickerText>::create();
    for (double v = std::pow(10.0, std::ceil(std::log10(r.lower))); v <= r.upper * 1.0001; v *= 10)
        t->addTick(v, label(v));
    t->setSubTickCount(8);
    return t;
}
QString bytesLabel(double b) {
    return formatBytes(b);
}
QString secondsLabel(double s) {
    if (s >= 1)
        return QStringLiteral("%1 s").arg(s, 0, 'g', 3);
    if (s >= 1e-3)
        return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'g', 3);
    return QStringLiteral("%1 µs").arg(s * 1e6, 0, 'g', 3);
}
const QColor kRing(0x3b, 0x6e, 0xc4);
const QColor kTree(0xd0, 0x6a, 0x2a);
const std::array<const char*, 4> kTierNames = {"Injection\n(node-leaf)", "Leaf-spine", "Spine-core",
                                               "Bisection"};
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
    , m_algorithm(new QComboBox(this))
    , m_plot(new QCustomPlot(this)) {
    setAutoFillBackground(true);
    for (double mb : {1.0, 16.0, 256.0, 1000.0, 4000.0, 16000.0})
        m_message->addItem(formatBytes(mb * 1e6), mb * 1e6);
    m_algorithm->addItem(QStringLiteral("Ring"), int(AllReduceAlgorithm::Ring));
    m_algorithm->addItem(QStringLiteral("Tree (double binary)"), int(AllReduceAlgorithm::Tree));
    {
        const QSignalBlocker b1(m_message), b2(m_algorithm);
        setMessageBytes(m_model->allReduceParams().messageBytes);
        m_algorithm->setCurrentIndex(
            m_model->allReduceParams().algorithm == AllReduceAlgorithm::Tree ? 1 : 0);
    }
    m_bisection->setToolTip(
        QStringLiteral("Per direction, from the actual links: N x B / 2 at 1:1."));

    // Two plots side by side in one QCustomPlot: tiers (bars) and all-reduce (log-log).
    styleDashboardPlot(m_plot);
    m_plot->plotLayout()->clear();
    m_tierRect = new QCPAxisRect(m_plot);
    m_curveRect = new QCPAxisRect(m_plot);
    addPlotTitle(m_plot, 0, 0, QStringLiteral("Compute bandwidth per tier (one direction)"));
    addPlotTitle(m_plot, 0, 1, QStringLiteral("All-reduce time over the fabric"));
    m_plot->plotLayout()->addElement(1, 0, m_tierRect);
    m_plot->plotLayout()->addElement(1, 1, m_curveRect);
    styleDashboardPlot(m_plot);

    QCPAxis* tx = m_tierRect->axis(QCPAxis::atBottom);
    QCPAxis* ty = m_tierRect->axis(QCPAxis::atLeft);
    m_tiers = new QCPBars(tx, ty);
    m_tiers->setWidth(0.6);
    m_tiers->setBrush(QColor(0x2e, 0xa0, 0x8a));
    m_tiers->setPen(QColor(0x2e, 0xa0, 0x8a).darker(130));
    m_tiers->setSelectable(QCP::stNone);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < 4; ++i)
        ticker->addTick(i, QLatin1String(kTierNames[std::size_t(i)]));
    tx->setTicker(ticker);
    tx->setTickLength(0, 0);
    tx->setSubTicks(false);
    tx->grid()->setVisible(false);
    tx->setRange(-0.6, 3.6);
    ty->setLabel(QStringLiteral("Tb/s"));

    QCPAxis* cx = m_curveRect->axis(QCPAxis::atBottom);
    QCPAxis* cy = m_curveRect->axis(QCPAxis::atLeft);
    for (QCPAxis* a : {cx, cy})
        a->setScaleType(QCPAxis::stLogarithmic);
    cx->setLabel(QStringLiteral("Message size"));
    cy->setLabel(QStringLiteral("Time"));
    auto curve = [&](const QString& name, const QColor& c) {
        QCPGraph* g = m_plot->addGraph(cx, cy);
        g->setName(name);
        g->setPen(QPen(c, 2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, Qt::white, 5));
        g->setSelectable(QCP::stNone);
        return g;
    };
    m_ring = curve(QStringLiteral("Ring"), kRing);
    m_tree = curve(QStringLiteral("Tree"), kTree);
    m_ringCompared = curve(QString(), kRing.lighter(140));
    m_treeCompared = curve(QString(), kTree.lighter(140));
    for (QCPGraph* g : {m_ringCompared, m_treeCompared}) {
        g->setPen(QPen(g->pen().color(), 2, Qt::DashLine));
        g->setScatterStyle(QCPScatterStyle::ssNone);
    }
    m_marker = new QCPItemStraightLine(m_plot);
    m_marker->setClipAxisRect(m_curveRect);
    for (QCPItemPosition* p : {m_marker->point1, m_marker->point2})
        p->setAxes(cx, cy);
    m_marker->setPen(QPen(Qt::gray, 1, Qt::DashLine));
    m_marker->setSelectable(false);
    // The curves' legend inside their plot, top left, where short messages leave room.
    m_legend = new QCPLegend;
    m_curveRect->insetLayout()->addElement(m_legend, Qt::AlignTop | Qt::AlignLeft);
    m_legend->setLayer(QStringLiteral("legend"));
    m_legend->setFont(smallPlotFont(m_plot));
    for (QCPGraph* g : {m_ring, m_tree})
        g->addToLegend(m_legend);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);

    // One line of figures and the all-reduce choice; the estimate's detail is its tooltip.
    auto* figures = new QHBoxLayout;
    auto caption = [this](const char* t) { return new QLabel(QLatin1String(t), this); };
    figures->addWidget(caption("Bisection"));
    figures->addWidget(m_bisection);
    figures->addSpacing(8);
    figures->addWidget(caption("Injection per GPU"));
    figures->addWidget(m_injection);
    figures->addSpacing(8);
    figures->addWidget(caption("Oversubscription: leaf"));
    figures->addWidget(m_leaf);
    figures->addWidget(caption("spine"));
    figures->addWidget(m_spine);
    figures->addSpacing(8);
    figures->addWidget(caption("All-reduce of"));
    figures->addWidget(m_message);
    figures->addWidget(m_algorithm);
    figures->addWidget(m_allReduce, 1);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 2, 4, 0);
    lay->addLayout(figures);
    lay->addWidget(m_plot, 1);
    connect(m_message, &QComboBox::currentIndexChanged, this, &BandwidthPanel::paramsEdited);
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, &BandwidthPanel::paramsEdited);
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
    p.algorithm = AllReduceAlgorithm(m_algorithm->currentData().toInt());
    m_model->setAllReduceParams(p); // emits updated(), which refreshes this panel
}

void BandwidthPanel::refresh() {
    const Metrics& m = m_model->metrics();
    m_bisection->setText(QStringLiteral("%1 Tb/s").arg(m.bisectionTbps, 0, 'f', 1));
    m_injection->setText(QStringLiteral("%1 Gb/s").arg(m.injectionGbpsPerGpu, 0, 'f', 0));
    m_leaf->setText(ratio(m.leafOversubscription));
    m_spine->setText(ratio(m.spineOversubscription));
    const AllReduceEstimate& e = m_model->allReduce();
    if (e.seconds <= 0) {
        m_allReduce->setText(QStringLiteral("n/a (no compute fabric)"));
        m_allReduce->setToolTip(QString());
    } else {
        m_allReduce->setText(
            QStringLiteral("%1 over %2")
                .arg(formatSeconds(e.seconds), counted(e.gpus, QStringLiteral("GPU"))));
        m_allReduce->setToolTip(
            QStringLiteral("%1 Gb/s per GPU, %2 µs per step, %3 switch hop%4.\n%5")
                .arg(e.perGpuGbps, 0, 'f', 0)
                .arg(e.stepLatencyUs, 0, 'f', 1)
                .arg(e.switchHops)
                .arg(e.switchHops == 1 ? QString() : QStringLiteral("s"))
                .arg(QLatin1String(kEstimateNote)));
    }

    const QVector<double> keys = {0, 1, 2, 3};
    const QVector<double> tbps = {m.tierGbps[0] / 1000, m.tierGbps[1] / 1000, m.tierGbps[2] / 1000,
                                  m.bisectionTbps};
    m_tiers->setData(keys, tbps, true);
    m_tierRect->axis(QCPAxis::atLeft)
        ->setRange(0, std::max(1.0, *std::max_element(tbps.begin(), tbps.end())) * 1.1);

    auto show = [](QCPGraph* g, const std::vector<AllReducePoint>& curve) {
        QVector<double> x, y;
        for (const AllReducePoint& p : curve) {
            x << p.messageBytes;
            y << p.seconds;
        }
        g->setData(x, y, true);
    };
    const bool compared = !m_model->comparedName().isEmpty();
    const QString design = compared ? QStringLiteral(", this design") : QString();
    m_ring->setName(QStringLiteral("Ring") + design);
    m_tree->setName(QStringLiteral("Tree") + design);
    show(m_ring, m_model->allReduceCurve(AllReduceAlgorithm::Ring));
    show(m_tree, m_model->allReduceCurve(AllReduceAlgorithm::Tree));
    show(m_ringCompared, m_model->comparedCurve(AllReduceAlgorithm::Ring));
    show(m_treeCompared, m_model->comparedCurve(AllReduceAlgorithm::Tree));
    for (auto [g, what] : {std::pair{m_ringCompared, "Ring"}, std::pair{m_treeCompared, "Tree"}}) {
        g->setName(QStringLiteral("%1, %2").arg(QLatin1String(what), m_model->comparedName()));
        g->setVisible(compared && !g->data()->isEmpty());
        if (g->visible())
            g->addToLegend(m_legend); // no-op when it is there already
        else
            g->removeFromLegend(m_legend);
    }
    const double bytes = m_model->allReduceParams().messageBytes;
    m_marker->point1->setCoords(bytes, 1e-6);
    m_marker->point2->setCoords(bytes, 1);
    m_marker->setVisible(!m_ring->data()->isEmpty());
    bool ringFound = false, treeFound = false;
    QCPRange yr = m_ring->getValueRange(ringFound).expanded(m_tree->getValueRange(treeFound));
    for (QCPGraph* g : {m_ringCompared, m_treeCompared}) {
        bool found = false;
        const QCPRange r = g->getValueRange(found);
        if (found && g->visible())
            yr.expand(r);
    }
    const auto& sizes = m_model->allReduceCurve(AllReduceAlgorithm::Ring);
    m_curveRect->axis(QCPAxis::atBottom)
        ->setRange(sizes.empty()
                       ? QCPRange(1e4, 1e11)
                       : QCPRange(sizes.front().messageBytes / 2, sizes.back().messageBytes * 2));
    m_curveRect->axis(QCPAxis::atLeft)
        ->setRange(ringFound && treeFound ? QCPRange(yr.lower / 2, yr.upper * 2)
                                          : QCPRange(1e-6, 1));
    for (QCPAxis* a : {m_curveRect->axis(QCPAxis::atBottom), m_curveRect->axis(QCPAxis::atLeft)})
        a->setTicker(decadeTicks(a->range(),
                                 a->orientation() == Qt::Horizontal ? &bytesLabel : &secondsLabel));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
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

double BandwidthPanel::tierValue(int i) const {
    auto it = m_tiers->data()->findBegin(i, false);
    return it != m_tiers->data()->constEnd() && it->key == i ? it->value * 1000 : 0;
}

void BandwidthPanel::renderChart(QPainter* painter, const QSize& size) {
    renderWidget(this, painter, size);
}

} // namespace cds::views
