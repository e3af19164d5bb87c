#pragma once

#include "model/DesignData.h"
#include "model/metrics/Metrics.h"

#include <QString>

namespace cds::views {

/// The floorplan's tooltip of a rack: its full name, catalog type, IT kW against its cooling
/// type's envelope, U used of its capacity and weight (rich text). @p m may lack the rack
/// (not analysed yet): the figures are then left out.
QString rackTooltip(const DesignData& d, const RackMetrics* m, RackId rack);

} // namespace cds::views
