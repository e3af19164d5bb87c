#include "FloorplanView.h"

#include "../tools/DrawLinkTool.h"
#include "../tools/PlaceRackTool.h"
#include "../tools/SelectTool.h"
#include "CableBundleItem.h"
#include "FloorplanScene.h"
#include "PowerRackItem.h"
#include "RackItem.h"
#include "model/Design.h"
#include "views/render/CableStyle.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QImage>
#include <QMenu>
#include <QToolTip>

#include <QDragEnterEvent>
#include <QFontMetrics>
#include <QMimeData>
#include <QPainter>
#include <QResizeEvent>
#include <QScrollBar>
#include <QStyle>
#include <QWheelEvent>

#include <algorithm>
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
    connect(scene, &QGraphicsScene::sceneRectChanged, this, &FloorplanView::syncSceneRect);
    // Any item repainted (a rack moved or recoloured, cables changed): place the labels again.
    connect(scene, &QGraphicsScene::changed, this, [this] { m_labelsDirty = true; });
    connect(scene->design(), &Design::changed, this, [this] { m_miniMap.invalidate(); });
    connect(scene, &FloorplanScene::coloringChanged, this, [this] { m_labelsDirty = true; });
    connect(scene, &QGraphicsScene::selectionChanged, this, [this] {
        m_labelsDirty = true; // the selected racks are named first
        viewport()->update();
    });
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
    m_fitted = false;
    scale(factor, factor);
}

void FloorplanView::fitHall() {
    // The whole hall, clear of the legends in the bottom corners: either above them or between
    // them, whichever shows it larger; when that would shrink it below 60 % of the view it
    // could have, the legends overlap it instead.
    const Hall& h = m_scene->design()->data().hall;
    const QRectF hall = QRectF(0, 0, h.widthMm, h.depthMm).adjusted(-600, -600, 600, 600);
    // The viewport's size as if no scroll bar were shown: showing or hiding one must not change
    // the fit, or a fit that shows one re-fits smaller, hides it, re-fits larger... (a studio once
    // froze in that loop with a saved layout's dock width).
    m_fittedFor = maximumViewportSize();
    const QRectF view = QRectF(QPointF(), QSizeF(m_fittedFor)).adjusted(2, 2, -2, -2);
    const QSize left = colourLegendSize();
    const int pad = 8;
    auto scaleIn = [&](double w, double ht) {
        return std::max(
            0.0, std::min(w / std::max(hall.width(), 1.0), ht / std::max(hall.height(), 1.0)));
    };
    const double whole = scaleIn(view.width(), view.height());
    // The cable legend's size depends on the zoom (zoomed out it shows the trays' fill alone):
    // fit with it as it is now, then once more with it as it will be.
    double s = zoom();
    QPointF shiftPx; // where the hall's centre sits from the viewport's, in px
    for (int pass = 0; pass < 2; ++pass) {
        const QSize right = m_legendShown ? cableLegend(s).size : QSize();
        const double band = std::max(left.height(), right.height()) + (left.isEmpty() ? 0 : pad);
        const double leftSide = left.isEmpty() ? 0 : left.width() + pad;
        const double rightSide = right.isEmpty() ? 0 : right.width() + pad;
        const double above = scaleIn(view.width(), view.height() - band);
        const double between = scaleIn(view.width() - leftSide - rightSide, view.height());
        s = std::max(above, between);
        shiftPx = {};
        if (s < 0.6 * whole)
            s = whole;
        else if (above >= between)
            shiftPx = {0, -band / 2};
        else
            shiftPx = {(leftSide - rightSide) / 2, 0};
    }
    if (!(s > 0))
        return;
    m_extraMm = QMarginsF(std::abs(shiftPx.x()) / s, 0, std::abs(shiftPx.x()) / s,
                          std::abs(shiftPx.y()) / s);
    syncSceneRect();
    setTransform(QTransform::fromScale(s, s));
    centerOn(hall.center() - shiftPx / s);
    m_fitted = true;
}

void FloorplanView::fitArea(const QRectF& areaMm) {
    if (!(areaMm.width() > 0 && areaMm.height() > 0))
        return;
    const QRectF area = areaMm.adjusted(-600, -600, 600, 600);
    // Zoomed in on a part of the site, both scroll bars show: fit to the room they leave.
    const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    const QSizeF room = QSizeF(maximumViewportSize()) - QSizeF(bar + 4, bar + 4);
    if (!(room.width() > 0 && room.height() > 0))
        return;
    const double s = std::clamp(
        std::min(room.width() / area.width(), room.height() / area.height()), 0.002, 2.0);
    m_fitted = false;
    setTransform(QTransform::fromScale(s, s));
    centerOn(area.center());
}

