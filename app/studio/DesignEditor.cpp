#include "DesignEditor.h"

#include "UndoCommand.h"

#include "model/DesignIndex.h"

#include <QUndoStack>

#include <algorithm>
#include <set>

namespace cds::studio {

namespace {
// Undo labels say what they undo: "1 rack", "3 racks".
QString countOf(int n, const char* noun) {
    return QStringLiteral("%1 %2%3")
        .arg(n)
        .arg(QLatin1String(noun))
        .arg(n == 1 ? QString() : QStringLiteral("s"));
}
// "rack R01" for one, "3 racks" for more.
QString racksText(const DesignData& d, const std::vector<std::pair<RackId, Rack>>& racks) {
    if (racks.size() == 1)
        return QStringLiteral("rack ") + d.racks[racks.front().first].name;
    return countOf(int(racks.size()), "rack");
}
} // namespace

using views::footprint;
using views::placementProblem;

DesignEditor::DesignEditor(Design* design, QUndoStack* stack, const Catalog* library,
                           QObject* parent)
    : QObject(parent)
    , m_design(design)
    , m_stack(stack)
    , m_library(library) {}

bool DesignEditor::push(std::unique_ptr<Edit> e, int dragSerial) {
    if (!e || e->isNoOp())
        return false;
    m_problem.clear();
    m_stack->push(new UndoCommand(m_design, std::move(e), dragSerial));
    return true;
}

bool DesignEditor::refuse(const QString& reason) {
    m_problem = reason;
    Q_EMIT problem(reason);
    return false;
}

QString DesignEditor::uniqueRackName() const {
    std::set<QString> names;
    m_design->data().racks.forEach([&](RackId, const Rack& r) { names.insert(r.name); });
    for (int n = int(m_design->data().racks.size()) + 1;; ++n) {
        const QString name = QStringLiteral("R%1").arg(n, 2, 10, QLatin1Char('0'));
        if (!names.count(name))
            return name;
    }
}

QString DesignEditor::uniqueDeviceName(const CatalogItem& t) const {
    std::set<QString> names;
    m_design->data().devices.forEach([&](DeviceId, const Device& d) { names.insert(d.name); });
    QString base = t.id.section(QLatin1Char('-'), 1, 2);
    if (base.isEmpty())
        base = t.id;
    for (int n = 1;; ++n) {
        const QString name = QStringLiteral("%1-%2").arg(base).arg(n, 2, 10, QLatin1Char('0'));
        if (!names.count(name))
            return name;
    }
}

bool DesignEditor::dropCatalogItem(const QString& catalogId, PointMm at) {
    const CatalogItem* item = m_library->item(catalogId);
    if (!item)
        item = m_design->data().catalog.item(catalogId);
    if (!item)
        return refuse(QStringLiteral("%1 is not in the catalog").arg(catalogId));
    const DesignData& d = m_design->data();
    if (item->category == Category::Rack) {
        Rack r;
        r.name = uniqueRackName();
        r.type = m_design->ensureType(*item);
        r.centre = views::snapToTiles(d, r, at, 0);
        if (const QString p = placementProblem(d, {{RackId(), r}}); !p.isEmpty())
            return refuse(QStringLiteral("Cannot place the rack: ") + p);
        return push(ObjectsEdit::addition(d, QStringLiteral("Place rack %1").arg(r.name), {r}));
    }
    const bool mountable =
        item->category == Category::Server || item->category == Category::Switch ||
        item->category == Category::Power || item->category == Category::Storage ||
        item->category == Category::Management;
    if (!mountable)
        return refuse(
            QStringLiteral("%1 is not placed by hand: cable routing and cooling choose it")
                .arg(item->model));
    RackId target;
    d.racks.forEach([&](RackId id, const Rack& r) {
        const RectMm f = footprint(d, r);
        if (at.x >= f.x && at.x <= f.x + f.w && at.y >= f.y && at.y <= f.y + f.h)
            target = id;
    });
    if (target) {
        const int u = views::firstFreeU(d, target, item->uHeight);
        if (u == 0)
            return refuse(QStringLiteral("No %1U space left in %2")
                              .arg(std::max(1, item->uHeight))
                              .arg(d.racks[target].name));
        return mountDevice(item->id, target, u, Face::Front);
    }
    // Dropped on the floor: bring the smallest rack that holds it.
    const CatalogItem* rackType = nullptr;
    for (const CatalogItem& c : m_library->items())
        if (c.rack && c.rack->uCapacity >= item->uHeight &&
            (!rackType || c.rack->uCapacity < rackType->rack->uCapacity ||
             (c.rack->uCapacity == rackType->rack->uCapacity &&
              c.id == QLatin1String("rack-42u-600x1200"))))
            rackType = &c;
    if (!rackType)
        return refuse(QStringLiteral("No rack type in the catalog holds %1U").arg(item->uHeight));
    Rack r;
    r.name = uniqueRackName();
    r.type = m_design->ensureType(*rackType);
    r.centre = views::snapToTiles(d, r, at, 0);
    if (const QString p = placementProblem(d, {{RackId(), r}}); !p.isEmpty())
        return refuse(QStringLiteral("Cannot place the rack: ") + p);
    Device dev;
    dev.name = uniqueDeviceName(*item);
    dev.type = m_design->ensureType(*item);
    dev.rack = d.racks.nextId();
    dev.uPosition = 1;
    return push(ObjectsEdit::addition(
        d, QStringLiteral("Place %1 in new rack %2").arg(dev.name, r.name), {r}, {dev}));
}

bool DesignEditor::applyRacks(std::vector<std::pair<RackId, Rack>> after, const QString& text,
                              int mergeId, int dragSerial) {
    const DesignData& d = m_design->data();
    if (const QString p = placementProblem(d, after); !p.isEmpty())
        return refuse(QStringLiteral("Cannot move: ") + p);
    std::vector<ChangeRacksEdit::Change> changes;
    for (auto& [id, r] : after)
        changes.emplace_back(id, d.racks[id], r);
    return push(std::make_unique<ChangeRacksEdit>(text, std::move(changes), mergeId), dragSerial);
}

bool DesignEditor::moveRacks(const std::vector<views::RackTarget>& targets, int dragSerial) {
    const DesignData& d = m_design->data();
    std::vector<std::pair<RackId, Rack>> after;
    for (const views::RackTarget& t : targets) {
        if (!d.racks.contains(t.id))
            continue;
        Rack r = d.racks[t.id];
        r.centre = t.centre;
        r.rotationDeg = t.rotationDeg;
        after.emplace_back(t.id, r);
    }
    const QString text = after.size() == 1
                             ? QStringLiteral("Move rack %1").arg(after[0].second.name)
                             : QStringLiteral("Move %1 racks").arg(after.size());
    return applyRacks(std::move(after), text, MergeMoveRacks, dragSerial);
}

bool DesignEditor::rotateRacks(const std::vector<RackId>& racks) {
    const DesignData& d = m_design->data();
    std::vector<std::pair<RackId, Rack>> after;
    for (RackId id : racks) {
        if (!d.racks.contains(id))
            continue;
        Rack r = d.racks[id];
        r.rotationDeg = (r.rotationDeg + 90) % 360;
        r.centre = views::snapToTiles(d, r, r.centre, r.rotationDeg);
        after.emplace_back(id, r);
    }
    if (after.empty())
        return refuse(QStringLiteral("Select racks to rotate"));
    return applyRacks(std::move(after), QStringLiteral("Rotate ") + racksText(d, after), -1, 0);
}

bool DesignEditor::alignRacks(const std::vector<RackId>& racks, Align edge) {
    const DesignData& d = m_design->data();
    if (racks.size() < 2)
        return refuse(QStringLiteral("Select two or more racks to align"));
    double line = 1e300;
    for (RackId id : racks)
        if (const Rack* r = d.racks.find(id)) {
            const RectMm f = footprint(d, *r);
            line = std::min(line, edge == Align::Left ? f.x : f.y);
        }
    std::vector<std::pair<RackId, Rack>> after;
    for (RackId id : racks)
        if (const Rack* r = d.racks.find(id)) {
            Rack n = *r;
            const RectMm f = footprint(d, n);
            if (edge == Align::Left)
                n.centre.x += line - f.x;
            else
                n.centre.y += line - f.y;
            after.emplace_back(id, n);
        }
    return applyRacks(std::move(after),
                      (edge == Align::Left ? QStringLiteral("Align left edges of ")
                                           : QStringLiteral("Align top edges of ")) +
                          countOf(int(racks.size()), "rack"),
                      -1, 0);
}

bool DesignEditor::deleteObjects(const std::vector<RackId>& racks,
                                 const std::vector<DeviceId>& devices,
                                 const std::vector<LinkId>& links) {
    auto e =
        ObjectsEdit::removal(m_design->data(), QStringLiteral("Delete"), racks, devices, links);
    const auto& o = e->objects();
    QStringList parts;
    if (!o.racks.empty())
        parts << countOf(int(o.racks.size()), "rack");
    if (!o.devices.empty())
        parts << countOf(int(o.devices.size()), "device");
    if (!o.links.empty())
        parts << countOf(int(o.links.size()), "link");
    if (parts.isEmpty())
        return refuse(QStringLiteral("Nothing selected to delete"));
    auto named = ObjectsEdit::removal(m_design->data(),
                                      QStringLiteral("Delete ") + parts.join(QStringLiteral(", ")),
                                      racks, devices, links);
    return push(std::move(named));
}

void DesignEditor::copyRacks(const std::vector<RackId>& racks) {
    const DesignData& d = m_design->data();
    const DesignIndex index(d);
    m_clipRacks.clear();
    m_clipDevices.clear();
    m_clipRackTypes.clear();
    m_clipDeviceTypes.clear();
    // Catalog entries travel with the clipboard, so a paste into another design works too.
    for (RackId id : racks) {
        const Rack* r = d.racks.find(id);
        if (!r)
            continue;
        m_clipRacks.push_back(*r);
        m_clipRackTypes.push_back(d.catalog[r->type]);
        for (DeviceId dev : index.devicesIn(id)) {
            Device v = d.devices[dev];
            m_clipDeviceTypes.push_back(d.catalog[v.type]);
            v.rack = RackId(std::uint32_t(m_clipRacks.size() - 1));
            m_clipDevices.push_back(v);
        }
    }
}

std::vector<RackId> DesignEditor::paste() {
    if (m_clipRacks.empty()) {
        refuse(QStringLiteral("Nothing copied"));
        return {};
    }
    const DesignData& d = m_design->data();
    std::vector<Rack> racks = m_clipRacks;
    for (std::size_t i = 0; i < racks.size(); ++i)
        racks[i].type = m_design->ensureType(m_clipRackTypes[i]);
    // Nearest free offset, in whole tiles, to the right then further down.
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    const int across = int(d.hall.widthMm / tile), down = int(d.hall.depthMm / tile);
    std::vector<std::pair<RackId, Rack>> placed;
    bool found = false;
    int tries = 0;
    for (int dy = 0; dy <= down && !found && tries < 4000; ++dy)
        for (int dx = (dy == 0 ? 1 : -across); dx <= across && !found && tries < 4000; ++dx) {
            ++tries;
            placed.clear();
            for (const Rack& r : racks) {
                Rack m = r;
                m.centre = {r.centre.x + dx * tile, r.centre.y + dy * tile};
                placed.emplace_back(RackId(), m);
            }
            found = placementProblem(d, placed).isEmpty();
        }
    if (!found) {
        refuse(QStringLiteral("No free floor space for the pasted racks"));
        return {};
    }
    std::set<QString> names;
    d.racks.forEach([&](RackId, const Rack& r) { names.insert(r.name); });
    std::vector<RackId> ids;
    const auto base = d.racks.nextId().value();
    for (std::size_t i = 0; i < placed.size(); ++i) {
        racks[i] = placed[i].second;
        QString name = racks[i].name;
        for (int n = 2; names.count(name); ++n)
            name = racks[i].name + QStringLiteral("-%1").arg(n);
        names.insert(name);
        racks[i].name = name;
        ids.push_back(RackId(base + std::uint32_t(i)));
    }
    std::vector<Device> devices = m_clipDevices;
    std::set<QString> devNames;
    d.devices.forEach([&](DeviceId, const Device& v) { devNames.insert(v.name); });
    for (std::size_t i = 0; i < devices.size(); ++i) {
        devices[i].type = m_design->ensureType(m_clipDeviceTypes[i]);
        devices[i].rack = ids[devices[i].rack.value()];
        QString name = devices[i].name;
        for (int n = 2; devNames.count(name); ++n)
            name = devices[i].name + QStringLiteral("-%1").arg(n);
        devNames.insert(name);
        devices[i].name = name;
    }
    // Named before the racks move into the edit.
    const QString text = QStringLiteral("Paste ") + countOf(int(racks.size()), "rack");
    if (!push(ObjectsEdit::addition(d, text, std::move(racks), std::move(devices))))
        return {};
    return ids;
}

bool DesignEditor::mountDevice(const QString& catalogId, RackId rack, int u, Face face) {
    const CatalogItem* item = m_library->item(catalogId);
    if (!item)
        item = m_design->data().catalog.item(catalogId);
    if (!item)
        return refuse(QStringLiteral("%1 is not in the catalog").arg(catalogId));
    if (item->category == Category::Rack || item->media || item->category == Category::Cooling)
        return refuse(QStringLiteral("%1 does not mount in a U slot").arg(item->model));
    if (const QString p = views::mountProblem(m_design->data(), rack, item->uHeight, u);
        !p.isEmpty())
        return refuse(QStringLiteral("Cannot mount %1: %2").arg(item->model, p));
    Device dev;
    dev.name = uniqueDeviceName(*item);
    dev.type = m_design->ensureType(*item);
    dev.rack = rack;
    dev.uPosition = u;
    dev.face = face;
    if (item->category == Category::Switch) {
        dev.fabric = m_design->data().findFabric(FabricKind::Compute);
        dev.tier = Tier::Leaf;
    }
    const DesignData& d = m_design->data();
    return push(ObjectsEdit::addition(
        d, QStringLiteral("Mount %1 in %2 U%3").arg(dev.name, d.racks[rack].name).arg(u), {},
        {dev}));
}

bool DesignEditor::moveDevice(DeviceId id, int u, Face face) {
    const DesignData& d = m_design->data();
    const Device* dev = d.devices.find(id);
    if (!dev)
        return refuse(QStringLiteral("The device no longer exists"));
    if (const QString p = views::mountProblem(d, dev->rack, d.typeOf(*dev).uHeight, u, id);
        !p.isEmpty())
        return refuse(QStringLiteral("Cannot move %1: %2").arg(dev->name, p));
    Device after = *dev;
    after.uPosition = u;
    after.face = face;
    return push(std::make_unique<ChangeDevicesEdit>(
        QStringLiteral("Move %1 to U%2").arg(dev->name).arg(u),
        std::vector<ChangeDevicesEdit::Change>{{id, *dev, after}}));
}

bool DesignEditor::addLink(PortRef a, PortRef b) {
    const DesignData& d = m_design->data();
    const Device* da = d.devices.find(a.device);
    const Device* db = d.devices.find(b.device);
    if (!da || !db)
        return refuse(QStringLiteral("Both ends need a device"));
    if (a.device == b.device)
        return refuse(QStringLiteral("A cable joins two different devices"));
    const auto pa = d.typeOf(*da).logicalPort(da->breakout, a.port);
    const auto pb = d.typeOf(*db).logicalPort(db->breakout, b.port);
    if (!pa || !pb)
        return refuse(QStringLiteral("No such port"));
    const DesignIndex index(d);
    if (index.linkAt(a))
        return refuse(QStringLiteral("%1:%2 already has a cable").arg(da->name, pa->name));
    if (index.linkAt(b))
        return refuse(QStringLiteral("%1:%2 already has a cable").arg(db->name, pb->name));
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
    return push(ObjectsEdit::addition(
        d, QStringLiteral("Cable %1:%2 to %3:%4").arg(da->name, pa->name, db->name, pb->name), {},
        {}, {l}));
}

bool DesignEditor::editRacks(const std::vector<std::pair<RackId, Rack>>& after,
                             const QString& text) {
    const DesignData& d = m_design->data();
    std::vector<ChangeRacksEdit::Change> changes;
    for (const auto& [id, r] : after)
        if (d.racks.contains(id))
            changes.emplace_back(id, d.racks[id], r);
    return push(std::make_unique<ChangeRacksEdit>(text, std::move(changes)));
}

bool DesignEditor::editDevice(DeviceId id, const Device& after, const QString& text) {
    const Device* before = m_design->data().devices.find(id);
    if (!before)
        return false;
    return push(std::make_unique<ChangeDevicesEdit>(
        text, std::vector<ChangeDevicesEdit::Change>{{id, *before, after}}));
}

bool DesignEditor::editLink(LinkId id, const Link& after, const QString& text) {
    const Link* before = m_design->data().links.find(id);
    if (!before)
        return false;
    return push(std::make_unique<ChangeLinksEdit>(
        text, std::vector<ChangeLinksEdit::Change>{{id, *before, after}}));
}

bool DesignEditor::setPriceOverride(const QString& catalogId, double usd, const QString& note) {
    const DocumentProps before = DocumentProps::of(m_design->data());
    DocumentProps after = before;
    if (usd < 0)
        after.priceOverrides.erase(catalogId);
    else
        after.priceOverrides[catalogId] = PriceOverride{usd, note};
    return push(std::make_unique<DocumentEdit>(QStringLiteral("Price override %1").arg(catalogId),
                                               before, after));
}

bool DesignEditor::waive(const QString& key, const QString& reason) {
    if (reason.trimmed().isEmpty())
        return refuse(QStringLiteral("A waiver needs a reason"));
    const DocumentProps before = DocumentProps::of(m_design->data());
    DocumentProps after = before;
    auto it = std::find_if(after.waivers.begin(), after.waivers.end(),
                           [&](const Waiver& w) { return w.key == key; });
    if (it != after.waivers.end())
        it->reason = reason.trimmed();
    else
        after.waivers.push_back({key, reason.trimmed()});
    return push(std::make_unique<DocumentEdit>(QStringLiteral("Waive %1").arg(key), before, after));
}

bool DesignEditor::unwaive(const QString& key) {
    const DocumentProps before = DocumentProps::of(m_design->data());
    DocumentProps after = before;
    std::erase_if(after.waivers, [&](const Waiver& w) { return w.key == key; });
    return push(
        std::make_unique<DocumentEdit>(QStringLiteral("Unwaive %1").arg(key), before, after));
}

bool DesignEditor::replaceDesign(DesignData after, const QString& text) {
    return push(std::make_unique<ReplaceDesignEdit>(text, m_design->data(), std::move(after)));
}

} // namespace cds::studio
