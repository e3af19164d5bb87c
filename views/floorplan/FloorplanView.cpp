#include "FloorplanView.h"

#include "../tools/DrawLinkTool.h"
#include "../tools/PlaceRackTool.h"
#include "../tools/SelectTool.h"
#include "FloorplanScene.h"

#include <QDragEnterEvent>
#include <QMimeData>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>

#include <cmath>

namespace cds::views {

FloorplanView::FloorplanView(FloorplanScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent)
    , m_scene(scene)
    , m_select(std::make_unique<SelectTool>(this))
    , m_place(std::make_unique<PlaceRackTool>(this))
    , m_link(std::make_unique<DrawLinkTool>(this)) {
    setAcceptDrops(true);
    setMouseTracking(true);
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    // Items are plain and opaque; the hall repaints under them anyway.
    setViewportUpdateMode(SmartViewportUpdate);
    setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
    setRenderHint(QPainter::Antialiasing, true);
    setBackgroundBrush(QColor(0xe4, 0xe6, 0xea));
    setFocusPolicy(Qt::StrongFocus);
    connect(scene, &FloorplanScene::coloringChanged, viewport(), qOverload<>(&QWidget::update));
    setTool(Tool::Select);
}

FloorplanView::~FloorplanView() = default;

void FloorplanView::setTool(Tool t) {
    if (m_tool)
        m_tool->deactivate();
    m_toolKind = t;
    m_tool = t == Tool::Select             ? static_cast<CanvasTool*>(m_select.get())
             : t == Tool::PlaceRack        ? static_cast<CanvasTool*>(m_place.get())
             : t == Tool::Extra && m_extra ? m_extra
                                           : static_cast<CanvasTool*>(m_link.get());
    m_tool->activate();
    setDragMode(t == Tool::Select ? RubberBandDrag : NoDrag);
    setCursor(t == Tool::Select ? Qt::ArrowCursor : Qt::CrossCursor);
    viewport()->update();
}

void FloorplanView::setExtraTool(CanvasTool* tool) {
    m_extra = tool;
    setTool(tool ? Tool::Extra : Tool::Select);
}

double FloorplanView::zoom() const {
    return transform().m11();
}

void FloorplanView::zoomBy(double factor) {
    const double z = zoom() * factor;
    if (z < 0.002 || z > 2.0) // from a 500 m hall on screen down to a U slot
        return;
    scale(factor, factor);
}

void FloorplanView::fitHall() {
    const Hall& h = m_scene->design()->data().hall;
    fitInView(QRectF(0, 0, h.widthMm, h.depthMm).adjusted(-600, -600, 600, 600),
              Qt::KeepAspectRatio);
}

void FloorplanView::beginDrag() {
    ++m_dragSerial;
    m_dragging = true;
    // No antialiasing while dragging (STYLE.md scale habits).
    setRenderHint(QPainter::Antialiasing, false);
}

void FloorplanView::endDrag() {
    m_dragging = false;
    setRenderHint(QPainter::Antialiasing, true);
    viewport()->update();
    Q_EMIT dragFinished();
}

void FloorplanView::wheelEvent(QWheelEvent* e) {
    const double steps = e->angleDelta().y() / 120.0;
    if (steps != 0)
        zoomBy(std::pow(1.2, steps));
    e->accept();
}

void FloorplanView::keyPressEvent(QKeyEvent* e) {
    if (m_tool->keyPress(e))
        return;
    const int step = 60;
    if (e->matches(QKeySequence::ZoomIn) || e->key() == Qt::Key_Plus || e->key() == Qt::Key_Equal)
        zoomBy(1.25);
    else if (e->matches(QKeySequence::ZoomOut) || e->key() == Qt::Key_Minus)
        zoomBy(0.8);
    else if (e->key() == Qt::Key_Home || e->key() == Qt::Key_0)
        fitHall();
    else if (e->key() == Qt::Key_Left)
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - step);
    else if (e->key() == Qt::Key_Right)
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + step);
    else if (e->key() == Qt::Key_Up)
        verticalScrollBar()->setValue(verticalScrollBar()->value() - step);
    else if (e->key() == Qt::Key_Down)
        verticalScrollBar()->setValue(verticalScrollBar()->value() + step);
    else if (e->key() == Qt::Key_Escape)
        setTool(Tool::Select);
    else
        QGraphicsView::keyPressEvent(e);
}

