#pragma once

#include "DrawingExport.h"

#include <QSizeF>
#include <QStringList>

namespace cds::render {

/// The largest side of one racks drawing page in pixels: a 16,384-GPU design's 800 racks at
/// the default 400 px per metre are 230,000 px in one strip, far past what viewers open.
inline constexpr double kRacksPageMaxPx = 6000;

/// @brief How the racks drawing lays out: racks in natural name order, in a grid of
/// @p columns, @p rowsPerPage grid rows per page, so every page stays within
/// kRacksPageMaxPx at the requested scale and the text stays the size it is at that scale.
struct RacksLayout {
    int columns = 1;
    int rowsPerPage = 1;
    int pages = 1;
    QSizeF rackPx; ///< one rack drawn (tallest rack type)
    double gapX = 0, gapY = 0;
};

/// The pages @p d's racks take at @p pixelsPerMetre; columns 0 when one rack alone is
/// larger than a page (the scale is too large) or the scale is too small to draw.
RacksLayout layoutRacks(const DesignData& d, double pixelsPerMetre);

/// The file page @p page (0-based) of a drawing at @p path goes to: @p path itself for the
/// first, then "racks-2.svg", "racks-3.svg"... beside it.
QString racksPagePath(const QString& path, int page);

/// Writes the rack elevations as SVG or PNG pages (see layoutRacks), each headed with the
/// design's title block and "page i of n". @p written receives the files written.
bool writeRacksDrawing(const DesignData& d, const DrawingOptions& o, const QString& path, bool png,
                       QString* error, QStringList* written = nullptr);

} // namespace cds::render
