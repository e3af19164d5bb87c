#pragma once

#include "CanvasTool.h"

#include "model/DesignData.h"

#include <QObject>
#include <QPointF>

#include <vector>

namespace cds::views {

class SelectionModel;

/// @brief Draws and edits overhead trays on the floorplan. Drag on the floor draws a tray
/// along x or y, its ends snapped to half tiles; a click on a tray selects it (Shift adds);
/// dragging a selected tray moves it by half tiles (one undo step per drag); the right button
/// on a tray offers "Split here" and "Delete"; Delete removes the selected trays. Emits
/// intents only.
class TrayTool final : public QObject, public CanvasTool {
    Q_OBJECT
public:
    TrayTool(FloorplanView* view, SelectionModel* selection);
    QString name() const override { return QStringLiteral("Trays"); }
    void activate() override;
    void deactivate() override;
    bool mousePress(QMouseEvent* e) override;
    bool mouseMove(QMouseEvent* e) override;
    bool mouseRelease(QMouseEvent* e) override;
    bool keyPress(QKeyEvent* e) override;
    void drawOverlay(QPainter* p) override;
    /// The point a press at @p scenePos starts from: half-tile grid.
    PointMm snap(QPointF scenePos) const;
    /// The tray under @p scenePos within a few pixels, or invalid.
    PathwayId trayAt(QPointF scenePos) const;

Q_SIGNALS:
    void drawRequested(cds::PointMm from, cds::PointMm to);
    /// Move by @p step from where the trays are now; a drag's requests share @p dragSerial.
    void moveRequested(const std::vector<cds::PathwayId>& ids, cds::PointMm step, int dragSerial);
    void splitRequested(cds::PathwayId id, cds::PointMm at);
    void deleteRequested(const std::vector<cds::PathwayId>& ids);
    /// The tool became the current one (true) or gave way to another (false).
    void activeChanged(bool active);

private:
    std::vector<PathwayId> selectedTrays() const;
    PointMm axisEnd(PointMm from, QPointF scenePos) const;
    enum class Mode { Idle, Drawing, Moving } m_mode = Mode::Idle;
    SelectionModel* m_selection;
    PointMm m_from, m_to;
    QPointF m_pressAt;
    std::vector<std::pair<PathwayId, Pathway>> m_origin; ///< trays as the move began
};

} // namespace cds::views
