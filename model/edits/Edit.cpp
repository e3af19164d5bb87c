#include "Edit.h"

#include "../DesignIndex.h"

#include <set>

namespace cds {

std::unique_ptr<ObjectsEdit> ObjectsEdit::addition(const DesignData& d, QString text,
                                                   std::vector<Rack> racks,
                                                   std::vector<Device> devices,
                                                   std::vector<Link> links,
                                                   std::vector<CatalogItem> types) {
    Objects o;
    o.types = std::move(types);
    auto rid = d.racks.nextId().value();
    for (auto& r : racks)
        o.racks.emplace_back(RackId(rid++), std::move(r));
    auto did = d.devices.nextId().value();
    for (auto& v : devices)
        o.devices.emplace_back(DeviceId(did++), std::move(v));
    auto lid = d.links.nextId().value();
    for (auto& l : links)
        o.links.emplace_back(LinkId(lid++), std::move(l));
    return std::unique_ptr<ObjectsEdit>(new ObjectsEdit(std::move(text), true, std::move(o)));
}

std::unique_ptr<ObjectsEdit> ObjectsEdit::removal(const DesignData& d, QString text,
                                                  const std::vector<RackId>& racks,
                                                  const std::vector<DeviceId>& devices,
                                                  const std::vector<LinkId>& links) {
    DesignIndex index(d);
    std::set<RackId> rs;
    std::set<DeviceId> ds;
    std::set<LinkId> ls;
    for (RackId r : racks)
        if (d.racks.contains(r)) {
            rs.insert(r);
            for (DeviceId dev : index.devicesIn(r))
                ds.insert(dev);
        }
    for (DeviceId dev : devices)
        if (d.devices.contains(dev))
            ds.insert(dev);
    for (LinkId l : links)
        if (d.links.contains(l))
            ls.insert(l);
    if (!ds.empty()) {
        d.links.forEach([&](LinkId id, const Link& l) {
            if (ds.count(l.a.device) || ds.count(l.b.device))
                ls.insert(id);
        });
    }
    Objects o;
    for (RackId r : rs)
        o.racks.emplace_back(r, d.racks[r]);
    for (DeviceId dev : ds)
        o.devices.emplace_back(dev, d.devices[dev]);
    for (LinkId l : ls)
        o.links.emplace_back(l, d.links[l]);
    return std::unique_ptr<ObjectsEdit>(new ObjectsEdit(std::move(text), false, std::move(o)));
}

void ObjectsEdit::insert(Design& d) {
    d.embedTypes(m_objects.types);
    for (const auto& [id, r] : m_objects.racks)
        d.insertRack(id, r);
    for (const auto& [id, v] : m_objects.devices)
        d.insertDevice(id, v);
    for (const auto& [id, l] : m_objects.links)
        d.insertLink(id, l);
}

void ObjectsEdit::erase(Design& d) {
    for (auto it = m_objects.links.rbegin(); it != m_objects.links.rend(); ++it)
        d.removeLink(it->first);
    for (auto it = m_objects.devices.rbegin(); it != m_objects.devices.rend(); ++it)
        d.removeDevice(it->first);
    for (auto it = m_objects.racks.rbegin(); it != m_objects.racks.rend(); ++it)
        d.removeRack(it->first);
    d.dropLastTypes(m_objects.types.size());
}

DocumentProps DocumentProps::of(const DesignData& d) {
    return {d.meta, d.hall, d.settings, d.fabrics, d.priceOverrides, d.waivers};
}

void DocumentEdit::set(Design& d, const DocumentProps& p) {
    d.setMeta(p.meta);
    d.setHall(p.hall);
    d.setSettings(p.settings);
    d.setFabrics(p.fabrics);
    d.setPriceOverrides(p.priceOverrides);
    d.setWaivers(p.waivers);
}

} // namespace cds
