#pragma once

#include "model/Ids.h"

#include <QGraphicsItem>

namespace cds::views {

class PowerScene;

/// @brief One element of the power chain on the one-line diagram: its box with name, rating
/// and loads (PowerDiagramPainter). A plain QGraphicsItem with a fixed rect; selectable.
class PowerNodeItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 40 };
    PowerNodeItem(PowerScene* scene, PowerElementId id, const QRectF& rect);
    int type() const override { return Type; }
    PowerElementId elementId() const { return m_id; }
    QRectF boundingRect() const override { return m_rect.adjusted(-2, -2, 2, 2); }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget* w) override;

private:
    PowerScene* m_scene;
    PowerElementId m_id;
    QRectF m_rect;
};

/// @brief Everything of the diagram that is not an element: column and band titles, the
/// buses between elements and the racks column. One item, under the elements.
class PowerWiresItem final : public QGraphicsItem {
public:
    explicit PowerWiresItem(PowerScene* scene);
    QRectF boundingRect() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget* w) override;

private:
    PowerScene* m_scene;
};

} // namespace cds::views
