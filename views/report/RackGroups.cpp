#include "RackGroups.h"

#include "views/render/NaturalOrder.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace cds::report {

std::vector<RackId> racksInNaturalOrder(const DesignData& d) {
    std::vector<RackId> ids = d.racks.ids();
    std::stable_sort(ids.begin(), ids.end(), [&](RackId a, RackId b) {
        return render::naturalLess(d.racks[a].name, d.racks[b].name);
    });
    return ids;
}

std::vector<RackGroup> groupIdenticalRacks(const DesignData& d, const DesignIndex& index) {
    // The signature of a rack: type, cooling, then (U, face, device type) of each device.
    using Slot = std::tuple<int, int, TypeId::Rep>;
    using Signature = std::tuple<TypeId::Rep, int, std::vector<Slot>>;
    std::map<Signature, std::size_t> seen;
    std::vector<RackGroup> groups;
    for (RackId id : racksInNaturalOrder(d)) {
        const Rack& r = d.racks[id];
        std::vector<Slot> slots;
        for (DeviceId dev : index.devicesIn(id)) {
            const Device& v = d.devices[dev];
            slots.emplace_back(v.uPosition, int(v.face), v.type.value());
        }
        std::sort(slots.begin(), slots.end());
        Signature sig{r.type.value(), int(r.cooling), std::move(slots)};
        auto [it, added] = seen.try_emplace(std::move(sig), groups.size());
        if (added)
            groups.push_back({});
        groups[it->second].racks.push_back(id);
    }
    return groups;
}

} // namespace cds::report
