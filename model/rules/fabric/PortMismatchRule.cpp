#include "../FindingCodes.h"
#include "FabricRules.h"

#include "../../cabling/MediaChooser.h"

#include <cmath>

namespace cds {

QStringList PortMismatchRule::codes() const {
    return {codes::kLinkSpeedMismatch, codes::kLinkMediumMismatch};
}

void PortMismatchRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    PortTable ports(d.catalog);
    MediaChooser chooser(d, ports);
    d.links.forEach([&](LinkId id, const Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (!a || !b)
            return;
        const PortInfo& pa = ports.info(*a, l.a.port);
        const PortInfo& pb = ports.info(*b, l.b.port);
        if (!pa.valid || !pb.valid)
            return;
        if (std::abs(pa.speedGbps - pb.speedGbps) > 1e-6)
            out.push_back({codes::kLinkSpeedMismatch,
                           Severity::Warning,
                           QStringLiteral("%1 (%2G) to %3 (%4G): the link runs at %5G")
                               .arg(a->name)
                               .arg(pa.speedGbps)
                               .arg(b->name)
                               .arg(pb.speedGbps)
                               .arg(std::min(pa.speedGbps, pb.speedGbps)),
                           {ObjectRef::link(id), ObjectRef::device(l.a.device),
                            ObjectRef::device(l.b.device)},
                           name(),
                           QStringLiteral("both ends at the same port speed")});
        if (l.pinnedMedium && d.catalog.contains(l.pinnedMedium) &&
            !chooser.fits(l.pinnedMedium, chooser.ends(ctx.index, l)))
            out.push_back({codes::kLinkMediumMismatch,
                           Severity::Error,
                           QStringLiteral("pinned medium %1 does not fit %2 to %3 (speed, "
                                          "technology or cage)")
                               .arg(d.catalog[l.pinnedMedium].id, a->name, b->name),
                           {ObjectRef::link(id)},
                           name(),
                           QStringLiteral("medium speed = link speed, plug fits both cages")});
    });
}

} // namespace cds
