#pragma once

#include "model/Design.h"

#include <QGraphicsObject>

#include <vector>

namespace cds::views {

class SelectionModel;

/// @brief What editing trays and cables needs to see on the floorplan: every tray as a band of
/// its width (coloured by kind), the selected trays with their ends, and the route of each
/// selected cable (the tray segments it runs on). One item for the whole hall; not selectable,
/// so clicks go to the racks and tools under it. Reads the model, never writes it.
class PathwayOverlayItem final : public QGraphicsObject {
    Q_OBJECT
public:
    PathwayOverlayItem(Design* design, SelectionModel* selection);
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget* w) override;
    /// Trays drawn as bands with their names (while the Trays tool is on; the selection and
    /// routes always show).
    void setTraysShown(bool on);
    /// The routes drawn for the selected cables (one per rack pair), for tests.
    const std::vector<std::vector<PointMm>>& selectedRoutes();

private:
    void syncBounds();
    void invalidate();
    Design* m_design;
    SelectionModel* m_selection;
    QRectF m_rect;
    bool m_traysShown = false;
    bool m_routesStale = true;
    std::vector<std::vector<PointMm>> m_routes;
};

} // namespace cds::views
