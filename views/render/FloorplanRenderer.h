#pragma once

#include "CableLayer.h"
#include "model/DesignData.h"
#include "model/cabling/CableRouteMap.h"
#include "model/metrics/Metrics.h"

#include <QRectF>
#include <QTransform>

class QPainter;

namespace cds::render {

/// Share of a rack's depth its name (back) and kW (front) strips take: the overhead tray runs
/// over the middle of the row.
inline constexpr double kRackStripShare = 0.26;
/// The back (name) or front (kW) strip of a rack drawn at @p r, turned @p quarterTurns.
QRectF rackStrip(const QRectF& r, int quarterTurns, bool back);

/// @brief Draws the data hall to scale with QPainter: tile grid, rows and cold aisles,
/// obstacles, racks (footprint, front edge, name, kW), power racks placed on the floor (amber,
/// hatched, named), the trays coloured by fill with the cables on them (CableLayer), count labels,
/// and the title block with legend, scale bar and north arrow. Static: no scene, no handles; used
/// by the PDF, SVG/PNG exports and presentation mode. Painting is in layers so the SVG export can
/// put its own cable elements between them: base (hall, racks), cables, overlay (labels, title
/// block).
class FloorplanRenderer {
public:
    FloorplanRenderer(const DesignData& d, const Metrics& m);

    /// Where things go in a target rectangle.
    struct Frame {
        QRectF plan, band; ///< the hall's area, and the title band under it
        double s = 1;      ///< pixels per millimetre
        QTransform mm2px;
    };
    Frame frame(const QRectF& target) const;

    /// The hall in millimetres (origin top-left, y grows south).
    QRectF hallMm() const;
    /// All layers, the hall fitted into @p target keeping its aspect ratio, centred.
    void paint(QPainter& p, const QRectF& target) const;
    void paintBase(QPainter& p, const Frame& f) const;
    void paintCables(QPainter& p, const Frame& f) const;
    void paintOverlay(QPainter& p, const Frame& f) const;
    /// The cable layer as SVG elements for @p f (what paintCables draws).
    QString cablesSvg(const Frame& f) const;
    /// Rack footprint in hall millimetres, after rotation.
    QRectF rackRectMm(const Rack& r) const;
    const CableRouteMap& routes() const { return m_routes; }
    /// Below this scale paint() draws the trays by fill without cables (the SVG keeps them).
    static constexpr double kOverviewPxPerMm = 0.02;
    CableLayerOptions optionsFor(const Frame& f) const;

private:
    const DesignData& m_d;
    const Metrics& m_m;
    CableRouteMap m_routes;
    CableRouteIndex m_index; ///< of m_routes: each sheet of a report draws what it shows
};

} // namespace cds::render
