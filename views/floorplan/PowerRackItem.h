#pragma once

#include "model/Ids.h"

#include <QGraphicsItem>
#include <QString>

namespace cds {
class Design;
}

namespace cds::views {

/// @brief A power rack placed on the floor (PowerElement::area): a to-scale amber, hatched
/// block labelled with its name, selectable as its power-chain element. A plain QGraphicsItem
/// with a fixed bounding rect, like RackItem.
class PowerRackItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };
    PowerRackItem(Design* design, PowerElementId id);
    int type() const override { return Type; }
    PowerElementId elementId() const { return m_id; }
    /// Takes area, name and hover text from the model.
    void sync();
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget* w) override;

private:
    Design* m_design;
    PowerElementId m_id;
    QRectF m_rect;
    QString m_name;
};

} // namespace cds::views
