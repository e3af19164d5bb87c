#include "OpticsChart.h"

#include "ChartStyle.h"
#include "DashboardFormat.h"
#include "model/metrics/Metrics.h"
#include "model/scenarios/ChartModel.h"
#include "views/RefreshWhenShown.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalBarSeries>
#include <QLocale>
#include <QPainter>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cds::views {

OpticsChart::OpticsChart(const ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_view(addChartView(this))
    , m_bars(new RefreshWhenShown(this, [this] { drawChart(); })) {
    refresh();
}

OpticsChart::~OpticsChart() = default;

OpticsChart::Row OpticsChart::rowOf(const QString& name, const Metrics& m) {
    Row r;
    r.name = name;
    r.powerPct = m.itMaxW > 0 ? 100.0 * m.opticsPowerW / m.itMaxW : 0;
    r.costPct = m.totalCostUsd > 0 ? 100.0 * m.opticsCostUsd / m.totalCostUsd : 0;
    return r;
}

void OpticsChart::refresh() {
    const Metrics& m = m_model->metrics();
    m_rows = {rowOf(QStringLiteral("This design"), m)};
    std::vector<std::pair<std::shared_ptr<const DesignData>, Row>> kept;
    if (const Design* d = m_model->design())
        for (const Scenario& s : d->data().scenarios) {
            auto known = std::find_if(m_scenarioRows.begin(), m_scenarioRows.end(),
                                      [&](const auto& e) { return e.first == s.design; });
            Row row = known != m_scenarioRows.end() ? known->second
                                                    : rowOf(s.name, computeMetrics(*s.design));
            row.name = s.name;
            kept.emplace_back(s.design, row);
            m_rows.push_back(row);
        }
    m_scenarioRows = std::move(kept);
    const QLocale c = QLocale::c();
    m_title = QStringLiteral("Optics: %1 pluggable (%2 per GPU) · %3 · %4")
                  .arg(c.toString(m.pluggableOptics))
                  .arg(m.opticsPerGpu(), 0, 'f', 2)
                  .arg(formatPower(m.opticsPowerW / 1000.0), formatUsd(m.opticsCostUsd));
    m_bars->changed();
}

void OpticsChart::drawChart() {
    QChart* chart = m_view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes()) { // released by the chart: ours to delete
        chart->removeAxis(a);
        delete a;
    }
    auto* power = new QBarSet(QStringLiteral("Optics power, % of IT power"));
    auto* cost = new QBarSet(QStringLiteral("Optics cost, % of total cost"));
    QStringList names;
    double top = 1;
    // Qt's horizontal bars run bottom-up: the design last, so it is drawn at the top.
    for (auto it = m_rows.rbegin(); it != m_rows.rend(); ++it) {
        *power << it->powerPct;
        *cost << it->costPct;
        names << it->name;
        top = std::max({top, it->powerPct, it->costPct});
    }
    auto* series = new QHorizontalBarSeries;
    series->append(power);
    series->append(cost);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value %"));
    series->setLabelsPrecision(3);
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(names);
    auto* x = new QValueAxis;
    // A round top with five ticks, so the labels never repeat (0, 0.5, 1, 1.5, 2 %).
    const double step = top * 1.15 <= 2    ? 0.5
                        : top * 1.15 <= 10 ? 2.5
                                           : 5 * std::ceil(top * 1.15 / 20);
    x->setRange(0, step * 4);
    x->setTickCount(5);
    x->setLabelFormat(step < 1 ? QStringLiteral("%.1f %%") : QStringLiteral("%.0f %%"));
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(y);
    series->attachAxis(x);
    chart->setTitle(m_title);
}

QString OpticsChart::title() const {
    return m_title;
}

QStringList OpticsChart::categories() const {
    QStringList out;
    for (const Row& r : m_rows)
        out << r.name;
    return out;
}

double OpticsChart::share(int set, int row) const {
    if (row < 0 || row >= int(m_rows.size()))
        return 0;
    return set == 0 ? m_rows[std::size_t(row)].powerPct : m_rows[std::size_t(row)].costPct;
}

void OpticsChart::renderChart(QPainter* painter, const QSize& size) {
    m_bars->ensure();
    renderChartView(m_view, painter, size);
}

} // namespace cds::views
