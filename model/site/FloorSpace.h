#pragma once

#include "../DesignData.h"

/// @file The floor a design takes (issue #29): its halls' area and the footprints of its racks
/// and power racks, for `stats --json` (`floor`, `power_chain.floor_m2`).
namespace cds {

/// @brief Floor areas of a design, m².
struct FloorSpace {
    double hallM2 = 0;  ///< the halls' areas (siteHalls(): the floor itself without a campus)
    double racksM2 = 0; ///< every rack's footprint (its rack type's width x depth), CDU racks too
    /// The power chain's elements standing on the floor (their PowerElement::area: power racks).
    double powerRacksM2 = 0;
    /// Racks and power racks over the halls' area, %; 0 without a hall.
    double usedPct() const { return hallM2 > 0 ? 100.0 * (racksM2 + powerRacksM2) / hallM2 : 0; }
};

FloorSpace floorSpace(const DesignData& d);

} // namespace cds
