#include "FoundationRules.h"

namespace cds {

void registerFoundationRules(RuleRegistry& r) {
    r.add(std::make_unique<RackSpaceRule>());
    r.add(std::make_unique<PowerDensityRule>());
    r.add(std::make_unique<MissingDataRule>());
    r.add(std::make_unique<RackWeightRule>());
    r.add(std::make_unique<RackPlacementRule>());
    r.add(std::make_unique<SiteRule>());
    r.add(std::make_unique<UnconnectedPortRule>());
    r.add(std::make_unique<LiquidCoolingRule>());
    r.add(std::make_unique<AirflowRule>());
    r.add(std::make_unique<HostNameRule>());
}

} // namespace cds
