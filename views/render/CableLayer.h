#pragma once

#include "model/cabling/CableRouteMap.h"

#include <QRectF>
#include <QString>
#include <QTransform>

#include <array>
#include <vector>

class QPainter;

namespace cds::render {

/// @brief What the cable layer shows: which networks, trays, and the count labels.
struct CableLayerOptions {
    std::array<bool, kCableLayers> layers{true, true, true, true};
    bool trays = true;
    bool cables = true; ///< false: trays coloured by fill only (the overview)
    bool counts = true;
};

/// @brief Draws a CableRouteMap: tray pieces coloured by fill, each bundle as an orthogonal
/// run with rounded corners in its network's colour and lane, links with no tray path as a
/// dashed warning, and one count label per tray piece where it does not collide. The same
/// geometry as QPainter (studio, PNG, PDF) and as SVG elements (`<path class="pathway">`,
/// `<path class="cable NETWORK">`). @p mm2px maps hall millimetres to device pixels (scale
/// and translation only); @p cullMm limits the work to what is visible (empty: everything).
class CableLayer {
public:
    /// A bundle or piece within this of a culled area is drawn (its strokes and labels reach
    /// past its centre line).
    static constexpr double kVisibleMarginMm = 300;
    /// @p index, when given, finds what a culled paint draws (a drawing of many sheets).
    CableLayer(const DesignData& d, const CableRouteMap& routes, const QTransform& mm2px,
               const CableRouteIndex* index = nullptr);
    void paintTrays(QPainter& p, const CableLayerOptions& o, const QRectF& cullMm = {}) const;
    void paintCables(QPainter& p, const CableLayerOptions& o, const QRectF& cullMm = {}) const;
    /// Count labels; @p occupied (pixels) holds rects to avoid and receives the labels'.
    void paintCounts(QPainter& p, const CableLayerOptions& o, std::vector<QRectF>& occupied,
                     const QRectF& cullMm = {}) const;
    /// The trays and cables as SVG elements, in the order paintTrays and paintCables draw.
    QString svg(const CableLayerOptions& o) const;

    double trayWidthPx(const TrayPieceLoad& piece) const;
    bool isDuctBank(const TrayPieceLoad& piece) const; ///< drawn dashed, in the earth's brown
    double cableWidthPx() const;
    double cornerRadiusPx() const;

private:
    bool visible(const std::vector<PointMm>& pts, const QRectF& cullMm) const;
    const DesignData& m_d;
    const CableRouteMap& m_routes;
    const CableRouteIndex* m_index = nullptr;
    QTransform m_t;
    double m_s; ///< pixels per millimetre
};

} // namespace cds::render
