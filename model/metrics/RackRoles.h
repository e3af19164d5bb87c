#pragma once

#include "Metrics.h"

namespace cds {

class DesignIndex;

/// What rack @p rid is for, from what it holds: compute > storage > management > cooling >
/// network (the same rule as Metrics::racksByRole).
RackRole rackRoleOf(const DesignData& d, const DesignIndex& index, RackId rid);

} // namespace cds
