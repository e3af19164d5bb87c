#pragma once

#include "../DesignData.h"
#include "../metrics/Metrics.h"

#include <array>
#include <cstdint>
#include <vector>

namespace cds {

/// @brief The load on one element of the power chain, in normal operation and at its worst
/// with any one other element failed (N-1).
struct ElementFlow {
    PowerElementId id;
    double capacityKw = 0;
    double normalKw = 0; ///< output load in normal operation, kW
    double worstKw = 0;  ///< highest output load over normal operation and every single failure
    PowerElementId worstFailure; ///< the failed element that gives worstKw; invalid: none
    double gpuKwNormal = 0;      ///< GPU power below it in normal operation (transients)
    double gpuKwWorst = 0;       ///< GPU power below it in the worstKw case
    double normalPct() const { return capacityKw > 0 ? 100.0 * normalKw / capacityKw : 0; }
    double worstPct() const { return capacityKw > 0 ? 100.0 * worstKw / capacityKw : 0; }
};

/// @brief What the power chain carries: every element's load in normal operation and N-1,
/// the utility's demand, stranded capacity and the racks a single failure darkens.
struct PowerAnalysis {
    std::vector<ElementFlow> elements; ///< one per live element, in id order
    std::array<int, kPowerKindCount> byKind{};
    double utilityKva = 0;   ///< drawn from the chain's sources in normal operation (kW / pf)
    double maxNormalPct = 0; ///< highest utilization in normal operation
    double worstN1Pct = 0;   ///< highest utilization with any one element failed
    PowerElementId worstElement, worstFailure; ///< where worstN1Pct is, and what failed
    /// Capacity unused at the UPS tier (power racks or the feeding tier when there is no UPS)
    /// after the worst single failure, and that tier's capacity.
    double strandedKw = 0;
    double strandedTierKw = 0;
    int racksUnfed = 0;     ///< racks drawing power with no feed on the chain (chain present)
    int racksLostWorst = 0; ///< racks left with no live feed by the worst single failure
    PowerElementId racksLostBy;
    /// Each rack some single failure leaves with no live feed, with the first such element
    /// (in id order): its feeds are not independent. In rack id order.
    std::vector<std::pair<RackId, PowerElementId>> darkRacks;
    bool cycle = false; ///< the chain has a cycle (only built in memory; files refuse them)

    bool hasChain() const { return !elements.empty(); }
    const ElementFlow* find(PowerElementId id) const;
};

/// How analyzePower runs the N-1 cases: each failure re-flowing only the elements it can change
/// (what the studio and the CLI use), or the whole chain again per failure (the reference the
/// tests hold the first to, figure for figure).
enum class N1Method : std::uint8_t { Incremental, FullReflow };

/// Load flow of @p d's power chain: each rack's design load (IT max, from @p m) split over its
/// live feeds (half each on A and B, all on the survivor when one is down), carried up through
/// each element's efficiency (its input is output / efficiency), shared by parallel upstream
/// elements in proportion to their capacity; generators and batteries carry only when the
/// element's other supplies are down. Run in normal operation and once per element failed.
PowerAnalysis analyzePower(const DesignData& d, const Metrics& m,
                           N1Method how = N1Method::Incremental);

} // namespace cds
