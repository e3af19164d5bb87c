#include "Operations.h"

#include "../DesignIndex.h"
#include "../Wording.h"

#include <algorithm>
#include <set>

namespace cds::edits {

namespace {

/// "1 rack", "3 racks": undo texts name what they undo.
QString counted(std::size_t n, const char* noun) {
    return cds::counted((long long)(n), QLatin1String(noun));
}

QString uniqueRackName(const DesignData& d) {
    std::set<QString> names;
    d.racks.forEach([&](RackId, const Rack& r) { names.insert(r.name); });
    for (int n = int(d.racks.size()) + 1;; ++n) {
        const QString name = QStringLiteral("R%1").arg(n, 2, 10, QLatin1Char('0'));
        if (!names.count(name))
            return name;
    }
}

QString uniqueDeviceName(const DesignData& d, const CatalogItem& t) {
    std::set<QString> names;
    d.devices.forEach([&](DeviceId, const Device& v) { names.insert(v.name); });
    QString base = t.id.section(QLatin1Char('-'), 1, 2);
    if (base.isEmpty())
        base = t.id;
    for (int n = 1;; ++n) {
        const QString name = QStringLiteral("%1-%2").arg(base).arg(n, 2, 10, QLatin1Char('0'));
        if (!names.count(name))
            return name;
    }
}

bool mountable(const CatalogItem& item) {
    if (item.powerElement) // power-chain equipment stands on the floor or outside the hall
        return false;
    switch (item.category) {
    case Category::Server:
    case Category::Switch:
    case Category::Power:
    case Category::Storage:
    case Category::Management:
        return true;
    default:
        return false;
    }
}

/// A change of rack positions, refused when a rack would not fit where it goes.
Result placeRacks(const DesignData& d, std::vector<std::pair<RackId, Rack>> after, QString text,
                  int mergeId, const QString& verb) {
    if (const QString p = placementProblem(d, after); !p.isEmpty())
        return Result::refuse(verb + QStringLiteral(": ") + p);
    std::vector<ChangeRacksEdit::Change> changes;
    for (auto& [id, r] : after)
        changes.emplace_back(id, d.racks[id], r);
    return {std::make_unique<ChangeRacksEdit>(std::move(text), std::move(changes), mergeId), {}};
}

/// A device of @p item, named and typed, before it is placed.
Device newDevice(const DesignData& d, TypePlan& types, const CatalogItem& item) {
    Device dev;
    dev.name = uniqueDeviceName(d, item);
    dev.type = types.use(item);
    if (item.category == Category::Switch) {
        dev.fabric = d.findFabric(FabricKind::Compute);
        dev.tier = Tier::Leaf;
    }
    return dev;
}

} // namespace

const CatalogItem* lookUp(const DesignData& d, const Catalog& library, const QString& id) {
    if (const CatalogItem* item = library.item(id))
        return item;
    return d.catalog.item(id);
}

TypeId TypePlan::use(const CatalogItem& item) {
    if (const TypeId t = m_d.catalog.find(item.id))
        return t;
    for (std::size_t i = 0; i < m_new.size(); ++i)
        if (m_new[i].id == item.id)
            return TypeId(TypeId::Rep(m_d.catalog.size() + i));
    m_new.push_back(item);
    return TypeId(TypeId::Rep(m_d.catalog.size() + m_new.size() - 1));
}

Result dropCatalogItem(const DesignData& d, const Catalog& library, const QString& catalogId,
                       PointMm at) {
    const CatalogItem* item = lookUp(d, library, catalogId);
    if (!item)
        return Result::refuse(QStringLiteral("%1 is not in the catalog").arg(catalogId));
    TypePlan types(d);
    if (item->category == Category::Rack) {
        Rack r;
        r.name = uniqueRackName(d);
        r.type = types.use(*item);
        r.centre = snapToTiles(d, r, at, 0, types.pending());
        if (const QString p = placementProblem(d, {{RackId(), r}}, types.pending()); !p.isEmpty())
            return Result::refuse(QStringLiteral("Cannot place the rack: ") + p);
        return {ObjectsEdit::addition(d, QStringLiteral("Place rack %1").arg(r.name), {r}, {}, {},
                                      types.take()),
                {}};
    }
    if (!mountable(*item))
        return Result::refuse(
            QStringLiteral("%1 is not placed by hand: cable routing and cooling choose it")
                .arg(item->model));
    RackId target;
    d.racks.forEach([&](RackId id, const Rack& r) {
        const RectMm f = footprint(d, r);
        if (at.x >= f.x && at.x <= f.x + f.w && at.y >= f.y && at.y <= f.y + f.h)
            target = id;
    });
    if (target) {
        const int u = firstFreeU(d, target, item->uHeight);
        if (u == 0)
            return Result::refuse(QStringLiteral("No %1U space left in %2")
                                      .arg(std::max(1, item->uHeight))
                                      .arg(d.racks[target].name));
        return mountDevice(d, library, item->id, target, u, Face::Front);
    }
    // Dropped on the floor: bring the smallest rack that holds it.
    const CatalogItem* rackType = nullptr;
    for (const CatalogItem& c : library.items())
        if (c.rack && c.rack->uCapacity >= item->uHeight &&
            (!rackType || c.rack->uCapacity < rackType->rack->uCapacity ||
             (c.rack->uCapacity == rackType->rack->uCapacity &&
              c.id == QLatin1String("rack-42u-600x1200"))))
            rackType = &c;
    if (!rackType)
        return Result::refuse(
            QStringLiteral("No rack type in the catalog holds %1U").arg(item->uHeight));
    Rack r;
    r.name = uniqueRackName(d);
    r.type = types.use(*rackType);
    r.centre = snapToTiles(d, r, at, 0, types.pending());
    if (const QString p = placementProblem(d, {{RackId(), r}}, types.pending()); !p.isEmpty())
        return Result::refuse(QStringLiteral("Cannot place the rack: ") + p);
    Device dev = newDevice(d, types, *item);
    dev.rack = d.racks.nextId();
    dev.uPosition = 1;
    const QString text = QStringLiteral("Place %1 in new rack %2").arg(dev.name, r.name);
    return {ObjectsEdit::addition(d, text, {r}, {dev}, {}, types.take()), {}};
}

Result mountDevice(const DesignData& d, const Catalog& library, const QString& catalogId,
                   RackId rack, int u, Face face) {
    const CatalogItem* item = lookUp(d, library, catalogId);
    if (!item)
        return Result::refuse(QStringLiteral("%1 is not in the catalog").arg(catalogId));
    if (item->category == Category::Rack || item->media || item->category == Category::Cooling)
        return Result::refuse(QStringLiteral("%1 does not mount in a U slot").arg(item->model));
    if (const QString p = mountProblem(d, rack, item->uHeight, u); !p.isEmpty())
        return Result::refuse(QStringLiteral("Cannot mount %1: %2").arg(item->model, p));
    TypePlan types(d);
    Device dev = newDevice(d, types, *item);
    dev.rack = rack;
    dev.uPosition = u;
    dev.face = face;
    const QString text =
        QStringLiteral("Mount %1 in %2 U%3").arg(dev.name, d.racks[rack].name).arg(u);
    return {ObjectsEdit::addition(d, text, {}, {dev}, {}, types.take()), {}};
}

Result moveRacks(const DesignData& d, const std::vector<RackTarget>& targets) {
    std::vector<std::pair<RackId, Rack>> after;
    for (const RackTarget& t : targets) {
        if (!d.racks.contains(t.id))
            continue;
        Rack r = d.racks[t.id];
        r.centre = t.centre;
        r.rotationDeg = t.rotationDeg;
        after.emplace_back(t.id, r);
    }
    if (after.empty())
        return Result::refuse(QStringLiteral("Select racks to move"));
    const QString text = after.size() == 1
                             ? QStringLiteral("Move rack %1").arg(after[0].second.name)
                             : QStringLiteral("Move ") + counted(after.size(), "rack");
    return placeRacks(d, std::move(after), text, MergeMoveRacks, QStringLiteral("Cannot move"));
}

Result rotateRacks(const DesignData& d, const std::vector<RackId>& racks) {
    std::vector<std::pair<RackId, Rack>> after;
    for (RackId id : racks) {
        if (!d.racks.contains(id))
            continue;
        Rack r = d.racks[id];
        r.rotationDeg = (r.rotationDeg + 90) % 360;
        r.centre = snapToTiles(d, r, r.centre, r.rotationDeg);
        after.emplace_back(id, r);
    }
    if (after.empty())
        return Result::refuse(QStringLiteral("Select racks to rotate"));
    const QString text = after.size() == 1
                             ? QStringLiteral("Rotate rack %1").arg(after[0].second.name)
                             : QStringLiteral("Rotate ") + counted(after.size(), "rack");
    return placeRacks(d, std::move(after), text, -1, QStringLiteral("Cannot rotate"));
}

Result alignRacks(const DesignData& d, const std::vector<RackId>& racks, Align edge) {
    std::vector<RackId> present;
    for (RackId id : racks)
        if (d.racks.contains(id))
            present.push_back(id);
    if (present.size() < 2)
        return Result::refuse(QStringLiteral("Select two or more racks to align"));
    double line = 1e300;
    for (RackId id : present) {
        const RectMm f = footprint(d, d.racks[id]);
        line = std::min(line, edge == Align::Left ? f.x : f.y);
    }
    std::vector<std::pair<RackId, Rack>> after;
    for (RackId id : present) {
        Rack n = d.racks[id];
        const RectMm f = footprint(d, n);
        if (edge == Align::Left)
            n.centre.x += line - f.x;
        else
            n.centre.y += line - f.y;
        after.emplace_back(id, n);
    }
    const QString text =
        QStringLiteral("Align %1 %2")
            .arg(counted(present.size(), "rack"),
                 edge == Align::Left ? QStringLiteral("left") : QStringLiteral("top"));
    return placeRacks(d, std::move(after), text, -1, QStringLiteral("Cannot align"));
}

QString deletionText(const ObjectsEdit::Objects& o) {
    QStringList parts;
    if (!o.racks.empty())
        parts << counted(o.racks.size(), "rack");
    if (!o.devices.empty())
        parts << counted(o.devices.size(), "device");
    if (!o.links.empty())
        parts << counted(o.links.size(), "cable");
    return parts.isEmpty() ? QString()
                           : QStringLiteral("Delete ") + parts.join(QStringLiteral(", "));
}

Result deleteObjects(const DesignData& d, const std::vector<RackId>& racks,
                     const std::vector<DeviceId>& devices, const std::vector<LinkId>& links) {
    auto probe = ObjectsEdit::removal(d, QString(), racks, devices, links);
    const QString text = deletionText(probe->objects());
    if (text.isEmpty())
        return Result::refuse(QStringLiteral("Nothing selected to delete"));
    return {ObjectsEdit::removal(d, text, racks, devices, links), {}};
}

Result moveDevice(const DesignData& d, DeviceId id, int u, Face face) {
    const Device* dev = d.devices.find(id);
    if (!dev)
        return Result::refuse(QStringLiteral("The device no longer exists"));
    if (const QString p = mountProblem(d, dev->rack, d.typeOf(*dev).uHeight, u, id); !p.isEmpty())
        return Result::refuse(QStringLiteral("Cannot move %1: %2").arg(dev->name, p));
    Device after = *dev;
    after.uPosition = u;
    after.face = face;
    return {std::make_unique<ChangeDevicesEdit>(
                QStringLiteral("Move %1 to U%2").arg(dev->name).arg(u),
                std::vector<ChangeDevicesEdit::Change>{{id, *dev, after}}),
            {}};
}

Result addLink(const DesignData& d, PortRef a, PortRef b) {
    const Device* da = d.devices.find(a.device);
    const Device* db = d.devices.find(b.device);
    if (!da || !db)
        return Result::refuse(QStringLiteral("Both ends need a device"));
    if (a.device == b.device)
        return Result::refuse(QStringLiteral("A cable joins two different devices"));
    const auto pa = d.typeOf(*da).logicalPort(da->breakout, a.port);
    const auto pb = d.typeOf(*db).logicalPort(db->breakout, b.port);
    if (!pa || !pb)
        return Result::refuse(QStringLiteral("No such port"));
    const DesignIndex index(d);
    if (index.linkAt(a))
        return Result::refuse(QStringLiteral("%1:%2 already has a cable").arg(da->name, pa->name));
    if (index.linkAt(b))
        return Result::refuse(QStringLiteral("%1:%2 already has a cable").arg(db->name, pb->name));
    Link l;
    l.a = a;
    l.b = b;
    // The switch end says which network the cable belongs to; else the port's role does.
    l.fabric = da->fabric ? da->fabric : db->fabric;
    if (!l.fabric) {
        const PortRole role = pa->role;
        const FabricKind kind = role == PortRole::Storage  ? FabricKind::Storage
                                : role == PortRole::Inband ? FabricKind::Inband
                                : role == PortRole::Oob    ? FabricKind::Oob
                                                           : FabricKind::Compute;
        l.fabric = d.findFabric(kind);
    }
    const QString text =
        QStringLiteral("Cable %1:%2 to %3:%4").arg(da->name, pa->name, db->name, pb->name);
    return {ObjectsEdit::addition(d, text, {}, {}, {l}), {}};
}

Clipboard copyRacks(const DesignData& d, const std::vector<RackId>& racks) {
    const DesignIndex index(d);
    Clipboard clip;
    for (RackId id : racks) {
        const Rack* r = d.racks.find(id);
        if (!r)
            continue;
        clip.racks.push_back(*r);
        clip.rackTypes.push_back(d.catalog[r->type]);
        for (DeviceId dev : index.devicesIn(id)) {
            Device v = d.devices[dev];
            clip.deviceTypes.push_back(d.catalog[v.type]);
            v.rack = RackId(std::uint32_t(clip.racks.size() - 1));
            clip.devices.push_back(v);
        }
    }
    return clip;
}

Result paste(const DesignData& d, const Clipboard& clip, std::vector<RackId>* newRacks) {
    if (clip.empty())
        return Result::refuse(QStringLiteral("Nothing copied"));
    TypePlan types(d);
    std::vector<Rack> racks = clip.racks;
    for (std::size_t i = 0; i < racks.size(); ++i)
        racks[i].type = types.use(clip.rackTypes[i]);
    // Nearest free offset, in whole tiles, to the right then further down.
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    const int across = int(d.hall.widthMm / tile), down = int(d.hall.depthMm / tile);
    std::vector<PointMm> centres;
    bool found = false;
    int tries = 0;
    for (int dy = 0; dy <= down && !found && tries < 4000; ++dy)
        for (int dx = (dy == 0 ? 1 : -across); dx <= across && !found && tries < 4000; ++dx) {
            ++tries;
            std::vector<std::pair<RackId, Rack>> placed;
            centres.clear();
            for (const Rack& r : racks) {
                Rack m = r;
                m.centre = {r.centre.x + dx * tile, r.centre.y + dy * tile};
                centres.push_back(m.centre);
                placed.emplace_back(RackId(), m);
            }
            found = placementProblem(d, placed, types.pending()).isEmpty();
        }
    if (!found)
        return Result::refuse(QStringLiteral("No free floor space for the pasted racks"));
    std::set<QString> names;
    d.racks.forEach([&](RackId, const Rack& r) { names.insert(r.name); });
    std::vector<RackId> ids;
    const auto base = d.racks.nextId().value();
    for (std::size_t i = 0; i < racks.size(); ++i) {
        racks[i].centre = centres[i];
        QString name = racks[i].name;
        for (int n = 2; names.count(name); ++n)
            name = racks[i].name + QStringLiteral("-%1").arg(n);
        names.insert(name);
        racks[i].name = name;
        ids.push_back(RackId(base + std::uint32_t(i)));
    }
    std::vector<Device> devices = clip.devices;
    std::set<QString> devNames;
    d.devices.forEach([&](DeviceId, const Device& v) { devNames.insert(v.name); });
    for (std::size_t i = 0; i < devices.size(); ++i) {
        devices[i].type = types.use(clip.deviceTypes[i]);
        devices[i].rack = ids[devices[i].rack.value()];
        QString name = devices[i].name;
        for (int n = 2; devNames.count(name); ++n)
            name = devices[i].name + QStringLiteral("-%1").arg(n);
        devNames.insert(name);
        devices[i].name = name;
    }
    const QString text = QStringLiteral("Paste ") + counted(racks.size(), "rack");
    if (newRacks)
        *newRacks = ids;
    return {ObjectsEdit::addition(d, text, std::move(racks), std::move(devices), {}, types.take()),
            {}};
}

} // namespace cds::edits
