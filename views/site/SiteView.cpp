#include "SiteView.h"

#include "model/Design.h"
#include "model/analysis/LiveAnalysis.h"
#include "views/SelectionModel.h"
#include "views/render/RenderStyle.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <utility>

namespace cds::views {

using render::RenderStyle;

namespace {

constexpr double kPad = 8;       // px around the summary and the plan
constexpr double kScaleBar = 26; // px under the plan for the scale bar

QFont summaryFont() {
    return RenderStyle::font(11);
}

/// A hall's lines where @p t puts them: the first bold in ink, the others in grey. Beside its
/// block @p hall, on a paper ground, so a bundle passing under them does not cross the words.
void paintHallText(QPainter& p, const SitePlanGeometry::HallText& t, const QRectF& hall) {
    if (!hall.contains(t.box)) {
        QColor ground = RenderStyle::paper();
        ground.setAlphaF(0.85f);
        p.fillRect(t.box.adjusted(-2, 0, 2, 0), ground);
    }
    const QFont bold = RenderStyle::font(t.px, true), plain = RenderStyle::font(t.px);
    const double lineBold = QFontMetricsF(bold).height();
    const double linePlain = QFontMetricsF(plain).height();
    double y = t.box.center().y() - (lineBold + double(t.lines.size() - 1) * linePlain) / 2;
    for (qsizetype i = 0; i < t.lines.size(); ++i) {
        const double h = i == 0 ? lineBold : linePlain;
        p.setFont(i == 0 ? bold : plain);
        p.setPen(i == 0 ? RenderStyle::ink() : RenderStyle::muted());
        p.drawText(QRectF(t.box.left(), y, t.box.width(), h), t.align | Qt::AlignVCenter,
                   t.lines[i]);
        y += h;
    }
}

} // namespace

SiteView::SiteView(const Design* design, const LiveAnalysis* analysis,
                   const SelectionModel* selection, QWidget* parent)
    : QWidget(parent)
    , m_design(design)
    , m_analysis(analysis)
    , m_selection(selection) {
    setObjectName(QStringLiteral("SiteView"));
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(analysis, &LiveAnalysis::updated, this, &SiteView::refresh);
    connect(selection, &SelectionModel::changed, this, [this] {
        m_litDirty = true;
        update();
    });
}

void SiteView::refresh() {
    // Derived when next drawn or asked for: a closed dock costs nothing per analysis.
    m_planDirty = true;
    update();
}

const SitePlan& SiteView::plan() {
    if (m_planDirty) {
        m_plan = SitePlan::of(m_design->data(), m_analysis->metrics());
        m_planDirty = false;
        m_drawingDirty = true;
        m_litDirty = true;
        m_hover = m_pressed = -1;
        m_dragging = false;
    }
    return m_plan;
}

const SitePlanGeometry& SiteView::drawing() {
    plan();
    if (m_drawingDirty) {
        m_drawing = SitePlanGeometry::fit(m_plan, planBox());
        m_drawingDirty = false;
    }
    return m_drawing;
}

bool SiteView::isLit(int hall) {
    plan();
    if (m_litDirty) {
        m_lit.assign(m_plan.halls.size(), 0);
        const DesignData& d = m_design->data();
        auto light = [&](RackId r) {
            if (const int h = hallOfRack(m_plan.rackHall, r); h >= 0 && h < int(m_lit.size()))
                m_lit[std::size_t(h)] = 1;
        };
        for (RackId r : m_selection->racks())
            light(r);
        for (DeviceId v : m_selection->devices())
            if (const Device* dev = d.devices.find(v))
                light(dev->rack);
        m_litDirty = false;
    }
    return hall >= 0 && hall < int(m_lit.size()) &&
           (m_lit[std::size_t(hall)] || (m_plan.campus && m_selection->hall() == hall));
}

QRectF SiteView::summaryBox() {
    const QRectF room(kPad, kPad, std::max(1.0, width() - 2 * kPad), 1000);
    return QFontMetricsF(summaryFont())
        .boundingRect(room, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, plan().summary());
}

QRectF SiteView::planBox() {
    const double top = summaryBox().bottom() + kPad;
    return QRectF(kPad, top, width() - 2 * kPad, height() - top - kScaleBar - kPad);
}

void SiteView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    m_drawingDirty = true;
}