void FloorplanView::mousePressEvent(QMouseEvent* e) {
    if (e->button() == Qt::MiddleButton) {
        m_panning = true;
        m_panFrom = e->position().toPoint();
        setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (!m_tool->mousePress(e))
        QGraphicsView::mousePressEvent(e);
}

void FloorplanView::mouseMoveEvent(QMouseEvent* e) {
    if (m_panning) {
        const QPoint d = e->position().toPoint() - m_panFrom;
        m_panFrom = e->position().toPoint();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        return;
    }
    if (!m_tool->mouseMove(e))
        QGraphicsView::mouseMoveEvent(e);
}

void FloorplanView::mouseReleaseEvent(QMouseEvent* e) {
    if (m_panning && e->button() == Qt::MiddleButton) {
        m_panning = false;
        setTool(m_toolKind);
        return;
    }
    if (!m_tool->mouseRelease(e))
        QGraphicsView::mouseReleaseEvent(e);
}

void FloorplanView::mouseDoubleClickEvent(QMouseEvent* e) {
    const RackId r = m_scene->rackAt(mapToScene(e->position().toPoint()));
    if (r && e->button() == Qt::LeftButton)
        Q_EMIT rackActivated(r);
    else
        QGraphicsView::mouseDoubleClickEvent(e);
}

void FloorplanView::dragEnterEvent(QDragEnterEvent* e) {
    if (e->mimeData()->hasFormat(catalogMimeType()))
        e->acceptProposedAction();
}

void FloorplanView::dragMoveEvent(QDragMoveEvent* e) {
    if (e->mimeData()->hasFormat(catalogMimeType()))
        e->acceptProposedAction();
}

void FloorplanView::dropEvent(QDropEvent* e) {
    if (!e->mimeData()->hasFormat(catalogMimeType()))
        return;
    const QString id = QString::fromUtf8(e->mimeData()->data(catalogMimeType()));
    const QPointF p = mapToScene(e->position().toPoint());
    e->acceptProposedAction();
    Q_EMIT catalogDropRequested(id, PointMm{p.x(), p.y()});
}

void FloorplanView::drawForeground(QPainter* p, const QRectF&) {
    m_tool->drawOverlay(p);
    drawLegend(p);
}

void FloorplanView::drawLegend(QPainter* p) {
    const auto entries = m_scene->coloring().legend();
    p->save();
    p->resetTransform();
    p->setRenderHint(QPainter::Antialiasing, false);
    QFont f = font();
    f.setPixelSize(12);
    p->setFont(f);
    const int lineH = 18, pad = 8, w = 210;
    const int h = pad * 2 + lineH * int(entries.size() + 1);
    const QRect box(pad, viewport()->height() - h - pad, w, h);
    p->setPen(QColor(0xa0, 0xa4, 0xac));
    p->setBrush(QColor(255, 255, 255, 225));
    p->drawRect(box);
    p->setPen(Qt::black);
    int y = box.top() + pad;
    p->drawText(QRect(box.left() + pad, y, w - 2 * pad, lineH), Qt::AlignVCenter,
                RackColoring::metricLabel(m_scene->coloring().metric()));
    for (const auto& e : entries) {
        y += lineH;
        p->fillRect(QRect(box.left() + pad, y + 3, 14, 12), e.colour);
        p->drawText(QRect(box.left() + pad + 22, y, w - 3 * pad - 14, lineH), Qt::AlignVCenter,
                    e.label);
    }
    p->restore();
}

} // namespace cds::views
