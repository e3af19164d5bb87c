#include "HallsChart.h"

#include "ChartStyle.h"
#include "DashboardFormat.h"
#include "model/scenarios/ChartModel.h"
#include "model/site/HallLoads.h"
#include "views/RefreshWhenShown.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalBarSeries>
#include <QLocale>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cds::views {

HallsChart::HallsChart(const ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_view(addChartView(this))
    , m_series(new QHorizontalBarSeries)
    , m_y(new QBarCategoryAxis)
    , m_x(new QValueAxis)
    , m_figures(new RefreshWhenShown(this, [this] { rebuild(); })) {
    // One series and its axes for good: removing axes to rebuild them left the old category
    // labels drawn under the new ones.
    QChart* chart = m_view->chart();
    chart->legend()->hide();
    m_series->setLabelsVisible(true);
    m_series->setLabelsFormat(QStringLiteral("@value MW"));
    m_series->setLabelsPrecision(3);
    chart->addSeries(m_series);
    chart->addAxis(m_y, Qt::AlignLeft);
    chart->addAxis(m_x, Qt::AlignBottom);
    m_series->attachAxis(m_y);
    m_series->attachAxis(m_x);
    m_x->setTickCount(5);
}

HallsChart::~HallsChart() = default;

void HallsChart::refresh() {
    m_figures->changed();
}

void HallsChart::rebuild() {
    const Design* design = m_model->design();
    m_halls.clear();
    m_names.clear();
    m_title.clear();
    m_series->clear();
    m_y->clear();
    if (!design)
        return;
    const DesignData& d = design->data();
    const Metrics& m = m_model->metrics();
    const std::vector<SiteHall> halls = siteHalls(d);
    const std::vector<int> rackHall = rackHalls(d, halls);
    m_halls = hallLoads(m, halls, rackHall);
    const QLocale c(QLocale::English, QLocale::UnitedStates); // "16,384", as the status bar
    double top = 0.1;
    for (const HallLoad& h : m_halls) {
        m_names << QStringLiteral("%1: %2 GPUs, %3 racks")
                       .arg(h.name, c.toString(h.gpus), c.toString(h.racks));
        top = std::max(top, h.itKw / 1000.0);
    }
    m_title = QStringLiteral("Site: %1 hall%2 · %3 GPUs · %4 IT")
                  .arg(m_halls.size())
                  .arg(m_halls.size() == 1 ? QString() : QStringLiteral("s"))
                  .arg(c.toString(m.gpus), formatPower(m.itMaxW / 1000.0));
    if (!d.halls.empty()) { // only a campus has links between halls; a walk over every link
        const InterHallLinks between = interHallLinks(d, rackHall);
        m_title += QStringLiteral(" · %1 links between halls, up to %2 m")
                       .arg(c.toString(between.links))
                       .arg(std::lround(between.maxLengthM));
    }
    auto* it = new QBarSet(QStringLiteral("IT load, MW"));
    QStringList names;
    // Qt's horizontal bars run bottom-up: the first hall last, so it is drawn at the top.
    for (std::size_t i = m_halls.size(); i-- > 0;) {
        *it << m_halls[i].itKw / 1000.0;
        names << m_names[qsizetype(i)];
    }
    m_series->append(it);
    m_y->append(names);
    // A round top with five ticks (steps of 1, 2, 2.5 or 5 a power of ten) and room for the
    // bar labels.
    const double raw = top * 1.2 / 4;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * mag;
    for (double f : {1.0, 2.0, 2.5, 5.0})
        if (raw <= f * mag) {
            step = f * mag;
            break;
        }
    m_x->setRange(0, step * 4);
    // As many decimals as the step has: 0.25, 2.5 and 5 MW ticks never read as 3 or 8.
    const int decimals = std::abs(step - std::round(step)) < 1e-9             ? 0
                         : std::abs(step * 10 - std::round(step * 10)) < 1e-9 ? 1
                                                                              : 2;
    m_x->setLabelFormat(QStringLiteral("%.%1f MW").arg(decimals));
    m_view->chart()->setTitle(m_title);
}

QString HallsChart::title() const {
    m_figures->ensure();
    return m_title;
}

QStringList HallsChart::categories() const {
    m_figures->ensure();
    return m_names;
}

double HallsChart::itMw(int row) const {
    m_figures->ensure();
    return row >= 0 && row < int(m_halls.size()) ? m_halls[std::size_t(row)].itKw / 1000.0 : 0;
}

void HallsChart::renderChart(QPainter* painter, const QSize& size) {
    m_figures->ensure();
    renderChartView(m_view, painter, size);
}

} // namespace cds::views
