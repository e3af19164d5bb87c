#pragma once

#include <QString>

class QKeyEvent;
class QMouseEvent;
class QPainter;
class QRectF;

namespace cds::views {

class FloorplanView;

/// @brief A mode of the floorplan canvas (select, place rack, draw link). The view passes
/// it mouse and key events first; a tool returns true when it consumed the event.
class CanvasTool {
public:
    explicit CanvasTool(FloorplanView* view)
        : m_view(view) {}
    virtual ~CanvasTool() = default;
    virtual QString name() const = 0;
    virtual void activate() {}
    virtual void deactivate() {}
    virtual bool mousePress(QMouseEvent*) { return false; }
    virtual bool mouseMove(QMouseEvent*) { return false; }
    virtual bool mouseRelease(QMouseEvent*) { return false; }
    virtual bool keyPress(QKeyEvent*) { return false; }
    /// Paints feedback (ghost rack, rubber line) in scene coordinates.
    virtual void drawOverlay(QPainter*) {}

protected:
    FloorplanView* m_view;
};

} // namespace cds::views
