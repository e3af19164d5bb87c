#include "FindingCodes.h"
#include "FoundationRules.h"

namespace cds {

namespace {
constexpr double kWarnShare = 0.9; ///< of the room's air cooling capacity
} // namespace

QStringList AirflowRule::codes() const {
    return {codes::kCoolingAirflow};
}

void AirflowRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignSettings& s = ctx.design.settings;
    const Metrics& m = ctx.metrics;
    const double capacity = s.roomAirCoolingKw;
    if (capacity <= 0 || m.airHeatKw <= kWarnShare * capacity)
        return;
    const bool over = m.airHeatKw > capacity;
    out.push_back(
        {codes::kCoolingAirflow,
         over ? Severity::Error : Severity::Warning,
         QStringLiteral("The room's air must remove %1 kW (%2 CFM at a %3 F rise), %4 its air "
                        "cooling capacity of %5 kW")
             .arg(m.airHeatKw, 0, 'f', 1)
             .arg(m.airflowCfm, 0, 'f', 0)
             .arg(s.airDeltaTF, 0, 'f', 0)
             .arg(over ? QStringLiteral("above") : QStringLiteral("more than 90 % of"))
             .arg(capacity, 0, 'f', 0),
         {},
         name(),
         QStringLiteral("air heat (air racks, rear-door overflow, %1 % of direct-liquid racks) "
                        "<= %2 kW, warn above 90 %; CFM = 3.16 x W / dT(F); inlet class %3")
             .arg(s.liquidAirSharePct, 0, 'f', 0)
             .arg(capacity, 0, 'f', 0)
             .arg(inletClassText(s.inletClass))});
}

} // namespace cds
