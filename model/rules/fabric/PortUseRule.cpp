#include "../FindingCodes.h"
#include "FabricRules.h"

namespace cds {

QStringList PortUseRule::codes() const {
    return {codes::kPortDoubleUse, codes::kPortInvalid};
}

void PortUseRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    for (const PortRef& p : ctx.index.doubleUsedPorts()) {
        const Device& dev = d.devices[p.device];
        const auto lp = d.typeOf(dev).logicalPort(dev.breakout, p.port);
        out.push_back({codes::kPortDoubleUse,
                       Severity::Error,
                       QStringLiteral("port %1 of %2 carries more than one link")
                           .arg(lp ? lp->name : QString::number(p.port), dev.name),
                       {ObjectRef::device(p.device)},
                       name(),
                       QStringLiteral("one link per port")});
    }
    d.links.forEach([&](LinkId id, const Link& l) {
        for (const PortRef& p : {l.a, l.b}) {
            const Device* dev = d.devices.find(p.device);
            if (!dev) {
                out.push_back({codes::kPortInvalid,
                               Severity::Error,
                               QStringLiteral("a link ends on a device that does not exist"),
                               {ObjectRef::link(id)},
                               name(),
                               QStringLiteral("both ends on existing devices")});
            }
        }
    });
}

} // namespace cds
