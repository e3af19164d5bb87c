#pragma once

#include "DesignData.h"

#include <vector>

namespace cds {

/// A rack position a tool asks for: where the rack should go and how it turns.
struct RackTarget {
    RackId id;
    PointMm centre;
    int rotationDeg = 0;
};

/// Catalog entries an edit will embed: a rack whose TypeId is past the design's catalog
/// (d.catalog.size() + i) is of type pending[i]. Lets an operation judge a rack whose type
/// the design does not hold yet.
using PendingTypes = std::vector<CatalogItem>;

/// Floor footprint of a rack of type @p r.type centred at @p c, turned by @p rotationDeg
/// (90 and 270 swap width and depth). Racks without a rack spec count as 600 x 1200 mm.
RectMm footprintAt(const DesignData& d, const Rack& r, PointMm c, int rotationDeg,
                   const PendingTypes& pending = {});
inline RectMm footprint(const DesignData& d, const Rack& r) {
    return footprintAt(d, r, r.centre, r.rotationDeg);
}
/// Centre that puts the footprint's corner on the tile grid, so racks line up with tiles.
PointMm snapToTiles(const DesignData& d, const Rack& r, PointMm c, int rotationDeg,
                    const PendingTypes& pending = {});
/// @p delta rounded to whole tiles: a group keeps its shape and stays on the grid.
PointMm snapDelta(const DesignData& d, PointMm delta);

/// Why the racks cannot stand where @p placed puts them (the others stay where they are):
/// outside the hall, on an obstacle or a power rack's floor (PowerElement::area), or
/// overlapping another rack. Empty when they fit.
/// Racks with an invalid id are new ones, named by their Rack::name.
QString placementProblem(const DesignData& d, const std::vector<std::pair<RackId, Rack>>& placed,
                         const PendingTypes& pending = {});

/// Why a device @p uHeight high cannot sit at @p u in @p rack (beyond the top, or
/// overlapping a device other than @p ignore); empty when it fits. Faces are ignored, as in
/// RackSpaceRule: this gear is full depth.
QString mountProblem(const DesignData& d, RackId rack, int uHeight, int u,
                     DeviceId ignore = DeviceId());
/// The lowest U where a device @p uHeight high fits in @p rack, or 0 when none.
int firstFreeU(const DesignData& d, RackId rack, int uHeight);
/// 0U gear: no rack units of its own (rack PDUs in the side channels, floor-standing units).
inline bool isZeroU(const CatalogItem& t) {
    return t.uHeight <= 0;
}
/// A floor-standing unit that fills its rack position (an in-row CDU or cooler, an immersion
/// tank); a rear door hangs on a rack and is not one.
inline bool isFloorStanding(const CatalogItem& t) {
    return isZeroU(t) && t.category == Category::Cooling &&
           t.coolingType != QLatin1String("rear-door-hx");
}
/// 0U gear that stands in a rack's side channel (a rack PDU), not on the floor.
inline bool inSideChannel(const CatalogItem& t) {
    return isZeroU(t) && !isFloorStanding(t);
}
/// U capacity of a rack (42 when its type has no rack spec).
int rackCapacityU(const DesignData& d, const Rack& r);

} // namespace cds
