#pragma once

#include "LoadFlow.h"

#include <cstddef>
#include <vector>

namespace cds {

/// @brief What one element's failure changes: the elements re-flowed, the racks it darkens.
struct FailureDelta {
    /// The live elements whose load the failure can change, re-flowed (some may come out at
    /// their normal load); every other live element keeps its normal load, the dead carry none.
    std::vector<PowerElementId> changed;
    int racksLost = 0;                 ///< racks with no live feed, those dark already included
    std::vector<std::size_t> darkened; ///< feed loads it leaves dark, ascending
};

/// @brief The N-1 cases of the load flow, each re-flowing only what its failure can change:
/// the elements it cuts off, the feeds that take their racks over, the supplies that share
/// their load, and everything above those. The sum is the same as LoadFlow::run's, term by
/// term in the same order, so each figure is the same to the bit; the cost is the affected
/// part of the chain, not the whole chain once per element.
class FailureFlow {
public:
    /// @p normal: @p loads flowed with nothing failed; both must outlive this.
    FailureFlow(const PowerChain& c, const PowerTopology& topo, const std::vector<FeedLoad>& loads,
                const FailureCase& normal);

    /// @p failed out of service. Valid, with kw() and gpuKw(), until the next run.
    const FailureDelta& run(PowerElementId failed);
    double kw(PowerElementId id) const { return m_kw[id.value()]; }
    double gpuKw(PowerElementId id) const { return m_gpuKw[id.value()]; }

private:
    void restore();
    void cutOff(PowerElementId failed);
    void markChanged();
    void reflow();
    void carryInto(PowerElementId to, PowerElementId from, double& kw, double& gpuKw) const;
    void darken();
    bool fed(PowerElementId id) const;

    const PowerChain& m_c;
    const PowerTopology& m_topo;
    const std::vector<FeedLoad>& m_loads;
    const FailureCase& m_normal;
    std::vector<char> m_alive;         ///< the current failure's; restored before the next
    std::vector<double> m_kw, m_gpuKw; ///< likewise
    std::vector<std::size_t> m_pos;    ///< each element's place in PowerTopology::sourcesFirst()
    std::vector<char> m_changed;
    std::vector<char> m_loadSeen;
    std::vector<std::vector<std::size_t>> m_loadsOn; ///< the loads each element feeds, ascending
    /// The elements drawing from each element, each once, last in sourcesFirst() first: the
    /// order the whole-chain flow carries their input up in.
    std::vector<std::vector<PowerElementId>> m_carriers;
    std::vector<PowerElementId> m_dead; ///< the failed element and what it cut off
    FailureDelta m_delta;
};

} // namespace cds
