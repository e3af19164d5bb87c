#include "FloorplanView.h"

#include "../tools/DrawLinkTool.h"
#include "../tools/PlaceRackTool.h"
#include "../tools/SelectTool.h"
#include "CableBundleItem.h"
#include "FloorplanScene.h"
#include "views/render/CableStyle.h"

#include <QAction>
#include <QHelpEvent>
#include <QMenu>
#include <QToolTip>

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
    drawCableLegend(p);
}

void FloorplanView::addLayerActions(QMenu* menu) {
    CableBundleItem* cables = m_scene->cables();
    for (int layer = 0; layer < kCableLayers; ++layer) {
        QAction* a =
            menu->addAction(render::CableStyle::layerLabel(layer) + QStringLiteral(" cables"));
        a->setObjectName(QStringLiteral("layer-") + render::CableStyle::layerKey(layer));
        a->setCheckable(true);
        a->setChecked(cables->layerVisible(layer));
        connect(a, &QAction::toggled, this, [this, cables, layer](bool on) {
            cables->setLayerVisible(layer, on);
            viewport()->update();
        });
    }
    menu->addSeparator();
    QAction* trays = menu->addAction(QStringLiteral("Cable &trays (fill)"));
    trays->setObjectName(QStringLiteral("layer-trays"));
    trays->setCheckable(true);
    trays->setChecked(cables->traysVisible());
    connect(trays, &QAction::toggled, this, [this, cables](bool on) {
        cables->setTraysVisible(on);
        viewport()->update();
    });
}

bool FloorplanView::viewportEvent(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const RackId r = m_scene->rackAt(mapToScene(help->pos()));
        if (r)
            QToolTip::showText(help->globalPos(), m_scene->rackToolTip(r), viewport());
        else
            QToolTip::hideText();
        return true;
    }
    return QGraphicsView::viewportEvent(e);
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

void FloorplanView::drawCableLegend(QPainter* p) {
    // What the cable colours mean (left column) and the trays' fill scale (right column).
    CableBundleItem* cables = m_scene->cables();
    const CableRouteMap& routes = cables->routes();
    std::array<bool, kCableLayers> present{};
    bool warning = false;
    for (const BundleRoute& b : routes.bundles()) {
        present[b.fabricKind] = true;
        warning = warning || b.noPathway;
    }
    struct Entry {
        QString label;
        QColor colour;
        int kind; // 0 line, 1 dashed, 2 block
    };
    std::vector<Entry> nets, fill;
    for (int l = 0; l < kCableLayers; ++l)
        if (present[std::size_t(l)] && cables->layerVisible(l))
            nets.push_back(
                {render::CableStyle::layerLabel(l), render::CableStyle::layerColour(l), 0});
    if (warning)
        nets.push_back({QStringLiteral("no tray path"), render::CableStyle::noPathwayColour(), 1});
    if (routes.hasPathways() && cables->traysVisible()) {
        static const char* const kShort[] = {"",         "< 50 %",     "50-80 %",
                                             "80-100 %", "over limit", "> 100 % of tray"};
        for (int b = 1; b < render::CableStyle::kFillBands; ++b)
            fill.push_back({QString::fromLatin1(kShort[b]),
                            render::CableStyle::fillColour(render::CableStyle::FillBand(b)), 2});
    }
    if (nets.empty() && fill.empty())
        return;
    p->save();
    p->resetTransform();
    p->setRenderHint(QPainter::Antialiasing, false);
    QFont f = font();
    f.setPixelSize(11);
    p->setFont(f);
    const int lineH = 16, pad = 6, sw = 14;
    auto columnWidth = [&](const std::vector<Entry>& es, const QString& title) {
        int w = p->fontMetrics().horizontalAdvance(title);
        for (const Entry& e : es)
            w = std::max(w, sw + 6 + p->fontMetrics().horizontalAdvance(e.label));
        return es.empty() ? 0 : w + pad;
    };
    // Zoomed out to the trays alone, the cable colours are what zooming in shows.
    const bool overview = routes.hasPathways() && cables->overviewAt(zoom());
    const QString netTitle =
                      overview ? QStringLiteral("Cables (zoom in)") : QStringLiteral("Cables"),
                  fillTitle = QStringLiteral("Tray fill of limit");
    const int w1 = columnWidth(nets, netTitle), w2 = columnWidth(fill, fillTitle);
    const int rows = int(std::max(nets.size(), fill.size())) + 1;
    const int w = w1 + w2 + 2 * pad, h = rows * lineH + 2 * pad;
    const QRect box(viewport()->width() - w - pad, viewport()->height() - h - pad, w, h);
    p->setPen(QColor(0xa0, 0xa4, 0xac));
    p->setBrush(QColor(255, 255, 255, 225));
    p->drawRect(box);
    auto column = [&](int x, const QString& title, const std::vector<Entry>& es) {
        if (es.empty())
            return;
        int y = box.top() + pad;
        p->setPen(Qt::black);
        p->drawText(QRect(x, y, 400, lineH), Qt::AlignVCenter, title);
        for (const Entry& e : es) {
            y += lineH;
            const QRect s(x, y + 3, sw, lineH - 6);
            if (e.kind == 2) {
                p->fillRect(s, e.colour);
            } else {
                p->setPen(QPen(e.colour, 3, e.kind == 1 ? Qt::DashLine : Qt::SolidLine));
                p->drawLine(s.left(), s.center().y(), s.right(), s.center().y());
            }
            p->setPen(Qt::black);
            p->drawText(QRect(s.right() + 6, y, 400, lineH), Qt::AlignVCenter, e.label);
        }
    };
    column(box.left() + pad, netTitle, nets);
    column(box.left() + pad + w1, fillTitle, fill);
    p->restore();
}

} // namespace cds::views