void SiteView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), RenderStyle::paper());
    const SitePlanGeometry& g = drawing();
    p.setPen(RenderStyle::ink());
    p.setFont(summaryFont());
    p.drawText(summaryBox(), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_plan.summary());
    // The duct banks first, dashed in the earth's brown (they run underground), as the
    // floorplan draws them; then the bundles over them and the halls over both.
    p.setPen(QPen(QColor(0x8a, 0x6d, 0x3b), 3, Qt::DashLine, Qt::FlatCap));
    for (const QLineF& k : g.ducts)
        p.drawLine(k);
    // The bundles under the halls, thicker with more links.
    for (std::size_t k = 0; k < g.paths.size(); ++k) {
        const double links = double(std::max(1LL, m_plan.bundles[k].links));
        p.setPen(QPen(RenderStyle::accent(), 1.5 + std::min(4.0, std::log10(links)), Qt::SolidLine,
                      Qt::RoundCap));
        p.setBrush(Qt::NoBrush);
        p.drawPath(g.paths[k]);
    }
    for (std::size_t i = 0; i < g.halls.size(); ++i) {
        const bool lit = isLit(int(i));
        const bool hover = int(i) == m_hover;
        p.setPen(QPen(lit ? RenderStyle::accent() : RenderStyle::ink(), lit ? 3 : 1.5));
        p.setBrush(lit || hover ? RenderStyle::tint(RenderStyle::accent()) : RenderStyle::panel());
        p.drawRect(g.halls[i]);
        paintHallText(p, g.texts[i], g.halls[i]);
    }
    if (m_dragging && m_pressed >= 0 && m_pressed < int(g.halls.size())) {
        // Where the dragged hall would go, by whole tiles.
        const PointMm to = dragTarget(m_pressed);
        const RectMm& a = m_plan.halls[std::size_t(m_pressed)].area;
        p.setPen(QPen(RenderStyle::accent(), 2, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(g.halls[std::size_t(m_pressed)].translated((to.x - a.x) * g.pxPerMm,
                                                              (to.y - a.y) * g.pxPerMm));
    }
    p.setFont(SitePlanGeometry::labelFont());
    for (std::size_t k = 0; k < g.labels.size(); ++k) {
        if (g.labels[k].isNull())
            continue;
        p.setPen(QPen(RenderStyle::hairline(), 1));
        p.setBrush(RenderStyle::paper());
        p.drawRoundedRect(g.labels[k], 3, 3);
        p.setPen(RenderStyle::ink());
        p.drawText(g.labels[k], Qt::AlignCenter, SitePlan::bundleText(m_plan.bundles[k]));
    }
    paintScaleBar(p, g.pxPerMm);
}

void SiteView::paintScaleBar(QPainter& p, double pxPerMm) {
    if (!(pxPerMm > 0))
        return;
    // A round length (1, 2 or 5 a power of ten metres) near 100 px.
    const double raw = 100 / pxPerMm / 1000;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double metres = mag;
    for (double f : {2.0, 5.0, 10.0})
        if (f * mag <= raw)
            metres = f * mag;
    const double len = metres * 1000 * pxPerMm;
    const double y = height() - kPad - 6;
    const QPointF a(kPad, y), b(kPad + len, y);
    p.setPen(QPen(RenderStyle::ink(), 1.5));
    p.drawLine(a, b);
    p.drawLine(a, a - QPointF(0, 5));
    p.drawLine(b, b - QPointF(0, 5));
    p.setFont(SitePlanGeometry::labelFont());
    p.drawText(QPointF(b.x() + 6, y),
               QStringLiteral("%1 m").arg(QLocale::c().toString(metres, 'g', 6)));
}

PointMm SiteView::dragTarget(int hall) {
    const SitePlanGeometry& g = drawing();
    const RectMm& a = m_plan.halls[std::size_t(hall)].area;
    if (!(g.pxPerMm > 0))
        return {a.x, a.y};
    const double tileMm = m_design->data().hall.tileMm;
    const double tile = tileMm > 0 ? tileMm : 600;
    auto tiles = [tile](double mm) { return std::round(mm / tile) * tile; };
    return {a.x + tiles(m_dragBy.x() / g.pxPerMm), a.y + tiles(m_dragBy.y() / g.pxPerMm)};
}

void SiteView::mousePressEvent(QMouseEvent* e) {
    m_pressed = e->button() == Qt::LeftButton ? drawing().hallAt(e->position()) : -1;
    m_pressAt = e->position();
    m_dragging = false;
    QWidget::mousePressEvent(e);
}

void SiteView::mouseReleaseEvent(QMouseEvent* e) {
    plan(); // derived now: a design changed under a drag ends it
    const int pressed = std::exchange(m_pressed, -1);
    if (std::exchange(m_dragging, false)) {
        // A drag moves the hall (one step, when it moved by a tile or more); it opens nothing.
        if (e->button() == Qt::LeftButton && pressed >= 0 && pressed < int(m_plan.halls.size())) {
            const PointMm to = dragTarget(pressed);
            const RectMm& a = m_plan.halls[std::size_t(pressed)].area;
            if (to.x != a.x || to.y != a.y)
                Q_EMIT hallDragged(pressed, to);
        }
        setCursor(Qt::ArrowCursor);
        update();
        QWidget::mouseReleaseEvent(e);
        return;
    }
    const int hall = e->button() == Qt::LeftButton ? drawing().hallAt(e->position()) : -1;
    if (hall >= 0 && hall == pressed)
        Q_EMIT hallActivated(hall);
    QWidget::mouseReleaseEvent(e);
}

void SiteView::mouseMoveEvent(QMouseEvent* e) {
    plan(); // derived now: a design changed under a drag ends it
    if (m_pressed >= 0 && (e->buttons() & Qt::LeftButton) && m_plan.campus) {
        if (!m_dragging &&
            (e->position() - m_pressAt).manhattanLength() >= QApplication::startDragDistance())
            m_dragging = true;
        if (m_dragging) {
            m_dragBy = e->position() - m_pressAt;
            setCursor(Qt::ClosedHandCursor);
            update();
            QWidget::mouseMoveEvent(e);
            return;
        }
    }
    const int hall = drawing().hallAt(e->position());
    if (hall != m_hover) {
        m_hover = hall;
        setCursor(hall >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
        update();
    }
    QWidget::mouseMoveEvent(e);
}

void SiteView::leaveEvent(QEvent* e) {
    if (m_hover >= 0) {
        m_hover = -1;
        update();
    }
    QWidget::leaveEvent(e);
}

QString SiteView::toolTipAt(QPointF pos) {
    const SitePlanGeometry& g = drawing();
    const QLocale c(QLocale::English, QLocale::UnitedStates);
    auto metres = [&c](double mm) { return c.toString(mm / 1000.0, 'f', 1); };
    if (const int k = g.labelAt(pos); k >= 0) {
        const HallBundle& b = m_plan.bundles[std::size_t(k)];
        return QStringLiteral("%1 – %2: %3 links, %4 transceivers, the longest %5 m")
            .arg(m_plan.halls[std::size_t(b.a)].name, m_plan.halls[std::size_t(b.b)].name,
                 c.toString(b.links), c.toString(b.optics), metres(b.maxLengthM * 1000));
    }
    if (const int h = g.hallAt(pos); h >= 0) {
        const RectMm& a = m_plan.halls[std::size_t(h)].area;
        return m_plan.hallLines(h).join(QLatin1Char('\n')) +
               QStringLiteral("\n%1 × %2 m at (%3, %4) m on the site\nClick to open it in the "
                              "floorplan%5.")
                   .arg(metres(a.w), metres(a.h), metres(a.x), metres(a.y),
                        m_plan.campus ? QStringLiteral(" and its place in Properties; drag to "
                                                       "move it")
                                      : QString());
    }
    return {};
}

bool SiteView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const QString tip = toolTipAt(help->pos());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(e);
}

} // namespace cds::views
