#pragma once

#include "Operations.h"

#include <QStringList>

namespace cds::edits {

// Edits of the power chain (model/PowerChain.h) and of the racks' feeds on it, as the
// Properties panel makes them. Each is one undo step; a value a design file would refuse is
// refused with the element and the value named, so what they leave always saves and loads.
// An element id the chain lacks gives neither edit nor refusal (it was deleted meanwhile); the
// same value again gives a no-op Edit (never pushed).

/// Element @p id is rated @p capacity, all its units together: kVA for the kinds rated in kVA
/// (ratedInKva()), else kW. Refused unless above 0 and at most kMaxPowerCapacity.
Result setPowerCapacity(const DesignData& d, PowerElementId id, double capacity);
/// Element @p id stands for @p units identical units (1 to kMaxPowerUnits); its capacity scales
/// with them, so the rating of one unit stays.
Result setPowerUnits(const DesignData& d, PowerElementId id, int units);
/// Element @p id converts at @p pct % (kMinPowerEfficiencyPct to 100, as a file accepts).
Result setPowerEfficiency(const DesignData& d, PowerElementId id, double pct);
/// Element @p id becomes the catalog entry @p catalogId (looked up in @p library, then in the
/// design's own catalog), which must be power-chain equipment of the element's kind; its
/// capacity (the entry's times its units), efficiency and DC output follow the entry, which
/// travels inside the Edit. An empty @p catalogId leaves the element with no entry (a utility
/// service) and its values as they are.
Result setPowerType(const DesignData& d, const Catalog& library, PowerElementId id,
                    const QString& catalogId);
/// Element @p id is named @p name (trimmed): not empty, at most kMaxPowerNameLength bytes,
/// unique in the chain.
Result renamePowerElement(const DesignData& d, PowerElementId id, const QString& name);
/// Element @p id draws from the elements named @p names (none: it is a source). Refused for a
/// name the chain lacks, one given twice, the element itself, or an element it already feeds
/// (a cycle).
Result setPowerUpstream(const DesignData& d, PowerElementId id, const QStringList& names);
/// Rack @p rack's @p side feed comes from the element named @p element, of a kind that feeds
/// racks (feedsRacks()); an empty name disconnects it from the chain.
Result setRackFeed(const DesignData& d, RackId rack, FeedSide side, const QString& element);

/// @brief The chain's settings its checks read (PowerChain): not its scheme and blocks, which
/// the chain's structure follows and only generate builds.
struct PowerSettings {
    double powerFactor = 0.95;
    double transientPct = 0;
    double strandedPct = 30;
    static PowerSettings of(const PowerChain& c);
    bool operator==(const PowerSettings&) const = default;
};
/// Why @p s cannot be a chain's (empty when it can): the ranges a design file accepts.
QString powerSettingsProblem(const PowerSettings& s);
/// Refused when the design has no power chain or @p s is out of range.
Result setPowerSettings(const DesignData& d, const PowerSettings& s);

} // namespace cds::edits
