#pragma once

#include "FailureModel.h"

#include <vector>

namespace cds {

/// @brief What the failure of a set of elements takes down.
struct ImpactResult {
    std::vector<FailureElement> failed;
    int gpusTotal = 0;
    int gpusLost = 0;     ///< no power, no cooling, or the server (or its rack) itself
    int gpusDegraded = 0; ///< running, with a rail or plane lost (its NIC's link or leaf)
    int gpusIsolated = 0; ///< of the degraded: every compute link of the server lost
    int racksDown = 0;
    int nvlinkDomainsBroken = 0;
    double bisectionBeforeTbps = 0, bisectionAfterTbps = 0;
    /// The largest set of GPUs still connected at the design's oversubscription: whole
    /// healthy servers, in one connected part of the fabric, no more per leaf than its
    /// remaining uplinks carry at the design's ratio.
    int largestJobGpusBefore = 0, largestJobGpus = 0;
    int linksCut = 0; ///< compute cables down (an end failed, or their tray)
    // The affected objects (filled when details are asked for):
    std::vector<RackId> racksDownList;
    std::vector<DeviceId> serversLost, serversDegraded, switchesDown;
    /// Worse first: more GPUs lost, then degraded, then more bisection lost, then a smaller
    /// largest job.
    bool worseThan(const ImpactResult& o) const;
};

/// @brief Computes impacts on one FailureModel: the healthy figures once, then each failure
/// set in a few passes over flat arrays (an N-1 sweep runs thousands).
class ImpactCalculator {
public:
    explicit ImpactCalculator(const FailureModel& model);
    /// @p details: also list the racks, servers and switches affected.
    ImpactResult run(const std::vector<FailureElement>& failed, bool details = true);
    const FailureModel& model() const { return m_m; }
    const ImpactResult& healthy() const { return m_healthy; }

private:
    void applyFailures(const std::vector<FailureElement>& failed);
    void powerAndCooling();
    void network(ImpactResult& r);
    void servers(ImpactResult& r, bool details);
    void nvlink(ImpactResult& r, bool details);
    void largestJob(ImpactResult& r);
    bool down(std::uint32_t dev) const {
        const std::uint32_t rack = m_m.rackOf(dev);
        return m_devDown[dev] || (rack != UINT32_MAX && m_rackDown[rack]);
    }
    const FailureModel& m_m;
    ImpactResult m_healthy;
    std::vector<std::uint8_t> m_devDown, m_rackDown, m_rackFlags, m_linkDead;
    std::vector<std::uint8_t> m_powerFailed, m_powerDown; ///< power chain, by element id
    std::vector<float> m_upBefore, m_upAfter;
    std::vector<int> m_downLinksBefore;
    std::vector<std::uint8_t> m_serverUsable;
    std::vector<std::uint32_t> m_uf;
    std::vector<int> m_used;
    double m_levelGbps[3] = {0, 0, 0}; ///< live compute bandwidth per tier level, last run
    double m_healthyLevel2 = 0;        ///< spine-core bandwidth with nothing failed
};

} // namespace cds
