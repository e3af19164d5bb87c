#include "../FindingCodes.h"
#include "FabricRules.h"

#include "../../PortTable.h"

#include <unordered_map>

namespace cds {

QStringList PortExhaustionRule::codes() const {
    return {codes::kSwitchPortExhaustion};
}

void PortExhaustionRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    PortTable ports(d.catalog);
    std::unordered_map<std::uint32_t, int> beyond; // device -> links past its last port
    d.links.forEach([&](LinkId, const Link& l) {
        for (const PortRef& p : {l.a, l.b}) {
            const Device* dev = d.devices.find(p.device);
            if (dev && p.port >= ports.portCount(*dev))
                ++beyond[p.device.value()];
        }
    });
    for (const auto& [dev, n] : beyond) {
        const DeviceId id(dev);
        const Device& v = d.devices[id];
        const int have = d.typeOf(v).logicalPortCount(v.breakout);
        out.push_back({codes::kSwitchPortExhaustion,
                       Severity::Error,
                       QStringLiteral("%1 has %2 ports (breakout %3) but %4 more link(s) are "
                                      "planned on it")
                           .arg(v.name)
                           .arg(have)
                           .arg(v.breakout)
                           .arg(n),
                       {ObjectRef::device(id)},
                       name(),
                       QStringLiteral("%1 logical ports of %2").arg(have).arg(d.typeOf(v).id)});
    }
}

} // namespace cds
