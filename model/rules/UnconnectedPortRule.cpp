#include "FindingCodes.h"
#include "FoundationRules.h"

#include "../PortTable.h"

namespace cds {

QStringList UnconnectedPortRule::codes() const {
    return {codes::kPortUnconnected};
}

void UnconnectedPortRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    PortTable ports(d.catalog); // flat port facts: no per-port strings unless one is missing
    d.devices.forEach([&](DeviceId id, const Device& dev) {
        const CatalogItem& t = d.typeOf(dev);
        QStringList missing;
        const int n = ports.portCount(dev);
        for (int p = 0; p < n; ++p) {
            if (ports.info(dev, p).required && !ctx.index.linkAt({id, std::uint16_t(p)}))
                missing << t.logicalPort(dev.breakout, p)->name;
        }
        if (missing.isEmpty())
            return;
        out.push_back({codes::kPortUnconnected,
                       Severity::Error,
                       QStringLiteral("%1 has %2 required port%3 unconnected: %4")
                           .arg(dev.name)
                           .arg(missing.size())
                           .arg(missing.size() == 1 ? QString() : QStringLiteral("s"))
                           .arg(missing.join(QStringLiteral(", "))),
                       {ObjectRef::device(id)},
                       name(),
                       QStringLiteral("ports marked required in the catalog entry %1").arg(t.id)});
    });
}

} // namespace cds
