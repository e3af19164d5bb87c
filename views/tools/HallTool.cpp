#include "HallTool.h"

#include "../floorplan/FloorplanScene.h"
#include "../floorplan/FloorplanView.h"
#include "model/edits/HallOps.h"

#include <QMenu>
#include <QMouseEvent>
#include <QPainter>

#include <cmath>

namespace cds::views {

HallTool::HallTool(FloorplanView* view)
    : CanvasTool(view) {}

void HallTool::deactivate() {
    m_mode = Mode::Idle;
    m_view->viewport()->update();
}

double HallTool::tile() const {
    const double t = m_view->floorplan()->design()->data().hall.tileMm;
    return t > 0 ? t : 600;
}

PointMm HallTool::snap(QPointF p) const {
    const double t = tile();
    return {std::round(p.x() / t) * t, std::round(p.y() / t) * t};
}

RectMm HallTool::current() const {
    const double t = tile();
    if (m_mode == Mode::MovingRow || m_mode == Mode::MovingObstacle) {
        const double dx = std::round((m_cursor.x() - m_pressAt.x()) / t) * t;
        const double dy = std::round((m_cursor.y() - m_pressAt.y()) / t) * t;
        return {m_origin.x + dx, m_origin.y + dy, m_origin.w, m_origin.h};
    }
    const PointMm a = snap(m_pressAt), b = snap(m_cursor);
    RectMm r{std::min(a.x, b.x), std::min(a.y, b.y), std::abs(b.x - a.x), std::abs(b.y - a.y)};
    if ((r.w == 0 || r.h == 0) && (m_draw == Draw::Column || m_draw == Draw::Crac)) {
        // A click: the usual size, its corner on the tile under the mouse.
        const RectMm size = edits::defaultObstacleSize(
            m_draw == Draw::Column ? edits::ObstacleKind::Column : edits::ObstacleKind::Crac);
        r = {std::floor(m_pressAt.x() / t) * t, std::floor(m_pressAt.y() / t) * t, size.w, size.h};
    }
    return r;
}

bool HallTool::mousePress(QMouseEvent* e) {
    const QPointF pos = m_view->mapToScene(e->position().toPoint());
    const Hall& hall = m_view->floorplan()->design()->data().hall;
    const int obstacle = edits::obstacleAt(hall, {pos.x(), pos.y()});
    const int row = obstacle < 0 ? edits::rowAt(hall, {pos.x(), pos.y()}) : -1;
    if (e->button() == Qt::RightButton) {
        QMenu menu;
        if (obstacle >= 0) {
            QAction* del = menu.addAction(
                QStringLiteral("Delete %1").arg(hall.obstacles[std::size_t(obstacle)].name));
            if (menu.exec(e->globalPosition().toPoint()) == del)
                Q_EMIT obstacleDeleteRequested(obstacle);
        } else if (row >= 0) {
            const Row& r = hall.rows[std::size_t(row)];
            QAction* flip = menu.addAction(
                QStringLiteral("Cold aisle to the %1")
                    .arg(r.coldAisleNorth ? QStringLiteral("south") : QStringLiteral("north")));
            QAction* del = menu.addAction(QStringLiteral("Delete %1").arg(r.name));
            QAction* chosen = menu.exec(e->globalPosition().toPoint());
            if (chosen == flip)
                Q_EMIT rowAisleFlipRequested(row);
            else if (chosen == del)
                Q_EMIT rowDeleteRequested(row);
        }
        return true;
    }
    if (e->button() != Qt::LeftButton)
        return false;
    m_pressAt = m_cursor = pos;
    if (obstacle >= 0) {
        m_mode = Mode::MovingObstacle;
        m_index = obstacle;
        m_origin = hall.obstacles[std::size_t(obstacle)].area;
    } else if (row >= 0 && m_draw == Draw::Row) {
        m_mode = Mode::MovingRow;
        m_index = row;
        m_origin = hall.rows[std::size_t(row)].area;
    } else {
        m_mode = Mode::Drawing;
    }
    return true;
}

bool HallTool::mouseMove(QMouseEvent* e) {
    m_cursor = m_view->mapToScene(e->position().toPoint());
    if (m_mode != Mode::Idle)
        m_view->viewport()->update();
    return m_mode != Mode::Idle;
}

bool HallTool::mouseRelease(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton || m_mode == Mode::Idle)
        return true;
    m_cursor = m_view->mapToScene(e->position().toPoint());
    const RectMm r = current();
    const Mode mode = m_mode;
    m_mode = Mode::Idle;
    m_view->viewport()->update();
    if (mode == Mode::MovingObstacle && !(r == m_origin))
        Q_EMIT obstacleMoveRequested(m_index, r);
    else if (mode == Mode::MovingRow && !(r == m_origin))
        Q_EMIT rowMoveRequested(m_index, r);
    else if (mode == Mode::Drawing && r.w > 0 && r.h > 0) {
        if (m_draw == Draw::Row)
            Q_EMIT rowDrawRequested(r);
        else
            Q_EMIT obstacleDrawRequested(r,
                                         m_draw == Draw::Column ? int(edits::ObstacleKind::Column)
                                         : m_draw == Draw::Crac ? int(edits::ObstacleKind::Crac)
                                                                : int(edits::ObstacleKind::Other));
    }
    return true;
}

void HallTool::drawOverlay(QPainter* p) {
    if (m_mode == Mode::Idle)
        return;
    const RectMm r = current();
    QPen pen(QColor(0x2a, 0x8a, 0x4a), 2, Qt::DashLine);
    pen.setCosmetic(true);
    p->setPen(pen);
    p->setBrush(QColor(0x2a, 0x8a, 0x4a, 45));
    p->drawRect(QRectF(r.x, r.y, r.w, r.h));
    p->save();
    p->resetTransform();
    const QPoint at = m_view->mapFromScene(QPointF(r.x + r.w, r.y + r.h));
    p->setPen(Qt::black);
    p->drawText(at + QPoint(8, 14),
                QStringLiteral("%1 x %2 m").arg(r.w / 1000, 0, 'f', 1).arg(r.h / 1000, 0, 'f', 1));
    p->restore();
}

} // namespace cds::views
