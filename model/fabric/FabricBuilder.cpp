#include "FabricBuilder.h"

#include "../PortTable.h"

#include <cmath>

namespace cds {

namespace {

QString numbered(const QString& prefix, const char* role, int n) {
    return QStringLiteral("%1-%2-%3").arg(prefix, QLatin1String(role)).arg(n, 4, 10, QChar(u'0'));
}

PortRef port(DeviceId dev, int p) {
    return {dev, std::uint16_t(p)};
}

} // namespace

std::optional<SwitchChoice> chooseSwitch(const DesignData& d, TypeId type, double endpointGbps) {
    const CatalogItem& t = d.catalog[type];
    const int fabricPorts = t.portCount(PortRole::Fabric);
    const int first = t.firstPort(PortRole::Fabric);
    if (fabricPorts == 0 || first < 0)
        return std::nullopt;
    const double speed = t.ports[std::size_t(first)].speedGbps;
    std::vector<int> splits{1};
    if (t.switchSpec)
        splits.insert(splits.end(), t.switchSpec->breakouts.begin(), t.switchSpec->breakouts.end());
    for (int b : splits) {
        if (b >= 1 && std::abs(speed / b - endpointGbps) < 1e-6) {
            SwitchChoice c;
            c.type = type;
            c.breakout = b;
            c.firstPort = firstLogicalPort(t, b, PortRole::Fabric);
            c.radix = fabricPorts * b;
            c.laneGbps = speed / b;
            return c;
        }
    }
    return std::nullopt;
}

BuiltFabric buildFatTree(DesignData& d, FabricId fabric, const SwitchChoice& sw,
                         const FatTreePlan& plan, const std::vector<LeafSpec>& leaves,
                         const QString& prefix) {
    BuiltFabric out;
    auto addSwitch = [&](const QString& name, Tier tier, int group, int rail) {
        Device v;
        v.name = name;
        v.type = sw.type;
        v.fabric = fabric;
        v.tier = tier;
        v.group = std::int16_t(group);
        v.rail = std::int16_t(rail);
        v.breakout = std::uint8_t(sw.breakout);
        return d.devices.add(std::move(v));
    };
    auto link = [&](PortRef a, PortRef b) {
        Link l;
        l.a = a;
        l.b = b;
        l.fabric = fabric;
        d.links.add(std::move(l));
    };
    const int f0 = sw.firstPort;
    for (std::size_t i = 0; i < leaves.size(); ++i) {
        const LeafSpec& ls = leaves[i];
        const DeviceId leaf =
            addSwitch(numbered(prefix, "leaf", int(i) + 1), Tier::Leaf, ls.group, ls.rail);
        out.leaves.push_back(leaf);
        for (std::size_t p = 0; p < ls.down.size(); ++p)
            link(ls.down[p], port(leaf, f0 + int(p)));
    }
    if (plan.tiers < 2)
        return out;
    const int up0 = f0 + plan.leafDown;
    for (int s = 0; s < plan.spines; ++s) {
        const int pod = s / plan.spinesPerPod;
        out.spines.push_back(addSwitch(numbered(prefix, "spine", s + 1), Tier::Spine,
                                       plan.tiers == 3 ? pod : -1, -1));
    }
    const int lps = plan.linksPerLeafSpine;
    for (std::size_t l = 0; l < out.leaves.size(); ++l) {
        const int pod = int(l) / plan.leavesPerPod;
        const int local = int(l) % plan.leavesPerPod;
        for (int j = 0; j < plan.spinesPerPod; ++j) {
            const DeviceId spine = out.spines[std::size_t(pod * plan.spinesPerPod + j)];
            for (int m = 0; m < lps; ++m)
                link(port(out.leaves[l], up0 + j * lps + m), port(spine, f0 + local * lps + m));
        }
    }
    if (plan.tiers < 3)
        return out;
    const int lsc = plan.linksPerSpineCore;
    for (int c = 0; c < plan.cores; ++c)
        out.cores.push_back(addSwitch(numbered(prefix, "core", c + 1), Tier::Core, -1, -1));
    for (int pod = 0; pod < plan.pods; ++pod) {
        for (int j = 0; j < plan.spinesPerPod; ++j) {
            const DeviceId spine = out.spines[std::size_t(pod * plan.spinesPerPod + j)];
            for (int c = 0; c < plan.coresPerPlane; ++c) {
                const DeviceId core = out.cores[std::size_t(j * plan.coresPerPlane + c)];
                for (int m = 0; m < lsc; ++m)
                    link(port(spine, f0 + plan.spineDown + c * lsc + m),
                         port(core, f0 + pod * lsc + m));
            }
        }
    }
    return out;
}

} // namespace cds
