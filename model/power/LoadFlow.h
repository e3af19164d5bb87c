#pragma once
// The load flow's working parts (model/power only): the racks' loads grouped by their feeds,
// and the whole chain flowed with one element out. PowerFlow runs it in normal operation;
// FailureFlow re-flows from it only what each single failure can change.

#include "../DesignData.h"

#include <cstddef>
#include <vector>

namespace cds {

class PowerTopology;

/// @brief Racks grouped by the pair of elements feeding them: a hall of racks on a few
/// busways is a few loads, so a run per failed element stays cheap at 100,000 GPUs.
struct FeedLoad {
    PowerElementId a, b; ///< a always an element of the chain; b invalid (or equal to a): one feed
    double kw = 0;
    double gpuKw = 0;
    std::vector<RackId> racks;
};

/// @brief Every element's load with one element out (or none): indexed by element id.
struct FailureCase {
    std::vector<char> alive; ///< in service: not failed, and fed from a source
    std::vector<double> kw, gpuKw;
    int racksLost = 0;
    std::vector<std::size_t> lostLoads; ///< indices of the feed loads left dark, ascending
};

/// @brief Which of an element's live supplies carry its input: the normal ones, sharing it by
/// capacity, or the standby ones only when no normal one is live.
struct CarryingSupplies {
    bool standby = false;
    double capacityKw = 0; ///< their total capacity; 0: no live supply carries it
    /// Whether supply @p u of the element is one of them (live, and of the carrying kind).
    bool carries(const PowerChain& c, PowerElementId u, const std::vector<char>& alive) const {
        return c.elements.contains(u) && alive[u.value()] &&
               isStandby(c.elements[u].kind) == standby;
    }
};
CarryingSupplies carryingSupplies(const PowerChain& c, const PowerElement& e,
                                  const std::vector<char>& alive);

/// @brief The load flow over the whole chain: each load split over its live feeds, then each
/// element's input carried up to its live supplies, from the racks to the sources.
class LoadFlow {
public:
    LoadFlow(const DesignData& d, const PowerTopology& topo, std::vector<FeedLoad> loads);

    const std::vector<FeedLoad>& loads() const { return m_loads; }

    /// Loads with @p failed out of service (invalid: normal operation).
    FailureCase run(PowerElementId failed) const;

private:
    void carryUp(PowerElementId id, FailureCase& s) const;

    const PowerChain& m_c;
    const PowerTopology& m_topo;
    std::vector<FeedLoad> m_loads;
    std::size_t m_n;
};

} // namespace cds
