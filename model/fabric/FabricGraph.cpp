#include "FabricGraph.h"

#include "PortTable.h"

#include <algorithm>

namespace cds {

FabricGraph buildFabricGraph(const DesignData& d, FabricId f) {
    FabricGraph g;
    g.nodes.resize(d.devices.capacity());
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (v.fabric == f && v.tier != Tier::None)
            g.switches[std::size_t(v.tier)].push_back(id);
    });
    PortTable ports(d.catalog);
    d.links.forEach([&](LinkId, const Link& l) {
        if (l.fabric != f)
            return;
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (!a || !b)
            return;
        const double s =
            std::min(ports.info(*a, l.a.port).speedGbps, ports.info(*b, l.b.port).speedGbps);
        DeviceId lo = l.a.device, hi = l.b.device;
        const Device *vlo = a, *vhi = b;
        if (vlo->tier > vhi->tier) {
            std::swap(lo, hi);
            std::swap(vlo, vhi);
        }
        if (vhi->tier == Tier::None || vlo->tier == vhi->tier || vhi->fabric != f)
            return;
        if (vlo->tier != Tier::None && vlo->fabric == f) {
            g.nodes[lo.value()].upGbps += s;
            g.nodes[lo.value()].up.push_back({hi, s});
        }
        g.nodes[hi.value()].downGbps += s;
    });
    return g;
}

} // namespace cds
