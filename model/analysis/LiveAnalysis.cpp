#include "LiveAnalysis.h"

#include "../Parallel.h"
#include "../cabling/CableRouting.h"

#include <QElapsedTimer>

#include <optional>
#include <unordered_map>

namespace cds {

LiveAnalysis::LiveAnalysis(Design* design, QObject* parent)
    : QObject(parent)
    , m_design(design) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(100);
    connect(&m_timer, &QTimer::timeout, this, &LiveAnalysis::runNow);
    connect(design, &Design::changed, this, &LiveAnalysis::schedule);
    connect(design, &Design::resetDone, this, &LiveAnalysis::schedule);
    // Cable lengths only change where racks or devices moved: remember where.
    auto all = [this] {
        m_allDirty = true;
        m_structural = true;
    };
    // A document opened with its cables routed (StudioDocument routes them on its worker)
    // is not routed a second time here.
    connect(design, &Design::resetDone, this, [this] {
        m_allDirty = !m_design->cablesRoutedAtReset();
        m_structural = true;
    });
    connect(design, &Design::settingsChanged, this, all);
    // The phases are read by no rule; the floorplan's phase colours and the dashboard's
    // timeline follow the analysis, so a changed list is a new result.
    connect(design, &Design::phasesChanged, this, [this] { m_structural = true; });
    connect(design, &Design::catalogChanged, this, all);
    // A tray added, moved or resized changes the routes of every cable that may use it. Like a
    // rack move it changes placement only: the rules that read placement (cable reach, trays)
    // run again, the others keep their findings (a tray drag stays cheap).
    auto rerouteAll = [this] { m_traysDirty = true; };
    connect(design, &Design::pathwayAdded, this, rerouteAll);
    connect(design, &Design::pathwayRemoved, this, rerouteAll);
    connect(design, &Design::pathwayChanged, this, rerouteAll);
    // Whatever the rules read besides placement: every rule runs again.
    auto structural = [this] { m_structural = true; };
    for (auto signal : {&Design::metaChanged, &Design::hallChanged, &Design::fabricsChanged,
                        &Design::pricesChanged, &Design::powerChanged})
        connect(design, signal, this, structural);
    connect(design, &Design::rackAdded, this, structural);
    connect(design, &Design::rackRemoved, this, structural);
    connect(design, &Design::deviceRemoved, this, structural);
    connect(design, &Design::linkRemoved, this, structural);
    connect(design, &Design::rackChanged, this,
            [this](RackId r) { mark(m_dirtyRacks, r.value()); });
    // A device or link added or changed: reroute it, and every rule runs again.
    auto markStructural = [this](std::vector<char>& dirty) {
        return [this, &dirty](auto id) {
            mark(dirty, id.value());
            m_structural = true;
        };
    };
    connect(design, &Design::deviceAdded, this, markStructural(m_dirtyDevices));
    connect(design, &Design::deviceChanged, this, markStructural(m_dirtyDevices));
    connect(design, &Design::linkAdded, this, markStructural(m_dirtyLinks));
    connect(design, &Design::linkChanged, this, markStructural(m_dirtyLinks));
}

bool LiveAnalysis::onlyPlacementChanged() const {
    if (m_structural)
        return false;
    const DesignData& d = m_design->data();
    for (std::size_t i = 0; i < m_dirtyRacks.size(); ++i) {
        if (!m_dirtyRacks[i])
            continue;
        const Rack* now = d.racks.find(RackId(static_cast<RackId::Rep>(i)));
        if (!now || i >= m_racksAtLastRun.size())
            return false;
        Rack before = m_racksAtLastRun[i];
        before.centre = now->centre;
        before.rotationDeg = now->rotationDeg;
        if (!(before == *now)) // renamed, re-typed, re-cooled, re-fed
            return false;
    }
    return true;
}

void LiveAnalysis::rememberRacks() {
    const DesignData& d = m_design->data();
    m_racksAtLastRun.assign(d.racks.capacity(), Rack{});
    d.racks.forEach([&](RackId id, const Rack& r) { m_racksAtLastRun[id.value()] = r; });
}

void LiveAnalysis::schedule() {
    if (!m_timer.isActive())
        m_timer.start();
}

void LiveAnalysis::runNow() {
    m_timer.stop();
    QElapsedTimer t;
    t.start();
    // Trays drawn, moved or deleted change routes, like a rack move: placement only.
    const bool placementOnly = m_index && m_bom && m_trays && onlyPlacementChanged();
    if (placementOnly)
        runPlacement(m_pathwaysAtLastRun != m_design->data().pathways);
    else
        runFull();
    m_structural = false;
    m_lastPlacementOnly = placementOnly;
    m_lastMs = double(t.nsecsElapsed()) / 1e6;
    ++m_runs;
    Q_EMIT updated();
}