void FloorplanView::resizeEvent(QResizeEvent* e) {
    QGraphicsView::resizeEvent(e);
    // The window or a dock was resized: the hall stays fitted. A scroll bar shown or hidden
    // resizes the viewport too, but not the room the fit used, so it is no reason to re-fit.
    if (m_fitted && maximumViewportSize() != m_fittedFor)
        fitHall();
}

void FloorplanView::syncSceneRect() {
    setSceneRect(m_scene->sceneRect().marginsAdded(m_extraMm));
}

void FloorplanView::setLegendShown(bool on) {
    m_legendShown = on;
    m_labelsDirty = true;
    viewport()->update();
}

QSize FloorplanView::colourLegendSize() const {
    if (!m_legendShown)
        return {};
    // As drawLegend lays it out: 11 px text, rows of 16 px, padding 6, 14 px swatches.
    QFont f = font();
    f.setPixelSize(11);
    const QFontMetrics fm(f);
    const auto entries = m_scene->coloring().legend();
    int w = fm.horizontalAdvance(m_scene->coloring().title());
    for (const auto& e : entries)
        w = std::max(w, 20 + fm.horizontalAdvance(e.label));
    return {w + 2 * 6 + 2, 6 * 2 + 16 * int(entries.size() + 1)};
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
    if (e->key() == Qt::Key_Left || e->key() == Qt::Key_Right || e->key() == Qt::Key_Up ||
        e->key() == Qt::Key_Down)
        m_fitted = false; // panned: a resize keeps this view
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
    if (e->button() == Qt::LeftButton && miniMapBox().contains(e->position())) {
        m_miniMapDrag = true;
        m_fitted = false;
        centerOn(MiniMap::toHall(e->position(), miniMapBox(), miniMapHall()));
        return;
    }
    if (e->button() == Qt::MiddleButton) {
        m_panning = true;
        m_fitted = false;
        m_panFrom = e->position().toPoint();
        setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (!m_tool->mousePress(e))
        QGraphicsView::mousePressEvent(e);
}

void FloorplanView::mouseMoveEvent(QMouseEvent* e) {
    if (m_miniMapDrag) {
        // The box is where it was when the drag began: the hall stays out of full view.
        const QRectF box = miniMapBox();
        if (!box.isEmpty())
            centerOn(MiniMap::toHall(e->position(), box, miniMapHall()));
        return;
    }
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
    if (m_miniMapDrag && e->button() == Qt::LeftButton) {
        m_miniMapDrag = false;
        return;
    }
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

void FloorplanView::contextMenuEvent(QContextMenuEvent* e) {
    // The menu acts on what is under the cursor: a rack outside the selection becomes it.
    const RackId r = m_scene->rackAt(mapToScene(e->pos()));
    if (RackItem* item = m_scene->rackItem(r); item && !item->isSelected()) {
        m_scene->clearSelection();
        item->setSelected(true);
    }
    if (!actions().isEmpty())
        QMenu::exec(actions(), e->globalPos(), nullptr, this);
    e->accept();
}

void FloorplanView::dragEnterEvent(QDragEnterEvent* e) {
    if (e->mimeData()->hasFormat(catalogMimeType()))
        e->acceptProposedAction();
}

void FloorplanView::dragMoveEvent(QDragMoveEvent* e) {
    if (!e->mimeData()->hasFormat(catalogMimeType()))
        return;
    e->acceptProposedAction();
    // A rack entry carries its footprint: its outline at scale follows the mouse, snapped as
    // the drop will place it.
    const QList<QByteArray> wd = e->mimeData()->data(footprintMimeType()).split('x');
    const QRectF before = m_dropGhost;
    if (wd.size() == 2 && wd[0].toDouble() > 0 && wd[1].toDouble() > 0)
        m_dropGhost = snappedFootprint(m_scene->design()->data().hall.tileMm,
                                       mapToScene(e->position().toPoint()),
                                       QSizeF(wd[0].toDouble(), wd[1].toDouble()));
    else
        m_dropGhost = {};
    if (m_dropGhost != before)
        viewport()->update();
}

void FloorplanView::dragLeaveEvent(QDragLeaveEvent* e) {
    m_dropGhost = {};
    viewport()->update();
    QGraphicsView::dragLeaveEvent(e);
}

void FloorplanView::dropEvent(QDropEvent* e) {
    if (!e->mimeData()->hasFormat(catalogMimeType()))
        return;
    const QString id = QString::fromUtf8(e->mimeData()->data(catalogMimeType()));
    // Where the outline was shown, else under the mouse (the edit snaps it either way).
    const QPointF p =
        m_dropGhost.isEmpty() ? mapToScene(e->position().toPoint()) : m_dropGhost.center();
    m_dropGhost = {};
    viewport()->update();
    e->acceptProposedAction();
    Q_EMIT catalogDropRequested(id, PointMm{p.x(), p.y()});
}

bool FloorplanView::findByName(const QString& text) {
    const QString name = text.trimmed();
    if (name.isEmpty())
        return false;
    const DesignData& d = m_scene->design()->data();
    // A whole name first (racks, then devices, then rows), else the first that starts with it.
    RackId rack;
    const Row* row = nullptr;
    for (const bool whole : {true, false}) {
        auto matches = [&](const QString& n) {
            return whole ? n.compare(name, Qt::CaseInsensitive) == 0
                         : n.startsWith(name, Qt::CaseInsensitive);
        };
        d.racks.forEach([&](RackId id, const Rack& r) {
            if (!rack && matches(r.name))
                rack = id;
        });
        if (!rack)
            d.devices.forEach([&](DeviceId, const Device& dev) {
                if (!rack && d.racks.contains(dev.rack) && matches(dev.name))
                    rack = dev.rack;
            });
        for (const Row& r : d.hall.rows)
            if (!rack && !row && matches(r.name))
                row = &r;
        if (rack || row)
            break;
    }
    QRectF target;
    if (const Rack* r = d.racks.find(rack)) {
        const RectMm f = footprint(d, *r);
        target = QRectF(f.x, f.y, f.w, f.h);
        m_scene->clearSelection();
        if (QGraphicsItem* item = m_scene->rackItem(rack))
            item->setSelected(true);
    } else if (row) {
        target = QRectF(row->area.x, row->area.y, row->area.w, row->area.h);
    } else {
        return false;
    }
    // Zoomed in until a rack's whole name and kW read (its short side ~90 px), or the row
    // fits the view; never zoomed out from closer.
    const double shortSide = std::max(1.0, std::min(target.width(), target.height()));
    double want = rack ? 90.0 / shortSide
                       : std::min(viewport()->width() * 0.9 / std::max(1.0, target.width()),
                                  viewport()->height() * 0.9 / std::max(1.0, target.height()));
    want = std::clamp(want, 0.002, 2.0);
    if (rack)
        want = std::max(want, zoom());
    m_fitted = false;
    setTransform(QTransform::fromScale(want, want));
    centerOn(target.center());
    viewport()->update();
    return true;
}

void FloorplanView::scrollContentsBy(int dx, int dy) {
    QGraphicsView::scrollContentsBy(dx, dy);
    // Row names stay at the view's left edge while their row runs on: repaint them whole
    // rather than scrolling their old pixels.
    viewport()->update();
}

void FloorplanView::updateLabels() {
    const QTransform t = viewportTransform();
    if (!m_labelsDirty && t == m_labelsFor && viewport()->size() == m_labelsSize)
        return;
    m_labelsDirty = false;
    m_labelsFor = t;
    m_labelsSize = viewport()->size();
    const QRectF viewPx(QPointF(), QSizeF(viewport()->size()));
    const QRectF visMm = t.inverted().mapRect(viewPx);
    FloorLabels::Input in;
    in.design = &m_scene->design()->data();
    in.kwOf = [this](RackId id) { return m_scene->rackKw(id); };
    in.mm2px = t;
    in.viewPx = viewPx;
    in.font = font();
    in.trays = m_scene->cables()->trayBoxes(t, visMm);
    in.reserved = legendBoxes();
    for (QGraphicsItem* item : m_scene->selectedItems())
        if (auto* rack = dynamic_cast<RackItem*>(item))
            in.selected.push_back(rack->rackId());
    m_labels = FloorLabels::layout(in);
    // The counts keep off the legends too.
    m_countBoxes = in.reserved;
    for (const FloorLabel& l : m_labels)
        m_countBoxes.push_back(l.box);
    m_placedBoxes = m_countBoxes.size();
}

std::vector<QRectF> FloorplanView::legendBoxes() const {
    std::vector<QRectF> boxes;
    if (const QRectF mini = miniMapBox(); !mini.isEmpty())
        boxes.push_back(mini.adjusted(-2, -2, 2, 2));
    if (!m_legendShown)
        return boxes;
    // As drawLegend and drawCableLegend place them: 6 px from the bottom corners.
    const int pad = 6;
    const QSizeF view(viewport()->size());
    const QSize left = colourLegendSize(), right = cableLegend(zoom()).size;
    boxes.emplace_back(pad, view.height() - left.height() - pad, left.width(), left.height());
    boxes.emplace_back(view.width() - right.width() - pad, view.height() - right.height() - pad,
                       right.width(), right.height());
    return boxes;
}

QRectF FloorplanView::miniMapHall() const {
    const Hall& h = m_scene->design()->data().hall;
    return {0, 0, h.widthMm, h.depthMm};
}

QRectF FloorplanView::miniMapBox() const {
    if (m_scene->design()->data().racks.empty())
        return {};
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    return MiniMap::box(viewport()->size(), miniMapHall(), visible);
}

const std::vector<FloorLabel>& FloorplanView::labels() {
    updateLabels();
    return m_labels;
}

std::vector<QRectF> FloorplanView::countBoxes() {
    // The counts are placed while painting; paint once into nothing to place them.
    QImage scratch(viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    QPainter p(&scratch);
    drawLabels(&p);
    return {m_countBoxes.begin() + std::ptrdiff_t(m_placedBoxes), m_countBoxes.end()};
}

void FloorplanView::drawLabels(QPainter* p) {
    updateLabels();
    const QTransform t = viewportTransform();
    p->save();
    p->resetTransform();
    FloorLabels::paint(*p, m_labels, font());
    // Cable counts last, off every label; m_countBoxes keeps the labels' boxes and theirs.
    m_countBoxes.resize(m_placedBoxes);
    const QRectF viewPx(QPointF(), QSizeF(viewport()->size()));
    m_scene->cables()->paintCounts(*p, t, m_countBoxes, t.inverted().mapRect(viewPx));
    p->restore();
}

QString FloorplanView::emptyHallHint() const {
    if (!m_scene->design()->data().racks.empty())
        return {};
    return QStringLiteral("An empty hall. Drag a rack or a server from the Catalog onto the "
                          "floor, or generate a whole cluster with Edit > Generate cluster… "
                          "(Ctrl+G). File > Open… (Ctrl+O) opens a design.");
}

void FloorplanView::drawEmptyHallHint(QPainter* p) {
    const QString hint = emptyHallHint();
    if (hint.isEmpty())
        return;
    p->save();
    p->resetTransform();
    QFont f = font(); // the UI font: it scales with the platform's text size
    p->setFont(f);
    const QFontMetrics fm(f);
    const int width = std::min(viewport()->width() - 40, fm.averageCharWidth() * 48);
    const QRect text = fm.boundingRect(QRect(0, 0, std::max(120, width), 10000),
                                       Qt::AlignCenter | Qt::TextWordWrap, hint);
    const int pad = fm.height() / 2 + 4;
    QRect box = text.adjusted(-pad, -pad, pad, pad);
    box.moveCenter(viewport()->rect().center());
    p->setPen(QColor(0xa0, 0xa4, 0xac));
    p->setBrush(QColor(255, 255, 255, 235));
    p->drawRoundedRect(box, 6, 6);
    p->setPen(palette().color(QPalette::WindowText));
    p->drawText(box.adjusted(pad, pad, -pad, -pad), Qt::AlignCenter | Qt::TextWordWrap, hint);
    p->restore();
}

void FloorplanView::drawForeground(QPainter* p, const QRectF&) {
    drawLabels(p);
    if (!m_dropGhost.isEmpty()) {
        QPen pen(QColor(0x1e, 0x5a, 0xc8), 2, Qt::DashLine);
        pen.setCosmetic(true);
        p->setPen(pen);
        p->setBrush(QColor(0x1e, 0x5a, 0xc8, 40));
        p->drawRect(m_dropGhost);
    } else {
        drawEmptyHallHint(p);
    }
    m_tool->drawOverlay(p);
    if (const QRectF mini = miniMapBox(); !mini.isEmpty()) {
        p->save();
        p->resetTransform();
        m_miniMap.paint(p, mini, m_scene->design()->data(), miniMapHall(),
                        mapToScene(viewport()->rect()).boundingRect());
        p->restore();
    }
    if (!m_legendShown)
        return;
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
    QAction* legend = menu->addAction(QStringLiteral("&Legend"));
    legend->setObjectName(QStringLiteral("layer-legend"));
    legend->setCheckable(true);
    legend->setChecked(m_legendShown);
    connect(legend, &QAction::toggled, this, &FloorplanView::setLegendShown);
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
        const QPointF at = mapToScene(help->pos());
        const RackId r = m_scene->rackAt(at);
        QString tip = r ? m_scene->rackToolTip(r) : QString();
        for (QGraphicsItem* it : r ? QList<QGraphicsItem*>() : m_scene->items(at))
            if (it->type() == PowerRackItem::Type) { // a power rack on the floor: its own text
                tip = it->toolTip();
                break;
            }
        if (!tip.isEmpty())
            QToolTip::showText(help->globalPos(), tip, viewport());
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
    f.setPixelSize(11);
    p->setFont(f);
    const int lineH = 16, pad = 6;
    const QSize size = colourLegendSize();
    const int w = size.width(), h = size.height();
    const QRect box(pad, viewport()->height() - h - pad, w, h);
    p->setPen(QColor(0xa0, 0xa4, 0xac));
    p->setBrush(QColor(255, 255, 255, 225));
    p->drawRect(box);
    p->setPen(Qt::black);
    int y = box.top() + pad;
    p->drawText(QRect(box.left() + pad, y, w - 2 * pad, lineH), Qt::AlignVCenter,
                m_scene->coloring().title());
    for (const auto& e : entries) {
        y += lineH;
        p->fillRect(QRect(box.left() + pad, y + 3, 14, lineH - 6), e.colour);
        p->drawText(QRect(box.left() + pad + 20, y, w - 2 * pad - 20, lineH), Qt::AlignVCenter,
                    e.label);
    }
    p->restore();
}

FloorplanView::CableLegend FloorplanView::cableLegend(double lod) const {
    // What the cable colours mean (left column) and the trays' fill scale (right column).
    CableBundleItem* cables = m_scene->cables();
    const CableRouteMap& routes = cables->routes();
    std::array<bool, kCableLayers> present{};
    bool warning = false;
    for (const BundleRoute& b : routes.bundles()) {
        present[b.fabricKind] = true;
        warning = warning || b.noPathway;
    }
    CableLegend out;
    std::vector<LegendEntry>& nets = out.nets;
    std::vector<LegendEntry>& fill = out.fill;
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
    // Zoomed out to the trays alone, no cable is drawn: the legend says zooming in shows them.
    const bool overview = routes.hasPathways() && cables->overviewAt(lod);
    if (overview && !fill.empty())
        nets.clear();
    out.netTitle = QStringLiteral("Cables");
    out.fillTitle = overview ? QStringLiteral("Tray fill (zoom in: cables)")
                             : QStringLiteral("Tray fill of limit");
    if (out.empty())
        return out;
    // As drawCableLegend lays it out: 11 px text, rows of 16 px, padding 6, 14 px swatches.
    QFont f = font();
    f.setPixelSize(11);
    const QFontMetrics fm(f);
    const int lineH = 16, pad = 6, sw = 14;
    auto columnWidth = [&](const std::vector<LegendEntry>& es, const QString& title) {
        int w = fm.horizontalAdvance(title);
        for (const LegendEntry& e : es)
            w = std::max(w, sw + 6 + fm.horizontalAdvance(e.label));
        return es.empty() ? 0 : w + pad;
    };
    out.netWidth = columnWidth(nets, out.netTitle);
    out.fillWidth = columnWidth(fill, out.fillTitle);
    const int rows = int(std::max(nets.size(), fill.size())) + 1;
    out.size = QSize(out.netWidth + out.fillWidth + 2 * pad, rows * lineH + 2 * pad);
    return out;
}

void FloorplanView::drawCableLegend(QPainter* p) {
    const CableLegend legend = cableLegend(zoom());
    if (legend.empty())
        return;
    const std::vector<LegendEntry>& nets = legend.nets;
    const std::vector<LegendEntry>& fill = legend.fill;
    const QString& netTitle = legend.netTitle;
    const QString& fillTitle = legend.fillTitle;
    p->save();
    p->resetTransform();
    p->setRenderHint(QPainter::Antialiasing, false);
    QFont f = font();
    f.setPixelSize(11);
    p->setFont(f);
    const int lineH = 16, pad = 6, sw = 14;
    const int w1 = legend.netWidth, w = legend.size.width(), h = legend.size.height();
    const QRect box(viewport()->width() - w - pad, viewport()->height() - h - pad, w, h);
    p->setPen(QColor(0xa0, 0xa4, 0xac));
    p->setBrush(QColor(255, 255, 255, 225));
    p->drawRect(box);
    auto column = [&](int x, const QString& title, const std::vector<LegendEntry>& es) {
        if (es.empty())
            return;
        int y = box.top() + pad;
        p->setPen(Qt::black);
        p->drawText(QRect(x, y, 400, lineH), Qt::AlignVCenter, title);
        for (const LegendEntry& e : es) {
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
