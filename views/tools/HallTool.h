#pragma once

#include "CanvasTool.h"

#include "model/DesignData.h"

#include <QObject>
#include <QPointF>

namespace cds::views {

/// @brief Draws and moves the hall's rows and obstacles on the floorplan, snapped to tiles.
/// Drag on the floor draws the current kind (a row, a column, a CRAC unit, another obstacle);
/// a click places a column or CRAC unit at its usual size. Dragging an existing row or
/// obstacle moves it (one step on release); the right button deletes it or turns a row's
/// cold aisle. Emits intents only.
class HallTool final : public QObject, public CanvasTool {
    Q_OBJECT
public:
    enum class Draw { Row, Column, Crac, Obstacle };
    explicit HallTool(FloorplanView* view);
    QString name() const override { return QStringLiteral("Hall"); }
    void setDraw(Draw d) { m_draw = d; }
    Draw draw() const { return m_draw; }
    void deactivate() override;
    bool mousePress(QMouseEvent* e) override;
    bool mouseMove(QMouseEvent* e) override;
    bool mouseRelease(QMouseEvent* e) override;
    void drawOverlay(QPainter* p) override;

Q_SIGNALS:
    void rowDrawRequested(cds::RectMm area);
    void obstacleDrawRequested(cds::RectMm area, int kind); ///< kind: edits::ObstacleKind
    void rowMoveRequested(int index, cds::RectMm area);
    void obstacleMoveRequested(int index, cds::RectMm area);
    void rowDeleteRequested(int index);
    void obstacleDeleteRequested(int index);
    void rowAisleFlipRequested(int index);

private:
    double tile() const;
    PointMm snap(QPointF p) const;
    RectMm current() const; ///< what a release now would draw or move to
    enum class Mode { Idle, Drawing, MovingRow, MovingObstacle } m_mode = Mode::Idle;
    Draw m_draw = Draw::Row;
    QPointF m_pressAt, m_cursor;
    int m_index = -1;
    RectMm m_origin;
};

} // namespace cds::views
