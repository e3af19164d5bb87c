#pragma once

#include "Impact.h"

namespace cds {

/// @brief What one element's failure alone loses (power and cooling: the network only
/// degrades).
struct ElementLoss {
    FailureElement element;
    int gpusLost = 0;
    int racksDown = 0;
};

/// @brief One power chain element's failure alone, seen from the racks' feeds.
struct PowerElementLoss {
    std::uint32_t element = 0;  ///< PowerElementId value
    std::vector<RackId> racks;  ///< left with no live feed, in id order
    std::vector<RackId> shared; ///< of those, the racks whose A and B feeds are both on the chain
    int gpus = 0;               ///< GPUs in those racks
    bool holdsCdus = false;     ///< a rack lost holds plant CDUs: the plant may fall short too
};

/// Every element of the power chain whose failure alone leaves a rack with no live feed, in id
/// order. Racks are grouped by the elements feeding them, so each element is one pass over
/// the chain and a few groups (cheap at 100,000 GPUs).
std::vector<PowerElementLoss> powerElementLosses(const FailureModel& m);

/// Every single element whose failure alone loses GPUs: feeds and PDUs of racks that one
/// feed cannot carry, rack cooling products the room's air cannot stand in for, plant CDUs
/// and power chain elements; in id order. Local losses are counted from the rack, the rest
/// from the feeds or by running the impact, so this stays cheap at 100,000 GPUs.
std::vector<ElementLoss> singleElementLosses(ImpactCalculator& calc);

/// GPUs in one scalable unit of the compute fabric: servers per SU x GPUs per server.
int scalableUnitGpus(const DesignData& d);

} // namespace cds
