#pragma once

#include "Loss.h"

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
/// order. Racks are grouped by the elements feeding them, and each element's failure is
/// followed down from it, so each costs what it reaches (cheap at 500,000 GPUs).
std::vector<PowerElementLoss> powerElementLosses(const FailureModel& m);

/// Every single element whose failure alone loses GPUs: feeds and PDUs of racks that one
/// feed cannot carry, rack cooling products the room's air cannot stand in for, plant CDUs
/// and power chain elements; in id order. Local losses are counted from the rack, the rest
/// from the feeds or from what each failure reaches (LossCalculator), so this stays cheap at
/// 500,000 GPUs.
std::vector<ElementLoss> singleElementLosses(LossCalculator& calc);

/// GPUs in one scalable unit of the compute fabric: servers per SU x GPUs per server.
int scalableUnitGpus(const DesignData& d);

} // namespace cds
