#pragma once

#include "../metrics/Bom.h"
#include "../DesignData.h"
#include "../DesignIndex.h"
#include "../metrics/Metrics.h"
#include "../rules/Finding.h"
#include "RackPower.h"

#include <vector>

namespace cds {

/// @brief Everything derived from a design in one value: what the studio, the dashboard, the
/// CLI, the report and the drawings read. Built by analyze() in full, or kept up to date edit
/// by edit by LiveAnalysis; the two agree (tests/model/tst_random_edits).
struct Analysis {
    Metrics metrics;
    Bom bom;
    std::vector<RackPower> rackPower; ///< one per live rack, in id order
    std::vector<Finding> findings;    ///< every rule, waivers applied
};

/// Full analysis of a design whose cables are already routed (as loadDesign and the generator
/// leave them): BOM, metrics, rack power and every rule.
Analysis analyze(const DesignData& d);
Analysis analyze(const DesignData& d, const DesignIndex& index);

} // namespace cds
