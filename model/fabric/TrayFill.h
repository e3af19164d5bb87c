#pragma once

#include "../DesignData.h"

#include <vector>

namespace cds {

class DesignIndex;

/// @brief How the cables load the trays: per segment, the cross-section of the cables that
/// run on it against its area, and the links no tray path carries.
struct TrayLoad {
    struct Segment {
        PathwayId id;
        double cableAreaMm2 = 0; ///< at the segment's fullest piece
        int cables = 0;          ///< on that piece
        double fillPct = 0;      ///< cableAreaMm2 / (widthMm x depthMm), in percent
        double limitPct = 0;     ///< DesignSettings::trayFillLimitPct of its kind
    };
    std::vector<Segment> segments; ///< one per pathway, in id order
    std::vector<LinkId> noPathway; ///< rack-to-rack links with no tray path, in id order
    double lengthM = 0;            ///< total length of the trays
    double maxFillPct = 0;
};

/// Cross-section diameter of @p l's cable (catalog `diameterMm` of its medium, else
/// kDefaultCableDiameterMm).
double cableDiameterMm(const DesignData& d, const Link& l);

/// Routes every rack-to-rack link over the trays once per rack pair and adds up the fill.
/// @p index must be current. Empty (no segments) when the design has no pathways.
TrayLoad computeTrayLoad(const DesignData& d, const DesignIndex& index);

} // namespace cds
