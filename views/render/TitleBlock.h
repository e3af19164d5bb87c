#pragma once

#include "model/DesignData.h"

#include <QRectF>

#include <array>

class QPainter;

namespace cds::render {

/// @brief The band under every floorplan drawing: the legend (network colours, the dashed
/// no-pathway warning, the tray fill scale, cooling types) and the title block (title,
/// customer, project, revision, date from the design's meta, a scale bar and a north arrow).
struct TitleBlock {
    std::array<bool, 4> layers{}; ///< networks that have cables drawn
    bool trays = false;           ///< the design has pathways: show the fill scale
    bool noPathway = false;       ///< some bundle is drawn as a no-pathway warning

    /// A band of this height fits the legend and the block (pixels).
    static double heightFor(double targetHeight);
    void paint(QPainter& p, const QRectF& band, const DesignData& d, double pxPerMm) const;
};

} // namespace cds::render
