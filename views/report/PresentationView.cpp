#include "PresentationView.h"

#include "model/Design.h"
#include "views/render/RenderStyle.h"

#include <QKeyEvent>
#include <QListWidget>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cds::report {

using render::RenderStyle;

namespace {
constexpr int kGroupsPerSlide = 4;
constexpr double kMaxZoom = 40;
} // namespace

PresentationView::PresentationView(const Design& design, QWidget* parent)
    : QWidget(parent)
    , m_design(design) {
    setWindowTitle(tr("Presentation"));
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_refresh.setSingleShot(true);
    m_refresh.setInterval(100);
    connect(&m_refresh, &QTimer::timeout, this, &PresentationView::rebuild);
    connect(&design, &Design::changed, this, [this] { m_refresh.start(); });
    m_jump = new QListWidget(this);
    m_jump->setObjectName(QStringLiteral("presentationJumpList"));
    m_jump->hide();
    m_jump->installEventFilter(this);
    connect(m_jump, &QListWidget::itemActivated, this, [this](QListWidgetItem* it) {
        m_jump->hide();
        setSlide(m_jump->row(it));
        setFocus();
    });
    rebuild();
}

PresentationView::~PresentationView() = default;

void PresentationView::start() {
    setSlide(0);
    showFullScreen();
    setFocus();
}

int PresentationView::slideCount() const {
    return int(m_slides.size());
}

QString PresentationView::slideHeading(int i) const {
    return i >= 0 && i < slideCount() ? m_slides[std::size_t(i)].heading : QString();
}

ReportPage::Kind PresentationView::slideKind(int i) const {
    return i >= 0 && i < slideCount() ? m_slides[std::size_t(i)].kind : ReportPage::Kind::Cover;
}

QStringList PresentationView::slideRacks(int i) const {
    QStringList out;
    if (i < 0 || i >= slideCount())
        return out;
    for (std::size_t g : m_slides[std::size_t(i)].groups)
        out << m_content->design().racks[m_content->rackGroups()[g].racks.front()].name;
    return out;
}

void PresentationView::setSlide(int i) {
    const int clamped = std::clamp(i, 0, std::max(0, slideCount() - 1));
    if (clamped == m_current)
        return;
    m_current = clamped;
    m_zoom = 1;
    m_pan = {};
    update();
    Q_EMIT slideChanged(m_current);
}

bool PresentationView::onFloorplan() const {
    return slideKind(m_current) == ReportPage::Kind::Floorplan;
}

void PresentationView::setZoom(double z, QPointF anchor) {
    const double nz = std::clamp(z, 1.0, kMaxZoom);
    const QRectF body = bodyRect();
    if (anchor.x() < 0)
        anchor = body.center();
    // Keep the hall point under the anchor where it is.
    const QPointF c = body.center();
    const QPointF hallPt = (anchor - c - m_pan) / m_zoom;
    m_pan = anchor - c - hallPt * nz;
    m_zoom = nz;
    if (m_zoom == 1)
        m_pan = {};
    update();
}

void PresentationView::showJumpList() {
    m_jump->clear();
    for (int i = 0; i < slideCount(); ++i)
        m_jump->addItem(QStringLiteral("%1. %2").arg(i + 1).arg(
            slideHeading(i).isEmpty() ? tr("Cover") : slideHeading(i)));
    const QFont f = RenderStyle::font(std::max(14.0, height() * 0.022));
    m_jump->setFont(f);
    const int w = std::min(width() - 40, std::max(420, width() / 2));
    const int h = std::min(height() - 80, int(QFontMetrics(f).height() * 1.3 * (slideCount() + 1)));
    m_jump->setGeometry((width() - w) / 2, (height() - h) / 2, w, h);
    m_jump->setCurrentRow(m_current);
    m_jump->show();
    m_jump->raise();
    m_jump->setFocus();
}

void PresentationView::rebuild() {
    m_content = std::make_unique<ReportContent>(m_design.data());
    // The BOM and findings tables are for the printed report, and the floorplan zooms
    // instead of being cut in sheets: slides stop at the charts.
    PageOptions o;
    o.groupsPerPage = kGroupsPerSlide;
    o.floorplanSheets = false;
    o.tables = false;
    m_slides = m_content->pages(o);
    m_current = std::clamp(m_current, 0, std::max(0, slideCount() - 1));
    update();
}

QRectF PresentationView::bodyRect() const {
    const QRectF page = rect();
    const double m = std::max(24.0, page.width() * 0.04);
    QRectF body = page.adjusted(m, m, -m, -m * 1.2);
    if (!slideHeading(m_current).isEmpty())
        body.setTop(m * 2);
    return body;
}

