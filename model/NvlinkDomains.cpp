#include "NvlinkDomains.h"

#include <algorithm>
#include <map>

namespace cds {

std::vector<NvlinkDomain> nvlinkDomains(const DesignData& d) {
    // (rack name, type) -> hosts, so domains come out in rack order.
    std::map<std::pair<QString, TypeId>, std::vector<DeviceId>> groups;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        const CatalogItem& t = d.typeOf(v);
        if (t.gpuCount() <= 0)
            return;
        const Rack* r = d.racks.find(v.rack);
        groups[{r ? r->name : QString(), v.type}].push_back(id);
    });
    std::vector<NvlinkDomain> out;
    for (auto& [key, ids] : groups) {
        const CatalogItem& t = d.catalog[key.second];
        std::sort(ids.begin(), ids.end(), [&](DeviceId a, DeviceId b) {
            const Device &x = d.devices[a], &y = d.devices[b];
            return std::tie(x.uPosition, x.name) < std::tie(y.uPosition, y.name);
        });
        const int per = std::max(1, t.nvlinkDomainGpus() / std::max(1, t.gpuCount()));
        const bool multi = per > 1 || t.rackScale;
        const std::size_t count = (ids.size() + std::size_t(per) - 1) / std::size_t(per);
        for (std::size_t k = 0; k < count; ++k) {
            NvlinkDomain dom;
            dom.multiNode = multi;
            for (std::size_t i = k * std::size_t(per);
                 i < std::min(ids.size(), (k + 1) * std::size_t(per)); ++i)
                dom.nodes.push_back(ids[i]);
            dom.gpus = int(dom.nodes.size()) * t.gpuCount();
            if (!multi || key.first.isEmpty())
                dom.name = d.devices[dom.nodes.front()].name;
            else
                dom.name =
                    count == 1 ? key.first : QStringLiteral("%1-nvl%2").arg(key.first).arg(k + 1);
            out.push_back(std::move(dom));
        }
    }
    return out;
}

} // namespace cds
