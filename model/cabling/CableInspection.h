#pragma once

#include "../DesignData.h"

#include <vector>

namespace cds {

/// @brief Where one cable runs in plan, for a user inspecting it: the tray segments it rides
/// and the line it follows (rack centre, drop, tray junctions, drop, rack centre).
struct CableRoute {
    std::vector<PointMm> polyline;   ///< straight between the rack centres without a tray route
    std::vector<PathwayId> segments; ///< trays it runs on, from the A end, each once
    bool inRack = false;             ///< both ends in one rack: no floor route
    bool noPathway = false;          ///< the design has trays but none joins the two racks
};

/// The route of @p link (the same as LinkRouter's, so its length matches the analysis').
CableRoute cableRoute(const DesignData& d, LinkId link);

/// @brief The cables between one pair of racks on one network: what the floorplan draws as one
/// bundle and what a click on it lists.
struct CableBundle {
    RackId a, b; ///< a < b
    FabricKind kind = FabricKind::Compute;
    std::vector<LinkId> links;
    std::vector<PointMm> polyline; ///< as cableRoute's
};

/// The bundle whose route passes within @p toleranceMm of @p p (the nearest), or one with no
/// links. Cables within one rack are not bundles.
CableBundle bundleAt(const DesignData& d, PointMm p, double toleranceMm);

/// Distance from @p p to a polyline.
double distanceToPolyline(const std::vector<PointMm>& line, PointMm p);

} // namespace cds