void LiveAnalysis::runFull() {
    const DesignData& d = m_design->data();
    m_rackPairsBuilt = false; // links, devices or racks may have changed: grouped again
    m_index.emplace(d);       // rerouting changes derived data only: the index stays valid
    rerouteCables(*m_index);
    // The bill of materials and the tray fill read the routed design and write only their
    // own tallies: the BOM is counted on the second core while this one routes the trays
    // (each ~20 ms of a 100,000-GPU open).
    alongside(
        [&] {
            m_trays.emplace(d, *m_index);
            m_trayLoad = m_trays->load(d, *m_index);
        },
        [&] { m_bom.emplace(d); });
    m_pathwaysAtLastRun = d.pathways;
    m_result.bom = m_bom->bom(d);
    completeAnalysis(m_result, d, *m_index, &m_trayLoad, &m_rules);
    rememberRacks();
}

void LiveAnalysis::runPlacement(bool traysChanged) {
    // Only racks or trays moved: the racks' rows, the cables that may have moved (a rack's, or
    // every cable when a tray changed), the BOM lines those cables change, the tray load, and
    // the rules that read placement. Devices, links and power stay as counted.
    const DesignData& d = m_design->data();
    const std::vector<RackId> moved = dirtyRackIds();
    for (RackId r : moved)
        m_index->updateRow(d, r);
    std::vector<std::pair<LinkId, Link>> changed;
    rerouteCables(*m_index, &changed);
    bool exact = true;
    for (const auto& [id, before] : changed)
        if (!(exact = m_bom->relink(d, before, d.links[id])))
            break;
    if (!exact)
        m_bom.emplace(d);
    if (traysChanged) {
        m_trays->retray(d, *m_index, changed, m_trayReaches ? &*m_trayReaches : nullptr);
        m_pathwaysAtLastRun = d.pathways;
    } else {
        m_trays->moveRacks(d, *m_index, moved);
    }
    m_trayReaches.reset(); // it points into the change,
    m_trayChange.reset();  // which points into this step's graphs
    m_trayLoad = m_trays->load(d, *m_index);
    m_result.bom = m_bom->bom(d);
    updateRowPower(m_result.metrics, *m_index);
    applyBom(m_result.metrics, m_result.bom);
    CheckContext ctx{d, *m_index, m_result.metrics};
    ctx.trays = &m_trayLoad;
    // The links re-routed and those of moved racks (their halls may differ): the rules that
    // check links alone look at these only.
    std::vector<LinkId> relinked;
    relinked.reserve(changed.size());
    for (const auto& [id, before] : changed)
        relinked.push_back(id);
    for (RackId r : moved) {
        const std::vector<LinkId> own = linksOfRack(*m_index, r);
        relinked.insert(relinked.end(), own.begin(), own.end());
    }
    m_result.findings = m_rules.rerunPlacement(ctx, &relinked, !moved.empty());
}

std::vector<RackId> LiveAnalysis::dirtyRackIds() const {
    std::vector<RackId> out;
    for (std::size_t i = 0; i < m_dirtyRacks.size(); ++i)
        if (m_dirtyRacks[i])
            out.push_back(RackId(static_cast<RackId::Rep>(i)));
    return out;
}

void LiveAnalysis::rerouteCables(const DesignIndex& index,
                                 std::vector<std::pair<LinkId, Link>>* changed) {
    // A moved rack changes its cables' lengths and so their media; derive them again here
    // rather than in each edit, so a drag costs one pass per analysis, not per mouse move.
    const DesignData& d = m_design->data();
    auto dirty = [](const std::vector<char>& v, std::uint32_t i) { return i < v.size() && v[i]; };
    auto deviceDirty = [&](DeviceId id) {
        const Device* dev = d.devices.find(id);
        return dirty(m_dirtyDevices, id.value()) || (dev && dirty(m_dirtyRacks, dev->rack.value()));
    };
    bool any = false;
    // The same choice as routeCables (cages, twin ports, B-end optics), so the studio's BOM
    // and cost match the CLI's for the same file.
    std::optional<LinkRouter> router;
    auto reroute = [&](LinkId id, const Link& l) {
        if (!router)
            router.emplace(d, &index);
        const LinkRouter::Route r = router->route(l);
        if (r.lengthM != l.lengthM || r.medium != l.medium || r.mediumB != l.mediumB) {
            if (changed)
                changed->push_back({id, l});
            m_design->setDerivedLinkData(id, r.lengthM, r.medium, r.mediumB);
            any = true;
        }
    };
    // Trays changed: any cable may run another way, but one whose length stays keeps its
    // medium (the choice reads only its length, its ends and the halls their racks stand in,
    // which no tray moves), so measure it first.
    auto remeasure = [&](LinkId id, const Link& l) {
        if (!router)
            router.emplace(d, &index);
        bool noPathway = false;
        if (float(router->lengthM(l, noPathway)) != l.lengthM)
            reroute(id, l);
    };
    const bool traysOnly =
        m_traysDirty && !m_allDirty && m_dirtyDevices.empty() && m_dirtyLinks.empty();
    if (traysOnly && m_rackPairsBuilt) { // a tray drag after its first step
        router.emplace(d, &index);
        rerouteTrayPairs(*router, reroute);
    } else if (m_allDirty || m_traysDirty || !m_dirtyDevices.empty() || !m_dirtyLinks.empty()) {
        d.links.forEach([&](LinkId id, const Link& l) {
            if (m_allDirty || dirty(m_dirtyLinks, id.value()) || deviceDirty(l.a.device) ||
                deviceDirty(l.b.device))
                reroute(id, l);
            else if (m_traysDirty)
                remeasure(id, l);
        });
        if (traysOnly) { // what each rack pair was routed with, for the drag's next steps
            if (!router)
                router.emplace(d, &index);
            buildRackPairs(*router);
        }
    } else { // only racks moved: their devices' links, found through the index
        std::vector<LinkId> links;
        for (std::size_t r = 0; r < m_dirtyRacks.size(); ++r)
            if (m_dirtyRacks[r]) {
                const std::vector<LinkId> own =
                    linksOfRack(index, RackId(static_cast<RackId::Rep>(r)));
                links.insert(links.end(), own.begin(), own.end());
            }
        std::sort(links.begin(), links.end());
        links.erase(std::unique(links.begin(), links.end()), links.end());
        for (std::size_t r = 0; r < m_dirtyRacks.size(); ++r)
            if (m_dirtyRacks[r])
                forgetRackPairs(RackId(static_cast<RackId::Rep>(r)));
        for (LinkId id : links)
            if (const Link* l = d.links.find(id))
                reroute(id, *l);
    }
    m_allDirty = false;
    m_traysDirty = false;
    m_dirtyRacks.clear();
    m_dirtyDevices.clear();
    m_dirtyLinks.clear();
    if (any)
        m_design->notifyDerivedChanged();
}

