#pragma once

#include "Operations.h"

namespace cds::edits {

/// Sets @p racks to cooling @p type with @p product installed (invalid: none, and the design's
/// envelope for the type applies). Refused when the product is not one of the design's cooling
/// entries for that type.
Result setRackCooling(const DesignData& d, const std::vector<RackId>& racks, CoolingType type,
                      TypeId product);

/// @brief The room's air side, as the Hall dialog edits it (DesignSettings keeps it).
struct RoomAir {
    InletClass inletClass = InletClass::A2;
    double deltaTF = 20;
    double liquidAirSharePct = 20;
    double capacityKw = 0;
    static RoomAir of(const DesignSettings& s);
    bool operator==(const RoomAir&) const = default;
};
/// Why @p air cannot be a design's (empty when it can): the ranges the file reader takes.
QString roomAirProblem(const RoomAir& air);

} // namespace cds::edits
