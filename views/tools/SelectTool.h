#pragma once

#include "CanvasTool.h"
#include "model/RackGeometry.h"

#include <QPointF>

#include <vector>

namespace cds::views {

/// @brief Click and rubber-band selection; dragging selected racks, or a power rack, asks the
/// app to move them, snapped by whole tiles, all moves of one drag sharing one drag serial (one
/// undo step).
class SelectTool final : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    QString name() const override { return QStringLiteral("Select"); }
    bool mousePress(QMouseEvent* e) override;
    bool mouseMove(QMouseEvent* e) override;
    bool mouseRelease(QMouseEvent* e) override;
    void deactivate() override {
        m_dragging = false;
        m_powerRack = PowerElementId();
    }
    bool isDragging() const { return m_dragging; }

private:
    /// A press on power rack @p id at @p pos: a drag from here moves it alone.
    void startPowerRackDrag(PowerElementId id, QPointF pos);
    bool m_dragging = false;
    PowerElementId m_powerRack; ///< the power rack dragged; invalid: racks, or nothing
    RectMm m_powerFrom;         ///< its area when the drag began
    QPointF m_start;
    PointMm m_lastDelta;
    std::vector<RackTarget> m_origin;
};

} // namespace cds::views
