#pragma once

#include "model/DesignData.h"

#include <QImage>
#include <QRectF>
#include <QSize>

class QPainter;

namespace cds::views {

/// @brief The overview of the hall in the floorplan's top-right corner while the view shows
/// only part of it: the rows and racks to scale and the part in view as a frame. The view
/// moves to where the user clicks or drags in it (FloorplanView).
class MiniMap {
public:
    /// Where it goes in a viewport of @p viewport px: empty when the whole hall is in view.
    static QRectF box(QSize viewport, const QRectF& hallMm, const QRectF& visibleMm);
    /// The hall point (mm) drawn at @p px inside @p box.
    static QPointF toHall(QPointF px, const QRectF& box, const QRectF& hallMm);
    /// Draws it into @p box (viewport px; @p p without a transform).
    void paint(QPainter* p, const QRectF& box, const DesignData& d, const QRectF& hallMm,
               const QRectF& visibleMm);
    /// The design changed: the racks are drawn again at the next paint.
    void invalidate() { m_dirty = true; }

private:
    void render(const DesignData& d, QSize size, const QRectF& hallMm);
    QImage m_image; ///< rows and racks at the box's size
    bool m_dirty = true;
};

} // namespace cds::views
