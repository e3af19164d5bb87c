#pragma once

#include "../DesignData.h"
#include "../DesignIndex.h"
#include "../metrics/Bom.h"
#include "../metrics/Metrics.h"
#include "../power/PowerFlow.h"
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
    PowerAnalysis power;              ///< the power chain's load in normal operation and N-1
};

/// Full analysis of a design whose cables are already routed (as loadDesign and the generator
/// leave them): BOM, metrics, rack power and every rule.
Analysis analyze(const DesignData& d);
Analysis analyze(const DesignData& d, const DesignIndex& index);

class RuleResults;
struct TrayLoad;

/// The steps after the BOM is counted, in order: metrics (its contributors), rack power, the
/// power chain's flow and
/// every rule, waivers applied, into @p a (whose bom is set). analyze() and the live analysis'
/// full run both end here, so the two cannot drift apart. @p trays: the tray load when the
/// caller keeps it (else the rule that needs it computes it); @p rules: per-rule results kept
/// for a later placement-only run (else the rules run once).
void completeAnalysis(Analysis& a, const DesignData& d, const DesignIndex& index,
                      const TrayLoad* trays = nullptr, RuleResults* rules = nullptr);

} // namespace cds
