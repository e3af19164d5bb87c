#include "TrayTool.h"

#include "../SelectionModel.h"
#include "../floorplan/FloorplanScene.h"
#include "../floorplan/FloorplanView.h"
#include "model/edits/PathwayOps.h"

#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cds::views {

namespace {
constexpr double kPickPx = 6;
}

TrayTool::TrayTool(FloorplanView* view, SelectionModel* selection)
    : CanvasTool(view)
    , m_selection(selection) {}

void TrayTool::activate() {
    Q_EMIT activeChanged(true);
}

void TrayTool::deactivate() {
    Q_EMIT activeChanged(false);
    if (m_mode == Mode::Moving)
        m_view->endDrag();
    m_mode = Mode::Idle;
    m_view->viewport()->update();
}

PointMm TrayTool::snap(QPointF pos) const {
    const double tile = m_view->floorplan()->design()->data().hall.tileMm;
    const double step = (tile > 0 ? tile : 600) / 2;
    return {std::round(pos.x() / step) * step, std::round(pos.y() / step) * step};
}

PathwayId TrayTool::trayAt(QPointF pos) const {
    return edits::pathwayAt(m_view->floorplan()->design()->data(), {pos.x(), pos.y()},
                            kPickPx / std::max(1e-9, m_view->zoom()));
}

std::vector<PathwayId> TrayTool::selectedTrays() const {
    std::vector<PathwayId> out;
    for (const ObjectRef& o : m_selection->objects())
        if (o.kind == ObjectRef::Kind::Pathway)
            out.push_back(PathwayId(o.id));
    return out;
}

PointMm TrayTool::axisEnd(PointMm from, QPointF pos) const {
    const PointMm p = snap(pos);
    // Along the axis the mouse moved farther on: trays run along x or y.
    if (std::abs(p.x - from.x) >= std::abs(p.y - from.y))
        return {p.x, from.y};
    return {from.x, p.y};
}

bool TrayTool::mousePress(QMouseEvent* e) {
    const QPointF pos = m_view->mapToScene(e->position().toPoint());
    const PathwayId hit = trayAt(pos);
    if (e->button() == Qt::RightButton) {
        if (!hit)
            return true;
        m_selection->set({ObjectRef::pathway(hit)});
        QMenu menu;
        QAction* split = menu.addAction(QStringLiteral("Split here"));
        QAction* del = menu.addAction(QStringLiteral("Delete tray"));
        QAction* chosen = menu.exec(e->globalPosition().toPoint());
        if (chosen == split)
            Q_EMIT splitRequested(hit, PointMm{pos.x(), pos.y()});
        else if (chosen == del)
            Q_EMIT deleteRequested({hit});
        return true;
    }
    if (e->button() != Qt::LeftButton)
        return false;
    m_pressAt = pos;
    if (!hit) {
        if (!(e->modifiers() & Qt::ShiftModifier))
            m_selection->clear();
        m_mode = Mode::Drawing;
        m_from = m_to = snap(pos);
        return true;
    }
    std::vector<ObjectRef> sel = m_selection->objects();
    const ObjectRef ref = ObjectRef::pathway(hit);
    if (e->modifiers() & Qt::ShiftModifier) {
        if (!m_selection->contains(ref))
            sel.push_back(ref);
        m_selection->set(sel);
    } else if (!m_selection->contains(ref)) {
        m_selection->set({ref});
    }
    const DesignData& d = m_view->floorplan()->design()->data();
    m_origin.clear();
    for (PathwayId id : selectedTrays())
        if (const Pathway* w = d.pathways.find(id))
            m_origin.emplace_back(id, *w);
    m_mode = m_origin.empty() ? Mode::Idle : Mode::Moving;
    if (m_mode == Mode::Moving)
        m_view->beginDrag();
    return true;
}

bool TrayTool::mouseMove(QMouseEvent* e) {
    const QPointF pos = m_view->mapToScene(e->position().toPoint());
    if (m_mode == Mode::Drawing) {
        m_to = axisEnd(m_from, pos);
        m_view->viewport()->update();
        return true;
    }
    if (m_mode != Mode::Moving)
        return false;
    const double tile = m_view->floorplan()->design()->data().hall.tileMm;
    const double step = (tile > 0 ? tile : 600) / 2;
    const PointMm total{std::round((pos.x() - m_pressAt.x()) / step) * step,
                        std::round((pos.y() - m_pressAt.y()) / step) * step};
    // Ask for the step from where the trays are now, so a refused step is simply retried.
    const DesignData& d = m_view->floorplan()->design()->data();
    const auto& [id, origin] = m_origin.front();
    const Pathway* now = d.pathways.find(id);
    if (!now)
        return true;
    const PointMm stepNow{origin.from.x + total.x - now->from.x,
                          origin.from.y + total.y - now->from.y};
    if (stepNow.x == 0 && stepNow.y == 0)
        return true;
    std::vector<PathwayId> ids;
    for (const auto& o : m_origin)
        ids.push_back(o.first);
    Q_EMIT moveRequested(ids, stepNow, m_view->dragSerial());
    return true;
}

bool TrayTool::mouseRelease(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton)
        return true;
    if (m_mode == Mode::Drawing) {
        m_mode = Mode::Idle;
        m_to = axisEnd(m_from, m_view->mapToScene(e->position().toPoint()));
        if (!(m_from == m_to))
            Q_EMIT drawRequested(m_from, m_to);
        m_view->viewport()->update();
    } else if (m_mode == Mode::Moving) {
        m_mode = Mode::Idle;
        m_view->endDrag();
    }
    return true;
}

bool TrayTool::keyPress(QKeyEvent* e) {
    if (e->key() == Qt::Key_Delete || e->key() == Qt::Key_Backspace) {
        const auto ids = selectedTrays();
        if (!ids.empty())
            Q_EMIT deleteRequested(ids);
        return true;
    }
    return false;
}

void TrayTool::drawOverlay(QPainter* p) {
    if (m_mode != Mode::Drawing || m_from == m_to)
        return;
    QPen pen(QColor(0xe0, 0x7a, 0x10), 2, Qt::DashLine);
    pen.setCosmetic(true);
    p->setPen(pen);
    p->setBrush(QColor(0xe0, 0x7a, 0x10, 50));
    const Pathway defaults;
    const double half = defaults.widthMm / 2;
    const QRectF band =
        QRectF(QPointF(m_from.x, m_from.y), QPointF(m_to.x, m_to.y))
            .normalized()
            .adjusted(m_from.y == m_to.y ? 0 : -half, m_from.x == m_to.x ? 0 : -half,
                      m_from.y == m_to.y ? 0 : half, m_from.x == m_to.x ? 0 : half);
    p->drawRect(band);
    const double len = std::hypot(m_to.x - m_from.x, m_to.y - m_from.y);
    p->save();
    p->resetTransform();
    const QPoint at = m_view->mapFromScene(QPointF(m_to.x, m_to.y));
    p->setPen(Qt::black);
    p->drawText(at + QPoint(10, -10), QStringLiteral("%1 m").arg(len / 1000, 0, 'f', 1));
    p->restore();
}

} // namespace cds::views
