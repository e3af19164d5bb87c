#pragma once

#include "CanvasTool.h"
#include "model/RackGeometry.h"

#include <QPointF>

#include <vector>

namespace cds::views {

/// @brief Click and rubber-band selection; dragging selected racks asks the app to move
/// them, snapped by whole tiles, all moves of one drag sharing one drag serial (one undo step).
class SelectTool final : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    QString name() const override { return QStringLiteral("Select"); }
    bool mousePress(QMouseEvent* e) override;
    bool mouseMove(QMouseEvent* e) override;
    bool mouseRelease(QMouseEvent* e) override;
    void deactivate() override { m_dragging = false; }
    bool isDragging() const { return m_dragging; }

private:
    bool m_dragging = false;
    QPointF m_start;
    PointMm m_lastDelta;
    std::vector<RackTarget> m_origin;
};

} // namespace cds::views
