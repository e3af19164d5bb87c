#include "SweepChart.h"

#include "ChartStyle.h"
#include "model/Wording.h"
#include "model/generator/Generator.h"
#include "model/scenarios/ChartModel.h"

#include "QCustomPlotInclude.h"
#include "model/json/CatalogFile.h"
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cds::views {

namespace {
// One small multiple: its own x (GPUs, log 2) and y axis, titled above.
QCPGraph* addPanel(QCustomPlot* plot, int column, const QString& title, const QString& unit,
                   const QColor& c, QCPAxisRect** rect) {
    auto* r = new QCPAxisRect(plot);
    addPlotTitle(plot, 0, column, title);
    plot->plotLayout()->addElement(1, column, r);
    QCPAxis* x = r->axis(QCPAxis::atBottom);
    x->setScaleType(QCPAxis::stLogarithmic);
    auto log = QSharedPointer<QCPAxisTickerLog>::create();
    log->setLogBase(2);
    x->setTicker(log);
    x->setNumberFormat(QStringLiteral("f"));
    x->setNumberPrecision(0);
    x->setLabel(QStringLiteral("GPUs"));
    r->axis(QCPAxis::atLeft)->setLabel(unit);
    QCPGraph* g = plot->addGraph(x, r->axis(QCPAxis::atLeft));
    g->setName(title);
    g->setPen(QPen(c, 2));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, Qt::white, 6));
    *rect = r;
    return g;
}
} // namespace

