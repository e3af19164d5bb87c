#pragma once

#include "model/DesignData.h"

#include <QString>

namespace cds::render {

/// What a drawing shows.
enum class Drawing : std::uint8_t { Floorplan, Elevations };

/// @brief Options of an SVG/PNG drawing export.
struct DrawingOptions {
    Drawing drawing = Drawing::Floorplan;
    /// Pixels per metre of the real object; 0 = the default (floorplan 60, elevations 400).
    double pixelsPerMetre = 0;
    /// Floorplan: the drawing's width in pixels (the scale follows); 0 = from the scale, or
    /// by default at least kSlideWidthPx wide, so a small hall fills a slide.
    int widthPx = 0;
};

/// The default floorplan drawing's smallest width: a full-HD slide.
inline constexpr int kSlideWidthPx = 1920;

/// Writes the floorplan or the rack elevations (all racks in natural name order, in a grid
/// paged to at most kRacksPageMaxPx a side: page 2 on goes to "NAME-2.svg"... beside
/// @p path) as SVG (vector, text kept as text) or PNG (@p png). A QGuiApplication must exist.
/// Returns false with @p error naming the path and the problem.
bool writeDrawing(const DesignData& d, const DrawingOptions& o, const QString& path, bool png,
                  QString* error);

} // namespace cds::render
