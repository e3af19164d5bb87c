#include "FabricRules.h"

namespace cds {

void registerFabricRules(RuleRegistry& r) {
    r.add(std::make_unique<PortUseRule>());
    r.add(std::make_unique<PortMismatchRule>());
    r.add(std::make_unique<PortExhaustionRule>());
    r.add(std::make_unique<OversubscriptionRule>());
    r.add(std::make_unique<WiringBalanceRule>());
    r.add(std::make_unique<RailAlignmentRule>());
    r.add(std::make_unique<HopCountRule>());
    r.add(std::make_unique<CableReachRule>());
    r.add(std::make_unique<InterHallMediaRule>());
    r.add(std::make_unique<PathwayRule>());
}

} // namespace cds
