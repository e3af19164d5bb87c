#include "FindingCodes.h"
#include "FoundationRules.h"

#include <algorithm>

namespace cds {

QStringList RackSpaceRule::codes() const {
    return {codes::kRackUOverlap, codes::kRackUOverflow};
}

void RackSpaceRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    d.racks.forEach([&](RackId rid, const Rack& rack) {
        const auto& devs = ctx.index.devicesIn(rid);
        const int capacity = d.typeOf(rack).rack ? d.typeOf(rack).rack->uCapacity : 0;
        struct Span {
            int lo, hi;
            DeviceId id;
        };
        std::vector<Span> spans;
        for (DeviceId id : devs) {
            const Device& dev = d.devices[id];
            if (d.typeOf(dev).uHeight == 0 && dev.uPosition == 0)
                continue; // 0U: PDUs in the side channel, floor-standing CDUs
            const int h = std::max(1, d.typeOf(dev).uHeight);
            const int top = dev.uPosition + h - 1;
            spans.push_back({dev.uPosition, top, id});
            if (top > capacity) {
                out.push_back({codes::kRackUOverflow,
                               Severity::Error,
                               QStringLiteral("%1 in %2 occupies U%3-U%4 but the rack has %5U")
                                   .arg(dev.name, rack.name)
                                   .arg(dev.uPosition)
                                   .arg(top)
                                   .arg(capacity),
                               {ObjectRef::rack(rid), ObjectRef::device(id)},
                               name(),
                               QStringLiteral("rack capacity %1U").arg(capacity)});
            }
        }
        std::sort(spans.begin(), spans.end(),
                  [](const Span& a, const Span& b) { return a.lo < b.lo; });
        for (std::size_t i = 0; i < spans.size(); ++i) {
            for (std::size_t j = i + 1; j < spans.size() && spans[j].lo <= spans[i].hi; ++j) {
                const Device& a = d.devices[spans[i].id];
                const Device& b = d.devices[spans[j].id];
                out.push_back({codes::kRackUOverlap,
                               Severity::Error,
                               QStringLiteral("%1 (U%2-U%3) and %4 (U%5-U%6) overlap in %7")
                                   .arg(a.name)
                                   .arg(spans[i].lo)
                                   .arg(spans[i].hi)
                                   .arg(b.name)
                                   .arg(spans[j].lo)
                                   .arg(spans[j].hi)
                                   .arg(rack.name),
                               {ObjectRef::rack(rid), ObjectRef::device(spans[i].id),
                                ObjectRef::device(spans[j].id)},
                               name(),
                               QStringLiteral("one device per U")});
            }
        }
    });
}

} // namespace cds
