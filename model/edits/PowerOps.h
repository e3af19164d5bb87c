#pragma once

#include "Operations.h"

#include "../power/PowerChainBuilder.h"

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

/// A new element of kind @p kind drawing from the elements named @p upstream (none: a source),
/// in the group (side or block) of the first of them. Named @p name (trimmed), or when that is
/// empty the next free name of its kind ("UPS-3", "BUS-7": the count of its kind plus one,
/// then on). With a @p catalogId (power-chain equipment of that kind, looked up in @p library,
/// then in the design's own catalog; it travels inside the Edit) it takes the entry's rating,
/// efficiency and DC output; without, typicalPowerElement(). Refused as renamePowerElement and
/// setPowerUpstream refuse a name or a supply, and for an entry of another kind. @p added
/// receives the new element's id (the chain's next free one).
Result addPowerElement(const DesignData& d, const Catalog& library, PowerKind kind,
                       const QString& catalogId, const QStringList& upstream,
                       const QString& name = {}, PowerElementId* added = nullptr);
/// An element of kind @p k with no catalog entry: the rating and efficiency of the bundled
/// catalog's usual entry of its kind (a 1,200 kW UPS, a 575 kVA busway, a 10,000 kVA utility
/// service), an estimate the user then sets; a power rack gives 800 V DC.
PowerElement typicalPowerElement(PowerKind k);
/// Deletes element @p id: the elements drawing from it lose it from what they draw from, and
/// the racks whose A or B feed it is are left unconnected on that side. The undo text counts
/// the feeds so disconnected ("Delete BUS-A-1 (12 rack feeds disconnected)"); one undo step
/// brings back the element, its place among the supplies and the feeds.
Result removePowerElement(const DesignData& d, PowerElementId id);
/// Deletes the elements @p ids (those the chain lacks are skipped) as one step, as
/// removePowerElement. An empty list is refused ("Select a power element to delete").
Result removePowerElements(const DesignData& d, const std::vector<PowerElementId>& ids);
/// Element @p id, one that stands on the hall's floor (a power rack, or an element with an
/// area or a catalog footprint), takes @p area (PowerElement::area). Refused where
/// powerAreaProblem() says it cannot stand. Successive moves of one drag merge into one undo
/// step (MergeMovePowerRack).
Result setPowerElementArea(const DesignData& d, PowerElementId id, const RectMm& area);
/// Why element @p id cannot stand on @p area (empty when it can), as placementProblem() judges
/// a rack and PowerFloorRule a power rack: outside the hall (or every hall of a campus), on an
/// obstacle, a rack or another element's area; or a size under 1 mm.
QString powerAreaProblem(const DesignData& d, PowerElementId id, const RectMm& area);

/// Power rack @p id, one without a place on the floor (added in the studio), takes the first
/// free place beside the racks it feeds (findPowerRackSpot(): in line with the last of them,
/// east of it, else west), as setPowerElementArea() places it ("Place power rack PR-3").
/// Refused for another kind, a power rack already placed (it is moved instead), one feeding no
/// rack, or a line with no room, the reason named.
Result placePowerRack(const DesignData& d, PowerElementId id);

/// A block-redundant chain has 3 to this many blocks, as a design file reads them.
inline constexpr int kMaxPowerBlocks = 64;

/// @brief What Power > Build power chain… asks for (buildPowerChain()).
struct PowerChainOptions {
    PowerBuildOptions build; ///< scheme, blocks, 800 V DC (its N+1 reserve stays 1)
    /// The IT budget recorded with the chain, kW (`stats` site.it_budget_kw); 0: none. A budget
    /// other than the chain's own drops the facility budget it was derived from.
    double itBudgetKw = 0;
};

/// The design's power chain built with the generator's builder (buildPowerChain() of
/// model/power) for its racks' loads, replacing the chain it has (every element, the user's
/// edits and additions too) and every rack's A and B feeds, as one step: "Build power chain
/// (2N)" on a design without one, "Rebuild power chain as N+1" on one with one. Its power
/// racks (800 V DC) take the first free places beside the racks they feed (findPowerRackSpot(),
/// moving no rack); the chain's settings stay; the catalog entries it uses travel inside the
/// Edit. Refused when the design has no racks, its racks draw no power, a block count is
/// outside 3 to kMaxPowerBlocks, the budget is out of range, the catalog lacks a kind, or a
/// power rack finds no free floor, the reason named; a chain that comes out as it is gives a
/// no-op Edit.
Result buildPowerChain(const DesignData& d, const Catalog& library, const PowerChainOptions& o);

/// @brief The chain's settings its checks read (PowerChain): not its scheme and blocks, which
/// the chain's structure follows and buildPowerChain() builds.
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
