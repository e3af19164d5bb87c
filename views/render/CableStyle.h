#pragma once

#include "model/cabling/CableRouteMap.h"

#include <QColor>
#include <QPainterPath>
#include <QString>
#include <QTransform>

#include <vector>

class QPainter;

namespace cds::render {

/// @brief How cables and trays look, in the studio and in every drawing: one colour per
/// network layer, a fill colour scale for trays, and orthogonal runs with rounded corners.
struct CableStyle {
    static QColor layerColour(int layer);
    /// The SVG class name of a layer: the fabric's file key ("compute", "storage", "inband",
    /// "oob").
    static QString layerKey(int layer);
    static QString layerLabel(int layer); ///< "Compute", "Storage", "In-band mgmt", "OOB mgmt"
    /// Bundles of a layer run beside each other in their tray: every point moves by
    /// (offset, offset), which keeps horizontal and vertical steps so.
    static double laneOffsetMm(int layer) { return (layer - 1.5) * 70.0; }

    /// Tray fill bands, against the tray's own limit: what the colour scale shows.
    enum class FillBand { Empty, Low, Medium, NearLimit, OverLimit, Overfull };
    static constexpr int kFillBands = 6;
    static FillBand fillBand(int cables, double fillPct, double limitPct);
    static QColor fillColour(FillBand b);
    static QString fillLabel(FillBand b);
    static QColor noPathwayColour() { return QColor(0xc0, 0x1c, 0x28); }

    /// @p pts (millimetres) moved by @p offsetMm on both axes and mapped through @p t, as
    /// straight steps joined by quarter arcs of @p radiusPx (less where a step is short).
    static QPainterPath path(const std::vector<PointMm>& pts, double offsetMm, const QTransform& t,
                             double radiusPx);
    /// The same route as SVG path data: M, H/V-parallel L steps and A arcs, in px.
    static QString svgPathData(const std::vector<PointMm>& pts, double offsetMm,
                               const QTransform& t, double radiusPx);
};

} // namespace cds::render
