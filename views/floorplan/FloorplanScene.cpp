#include "FloorplanScene.h"

#include "../SelectionModel.h"
#include "CableBundleItem.h"
#include "HallItem.h"
#include "PowerRackItem.h"
#include "RackItem.h"
#include "RackTooltip.h"
#include "model/RackGeometry.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/power/PowerTopology.h"

#include <algorithm>
#include <optional>

namespace cds::views {

FloorplanScene::FloorplanScene(Design* design, LiveAnalysis* analysis, SelectionModel* selection,
                               QObject* parent)
    : QGraphicsScene(parent)
    , m_design(design)
    , m_analysis(analysis)
    , m_selection(selection) {
    m_hall = new HallItem(design);
    addItem(m_hall);
    m_cables = new CableBundleItem(design);
    addItem(m_cables);
    rebuild();
    connect(design, &Design::resetDone, this, &FloorplanScene::rebuild);
    connect(design, &Design::rackAdded, this, &FloorplanScene::addRackItem);
    connect(design, &Design::rackRemoved, this, &FloorplanScene::removeRackItem);
    connect(design, &Design::rackChanged, this, [this](RackId id) {
        if (RackItem* it = rackItem(id))
            it->sync();
        m_cables->rackMoved(id);
    });
    connect(design, &Design::catalogChanged, this, [this] {
        for (RackItem* it : m_racks)
            if (it)
                it->sync();
    });
    auto linksDirty = [this] { m_cables->markLinksDirty(); };
    connect(design, &Design::deviceChanged, this, linksDirty);
    connect(design, &Design::deviceRemoved, this, linksDirty);
    connect(design, &Design::linkAdded, this, linksDirty);
    connect(design, &Design::linkRemoved, this, linksDirty);
    connect(design, &Design::linkChanged, this, linksDirty);
    connect(design, &Design::powerChanged, this, [this] {
        rebuildPowerRacks();
        pullSelectionFromModel();
    });
    connect(design, &Design::hallChanged, this, [this] {
        m_hall->sync();
        m_cables->syncBounds();
        setSceneRect(hallRect());
    });
    connect(analysis, &LiveAnalysis::updated, this, &FloorplanScene::refreshColours);
    connect(this, &QGraphicsScene::selectionChanged, this, &FloorplanScene::pushSelectionToModel);
    connect(selection, &SelectionModel::changed, this, &FloorplanScene::pullSelectionFromModel);
}

FloorplanScene::~FloorplanScene() {
    // QGraphicsScene's destructor removes the items and announces selectionChanged; this part
    // is gone by then (and the selection model may be too), so stop listening first.
    // Regression: UBSan "downcast ... not an object of type FloorplanScene" on every close.
    disconnect(this, &QGraphicsScene::selectionChanged, this,
               &FloorplanScene::pushSelectionToModel);
}

QRectF FloorplanScene::hallRect() const {
    const Hall& h = m_design->data().hall;
    return QRectF(0, 0, h.widthMm, h.depthMm).adjusted(-1500, -1500, 1500, 1500);
}

void FloorplanScene::rebuild() {
    m_syncing = true;
    for (RackItem* it : m_racks)
        delete it;
    m_racks.clear();
    m_hall->sync();
    m_cables->syncBounds();
    m_cables->markLinksDirty();
    m_design->data().racks.forEach([this](RackId id, const Rack&) { addRackItem(id); });
    rebuildPowerRacks();
    setSceneRect(hallRect());
    m_syncing = false;
    refreshColours();
    pullSelectionFromModel();
}

void FloorplanScene::rebuildPowerRacks() {
    std::vector<PowerElementId> placed;
    m_design->data().power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        if (e.area)
            placed.push_back(id);
    });
    // The same power racks (one moved, renamed, retyped): each item follows its element, so the
    // one being dragged is never deleted under the mouse.
    if (std::equal(
            placed.begin(), placed.end(), m_powerRacks.begin(), m_powerRacks.end(),
            [](PowerElementId id, const PowerRackItem* it) { return it->elementId() == id; })) {
        for (PowerRackItem* it : m_powerRacks)
            it->sync();
        return;
    }
    const bool syncing = m_syncing;
    m_syncing = true; // deleting a selected item must not rewrite the shared selection
    for (PowerRackItem* it : m_powerRacks)
        delete it;
    m_powerRacks.clear();
    m_design->data().power.elements.forEach([this](PowerElementId id, const PowerElement& e) {
        if (!e.area)
            return;
        auto* item = new PowerRackItem(m_design, id);
        m_powerRacks.push_back(item);
        addItem(item);
    });
    m_syncing = syncing;
}

void FloorplanScene::addRackItem(RackId id) {
    if (id.value() >= m_racks.size())
        m_racks.resize(id.value() + 1, nullptr);
    delete m_racks[id.value()];
    auto* item = new RackItem(this, id);
    m_racks[id.value()] = item;
    addItem(item);
    m_cables->markLinksDirty();
}

void FloorplanScene::removeRackItem(RackId id) {
    if (RackItem* it = rackItem(id)) {
        m_racks[id.value()] = nullptr;
        delete it;
    }
    m_cables->markLinksDirty();
}

RackItem* FloorplanScene::rackItem(RackId id) const {
    return id.isValid() && id.value() < m_racks.size() ? m_racks[id.value()] : nullptr;
}

