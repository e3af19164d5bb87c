#include "SweepChart.h"

#include "model/scenarios/ChartModel.h"

#include "QCustomPlotInclude.h"
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cds::views {

namespace {
QCPGraph* addLine(QCustomPlot* plot, QCPAxis* y, const QString& name, const QColor& c) {
    QCPGraph* g = plot->addGraph(plot->xAxis, y);
    g->setName(name);
    g->setPen(QPen(c, 2));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, Qt::white, 6));
    y->setLabelColor(c);
    y->setTickLabelColor(c);
    return g;
}
} // namespace

SweepChart::SweepChart(const ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_plot(new QCustomPlot(this))
    , m_from(new QSpinBox(this))
    , m_to(new QSpinBox(this))
    , m_run(new QPushButton(QStringLiteral("Run sweep"), this))
    , m_cancel(new QPushButton(QStringLiteral("Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this)) {
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    auto log = QSharedPointer<QCPAxisTickerLog>::create();
    log->setLogBase(2);
    m_plot->xAxis->setTicker(log);
    m_plot->xAxis->setNumberFormat(QStringLiteral("f"));
    m_plot->xAxis->setNumberPrecision(0);
    m_plot->xAxis->setLabel(QStringLiteral("GPUs"));
    m_plot->yAxis2->setVisible(true);
    QCPAxis* y3 = m_plot->axisRect()->addAxis(QCPAxis::atRight);
    m_cost = addLine(m_plot, m_plot->yAxis, QStringLiteral("Cost ($M)"), QColor(0x3b, 0x6e, 0xc4));
    m_power = addLine(m_plot, m_plot->yAxis2, QStringLiteral("Facility power (MW)"),
                      QColor(0xd0, 0x6a, 0x2a));
    m_bisection = addLine(m_plot, y3, QStringLiteral("Bisection (Tb/s)"), QColor(0x2e, 0xa0, 0x8a));
    m_plot->yAxis->setLabel(QStringLiteral("$M"));
    m_plot->yAxis2->setLabel(QStringLiteral("MW"));
    y3->setLabel(QStringLiteral("Tb/s"));
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(QFont(QStringLiteral("Sans"), 8));
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);

    for (QSpinBox* s : {m_from, m_to}) {
        s->setRange(8, 1 << 20);
        s->setSingleStep(256);
        s->setSuffix(QStringLiteral(" GPUs"));
    }
    setRange(256, 16384);
    m_progress->setRange(0, 100);
    m_progress->setVisible(false);
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
    const bool ok = m_runner.start(sweepBase(d), doublingCounts(m_from->value(), m_to->value()),
                                   m_library ? *m_library : d.catalog, m_generate);
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
    for (const SweepPoint& p : r.points) {
        if (!p.ok) {
            ++failed;
            continue;
        }
        x << p.gpus;
        cost << p.costUsd / 1e6;
        power << p.facilityKw / 1000;
        bis << p.bisectionTbps;
        if (p.newTier || p.newRow) {
            auto* line = new QCPItemStraightLine(m_plot);
            line->point1->setCoords(p.gpus, 0);
            line->point2->setCoords(p.gpus, 1);
            line->setPen(QPen(p.newTier ? QColor(0x80, 0x30, 0xa0) : Qt::gray, 1, Qt::DotLine));
            auto* label = new QCPItemText(m_plot);
            label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            label->position->setCoords(p.gpus, p.newTier ? 0.05 : 0.12);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
            label->setText(p.newTier ? QStringLiteral("%1 tiers").arg(p.tiers)
                                     : QStringLiteral("%1 rows").arg(p.rows));
            label->setFont(QFont(QStringLiteral("Sans"), 8));
        }
    }
    m_cost->setData(x, cost, true);
    m_power->setData(x, power, true);
    m_bisection->setData(x, bis, true);
    m_plot->rescaleAxes();
    if (!x.isEmpty())
        m_plot->xAxis->setRange(x.front() / 1.3, x.back() * 1.3);
    for (QCPAxis* a : m_plot->axisRect()->axes(QCPAxis::atLeft | QCPAxis::atRight))
        a->setRangeLower(0);
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