SweepChart::SweepChart(const ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_generate(&cds::generateCluster)
    , m_plot(new QCustomPlot(this))
    , m_from(new QSpinBox(this))
    , m_to(new QSpinBox(this))
    , m_run(new QPushButton(QStringLiteral("Run sweep"), this))
    , m_cancel(new QPushButton(QStringLiteral("Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this)) {
    m_plot->plotLayout()->clear(); // three small multiples instead of the default plot
    m_cost = addPanel(m_plot, 0, QStringLiteral("Cost per GPU"), QStringLiteral("$k"),
                      QColor(0x3b, 0x6e, 0xc4), &m_panels[0]);
    m_power = addPanel(m_plot, 1, QStringLiteral("Facility power per GPU"), QStringLiteral("kW"),
                       QColor(0xd0, 0x6a, 0x2a), &m_panels[1]);
    m_bisection = addPanel(m_plot, 2, QStringLiteral("Bisection per GPU"), QStringLiteral("Gb/s"),
                           QColor(0x2e, 0xa0, 0x8a), &m_panels[2]);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    styleDashboardPlot(m_plot);

    for (QSpinBox* s : {m_from, m_to}) {
        s->setRange(8, 1 << 20);
        s->setSingleStep(256);
        s->setSuffix(QStringLiteral(" GPUs"));
    }
    setRange(256, 16384);
    // Before the first run: the axes of the default range, and what the button will do.
    for (QCPAxisRect* r : m_panels) {
        r->axis(QCPAxis::atBottom)->setRange(256 / 1.3, 16384 * 1.3);
        r->axis(QCPAxis::atLeft)->setRange(0, 1);
    }
    m_status->setText(QStringLiteral("Run the sweep to see cost, power and bisection per GPU "
                                     "as the design grows."));
    m_progress->setRange(0, 100);
    m_progress->setVisible(false);
    m_status->setWordWrap(true);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(QStringLiteral("From"), this));
    bar->addWidget(m_from);
    bar->addWidget(new QLabel(QStringLiteral("to"), this));
    bar->addWidget(m_to);
    bar->addWidget(m_run);
    bar->addWidget(m_cancel);
    bar->addWidget(m_progress, 1);
    bar->addWidget(m_status, 2);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addLayout(bar);
    lay->addWidget(m_plot, 1);

    connect(m_run, &QPushButton::clicked, this, &SweepChart::startSweep);
    connect(m_cancel, &QPushButton::clicked, this, &SweepChart::cancelSweep);
    connect(&m_runner, &SweepRunner::progressed, m_progress, &QProgressBar::setValue);
    connect(&m_runner, &SweepRunner::finished, this, [this] {
        showResult(m_runner.result());
        updateButtons();
        Q_EMIT sweepFinished();
    });
    updateButtons();
}

void SweepChart::setGenerator(GeneratorFn generate, std::optional<Catalog> library) {
    m_generate = std::move(generate);
    m_library = std::move(library);
    updateButtons();
}

void SweepChart::setRange(int fromGpus, int toGpus) {
    m_from->setValue(fromGpus);
    m_to->setValue(toGpus);
}

bool SweepChart::startSweep() {
    if (!m_generate || m_runner.isRunning() || !m_model->design())
        return false;
    const DesignData& d = m_model->design()->data();
    static const CatalogLibrary bundled = CatalogLibrary::loadDefault(); // read once
    const bool ok =
        m_runner.start(sweepBase(d), doublingCounts(m_from->value(), m_to->value()),
                       m_library ? *m_library : sweepLibrary(d, bundled.catalog()), m_generate);
    m_progress->setValue(0);
    m_status->setText(QStringLiteral("Sweeping…"));
    updateButtons();
    return ok;
}

void SweepChart::cancelSweep() {
    m_runner.cancel();
}

void SweepChart::updateButtons() {
    const bool running = m_runner.isRunning();
    m_run->setEnabled(!running && m_generate);
    m_run->setToolTip(m_generate ? QString()
                                 : QStringLiteral("The fabric generator is not available."));
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
    if (!m_generate && !running)
        m_status->setText(QStringLiteral("No fabric generator available for sweeps."));
}

void SweepChart::showResult(const SweepResult& r) {
    m_result = r;
    QVector<double> x, cost, power, bis;
    int failed = 0;
    m_plot->clearItems();
    int lastGpus = 0;
    for (const SweepPoint& p : r.points)
        if (p.ok)
            lastGpus = std::max(lastGpus, p.gpus);
    for (const SweepPoint& p : r.points) {
        if (!p.ok) {
            ++failed;
            continue;
        }
        // Per GPU: totals all grow with the GPU count, their per-GPU values show the steps.
        const double n = std::max(1, p.gpus);
        x << p.gpus;
        cost << p.costUsd / n / 1e3;
        power << p.facilityKw / n;
        bis << p.bisectionTbps * 1000 / n;
        if (!p.newTier && !p.newRow)
            continue;
        for (QCPAxisRect* panel : m_panels) {
            QCPAxis* px = panel->axis(QCPAxis::atBottom);
            QCPAxis* py = panel->axis(QCPAxis::atLeft);
            auto* line = new QCPItemStraightLine(m_plot);
            line->setClipAxisRect(panel);
            for (QCPItemPosition* pos : {line->point1, line->point2})
                pos->setAxes(px, py);
            line->point1->setCoords(p.gpus, 0);
            line->point2->setCoords(p.gpus, 1);
            line->setPen(QPen(p.newTier ? QColor(0x80, 0x30, 0xa0) : Qt::gray, 1, Qt::DotLine));
            auto* label = new QCPItemText(m_plot);
            label->setClipAxisRect(panel);
            label->position->setAxes(px, py);
            label->position->setAxisRect(panel);
            label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            label->position->setCoords(p.gpus, p.newTier ? 0.04 : 0.14);
            // The last point's label goes left of its line: to the right it would be cut off.
            label->setPositionAlignment((p.gpus == lastGpus ? Qt::AlignRight : Qt::AlignLeft) |
                                        Qt::AlignTop);
            label->setText(p.newTier ? QStringLiteral("%1 tiers").arg(p.tiers)
                                     : counted(p.rows, QStringLiteral("row")));
            label->setColor(p.newTier ? QColor(0x80, 0x30, 0xa0) : Qt::darkGray);
            label->setFont(smallPlotFont(m_plot));
        }
    }
    m_cost->setData(x, cost, true);
    m_power->setData(x, power, true);
    m_bisection->setData(x, bis, true);
    for (QCPGraph* g : {m_cost, m_power, m_bisection}) {
        g->rescaleAxes();
        QCPAxis* y = g->valueAxis();
        y->setRange(0, std::max(1e-9, y->range().upper) * 1.15);
        if (!x.isEmpty())
            g->keyAxis()->setRange(x.front() / 1.3, x.back() * 1.3);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    QString s = r.cancelled ? QStringLiteral("Cancelled after %1 points.").arg(r.points.size())
                            : QStringLiteral("%1 points.").arg(r.points.size());
    if (failed)
        for (const SweepPoint& p : r.points)
            if (!p.ok) {
                s += QStringLiteral(" %1 failed, e.g. %2 GPUs: %3")
                         .arg(failed)
                         .arg(p.gpus)
                         .arg(p.error);
                break;
            }
    m_status->setText(s);
}

QString SweepChart::statusText() const {
    return m_status->text();
}

void SweepChart::renderChart(QPainter* painter, const QSize& size) {
    renderPlot(m_plot, painter, size);
}

} // namespace cds::views