RackId FloorplanScene::rackAt(QPointF pos) const {
    const DesignData& d = m_design->data();
    RackId found;
    d.racks.forEach([&](RackId id, const Rack& r) {
        const RectMm f = footprint(d, r);
        if (pos.x() >= f.x && pos.x() <= f.x + f.w && pos.y() >= f.y && pos.y() <= f.y + f.h)
            found = id;
    });
    return found;
}

void FloorplanScene::setColorMetric(ColorMetric m) {
    if (m == m_coloring.metric())
        return;
    m_coloring.setMetric(m);
    refreshColours();
}

void FloorplanScene::setPhaseLimit(int last) {
    if (last == m_coloring.phaseLimit())
        return;
    m_coloring.setPhaseLimit(last);
    refreshColours();
}

void FloorplanScene::setFailureHighlight(FailureHighlight* f) {
    m_coloring.setFailure(f);
    connect(f, &FailureHighlight::changed, this, &FloorplanScene::refreshColours);
    refreshColours();
}

const RackMetrics* FloorplanScene::rackMetrics(RackId id) const {
    const auto& per = m_analysis->metrics().perRack;
    if (!id.isValid() || id.value() >= m_metricsOf.size())
        return nullptr;
    const std::int32_t i = m_metricsOf[id.value()];
    return i >= 0 && std::size_t(i) < per.size() && per[std::size_t(i)].rack == id
               ? &per[std::size_t(i)]
               : nullptr;
}

double FloorplanScene::rackKw(RackId id) const {
    const RackMetrics* m = rackMetrics(id);
    return m ? m->itMaxW / 1000.0 : -1;
}

QString FloorplanScene::rackToolTip(RackId id) const {
    return rackTooltip(m_design->data(), rackMetrics(id), id);
}

void FloorplanScene::refreshColours() {
    const auto& per = m_analysis->metrics().perRack;
    m_metricsOf.assign(m_design->data().racks.capacity(), -1);
    for (std::size_t i = 0; i < per.size(); ++i)
        if (per[i].rack.value() < m_metricsOf.size())
            m_metricsOf[per[i].rack.value()] = std::int32_t(i);
    m_coloring.update(m_design->data(), m_analysis->metrics(), m_analysis->findings());
    for (RackItem* it : m_racks)
        if (it)
            it->update();
    Q_EMIT coloringChanged();
}

void FloorplanScene::pushSelectionToModel() {
    if (m_syncing)
        return;
    std::vector<ObjectRef> objs;
    bool element = false;
    for (QGraphicsItem* it : selectedItems()) {
        if (it->type() == RackItem::Type) {
            objs.push_back(ObjectRef::rack(static_cast<RackItem*>(it)->rackId()));
        } else if (it->type() == PowerRackItem::Type) {
            objs.push_back(ObjectRef::powerElement(static_cast<PowerRackItem*>(it)->elementId()));
            element = true;
        }
    }
    std::sort(objs.begin(), objs.end());
    // A device chosen elsewhere shows as its rack here; keep it while those racks stay put.
    if (objs == shownFor(m_selection->objects()))
        return;
    m_syncing = true;
    m_selection->set(std::move(objs));
    m_syncing = false;
    // A power rack clicked here shows with the racks it feeds, as when chosen in the diagram.
    if (element)
        pullSelectionFromModel();
}

std::vector<ObjectRef> FloorplanScene::shownFor(const std::vector<ObjectRef>& sel) const {
    const DesignData& d = m_design->data();
    std::vector<ObjectRef> shown;
    std::optional<PowerTopology> power; // built only when an element of the chain is selected
    for (const ObjectRef& o : sel) {
        if (o.kind == ObjectRef::Kind::PowerElement &&
            d.power.elements.contains(PowerElementId(o.id))) {
            // An element of the power chain shows as every rack it feeds, through any tier.
            if (!power)
                power.emplace(d);
            for (RackId r : power->racksServedBy(PowerElementId(o.id)))
                shown.push_back(ObjectRef::rack(r));
            if (d.power.elements[PowerElementId(o.id)].area)
                shown.push_back(o); // and itself, where it stands on the floor
            continue;
        }
        if (o.kind == ObjectRef::Kind::Rack && d.racks.contains(RackId(o.id))) {
            shown.push_back(o);
        } else if (o.kind == ObjectRef::Kind::Device) {
            const Device* dev = d.devices.find(DeviceId(o.id));
            if (dev && d.racks.contains(dev->rack))
                shown.push_back(ObjectRef::rack(dev->rack));
        }
    }
    std::sort(shown.begin(), shown.end());
    shown.erase(std::unique(shown.begin(), shown.end()), shown.end());
    return shown;
}

void FloorplanScene::pullSelectionFromModel() {
    if (m_syncing)
        return;
    m_syncing = true;
    std::vector<bool> want(m_racks.size(), false);
    std::vector<bool> wantPower(m_design->data().power.elements.capacity(), false);
    for (const ObjectRef& o : shownFor(m_selection->objects())) {
        std::vector<bool>& of = o.kind == ObjectRef::Kind::PowerElement ? wantPower : want;
        if (o.id < of.size())
            of[o.id] = true;
    }
    for (std::size_t i = 0; i < m_racks.size(); ++i)
        if (m_racks[i] && m_racks[i]->isSelected() != want[i])
            m_racks[i]->setSelected(want[i]);
    for (PowerRackItem* it : m_powerRacks) {
        const std::size_t i = it->elementId().value();
        if (const bool on = i < wantPower.size() && wantPower[i]; it->isSelected() != on)
            it->setSelected(on);
    }
    m_syncing = false;
}

} // namespace cds::views
