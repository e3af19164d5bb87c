#pragma once

#include "Operations.h"

namespace cds::edits {

/// Sets @p racks to cooling @p type with the cooling product @p productId installed (empty:
/// none, and the design's envelope for the type applies). The product is looked up in
/// @p library, then in the design's own catalog, and travels inside the Edit when the design
/// does not hold it yet. Refused when it is unknown or not a product for that type.
Result setRackCooling(const DesignData& d, const Catalog& library, const std::vector<RackId>& racks,
                      CoolingType type, const QString& productId);

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
