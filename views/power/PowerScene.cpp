#include "PowerScene.h"

#include "../SelectionModel.h"
#include "PowerDiagramPainter.h"
#include "PowerItems.h"
#include "model/analysis/LiveAnalysis.h"
#include "model/power/PowerTopology.h"

#include <algorithm>

namespace cds::views {

PowerScene::PowerScene(Design* design, LiveAnalysis* analysis, SelectionModel* selection,
                       QObject* parent)
    : QGraphicsScene(parent)
    , m_design(design)
    , m_analysis(analysis)
    , m_selection(selection) {
    refresh();
    connect(analysis, &LiveAnalysis::updated, this, &PowerScene::refresh);
    connect(this, &QGraphicsScene::selectionChanged, this, &PowerScene::pushSelectionToModel);
    connect(selection, &SelectionModel::changed, this, &PowerScene::pullSelectionFromModel);
}

PowerScene::~PowerScene() {
    // As in FloorplanScene: the items' removal announces selectionChanged to a half-gone scene.
    disconnect(this, &QGraphicsScene::selectionChanged, this, &PowerScene::pushSelectionToModel);
}

const PowerAnalysis& PowerScene::power() const {
    return m_analysis->result().power;
}

PowerNodeItem* PowerScene::nodeItem(PowerElementId id) const {
    return id.isValid() && id.value() < m_nodes.size() ? m_nodes[id.value()] : nullptr;
}

void PowerScene::refresh() {
    if (m_shown && !m_shown()) {
        m_stale = true;
        return;
    }
    m_stale = false;
    PowerDiagramLayout next = layoutPowerDiagram(m_design->data());
    if (next == m_layout && m_wires) {
        for (PowerNodeItem* it : m_nodes)
            if (it) {
                it->setToolTip(powerNodeToolTip(data(), *m_layout.find(it->elementId()),
                                                power().find(it->elementId())));
                it->update();
            }
        m_wires->update();
    } else {
        m_layout = std::move(next);
        rebuild();
    }
    Q_EMIT refreshed();
}

void PowerScene::rebuild() {
    m_syncing = true;
    for (PowerNodeItem* it : m_nodes)
        delete it;
    m_nodes.assign(m_design->data().power.elements.capacity(), nullptr);
    delete m_wires;
    m_wires = new PowerWiresItem(this);
    addItem(m_wires);
    for (const PowerNode& n : m_layout.nodes) {
        auto* item = new PowerNodeItem(this, n.id, n.rect);
        item->setToolTip(powerNodeToolTip(data(), n, power().find(n.id)));
        m_nodes[n.id.value()] = item;
        addItem(item);
    }
    setSceneRect(QRectF(QPointF(0, 0), m_layout.size));
    m_syncing = false;
    pullSelectionFromModel();
}

void PowerScene::pushSelectionToModel() {
    if (m_syncing)
        return;
    std::vector<ObjectRef> objs;
    for (QGraphicsItem* it : selectedItems())
        if (it->type() == PowerNodeItem::Type)
            objs.push_back(ObjectRef::powerElement(static_cast<PowerNodeItem*>(it)->elementId()));
    m_syncing = true;
    m_selection->set(std::move(objs));
    m_syncing = false;
}

void PowerScene::pullSelectionFromModel() {
    const DesignData& d = data();
    const PowerChain& c = d.power;
    std::vector<char> path(c.elements.capacity(), 0);
    std::vector<char> chosen(c.elements.capacity(), 0);
    std::vector<RackId> racks;
    std::vector<PowerElementId> elements;
    for (const ObjectRef& o : m_selection->objects()) {
        if (o.kind == ObjectRef::Kind::Rack && d.racks.contains(RackId(o.id)))
            racks.push_back(RackId(o.id));
        else if (o.kind == ObjectRef::Kind::Device)
            if (const Device* dev = d.devices.find(DeviceId(o.id));
                dev && d.racks.contains(dev->rack))
                racks.push_back(dev->rack);
        if (o.kind == ObjectRef::Kind::PowerElement && c.elements.contains(PowerElementId(o.id))) {
            elements.push_back(PowerElementId(o.id));
            chosen[o.id] = 1;
        }
    }
    std::sort(racks.begin(), racks.end());
    racks.erase(std::unique(racks.begin(), racks.end()), racks.end());
    if (!racks.empty() || !elements.empty()) {
        const PowerTopology topo(d);
        for (RackId r : racks) {
            const Rack& rack = d.racks[r];
            for (PowerElementId f : {rack.feeds.a, rack.feeds.b})
                if (c.elements.contains(f)) {
                    path[f.value()] = 1;
                    for (PowerElementId u : topo.upstreamOf(f))
                        path[u.value()] = 1;
                }
        }
        for (PowerElementId e : elements) {
            path[e.value()] = 1;
            for (PowerElementId u : topo.upstreamOf(e))
                path[u.value()] = 1;
        }
    }
    // The items may still be those of a longer chain (an added element undone, the analysis
    // not caught up yet): an id past the chain is not chosen.
    auto isChosen = [&chosen](PowerElementId id) {
        return id.value() < chosen.size() && chosen[id.value()];
    };
    const bool fromElsewhere = !m_syncing;
    m_syncing = true;
    for (PowerNodeItem* it : m_nodes)
        if (it && it->isSelected() != isChosen(it->elementId()))
            it->setSelected(isChosen(it->elementId()));
    m_syncing = false;
    if (path != m_path) {
        m_path = std::move(path);
        for (PowerNodeItem* it : m_nodes)
            if (it)
                it->update();
        if (m_wires)
            m_wires->update();
    }
    if (!fromElsewhere)
        return;
    // Bring the first lit element into view: a selected one, else a rack's feed, so a rack
    // picked on the floor shows its busway.
    const PowerNode* first = nullptr;
    for (const PowerNode& n : m_layout.nodes)
        if ((isChosen(n.id) || (elements.empty() && onPath(n.id) && !n.racks.empty())) &&
            (!first || n.rect.top() < first->rect.top()))
            first = &n;
    if (first)
        Q_EMIT focusRequested(first->rect);
}

} // namespace cds::views
