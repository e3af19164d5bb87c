#pragma once

#include "DesignData.h"

#include <vector>

namespace cds {

/// The commercial categories that cost is reported in.
enum class CostCategory : std::uint8_t {
    GpuServers,
    NetworkSwitches,
    CablesAndOptics,
    RacksAndPower,
    Cooling,
    Storage,
    Other
};
inline constexpr int kCostCategoryCount = 7;
QString costCategoryKey(CostCategory c);   ///< "gpu_servers"...: stats/BOM JSON keys
QString costCategoryLabel(CostCategory c); ///< "GPU servers"...
CostCategory costCategoryOf(const CatalogItem& item);

/// @brief One line of the bill of materials: a catalog item and how many.
struct BomLine {
    TypeId type;
    CostCategory category = CostCategory::Other;
    long long quantity = 0;
    std::optional<double> unitPriceUsd; ///< after the design's overrides; nullopt = unknown
    std::optional<double> extendedUsd() const {
        return unitPriceUsd ? std::optional<double>(*unitPriceUsd * double(quantity))
                            : std::nullopt;
    }
    /// Cables: quantity per catalog length (metres -> count), where lengths are known.
    std::vector<std::pair<double, long long>> lengthBins;
};

struct Bom {
    std::vector<BomLine> lines; ///< sorted by category, then vendor, model
    double totalUsd = 0;        ///< of the priced lines
    int unpricedLines = 0;
    long long transceivers = 0;
    long long cables = 0;
    double opticsPowerW = 0; ///< transceivers and active cables, both ends
};

/// Itemizes racks, devices, cables/optics (from each link's derived or pinned medium;
/// twin-port transceivers counted per occupied cage) and the cooling each rack's type implies
/// (one rear-door HX per such rack, CDUs by DLC load, one tank per immersion rack) for each
/// kind of cooling the design does not place as devices of its own.
Bom computeBom(const DesignData& d);

} // namespace cds
