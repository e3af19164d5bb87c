#include "PowerChainChart.h"

#include "ChartStyle.h"
#include "model/scenarios/ChartModel.h"
#include "views/RefreshWhenShown.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalBarSeries>
#include <QLocale>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cds::views {

PowerChainChart::PowerChainChart(const ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_view(addChartView(this))
    , m_bars(new RefreshWhenShown(this, [this] { drawChart(); })) {
    refresh();
}

PowerChainChart::~PowerChainChart() = default;

void PowerChainChart::refresh() {
    m_tiers.clear();
    const DesignData* d = m_model->data();
    const PowerAnalysis& a = m_model->power();
    std::array<Tier, kPowerKindCount> byKind{};
    if (d)
        for (const ElementFlow& f : a.elements) {
            const PowerElement* e = d->power.elements.find(f.id);
            if (!e)
                continue;
            Tier& t = byKind[std::size_t(e->kind)];
            t.kind = e->kind;
            ++t.count;
            t.normalPct = std::max(t.normalPct, f.normalPct());
            t.worstPct = std::max(t.worstPct, f.worstPct());
        }
    for (const Tier& t : byKind)
        if (t.count > 0)
            m_tiers.push_back(t);
    const QLocale c = QLocale::c();
    const PowerElement* at = d ? d->power.elements.find(a.worstElement) : nullptr;
    const PowerElement* failed = d ? d->power.elements.find(a.worstFailure) : nullptr;
    if (m_tiers.empty())
        m_title = QStringLiteral("Power chain: none in this design (generate --power-redundancy)");
    else
        m_title = QStringLiteral("Power chain %1: worst N-1 %2 %")
                      .arg(d->power.schemeLabel(), c.toString(a.worstN1Pct, 'f', 0)) +
                  (at && failed ? QStringLiteral(" (%1 with %2 out)").arg(at->name, failed->name)
                                : QString()) +
                  QStringLiteral(" · highest normal %1 %").arg(c.toString(a.maxNormalPct, 'f', 0));
    m_bars->changed();
}

void PowerChainChart::drawChart() {
    const QLocale c = QLocale::c();
    QChart* chart = m_view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* ax : chart->axes()) { // released by the chart: ours to delete
        chart->removeAxis(ax);
        delete ax;
    }
    auto* normal = new QBarSet(QStringLiteral("Normal operation, % of rating"));
    auto* worst = new QBarSet(QStringLiteral("Worst N-1, % of rating"));
    normal->setColor(QColor(0x5b, 0x9b, 0xd5));
    worst->setColor(QColor(0x1f, 0x4e, 0x8c));
    QStringList names;
    double top = 100;
    // Qt's horizontal bars run bottom-up: the sources last, so they are drawn at the top.
    for (auto it = m_tiers.rbegin(); it != m_tiers.rend(); ++it) {
        *normal << it->normalPct;
        *worst << it->worstPct;
        top = std::max(top, it->worstPct);
    }
    for (auto it = m_tiers.rbegin(); it != m_tiers.rend(); ++it)
        names << QStringLiteral("%1 (%2): %3 % · N-1 %4 %")
                     .arg(powerKindLabel(it->kind))
                     .arg(it->count)
                     .arg(c.toString(it->normalPct, 'f', 0), c.toString(it->worstPct, 'f', 0));
    auto* series = new QHorizontalBarSeries;
    series->append(normal);
    series->append(worst);
    series->setBarWidth(0.85);
    // The figures go in the tier's label: bar labels land in the corner when the chart is
    // rendered at another size (export, report), and overlap on thin bars.
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(names);
    auto* x = new QValueAxis;
    // Room for the labels past the longest bar; ticks at whole 25 % steps.
    const double range = 25 * std::ceil(top * 1.12 / 25);
    x->setRange(0, range);
    x->setTickCount(int(range / 25) + 1);
    x->setLabelFormat(QStringLiteral("%.0f %%"));
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(y);
    series->attachAxis(x);
    chart->setTitle(m_title);
}

QStringList PowerChainChart::categories() const {
    QStringList out;
    for (const Tier& t : m_tiers)
        out << QStringLiteral("%1 (%2)").arg(powerKindLabel(t.kind)).arg(t.count);
    return out;
}

PowerKind PowerChainChart::kindAt(int row) const {
    return m_tiers.at(std::size_t(row)).kind;
}

double PowerChainChart::utilisation(int set, int row) const {
    if (row < 0 || row >= int(m_tiers.size()))
        return 0;
    const Tier& t = m_tiers[std::size_t(row)];
    return set == 0 ? t.normalPct : t.worstPct;
}

void PowerChainChart::renderChart(QPainter* painter, const QSize& size) {
    m_bars->ensure();
    renderChartView(m_view, painter, size);
}

} // namespace cds::views