void PresentationView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QRectF page = rect();
    p.fillRect(page, RenderStyle::paper());
    if (m_slides.empty())
        return;
    const double m = std::max(24.0, page.width() * 0.04);
    const ReportPage& s = m_slides[std::size_t(m_current)];
    const QRectF body = bodyRect();
    if (!s.heading.isEmpty()) {
        p.setPen(RenderStyle::ink());
        p.setFont(RenderStyle::font(std::max(18.0, page.height() * 0.04), true));
        p.drawText(QRectF(m, m * 0.5, page.width() - 2 * m, m * 1.2),
                   Qt::AlignLeft | Qt::AlignVCenter, s.heading);
    }
    if (onFloorplan() && m_zoom > 1) {
        p.save();
        p.setClipRect(body.adjusted(-m * 0.5, 0, m * 0.5, 0));
        p.translate(body.center() + m_pan);
        p.scale(m_zoom, m_zoom);
        p.translate(-body.center());
        s.draw(p, body);
        p.restore();
    } else {
        s.draw(p, body);
    }
    p.setPen(RenderStyle::muted());
    p.setFont(RenderStyle::font(12));
    const QRectF foot(m, page.height() - m * 0.9, page.width() - 2 * m, m * 0.6);
    p.drawText(foot, Qt::AlignRight | Qt::AlignVCenter,
               QStringLiteral("%1 / %2").arg(m_current + 1).arg(slideCount()));
    p.drawText(
        foot, Qt::AlignLeft | Qt::AlignVCenter,
        onFloorplan()
            ? tr("Wheel or +/- zoom (%1×) · drag to pan · 0 fits · J jumps").arg(m_zoom, 0, 'f', 1)
            : tr("J: jump to a slide"));
}

void PresentationView::keyPressEvent(QKeyEvent* e) {
    const bool shift = e->modifiers() & Qt::ShiftModifier;
    if (onFloorplan() && shift && m_zoom > 1) {
        const double step = std::max(40.0, width() * 0.1);
        const QPointF d = e->key() == Qt::Key_Left    ? QPointF(step, 0)
                          : e->key() == Qt::Key_Right ? QPointF(-step, 0)
                          : e->key() == Qt::Key_Up    ? QPointF(0, step)
                          : e->key() == Qt::Key_Down  ? QPointF(0, -step)
                                                      : QPointF();
        if (!d.isNull()) {
            m_pan += d;
            update();
            return;
        }
    }
    switch (e->key()) {
    case Qt::Key_Right:
    case Qt::Key_Space:
    case Qt::Key_PageDown:
    case Qt::Key_Down:
        setSlide(m_current + 1);
        break;
    case Qt::Key_Left:
    case Qt::Key_Backspace:
    case Qt::Key_PageUp:
    case Qt::Key_Up:
        setSlide(m_current - 1);
        break;
    case Qt::Key_Home:
        setSlide(0);
        break;
    case Qt::Key_End:
        setSlide(slideCount() - 1);
        break;
    case Qt::Key_J:
        showJumpList();
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        if (onFloorplan())
            setZoom(m_zoom * 1.5);
        break;
    case Qt::Key_Minus:
        if (onFloorplan())
            setZoom(m_zoom / 1.5);
        break;
    case Qt::Key_0:
        if (onFloorplan())
            setZoom(1);
        break;
    case Qt::Key_Escape:
        hide();
        Q_EMIT finished();
        break;
    default:
        QWidget::keyPressEvent(e);
    }
}

bool PresentationView::eventFilter(QObject* o, QEvent* e) {
    if (o == m_jump && e->type() == QEvent::KeyPress) {
        auto* k = static_cast<QKeyEvent*>(e);
        if (k->key() == Qt::Key_Escape || k->key() == Qt::Key_J) {
            m_jump->hide();
            setFocus();
            return true;
        }
        if (k->key() == Qt::Key_Return || k->key() == Qt::Key_Enter) {
            if (QListWidgetItem* it = m_jump->currentItem())
                Q_EMIT m_jump->itemActivated(it);
            return true;
        }
    }
    return QWidget::eventFilter(o, e);
}

void PresentationView::mousePressEvent(QMouseEvent* e) {
    if (onFloorplan() && e->button() == Qt::LeftButton) {
        m_dragging = true;
        m_dragged = false;
        m_dragFrom = e->position();
        return;
    }
    setSlide(m_current + (e->button() == Qt::RightButton ? -1 : 1));
}

void PresentationView::mouseMoveEvent(QMouseEvent* e) {
    if (!m_dragging)
        return;
    const QPointF d = e->position() - m_dragFrom;
    if (d.manhattanLength() > 3)
        m_dragged = true;
    if (m_dragged && m_zoom > 1) {
        m_pan += d;
        m_dragFrom = e->position();
        update();
    }
}

void PresentationView::mouseReleaseEvent(QMouseEvent* e) {
    if (!m_dragging)
        return;
    m_dragging = false;
    if (!m_dragged) // a click on the floorplan still moves on
        setSlide(m_current + 1);
    Q_UNUSED(e);
}

void PresentationView::wheelEvent(QWheelEvent* e) {
    if (!onFloorplan())
        return QWidget::wheelEvent(e);
    const double steps = e->angleDelta().y() / 120.0;
    setZoom(m_zoom * std::pow(1.25, steps), e->position());
}

void PresentationView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    if (m_jump->isVisible())
        showJumpList();
}

} // namespace cds::report
