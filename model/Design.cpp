#include "Design.h"

namespace cds {

Design::Design(QObject* parent)
    : QObject(parent) {}
Design::Design(DesignData data, QObject* parent)
    : QObject(parent)
    , m_data(std::move(data)) {}

void Design::reset(DesignData data, bool cablesRouted) {
    m_data = std::move(data);
    m_cablesRoutedAtReset = cablesRouted;
    Q_EMIT resetDone();
    Q_EMIT changed();
}

// The three object kinds share one shape; these templates keep their mutators identical.
namespace {
template <typename T, typename IdT, typename Sig>
void insertInto(Design* self, SlotVector<T, IdT>& c, IdT id, T v, Sig added) {
    c.insert(id, std::move(v));
    Q_EMIT(self->*added)(id);
    Q_EMIT self->changed();
}
template <typename T, typename IdT, typename Sig>
IdT addTo(Design* self, SlotVector<T, IdT>& c, T v, Sig added) {
    const IdT id = c.nextId();
    insertInto(self, c, id, std::move(v), added);
    return id;
}
template <typename T, typename IdT, typename Sig>
T takeFrom(Design* self, SlotVector<T, IdT>& c, IdT id, Sig removed) {
    T v = c.take(id);
    Q_EMIT(self->*removed)(id);
    Q_EMIT self->changed();
    return v;
}
template <typename T, typename IdT, typename Sig>
bool updateIn(Design* self, SlotVector<T, IdT>& c, IdT id, const T& v, Sig changedSig) {
    if (c[id] == v)
        return false;
    c[id] = v;
    Q_EMIT(self->*changedSig)(id);
    Q_EMIT self->changed();
    return true;
}
} // namespace

RackId Design::addRack(Rack r) {
    return addTo(this, m_data.racks, std::move(r), &Design::rackAdded);
}
void Design::insertRack(RackId id, Rack r) {
    insertInto(this, m_data.racks, id, std::move(r), &Design::rackAdded);
}
Rack Design::removeRack(RackId id) {
    return takeFrom(this, m_data.racks, id, &Design::rackRemoved);
}
bool Design::updateRack(RackId id, const Rack& r) {
    return updateIn(this, m_data.racks, id, r, &Design::rackChanged);
}

DeviceId Design::addDevice(Device d) {
    return addTo(this, m_data.devices, std::move(d), &Design::deviceAdded);
}
void Design::insertDevice(DeviceId id, Device d) {
    insertInto(this, m_data.devices, id, std::move(d), &Design::deviceAdded);
}
Device Design::removeDevice(DeviceId id) {
    return takeFrom(this, m_data.devices, id, &Design::deviceRemoved);
}
bool Design::updateDevice(DeviceId id, const Device& d) {
    return updateIn(this, m_data.devices, id, d, &Design::deviceChanged);
}

LinkId Design::addLink(Link l) {
    return addTo(this, m_data.links, std::move(l), &Design::linkAdded);
}
void Design::insertLink(LinkId id, Link l) {
    insertInto(this, m_data.links, id, std::move(l), &Design::linkAdded);
}
Link Design::removeLink(LinkId id) {
    return takeFrom(this, m_data.links, id, &Design::linkRemoved);
}
bool Design::updateLink(LinkId id, const Link& l) {
    return updateIn(this, m_data.links, id, l, &Design::linkChanged);
}

void Design::insertPathway(PathwayId id, Pathway p) {
    insertInto(this, m_data.pathways, id, std::move(p), &Design::pathwayAdded);
}
Pathway Design::removePathway(PathwayId id) {
    return takeFrom(this, m_data.pathways, id, &Design::pathwayRemoved);
}
bool Design::updatePathway(PathwayId id, const Pathway& p) {
    return updateIn(this, m_data.pathways, id, p, &Design::pathwayChanged);
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
bool Design::setPhases(const std::vector<BuildPhase>& p) {
    return setIfChanged(this, m_data.phases, p, &Design::phasesChanged);
}
bool Design::setPower(const PowerChain& p) {
    return setIfChanged(this, m_data.power, p, &Design::powerChanged);
}

TypeId Design::ensureType(const CatalogItem& item) {
    TypeId t = m_data.catalog.find(item.id);
    if (t)
        return t;
    t = m_data.catalog.add(item);
    Q_EMIT catalogChanged();
    return t;
}

void Design::embedTypes(const std::vector<CatalogItem>& items) {
    if (items.empty())
        return;
    for (const CatalogItem& item : items)
        m_data.catalog.add(item);
    Q_EMIT catalogChanged();
}

void Design::dropLastTypes(std::size_t n) {
    if (n == 0)
        return;
    m_data.catalog.removeLast(n);
    Q_EMIT catalogChanged();
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
