#pragma once

#include "FailureModel.h"

#include <algorithm>
#include <cstdint>

namespace cds::rackstate {

/// What a failure set does to one rack directly.
enum Flag : std::uint8_t { kRackFailed = 1, kFeedA = 2, kFeedB = 4, kCooling = 8 };

/// Whether rack @p ri is down for want of power, given its @p flags: a feed carries it when
/// it, its PDUs (@p devDown) and the chain element above them (@p elementDead) are up; a 2N
/// rack runs on either feed.
template <class DevDown, class ElementDead>
bool powerDown(const FailureModel::RackInfo& ri, std::uint8_t flags, DevDown devDown,
               ElementDead elementDead) {
    bool ok[2] = {false, false};
    for (int s = 0; s < ri.feeds; ++s) {
        ok[s] = ri.carries[s] && !(flags & (s ? kFeedB : kFeedA));
        for (std::uint32_t pdu : ri.pdus[s])
            ok[s] = ok[s] && !devDown(pdu);
        ok[s] = ok[s] && (ri.feed[s] == UpstreamPower::kNone || !elementDead(ri.feed[s]));
    }
    return (flags & kRackFailed) || !(ok[0] || ok[1]);
}

/// Whether a rack with power is down for want of cooling: its plant fell short, its own
/// product failed, or its rear door failed while it runs above the room's air envelope.
inline bool coolingDown(const FailureModel::RackInfo& ri, std::uint8_t flags, bool plantOk,
                        double airMaxKw) {
    const bool failed = flags & kCooling;
    switch (ri.cooling) {
    case CoolingNeed::None:
        return false;
    case CoolingNeed::Plant:
        return !plantOk;
    case CoolingNeed::Product:
        return failed;
    case CoolingNeed::AirFallback:
        return failed && ri.kw > airMaxKw;
    }
    return false;
}

/// Whether the CDU plant carries its heat with @p running kW of its @p total: a plant already
/// short before any failure is judged against what it had.
inline bool plantOk(double running, double total, double heatKw) {
    return heatKw <= 0 || running >= std::min(heatKw, total) - 1e-6;
}

/// The room's air envelope per rack, kW.
inline double airMaxKw(const FailureModel& m) {
    return m.design().settings.cooling[std::size_t(CoolingType::Air)].maxKw;
}

} // namespace cds::rackstate
