#pragma once

#include "model/DesignData.h"

#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace cds::render {
class FloorplanRenderer;
}

namespace cds::report {

/// @brief One sheet of the floorplan at a readable scale: the hall window it shows (in hall
/// millimetres) and what it covers ("Row 1–Row 4 · 0.0–13.2 m").
struct FloorplanSheet {
    QRectF windowMm;
    QString caption;
};

/// Pixels per millimetre of a row sheet: 1:50 on paper at the report's 96 px per inch, so a
/// 600 mm rack is 45 px wide and its name prints at 7-9 pt.
inline constexpr double kSheetPxPerMm = 96.0 / 25.4 / 50.0;

/// Splits the occupied part of the hall into sheets of @p bodyPx at kSheetPxPerMm: bands of
/// whole rows (a row and its cold aisle are never cut), each band cut along its length into
/// as few equal pieces as fit, the cuts moved onto rack edges. Empty when the whole hall is
/// readable on one page of @p bodyPx already.
std::vector<FloorplanSheet> floorplanSheets(const DesignData& d,
                                            const render::FloorplanRenderer& fr, QSizeF bodyPx);

/// Draws hall window @p windowMm of @p fr into @p target (scaled to fit, clipped to it).
void paintFloorplanWindow(QPainter& p, const render::FloorplanRenderer& fr, const QRectF& windowMm,
                          const QRectF& target);

/// Where hall millimetres land when @p fr paints the whole hall into @p target (its overview):
/// the scale and the offset, so the sheets can be outlined on it.
struct HallMapping {
    double scale = 0;
    QPointF origin;
    QRectF map(const QRectF& mm) const {
        return {origin.x() + mm.x() * scale, origin.y() + mm.y() * scale, mm.width() * scale,
                mm.height() * scale};
    }
};
HallMapping overviewMapping(const render::FloorplanRenderer& fr, const QRectF& target);

} // namespace cds::report
