#pragma once

#include <QFont>
#include <QRectF>
#include <QString>

class QPainter;

namespace cds::render {

/// @brief How a rack's name fits its footprint, by one stated rule (the studio and every
/// drawing use it, so a name never clips):
///  1. the whole name, horizontal, at the largest size from maxPx down to minPx that fits;
///  2. else the whole name turned 90 degrees along the longer side, if it fits that way;
///  3. else abbreviated to the part after its last '-' (su01-c01 -> c01), horizontal;
///  4. else nothing (the tooltip and schedules carry the full name).
struct RackLabel {
    QString text; ///< empty: nothing fits
    double px = 0;
    bool rotated = false;
    bool abbreviated = false;

    /// The label of @p name in @p box (pixels) with @p font's family.
    static RackLabel fit(const QString& name, const QSizeF& box, const QFont& font, double maxPx,
                         double minPx);
    static QString abbreviation(const QString& name);
    /// Draws the label centred in @p box (pixels, device coordinates of @p p).
    void paint(QPainter& p, const QRectF& box, QFont font) const;
};

} // namespace cds::render
