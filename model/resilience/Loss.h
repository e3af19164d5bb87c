#pragma once

#include "FailureModel.h"

#include <vector>

namespace cds {

/// @brief What a failure set loses: the GPUs and racks ImpactCalculator::run() reports as
/// gpusLost and racksDown, computed from the healthy state and only what the failures reach
/// (the power chain elements they kill, the racks those feed, the CDU plant's capacity). The
/// resilience rules ask it about every element of the design: at 500,000 GPUs a full run
/// per element took 18 s, this takes what the element touches.
class LossCalculator {
public:
    explicit LossCalculator(const FailureModel& m);
    struct Loss {
        int gpusLost = 0;
        int racksDown = 0;
    };
    /// Network failures (a tray) lose nothing here: the network only degrades.
    Loss run(const std::vector<FailureElement>& failed);
    const FailureModel& model() const { return m_m; }

private:
    struct Totals {
        int gpus = 0, racks = 0;
    };
    void touchRack(std::uint32_t rack);
    void mark(const std::vector<FailureElement>& failed);
    bool powerDown(std::uint32_t rack) const;
    bool finalDown(std::uint32_t rack, bool plantOk) const;
    bool healthyDown(std::uint32_t rack, bool plantOk) const;
    double plantCapacity() const;
    void clear();

    const FailureModel& m_m;
    std::vector<int> m_rackGpus;            ///< GPUs of the servers in each live rack
    std::vector<std::uint32_t> m_feedStart; ///< per power element: its racks in m_feedRacks
    std::vector<std::uint32_t> m_feedRacks; ///< racks fed by each element (CSR)
    std::vector<std::vector<std::uint32_t>> m_rackCdus; ///< plant CDUs standing in each rack
    std::vector<std::uint8_t> m_plantCdu;               ///< per device: a plant CDU
    std::vector<std::uint8_t> m_healthyPowerDown;       ///< per rack, nothing failed
    double m_capTotal = 0, m_capHealthy = 0; ///< plant CDU capacity: all; running when healthy
    Totals m_totals[2];                      ///< healthy losses: [0] plant short, [1] plant ok
    // Scratch, all zero between runs:
    std::vector<std::uint8_t> m_rackFlags, m_devFailed, m_dead, m_touched, m_down;
    std::vector<std::uint32_t> m_racks, m_devs, m_powerFailed, m_deadList;
};

} // namespace cds
