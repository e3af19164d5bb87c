#pragma once

#include "../DesignData.h"
#include "FatTreePlan.h"

#include <optional>
#include <vector>

namespace cds {

/// @brief One leaf to build: the endpoint ports it serves and where it belongs.
struct LeafSpec {
    std::int16_t group = -1; ///< scalable unit
    std::int16_t rail = -1;  ///< rail-optimized: the NIC index all its endpoints share
    std::vector<PortRef> down;
};

/// @brief A switch model as one fabric uses it: breakout matched to the endpoint speed.
struct SwitchChoice {
    TypeId type;
    int breakout = 1;
    int firstPort = 0; ///< first logical fabric port
    int radix = 0;     ///< logical fabric ports at that breakout
    double laneGbps = 0;
};

/// The breakout of @p type whose lane speed equals @p endpointGbps (800G cage -> 2 x 400G),
/// or nullopt when no split matches.
std::optional<SwitchChoice> chooseSwitch(const DesignData& d, TypeId type, double endpointGbps);

struct BuiltFabric {
    std::vector<DeviceId> leaves, spines, cores;
};

/// Adds the switches (unplaced) and links of @p plan to @p d: leaves in order, their
/// downlinks on the first fabric ports, uplinks after plan.leafDown; balanced as planned.
BuiltFabric buildFatTree(DesignData& d, FabricId fabric, const SwitchChoice& sw,
                         const FatTreePlan& plan, const std::vector<LeafSpec>& leaves,
                         const QString& prefix);

} // namespace cds
