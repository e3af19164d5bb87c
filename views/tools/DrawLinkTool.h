#pragma once

#include "CanvasTool.h"

#include "model/Ids.h"

#include <QPointF>

namespace cds::views {

/// @brief Draws a cable by hand: click the first rack, then the second (or the same rack
/// again for an in-rack cable); the app then asks which two ports to join. Esc cancels.
class DrawLinkTool final : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    QString name() const override { return QStringLiteral("Draw link"); }
    bool mousePress(QMouseEvent* e) override;
    bool mouseMove(QMouseEvent* e) override;
    bool keyPress(QKeyEvent* e) override;
    void deactivate() override { m_first = RackId(); }
    void drawOverlay(QPainter* p) override;

private:
    RackId m_first;
    QPointF m_cursor;
};

} // namespace cds::views
