#pragma once

#include "../DesignData.h"
#include "../cabling/CableParts.h"

#include <map>
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
    double opticsPowerW = 0;  ///< transceivers and active cables, both ends
    double opticsCostUsd = 0; ///< the priced transceiver lines (pluggable optics)
    /// Pluggable transceivers: `transceivers` without the ports of co-packaged-optics
    /// switches (formFactor CPO), which are part of the switch.
    long long pluggableOptics = 0;
};

/// Itemizes racks, devices, cables/optics (from each link's derived or pinned medium;
/// twin-port transceivers, and the splitter fibre of a one-connector optic, counted per
/// occupied cage) and the cooling each rack's type implies
/// (one rear-door HX per such rack, CDUs by DLC load, one tank per immersion rack) for each
/// kind of cooling the design does not place as devices of its own.
Bom computeBom(const DesignData& d);

/// @brief The counts behind computeBom, kept as links change length or medium (a rack drag
/// re-routes its cables): a link's share is taken out and put back instead of counting the
/// whole design again. bom() then equals computeBom() of the design as it is now
/// (tests/model/tst_random_edits).
class BomTally {
public:
    explicit BomTally(const DesignData& d); ///< counts @p d in full
    /// Link @p id changed from @p before to what @p d holds now (only its length and media:
    /// ends, fabric and the rest of the design as counted). False when the change cannot be
    /// applied exactly: a twin-port plug, counted once per cage, is involved. Count again then.
    bool relink(const DesignData& d, const Link& before, const Link& now);
    Bom bom(const DesignData& d) const;

private:
    void countLink(const DesignData& d, const Link& l, int sign);
    // The counting steps both the full count and a link's share use.
    void addCable(const DesignData& d, TypeId cable, double lengthM, int sign);
    void addEnd(TypeId transceiver, int sign);
    void addFibre(const DesignData& d, TypeId fibre, double lengthM, int sign); ///< invalid: none
    void addBin(const DesignData& d, TypeId t, double lengthM, int sign);
    static bool twinPortInvolved(const DesignData& d, const Link& l);
    std::vector<long long> m_qty;      ///< by catalog type
    std::vector<long long> m_cablesOf; ///< by type: counted as a link's cable (power, 2 ends)
    std::vector<long long> m_endsOf;   ///< by type: counted as a transceiver (power, 1 end)
    std::vector<std::map<double, long long>> m_bins;
    long long m_transceivers = 0, m_cables = 0;
    FibreMatch m_fibres; ///< MPO-12 optics take MPO-12 fibre, LC optics LC
};

} // namespace cds
