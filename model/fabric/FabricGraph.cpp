#include "FabricGraph.h"

#include "../PortTable.h"

#include <algorithm>

namespace cds {

namespace {
/// Adds one fabric's links to its graph: @p g is the graph of @p f.
void addLink(FabricGraph& g, FabricId f, const DesignData& d, PortTable& ports, const Link& l) {
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
}

void addSwitches(FabricGraph& g, FabricId f, const DesignData& d) {
    g.nodes.resize(d.devices.capacity());
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (v.fabric == f && v.tier != Tier::None)
            g.switches[std::size_t(v.tier)].push_back(id);
    });
}
} // namespace

FabricGraph buildFabricGraph(const DesignData& d, FabricId f) {
    FabricGraph g;
    addSwitches(g, f, d);
    PortTable ports(d.catalog);
    d.links.forEach([&](LinkId, const Link& l) {
        if (l.fabric == f)
            addLink(g, f, d, ports, l);
    });
    return g;
}

std::vector<FabricGraph> buildFabricGraphs(const DesignData& d) {
    std::vector<FabricGraph> graphs(d.fabrics.size());
    for (std::size_t i = 0; i < graphs.size(); ++i)
        addSwitches(graphs[i], FabricId(static_cast<FabricId::Rep>(i)), d);
    PortTable ports(d.catalog);
    d.links.forEach([&](LinkId, const Link& l) {
        if (l.fabric.isValid() && l.fabric.value() < graphs.size())
            addLink(graphs[l.fabric.value()], l.fabric, d, ports, l);
    });
    return graphs;
}

} // namespace cds
