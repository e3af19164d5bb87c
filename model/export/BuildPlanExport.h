#pragma once

#include "../AtomicFile.h"
#include "../DesignData.h"

#include <vector>

namespace cds {

/// @brief `export --format build-plan -o DIR`: the design's build phases (model/phases) as
/// files a project team works from.
struct BuildPlanExport {
    bool ok = false;
    /// README.md, build-plan.csv (one row per phase), orders.csv (what to order by when),
    /// then per phase `phase-NN/bom.xlsx`, `phase-NN/bom.csv` and `phase-NN/cabling.csv`.
    std::vector<FolderFile> files;
    /// Why there is none: no phases, a phase with no racks (named), a workbook not written.
    QString error;
};

BuildPlanExport buildPlanExport(const DesignData& d);

} // namespace cds