void LiveAnalysis::buildRackPairs(LinkRouter& router) {
    const DesignData& d = m_design->data();
    m_rackPairs.clear();
    m_rackPairsOfRack.assign(d.racks.capacity(), {});
    std::unordered_map<std::uint64_t, std::uint32_t> slot;
    d.links.forEach([&](LinkId id, const Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (!a || !b || a->rack == b->rack || !d.racks.contains(a->rack) ||
            !d.racks.contains(b->rack))
            return; // within one rack, or unplaced: no tray involved
        const std::uint64_t key = (std::uint64_t(a->rack.value()) << 32) | b->rack.value();
        const auto [it, added] = slot.try_emplace(key, std::uint32_t(m_rackPairs.size()));
        if (added) {
            m_rackPairs.push_back({a->rack, b->rack, {}, router.trayPart(a->rack, b->rack), true});
            m_rackPairsOfRack[a->rack.value()].push_back(it->second);
            m_rackPairsOfRack[b->rack.value()].push_back(it->second);
        }
        m_rackPairs[it->second].links.push_back(id);
    });
    m_rackPairsBuilt = true;
}

void LiveAnalysis::rerouteTrayPairs(LinkRouter& router,
                                    const std::function<void(LinkId, const Link&)>& reroute) {
    // Only the trays changed (and racks may have moved): a cable's length reads its pair's
    // part and its devices' heights, which stay, so a pair whose part stays keeps every
    // cable's length and medium. The others are routed again, cable by cable.
    // A pair whose way cannot reach a changed tray is not asked again (TrayChange).
    const DesignData& d = m_design->data();
    auto moved = [this](RackId r) {
        return r.value() < m_dirtyRacks.size() && m_dirtyRacks[r.value()];
    };
    m_trayReaches.reset(); // of the change about to be replaced
    TrayChange& change = m_trayChange.emplace(m_pathwaysAtLastRun, d.pathways);
    // The tally still holds the graph of the trays as they were (it is counted after this).
    const std::shared_ptr<const TrayGraph>& before = m_trays->graph();
    if (before && router.trays() && before->pathways() == m_pathwaysAtLastRun)
        change.measureAlong(*before, *router.trays());
    RackReaches& reach = m_trayReaches.emplace(change, d);
    // Which pairs may change is asked first (on both cores); the ways are then found here, in
    // pair order.
    const std::vector<char> ask =
        askOnBothCores(reach, m_rackPairs.size(), [&](std::size_t i, RackReaches& reaches) {
            const RackPairLinks& p = m_rackPairs[i];
            return !p.known || moved(p.a) || moved(p.b) ||
                   reaches.mayReroute(p.a, p.part.lateralA, p.b, p.part.lateralB, p.part.alongMm);
        });
    for (std::size_t i = 0; i < m_rackPairs.size(); ++i) {
        if (!ask[i])
            continue;
        RackPairLinks& p = m_rackPairs[i];
        const bool same = p.known && !moved(p.a) && !moved(p.b);
        const LinkRouter::TrayPart now = router.trayPart(p.a, p.b);
        if (same && now == p.part)
            continue;
        p.part = now;
        p.known = true;
        for (LinkId id : p.links)
            if (const Link* l = d.links.find(id))
                reroute(id, *l);
    }
}

void LiveAnalysis::forgetRackPairs(RackId rack) {
    if (rack.value() < m_rackPairsOfRack.size())
        for (std::uint32_t i : m_rackPairsOfRack[rack.value()])
            m_rackPairs[i].known = false;
}

void LiveAnalysis::mark(std::vector<char>& v, std::uint32_t i) {
    if (i >= v.size())
        v.resize(i + 1, 0);
    v[i] = 1;
}

} // namespace cds
