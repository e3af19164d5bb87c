#pragma once

#include "../DesignData.h"

#include <vector>

namespace cds {

class DesignIndex;

/// @brief Where a cable runs: its length from the physical placement.
/// Rack to rack: along the floor between the racks (Manhattan distance between their
/// centres, i.e. along a row and across the aisles), plus a vertical run from each device up
/// to the overhead tray (DesignSettings::trayHeightAboveRackMm above the rack top), plus the
/// design's slack (DesignSettings::cableSlackM). Within one rack: the vertical distance
/// between the two U positions plus slack.
double routedLengthM(const DesignData& d, const Link& l);

/// The cheapest catalog medium that carries @p speedGbps over @p lengthM on @p tech between
/// two single-port cages of any form factor, preferring copper, then AOC, multimode,
/// single-mode (reach order); invalid if none. routeCables() also matches the cages.
TypeId chooseMedium(const DesignData& d, double speedGbps, double lengthM, Technology tech);

/// Derives every link's length and medium (pinned media are kept as chosen).
void routeCables(DesignData& d);
/// Re-derives only @p links (after a rack or device moved); @p index must be current.
void rerouteLinks(DesignData& d, const DesignIndex& index, const std::vector<LinkId>& links);
/// The links with an end in a device of @p rack: what moving that rack re-derives.
std::vector<LinkId> linksOfRack(const DesignIndex& index, RackId rack);

} // namespace cds
