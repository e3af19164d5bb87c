#pragma once

#include "CanvasTool.h"

#include <QPointF>
#include <QSizeF>

namespace cds::views {

/// A rack's footprint of @p sizeMm centred near @p cursorMm, its corner snapped to the hall's
/// tiles of @p tileMm: where the ghost of a rack being placed or dragged in is drawn.
QRectF snappedFootprint(double tileMm, QPointF cursorMm, QSizeF sizeMm);

/// @brief Places racks of the palette's current rack type with clicks, showing a ghost of
/// the footprint snapped to the tile grid under the cursor.
class PlaceRackTool final : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    QString name() const override { return QStringLiteral("Place rack"); }
    void setRackType(const QString& catalogId, QSizeF footprintMm);
    QString rackType() const { return m_type; }
    bool mousePress(QMouseEvent* e) override;
    bool mouseMove(QMouseEvent* e) override;
    void drawOverlay(QPainter* p) override;

private:
    QRectF ghost() const;
    QString m_type;
    QSizeF m_size{600, 1200};
    QPointF m_cursor;
    bool m_hover = false;
};

} // namespace cds::views
