#include "PowerView.h"

#include "PowerDiagramPainter.h"
#include "PowerItems.h"
#include "PowerScene.h"

#include <QContextMenuEvent>
#include <QGraphicsView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QShowEvent>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace cds::views {

namespace {

QString swatch(const QColor& c, const QString& text) {
    return QStringLiteral("<span style=\"color:%1\">■</span>&nbsp;%2").arg(c.name(), text);
}

} // namespace

PowerView::PowerView(Design* design, LiveAnalysis* analysis, SelectionModel* selection,
                     QWidget* parent)
    : QWidget(parent)
    , m_scene(new PowerScene(design, analysis, selection, this))
    , m_view(new QGraphicsView(m_scene, this))
    , m_summary(new QLabel(this))
    , m_key(new QLabel(this))
    , m_build(new QPushButton(QStringLiteral("Build power chain…"), this)) {
    setObjectName(QStringLiteral("PowerView"));
    m_view->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setDragMode(QGraphicsView::NoDrag);
    // The width the diagram is fitted to must not change with the scale: a vertical bar that
    // came and went with the height would refit it forever.
    m_view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    m_view->viewport()->installEventFilter(this);
    m_view->setBackgroundBrush(Qt::white);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_key->setTextFormat(Qt::RichText);
    m_key->setText(swatch(utilisationColour(50), QStringLiteral("up to 90 %")) +
                   QStringLiteral("&nbsp;&nbsp;") +
                   swatch(utilisationColour(95), QStringLiteral("90–100 %")) +
                   QStringLiteral("&nbsp;&nbsp;") +
                   swatch(utilisationColour(120), QStringLiteral("overloaded")) +
                   QStringLiteral("&nbsp;&nbsp;· upper bar normal, lower bar worst N-1"));
    m_build->setObjectName(QStringLiteral("buildPowerChainButton"));
    m_build->setToolTip(QStringLiteral("Build the chain for the racks' loads under a redundancy "
                                       "scheme (Power > Build power chain…)"));
    connect(m_build, &QPushButton::clicked, this, &PowerView::buildChainRequested);
    auto* top = new QHBoxLayout;
    top->setContentsMargins(6, 2, 6, 2);
    top->addWidget(m_summary, 1);
    top->addWidget(m_key);
    top->addWidget(m_build);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(0);
    lay->addLayout(top);
    lay->addWidget(m_view, 1);
    // Off screen in a shown window (another dashboard tab in front): the scene waits for
    // showEvent. A window not shown (a test driving the studio) keeps it current.
    m_scene->setShownCheck([this] { return isVisible() || !window()->isVisible(); });
    connect(m_scene, &PowerScene::refreshed, this, [this] {
        updateSummary();
        fitWidth();
    });
    connect(m_scene, &PowerScene::focusRequested, this,
            [this](const QRectF& r) { m_view->ensureVisible(r, 40, 30); });
    updateSummary();
}

QString PowerView::summary() const {
    return m_summary->text();
}

void PowerView::updateSummary() {
    const DesignData& d = m_scene->data();
    const PowerAnalysis& a = m_scene->power();
    const bool empty = m_scene->layout().isEmpty();
    m_view->setVisible(!empty);
    m_key->setVisible(!empty);
    m_build->setVisible(empty);
    if (empty) {
        m_summary->setText(QStringLiteral(
            "This design has no power chain. Build one for its racks with Power > Build power "
            "chain… (on the command line: cluster-studio-cli power FILE -o OUT), or generate "
            "the design to a power budget (cluster-studio-cli generate --it-mw or --site-mw)."));
        return;
    }
    QLocale c = QLocale::c();
    c.setNumberOptions({});
    QStringList parts;
    parts << QStringLiteral("Power chain %1").arg(d.power.schemeLabel());
    parts << QStringLiteral("%1 elements").arg(c.toString(qlonglong(d.power.elements.size())));
    parts << QStringLiteral("utility %1 kVA").arg(c.toString(a.utilityKva, 'f', 0));
    parts << QStringLiteral("highest normal %1 %").arg(c.toString(a.maxNormalPct, 'f', 0));
    const PowerElement* at = d.power.elements.find(a.worstElement);
    const PowerElement* failed = d.power.elements.find(a.worstFailure);
    if (at && failed)
        parts << QStringLiteral("worst N-1 %1 % (%2 with %3 out)")
                     .arg(c.toString(a.worstN1Pct, 'f', 0), at->name, failed->name);
    else
        parts << QStringLiteral("worst N-1 %1 %").arg(c.toString(a.worstN1Pct, 'f', 0));
    if (a.racksLostWorst > 0)
        parts << QStringLiteral("%1 racks lost by one failure").arg(a.racksLostWorst);
    m_summary->setText(parts.join(QStringLiteral(" · ")));
}

void PowerView::fitWidth() {
    // The whole width on screen, down to 80 % (text stays 8 px and more), until the user zooms.
    const double sceneW = m_scene->sceneRect().width();
    if (m_userZoomed || sceneW <= 0)
        return;
    const double next = std::clamp((m_view->viewport()->width() - 2) / sceneW, 0.8, 1.0);
    const double now = m_view->transform().m11();
    if (std::abs(next - now) > 1e-3)
        m_view->setTransform(QTransform::fromScale(next, next));
}

void PowerView::showContextMenu(QContextMenuEvent* e) {
    // The menu acts on the element under the cursor: one outside the selection becomes it.
    for (QGraphicsItem* it : m_view->items(e->pos()))
        if (it->type() == PowerNodeItem::Type) {
            if (!it->isSelected()) {
                m_scene->clearSelection();
                it->setSelected(true);
            }
            break;
        }
    if (!actions().isEmpty())
        QMenu::exec(actions(), e->globalPos(), nullptr, this);
    e->accept();
}

void PowerView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    m_scene->refreshIfStale(); // analyses that came while the view was hidden
}

bool PowerView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fitWidth();
    if (watched == m_view->viewport() && event->type() == QEvent::ContextMenu) {
        showContextMenu(static_cast<QContextMenuEvent*>(event));
        return true;
    }
    if (watched == m_view->viewport() && event->type() == QEvent::Wheel) {
        auto* w = static_cast<QWheelEvent*>(event);
        if (w->modifiers() & Qt::ControlModifier) {
            const double f = std::pow(1.0015, w->angleDelta().y());
            const double now = m_view->transform().m11();
            const double next = std::clamp(now * f, 0.25, 2.5);
            m_view->setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
            m_view->scale(next / now, next / now);
            m_userZoomed = true;
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace cds::views
