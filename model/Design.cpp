#include "Design.h"

namespace cds {

Design::Design(QObject* parent)
    : QObject(parent) {}
Design::Design(DesignData data, QObject* parent)
    : QObject(parent)
    , m_data(std::move(data)) {}

void Design::reset(DesignData data) {
    m_data = std::move(data);
    Q_EMIT resetDone();
    Q_EMIT changed();
}

// The three object kinds share one shape; the macro-free template keeps them identical.
namespace {
template <typename T, typename IdT, typename Added>
IdT addTo(Design* self, SlotVector<T, IdT>& c, T v, Added added) {
    IdT id = c.add(std::move(v));
    Q_EMIT(self->*added)(id);
    Q_EMIT self->changed();
    return id;
}
} // namespace

RackId Design::addRack(Rack r) {
    return addTo(this, m_data.racks, std::move(r), &Design::rackAdded);
}
void Design::insertRack(RackId id, Rack r) {
    m_data.racks.insert(id, std::move(r));
    Q_EMIT rackAdded(id);
    Q_EMIT changed();
}
Rack Design::removeRack(RackId id) {
    Rack r = m_data.racks.take(id);
    Q_EMIT rackRemoved(id);
    Q_EMIT changed();
    return r;
}
bool Design::updateRack(RackId id, const Rack& r) {
    if (m_data.racks[id] == r)
        return false;
    m_data.racks[id] = r;
    Q_EMIT rackChanged(id);
    Q_EMIT changed();
    return true;
}

DeviceId Design::addDevice(Device d) {
    return addTo(this, m_data.devices, std::move(d), &Design::deviceAdded);
}
void Design::insertDevice(DeviceId id, Device d) {
    m_data.devices.insert(id, std::move(d));
    Q_EMIT deviceAdded(id);
    Q_EMIT changed();
}
Device Design::removeDevice(DeviceId id) {
    Device d = m_data.devices.take(id);
    Q_EMIT deviceRemoved(id);
    Q_EMIT changed();
    return d;
}
bool Design::updateDevice(DeviceId id, const Device& d) {
    if (m_data.devices[id] == d)
        return false;
    m_data.devices[id] = d;
    Q_EMIT deviceChanged(id);
    Q_EMIT changed();
    return true;
}

LinkId Design::addLink(Link l) {
    return addTo(this, m_data.links, std::move(l), &Design::linkAdded);
}
void Design::insertLink(LinkId id, Link l) {
    m_data.links.insert(id, std::move(l));
    Q_EMIT linkAdded(id);
    Q_EMIT changed();
}
Link Design::removeLink(LinkId id) {
    Link l = m_data.links.take(id);
    Q_EMIT linkRemoved(id);
    Q_EMIT changed();
    return l;
}
bool Design::updateLink(LinkId id, const Link& l) {
    Link& cur = m_data.links[id];
    if (cur == l)
        return false;
    cur = l;
    Q_EMIT linkChanged(id);
    Q_EMIT changed();
    return true;
}

namespace {
template <typename T, typename Sig> bool setIfChanged(Design* self, T& field, const T& v, Sig sig) {
    if (field == v)
        return false;
    field = v;
    Q_EMIT(self->*sig)();
    Q_EMIT self->changed();
    return true;
}
} // namespace

bool Design::setMeta(const DesignMeta& m) {
    return setIfChanged(this, m_data.meta, m, &Design::metaChanged);
}
bool Design::setHall(const Hall& h) {
    return setIfChanged(this, m_data.hall, h, &Design::hallChanged);
}
bool Design::setSettings(const DesignSettings& s) {
    // A design never holds settings its own file format would refuse.
    return setIfChanged(this, m_data.settings, s.normalized(), &Design::settingsChanged);
}
bool Design::setFabrics(const std::vector<Fabric>& f) {
    return setIfChanged(this, m_data.fabrics, f, &Design::fabricsChanged);
}
bool Design::setPriceOverrides(const std::map<QString, PriceOverride>& p) {
    return setIfChanged(this, m_data.priceOverrides, p, &Design::pricesChanged);
}
bool Design::setWaivers(const std::vector<Waiver>& w) {
    return setIfChanged(this, m_data.waivers, w, &Design::waiversChanged);
}

TypeId Design::ensureType(const CatalogItem& item) {
    TypeId t = m_data.catalog.find(item.id);
    if (t)
        return t;
    t = m_data.catalog.add(item);
    Q_EMIT catalogChanged();
    return t;
}

void Design::setDerivedLinkData(LinkId id, float lengthM, TypeId medium, TypeId mediumB) {
    Link& l = m_data.links[id];
    l.lengthM = lengthM;
    l.medium = medium;
    l.mediumB = mediumB;
}

void Design::notifyDerivedChanged() {
    Q_EMIT derivedChanged();
}

} // namespace cds
