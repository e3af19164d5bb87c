#pragma once

#include "../DesignData.h"

#include <QStringList>

namespace cds {

/// @brief How to build a design's power chain.
struct PowerBuildOptions {
    PowerScheme scheme = PowerScheme::TwoN;
    int blocks = 4; ///< block-redundant: blocks per group, one block's worth in reserve
    /// N+1: reserve modules per UPS system (1; 0 builds one with none, to show what N-1 finds).
    int reserve = 1;
    /// Feed rack-scale liquid-cooled systems (NVL72) at 800 V DC from power racks beside their
    /// row instead of AC busways; other racks keep the AC path.
    bool dc800 = false;
    /// A campus sized to a power budget per hall (`generate --hall-mw`): each hall's IT budget,
    /// kW. Each hall's utility service is rated for it, through the losses of the stages below
    /// it; 0: each service is rated for the transformers it feeds.
    double hallBudgetKw = 0;
};

struct PowerBuildResult {
    bool ok = false;
    QString error;     ///< e.g. "the catalog has no UPS"
    QStringList notes; ///< what was built
};

/// The loading the builder sizes each element to in its worst single failure: 90 % of its
/// rating, a common planning margin (estimate) that leaves room for growth and measurement.
inline constexpr double kPowerDesignLoadShare = 0.9;

/// Builds @p d's power chain (replacing any) for its racks' design loads (IT max) under
/// @p o's scheme from the power-chain entries of @p library, and names each rack's A and B
/// feeds: racks in row order are grouped into busway (or power-rack) segments, segments into
/// UPS systems; each UPS system has its switchgear, transformer, standby generator and
/// battery, and the transformers draw from the utility service (one per side for 2N). Each
/// element is sized for its worst single failure with the losses of the stages below it. The
/// chain's settings (power factor, GPU power swing, stranded threshold, budgets) stay as @p d
/// has them; every rack's feeds are replaced, and power racks get no floor area here.
/// On a campus (several DesignData::halls) each hall gets a chain of its own, from its own
/// utility service(s) down, sized for that hall's racks alone: its elements' names start with
/// the hall ("H2-UPS-A1"), their groups too ("H2 A"); a rack in no hall joins the first hall's.
PowerBuildResult buildPowerChain(DesignData& d, const Catalog& library, const PowerBuildOptions& o);

} // namespace cds
