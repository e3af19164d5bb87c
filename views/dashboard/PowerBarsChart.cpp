#include "PowerBarsChart.h"

#include "ChartStyle.h"
#include "DashboardFormat.h"
#include "model/Wording.h"
#include "model/scenarios/ChartModel.h"

#include "QCustomPlotInclude.h"
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cds::views {

namespace {
const QColor kOk(0x3c, 0xa0, 0x5a);
const QColor kWarn(0xe6, 0xa1, 0x2e);
const QColor kOver(0xd0, 0x3a, 0x3a);

double loadShare(const RackPower& r) {
    return r.maxKw > 0 ? r.kw / r.maxKw : 0;
}
} // namespace

PowerBarsChart::PowerBarsChart(const ChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_plot(new QCustomPlot(this)) {
    styleDashboardPlot(m_plot);
    m_plot->setNotAntialiasedElements(QCP::aePlottables); // hundreds of axis-aligned bars
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->insertRow(1);
    m_plot->plotLayout()->insertRow(2);
    m_title = addPlotTitle(m_plot, 0, 0, QString());
    m_worstLine = new QCPTextElement(m_plot, QString(), smallPlotFont(m_plot));
    m_worstLine->setTextColor(kOver.darker(120));
    m_plot->plotLayout()->addElement(1, 0, m_worstLine);
    m_envelopeLine = new QCPTextElement(m_plot, QString(), smallPlotFont(m_plot));
    m_plot->plotLayout()->addElement(2, 0, m_envelopeLine);
    connect(m_worstLine, &QCPTextElement::clicked, this, [this] {
        if (!m_worst.empty())
            Q_EMIT racksActivated(m_worst);
    });
    const std::array<std::pair<const char*, QColor>, 3> styles = {
        std::pair{"Within envelope", kOk}, std::pair{"Above warning", kWarn},
        std::pair{"Above maximum", kOver}};
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
    m_warn->setPen(QPen(kWarn, 1.5)); // solid: dashes rasterize slowly
    m_max = m_plot->addGraph();
    m_max->setName(QStringLiteral("Maximum threshold"));
    m_max->setLineStyle(QCPGraph::lsStepCenter);
    m_max->setPen(QPen(kOver, 1.5));
    m_warn->setSelectable(QCP::stNone);
    m_max->setSelectable(QCP::stNone);
    m_plot->yAxis->setLabel(QStringLiteral("kW per rack"));
    // The legend goes in a row of its own under the plot: it never covers a bar.
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(5);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(4, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(4, 0.001);
    m_plot->plotLayout()->setRowSpacing(2);
    connect(m_plot, &QCustomPlot::beforeReplot, this,
            [this] { fitToWidth(m_plot->viewport().width()); });
    connect(m_plot, &QCustomPlot::mousePress, this, &PowerBarsChart::onPress);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &PowerBarsChart::onRelease);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_plot);
    refresh();
}

void PowerBarsChart::refresh() {
    const std::vector<RackPower>& racks = m_model->rackPower();
    m_distribution = int(racks.size()) > kPerRackLimit;
    m_order.resize(racks.size());
    std::iota(m_order.begin(), m_order.end(), 0);
    if (m_distribution)
        std::stable_sort(m_order.begin(), m_order.end(), [&](int a, int b) {
            return racks[std::size_t(a)].kw > racks[std::size_t(b)].kw;
        });
    std::array<QVector<double>, 3> keys, values;
    QVector<double> x, warn, max;
    m_rackLabels.clear();
    double top = 1;
    for (int i = 0; i < int(m_order.size()); ++i) {
        const RackPower& r = racks[std::size_t(m_order[std::size_t(i)])];
        const auto s = std::size_t(r.status);
        keys[s].push_back(i);
        values[s].push_back(r.kw);
        top = std::max({top, r.kw, r.maxKw});
        if (!m_distribution) {
            x.push_back(i);
            warn.push_back(r.warnKw);
            max.push_back(r.maxKw);
            m_rackLabels.push_back(r.name + (r.powerMissing ? QStringLiteral("*") : QString()));
        }
    }
    for (std::size_t s = 0; s < 3; ++s)
        m_bars[s]->setData(keys[s], values[s], true);
    m_warn->setData(x, warn, true);
    m_max->setData(x, max, true);
    m_plot->clearItems();
    m_plot->xAxis->setRange(-0.6, std::max<double>(1, double(racks.size())) - 0.4);
    m_plot->yAxis->setRange(0, top * 1.12);
    if (m_distribution) {
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        m_plot->xAxis->setLabel(counted((long long)(racks.size()), QStringLiteral("rack")) +
                                QStringLiteral(", highest load first"));
        drawEnvelopes(m_order);
    } else {
        m_labelStep = 0; // fitToWidth() sets the ticker before the replot
        m_plot->xAxis->setLabel(QString());
    }
    // Worst racks: by load against each one's own maximum, so a 30 kW air rack outranks a
    // 60 kW liquid one when it is nearer its limit.
    std::vector<int> worst(racks.size());
    std::iota(worst.begin(), worst.end(), 0);
    const auto named = std::min<std::size_t>(kWorstNamed, worst.size());
    std::partial_sort(
        worst.begin(), worst.begin() + std::ptrdiff_t(named), worst.end(), [&](int a, int b) {
            return loadShare(racks[std::size_t(a)]) > loadShare(racks[std::size_t(b)]);
        });
    m_worst.clear();
    for (std::size_t i = 0; i < named && m_distribution; ++i)
        m_worst.push_back(racks[std::size_t(worst[i])].rack);
    m_worstParts.clear();
    for (RackId id : m_worst)
        for (const RackPower& r : racks)
            if (r.rack == id) {
                m_worstParts << QStringLiteral("%1 %2 kW of %3")
                                    .arg(r.name)
                                    .arg(r.kw, 0, 'f', 1)
                                    .arg(r.maxKw, 0, 'f', 0);
                break;
            }
    fitToWidth(m_plot->viewport().width());
    m_title->setText(totalsText());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void PowerBarsChart::drawEnvelopes(const std::vector<int>& order) {
    // One warning and one max line per envelope present (a cooling type, or a product or
    // rack-scale system that sets its racks' own). Their values go in a line of text above the
    // plot rather than on the lines: envelopes 5 kW apart under a 150 kW scale are a few pixels
    // apart, and labels there would print over each other and the bars.
    const std::vector<RackPower>& racks = m_model->rackPower();
    std::vector<const RackPower*> envelopes; // first rack of each, in bar order
    for (int i : order) {
        const RackPower& r = racks[std::size_t(i)];
        const bool seen = std::any_of(envelopes.begin(), envelopes.end(), [&r](const RackPower* e) {
            return e->envelope == r.envelope && e->warnKw == r.warnKw && e->maxKw == r.maxKw;
        });
        if (!seen)
            envelopes.push_back(&r);
    }
    m_envelopeParts.clear();
    for (const RackPower* r : envelopes) {
        for (const auto& [kw, colour] : {std::pair{r->warnKw, kWarn}, std::pair{r->maxKw, kOver}}) {
            if (kw <= 0)
                continue;
            auto* line = new QCPItemStraightLine(m_plot);
            line->point1->setCoords(0, kw);
            line->point2->setCoords(1, kw);
            line->setPen(QPen(colour, 1.5));
            line->setSelectable(false);
        }
        m_envelopeParts << QStringLiteral("%1 %2 / %3")
                               .arg(r->envelope)
                               .arg(r->warnKw, 0, 'f', 0)
                               .arg(r->maxKw, 0, 'f', 0);
    }
}

namespace {
// @p parts joined by " · ", broken into lines no wider than @p width px in @p font.
QString wrapParts(const QString& head, const QStringList& parts, const QFont& font, int width) {
    const QFontMetrics fm(font);
    QString text = head, line = head;
    for (const QString& p : parts) {
        const QString sep = line == head ? QString() : QStringLiteral(" · ");
        if (line != head && fm.horizontalAdvance(line + sep + p) > width) {
            text += QLatin1Char('\n');
            line.clear();
            text += p;
            line = p;
            continue;
        }
        text += sep + p;
        line += sep + p;
    }
    return text;
}
} // namespace

void PowerBarsChart::fitToWidth(int width) {
    fitRackLabels(width);
    fitNotes(width);
    // The legend in as many columns as its longest entry allows.
    const QFontMetrics fm(m_plot->legend->font());
    int widest = 0;
    for (int i = 0; i < m_plot->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(m_plot->legend->item(i)))
            widest = std::max(widest, fm.horizontalAdvance(item->plottable()->name()));
    const int perItem = widest + m_plot->legend->iconSize().width() + 24;
    m_plot->legend->setWrap(std::clamp(width / std::max(1, perItem), 1, 5));
}

void PowerBarsChart::fitNotes(int plotWidth) {
    // Collapsed outside the distribution: no empty rows above the per-rack bars.
    for (QCPTextElement* e : {m_worstLine, m_envelopeLine}) {
        e->setVisible(m_distribution);
        e->setMaximumSize(QWIDGETSIZE_MAX, m_distribution ? QWIDGETSIZE_MAX : 0);
    }
    if (!m_distribution)
        return;
    const int width = std::max(200, plotWidth - 16);
    // "click to select" is for the screen: a printed or exported chart has nothing to click.
    m_worstLine->setText(wrapParts(m_printing
                                       ? QStringLiteral("Nearest their limit: ")
                                       : QStringLiteral("Nearest their limit (click to select): "),
                                   m_worstParts, m_worstLine->font(), width));
    m_envelopeLine->setText(wrapParts(QStringLiteral("Cooling envelopes, warning / max kW: "),
                                      m_envelopeParts, m_envelopeLine->font(), width));
}

void PowerBarsChart::fitRackLabels(int plotWidth) {
    if (m_distribution)
        return;
    if (m_rackLabels.empty()) {
        // No rack: no names left over from the design shown before (File > New).
        m_labelStep = 0;
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
        return;
    }
    // Names side by side, never over each other and never turned on end (that would take the
    // plot's height): with too little room for all, every k-th rack is named.
    const QFontMetrics fm(m_plot->xAxis->tickLabelFont());
    int widest = 0;
    for (const QString& l : m_rackLabels)
        widest = std::max(widest, fm.horizontalAdvance(l));
    const double perBar =
        double(std::max(1, plotWidth - 70)) / double(m_rackLabels.size()); // less the kW axis
    const int step = std::max(1, int(std::ceil((widest + fm.averageCharWidth() * 2) / perBar)));
    if (step == m_labelStep)
        return;
    m_labelStep = step;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < int(m_rackLabels.size()); i += step)
        ticker->addTick(i, m_rackLabels[std::size_t(i)]);
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setTickLabelRotation(0);
}

QString PowerBarsChart::totalsText() const {
    const Metrics& m = m_model->metrics();
    // No load, no PUE: "0.00" would read as a figure.
    const QString pue =
        m.itMaxW > 0 ? QString::number(m.facilityW / m.itMaxW, 'f', 2) : QStringLiteral("n/a");
    QString t = QStringLiteral("Power per rack · IT %1, facility %2 (PUE %3)")
                    .arg(formatPower(m.itMaxW / 1000), formatPower(m.facilityW / 1000), pue);
    if (m.powerMissing > 0)
        t += QStringLiteral("; %1 without a power figure (*)")
                 .arg(counted(m.powerMissing, QStringLiteral("device")));
    return t;
}

QString PowerBarsChart::worstText() const {
    return m_worstParts.isEmpty() ? QString() : m_worstParts.join(QStringLiteral(", "));
}

int PowerBarsChart::barCount(int status) const {
    return m_bars.at(std::size_t(status))->data()->size();
}

RackId PowerBarsChart::rackAt(int index) const {
    if (index < 0 || index >= int(m_order.size()))
        return {};
    return m_model->rackPower()[std::size_t(m_order[std::size_t(index)])].rack;
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
    if (index < 0 || index >= int(m_order.size()))
        return;
    const RackPower& r = m_model->rackPower()[std::size_t(m_order[std::size_t(index)])];
    // Within the bar, or just above a very short one.
    const double minHit = m_plot->yAxis->range().size() * 0.03;
    if (kw >= 0 && kw <= std::max(r.kw, minHit))
        activateBar(index);
}

void PowerBarsChart::renderChart(QPainter* painter, const QSize& size) {
    // Names, notes and legend laid out for the size drawn (a report page, an export), then
    // back for the widget.
    m_labelStep = 0;
    m_printing = true;
    fitToWidth(size.width());
    renderPlot(m_plot, painter, size);
    m_printing = false;
    m_labelStep = 0;
    fitToWidth(m_plot->viewport().width());
}

} // namespace cds::views
