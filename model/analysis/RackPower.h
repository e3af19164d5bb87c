#pragma once

#include "../metrics/Metrics.h"

#include <vector>

namespace cds {

/// Where a rack's load stands against its envelope.
enum class PowerStatus : std::uint8_t { Ok, Warning, Over };

/// @brief One bar of the power-per-rack chart: the load and the envelope it is judged by.
struct RackPower {
    RackId rack;
    QString name;
    CoolingType cooling = CoolingType::Air;
    double kw = 0;        ///< nameplate maximum of the devices whose power is known
    int powerMissing = 0; ///< devices without a power figure (the bar is then a lower bound)
    double warnKw = 0;
    double maxKw = 0;
    /// What set warnKw and maxKw: the rack's cooling product, a rack-scale system's own
    /// rating, or its cooling type (rackEnvelope()'s label).
    QString envelope;
    PowerStatus status = PowerStatus::Ok;
};

/// Status by the same thresholds as PowerDensityRule: above warnKw a warning, above maxKw over.
PowerStatus powerStatus(double kw, const CoolingEnvelope& e);

/// One entry per live rack, in id order (as Metrics::perRack).
std::vector<RackPower> rackPower(const DesignData& d, const Metrics& m);

} // namespace cds
