#pragma once

#include "model/DesignData.h"
#include "model/Metrics.h"

#include <QRectF>

class QPainter;

namespace cds::render {

/// @brief Draws the data hall to scale with QPainter: tile grid, rows and cold aisles,
/// obstacles, racks (footprint, front edge, name, kW, cooling) and a scale bar. Static: no
/// scene, no handles; used by the PDF, SVG/PNG exports and presentation mode.
class FloorplanRenderer {
public:
    FloorplanRenderer(const DesignData& d, const Metrics& m);

    /// The hall in millimetres (origin top-left, y grows south).
    QRectF hallMm() const;
    /// Fits the hall into @p target keeping its aspect ratio, centred.
    void paint(QPainter& p, const QRectF& target) const;
    /// Rack footprint in hall millimetres, after rotation.
    QRectF rackRectMm(const Rack& r) const;

private:
    const DesignData& m_d;
    const Metrics& m_m;
};

} // namespace cds::render
