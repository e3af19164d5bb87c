#pragma once

#include "model/Ids.h"

#include <QGraphicsItem>

namespace cds::views {

class FloorplanScene;

/// @brief One rack on the floorplan: a plain QGraphicsItem (no QObject) with a fixed
/// bounding rect, coloured by the scene's metric, drawing less when zoomed out.
class RackItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };
    RackItem(FloorplanScene* scene, RackId id);
    int type() const override { return Type; }
    RackId rackId() const { return m_id; }
    /// Takes position, rotation and size from the model.
    void sync();
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget* w) override;

private:
    FloorplanScene* m_scene;
    RackId m_id;
    QRectF m_rect;
};

} // namespace cds::views
