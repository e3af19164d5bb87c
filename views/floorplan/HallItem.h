#pragma once

#include <QGraphicsItem>

namespace cds {
class Design;
}

namespace cds::views {

/// @brief The data-hall floor: tile grid, rows with their hot and cold aisles, obstacles.
/// One item for the whole floor, drawn under the racks; grid lines only when zoomed in.
class HallItem final : public QGraphicsItem {
public:
    explicit HallItem(Design* design);
    void sync(); ///< after the hall changed
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget* w) override;

private:
    Design* m_design;
    QRectF m_rect;
};

} // namespace cds::views
