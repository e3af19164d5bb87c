#include "PresentationView.h"

#include "model/Design.h"
#include "views/render/RenderStyle.h"

#include <QKeyEvent>
#include <QPainter>

namespace cds::report {

using render::RenderStyle;

namespace {
constexpr int kRacksPerSlide = 4;
constexpr int kRowsPerSlide = 16;
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

void PresentationView::setSlide(int i) {
    const int clamped = std::clamp(i, 0, std::max(0, slideCount() - 1));
    if (clamped == m_current)
        return;
    m_current = clamped;
    update();
    Q_EMIT slideChanged(m_current);
}

void PresentationView::rebuild() {
    m_content = std::make_unique<ReportContent>(m_design.data());
    // The BOM and findings tables are for the printed report; slides stop at the charts.
    std::vector<ReportPage> all = m_content->pages(kRacksPerSlide, kRowsPerSlide);
    m_slides.clear();
    for (ReportPage& pg : all)
        if (pg.kind != ReportPage::Kind::Bom && pg.kind != ReportPage::Kind::Findings)
            m_slides.push_back(std::move(pg));
    m_current = std::clamp(m_current, 0, std::max(0, slideCount() - 1));
    update();
}

void PresentationView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QRectF page = rect();
    p.fillRect(page, RenderStyle::paper());
    if (m_slides.empty())
        return;
    const double m = std::max(24.0, page.width() * 0.04);
    const ReportPage& s = m_slides[std::size_t(m_current)];
    QRectF body = page.adjusted(m, m, -m, -m * 1.2);
    if (!s.heading.isEmpty()) {
        p.setPen(RenderStyle::ink());
        p.setFont(RenderStyle::font(std::max(18.0, page.height() * 0.04), true));
        p.drawText(QRectF(m, m * 0.5, page.width() - 2 * m, m * 1.2),
                   Qt::AlignLeft | Qt::AlignVCenter, s.heading);
        body.setTop(m * 2);
    }
    s.draw(p, body);
    p.setPen(RenderStyle::muted());
    p.setFont(RenderStyle::font(12));
    p.drawText(QRectF(m, page.height() - m * 0.9, page.width() - 2 * m, m * 0.6),
               Qt::AlignRight | Qt::AlignVCenter,
               QStringLiteral("%1 / %2").arg(m_current + 1).arg(slideCount()));
}

void PresentationView::keyPressEvent(QKeyEvent* e) {
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
    case Qt::Key_Escape:
        hide();
        Q_EMIT finished();
        break;
    default:
        QWidget::keyPressEvent(e);
    }
}

void PresentationView::mousePressEvent(QMouseEvent* e) {
    setSlide(m_current + (e->button() == Qt::RightButton ? -1 : 1));
}

} // namespace cds::report
