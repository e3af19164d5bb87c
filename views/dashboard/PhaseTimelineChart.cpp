#include "PhaseTimelineChart.h"

#include "ChartStyle.h"
#include "DashboardFormat.h"
#include "model/advisor/PhaseCapability.h"
#include "model/phases/BuildPlan.h"
#include "model/scenarios/ChartModel.h"
#include "views/RefreshWhenShown.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QLocale>
#include <QPainter>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cds::views {

PhaseTimelineChart::PhaseTimelineChart(const ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_view(addChartView(this))
    , m_plan(new RefreshWhenShown(this, [this] { rebuild(); })) {}

PhaseTimelineChart::~PhaseTimelineChart() = default;

void PhaseTimelineChart::refresh() {
    m_plan->changed();
}

QString PhaseTimelineChart::title() {
    m_plan->ensure();
    return m_title;
}

QStringList PhaseTimelineChart::categories() {
    m_plan->ensure();
    return m_categories;
}

int PhaseTimelineChart::gpusReady(int i) {
    m_plan->ensure();
    return i >= 0 && i < int(m_ready.size()) ? m_ready[std::size_t(i)] : 0;
}

QString PhaseTimelineChart::barToolTip(int i) {
    m_plan->ensure();
    return i >= 0 && i < int(m_tips.size()) ? m_tips[std::size_t(i)] : QString();
}

void PhaseTimelineChart::rebuild() {
    m_categories.clear();
    m_ready.clear();
    m_tips.clear();
    QChart* chart = m_view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes())
        chart->removeAxis(a);
    const Design* design = m_model->design();
    if (!design || design->data().phases.empty()) {
        m_title = QStringLiteral("Build plan: no build phases (generate --phases N, or the "
                                 "racks' phase in the design file)");
        chart->setTitle(m_title);
        return;
    }
    const BuildPlan plan = buildPlan(design->data());
    if (!plan.error.isEmpty()) {
        m_title = QStringLiteral("Build plan: %1").arg(plan.error);
        chart->setTitle(m_title);
        return;
    }
    auto* before = new QBarSet(QStringLiteral("GPUs of earlier phases"));
    auto* added = new QBarSet(QStringLiteral("GPUs the phase adds"));
    const QLocale c(QLocale::English, QLocale::UnitedStates); // "16,384", as the status bar
    const std::vector<PhaseCapability> can = phaseCapabilities(design->data(), plan);
    QDate firstOrder;
    for (const PhaseSummary& s : plan.phases) {
        m_tips.push_back(QStringLiteral("%1: %2 GPUs ready, %3 added\n%4")
                             .arg(s.phase.name, c.toString(s.gpusReady), c.toString(s.gpus),
                                  can[std::size_t(s.index)].summary().replace(
                                      QStringLiteral("; "), QStringLiteral("\n"))));
        *before << double(s.gpusReady - s.gpus);
        *added << double(s.gpus);
        m_ready.push_back(s.gpusReady);
        m_categories << (s.phase.date.isEmpty() ? s.phase.name
                                                : s.phase.name + QLatin1Char('\n') + s.phase.date);
        const QDate first = s.firstOrderBy();
        if (first.isValid() && (!firstOrder.isValid() || first < firstOrder))
            firstOrder = first;
    }
    before->setColor(QColor(0xa6, 0xce, 0xe3));
    added->setColor(QColor(0x1f, 0x78, 0xb4));
    auto* series = new QStackedBarSeries;
    series->append(before);
    series->append(added);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(m_categories);
    auto* y = new QValueAxis;
    const int top = std::max(1, m_ready.back());
    y->setRange(0, top * 1.05);
    y->setTickCount(5);
    y->applyNiceNumbers(); // round ticks: 0, 150, 300... not 0, 141, 282
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(QStringLiteral("GPUs ready to train"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    // What the GPUs ready at a phase's end can do, on the bar under the mouse.
    connect(series, &QStackedBarSeries::hovered, this, [this](bool on, int index, QBarSet*) {
        if (on)
            QToolTip::showText(QCursor::pos(), barToolTip(index), m_view);
        else
            QToolTip::hideText();
    });
    const PhaseSummary& last = plan.phases.back();
    m_title =
        QStringLiteral("Build plan: %1 phases · %2 GPUs%3")
            .arg(plan.phases.size())
            .arg(c.toString(last.gpusReady))
            .arg(last.phase.date.isEmpty() ? QString() : QStringLiteral(" by ") + last.phase.date);
    if (firstOrder.isValid())
        m_title += QStringLiteral(" · first order due %1").arg(firstOrder.toString(Qt::ISODate));
    chart->setTitle(m_title);
}

void PhaseTimelineChart::renderChart(QPainter* painter, const QSize& size) {
    m_plan->ensure();
    renderChartView(m_view, painter, size);
}

} // namespace cds::views
