#include "../rules/Rule.h"

namespace cds {

// The fabric engine's rules (port use, oversubscription, balance, rails, reach) register here.
void registerFabricRules(RuleRegistry&) {}

} // namespace cds
