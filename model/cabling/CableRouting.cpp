#include "CableRouting.h"

#include "../DesignIndex.h"
#include "../SiteHalls.h"
#include "MediaChooser.h"
#include "TrayGraph.h"

#include <cmath>

namespace cds {

namespace {

/// Height of a device's middle above the floor, and the rack's top, in mm.
struct Vertical {
    double deviceMm = 0;
    double rackTopMm = 0;
};

Vertical verticalOf(const DesignData& d, const Device& dev, const Rack* r) {
    Vertical v;
    const double h = std::max(1, d.typeOf(dev).uHeight);
    v.deviceMm = (dev.uPosition - 1 + h / 2.0) * kMillimetresPerU;
    if (r) {
        const auto& spec = d.typeOf(*r).rack;
        v.rackTopMm =
            spec ? (spec->heightMm > 0 ? spec->heightMm : spec->uCapacity * kMillimetresPerU)
                 : 2000;
    }
    return v;
}

} // namespace

double routedLengthM(const DesignData& d, const Link& l) {
    const Device* a = d.devices.find(l.a.device);
    const Device* b = d.devices.find(l.b.device);
    if (!a || !b)
        return 0;
    const Rack* ra = d.racks.find(a->rack);
    const Rack* rb = d.racks.find(b->rack);
    if (!ra || !rb) // unplaced: nothing to route yet
        return 0;
    const double slackMm = d.settings.cableSlackM * 1000.0;
    const Vertical va = verticalOf(d, *a, ra), vb = verticalOf(d, *b, rb);
    if (a->rack == b->rack)
        return (std::abs(va.deviceMm - vb.deviceMm) + slackMm) / 1000.0;
    const double tray = d.settings.trayHeightAboveRackMm;
    const double up = (va.rackTopMm - va.deviceMm + tray) + (vb.rackTopMm - vb.deviceMm + tray);
    const double floor =
        std::abs(ra->centre.x - rb->centre.x) + std::abs(ra->centre.y - rb->centre.y);
    return (floor + up + slackMm) / 1000.0;
}

TypeId chooseMedium(const DesignData& d, double speedGbps, double lengthM, Technology tech) {
    // One pass over the catalog, no allocation: callers use it per link. It ignores cages;
    // LinkRouter matches them.
    TypeId best;
    double bestCost = 0;
    int bestRank = 99;
    for (std::size_t i = 0; i < d.catalog.size(); ++i) {
        const CatalogItem& it = d.catalog.items()[i];
        if (!it.media || (it.category != Category::Cable && it.category != Category::Transceiver))
            continue;
        const MediaSpec& m = *it.media;
        if (it.category == Category::Cable &&
            (m.type == MediaType::Mmf || m.type == MediaType::Smf)) // fibre goes with optics
            continue;
        if (std::abs(m.speedGbps - speedGbps) > 1e-6 || m.maxReachM + 1e-9 < lengthM)
            continue;
        if (m.technology != Technology::Any && tech != Technology::Any && m.technology != tech)
            continue;
        const int rank = int(m.type);
        const double cost = it.price ? it.price->usd : 1e12;
        if (!best || rank < bestRank || (rank == bestRank && cost < bestCost)) {
            best = TypeId(static_cast<TypeId::Rep>(i));
            bestRank = rank;
            bestCost = cost;
        }
    }
    return best;
}

LinkRouter::LinkRouter(const DesignData& d, const DesignIndex* index)
    : m_d(d)
    , m_ownIndex(index ? nullptr : std::make_unique<DesignIndex>(d))
    , m_index(index ? *index : *m_ownIndex)
    , m_ports(std::make_unique<PortTable>(d.catalog))
    , m_chooser(std::make_unique<MediaChooser>(d, *m_ports))
    , m_trays(d.pathways.empty() ? nullptr : TrayGraph::of(d)) {}

TrayDrop LinkRouter::dropOf(RackId rack) {
    const std::size_t i = rack.value();
    if (i >= m_drops.size()) {
        m_drops.resize(i + 1);
        m_dropKnown.resize(i + 1, 0);
    }
    if (!m_dropKnown[i]) {
        const Rack* r = m_d.racks.find(rack);
        m_drops[i] = r && m_trays ? m_trays->drop(r->centre) : TrayDrop{};
        m_dropKnown[i] = 1;
    }
    return m_drops[i];
}

double LinkRouter::lengthM(const Link& l, bool& noPathway) {
    noPathway = false;
    if (!m_trays)
        return routedLengthM(m_d, l);
    const Device* a = m_d.devices.find(l.a.device);
    const Device* b = m_d.devices.find(l.b.device);
    if (!a || !b || a->rack == b->rack || !m_d.racks.find(a->rack) || !m_d.racks.find(b->rack))
        return routedLengthM(m_d, l); // unplaced, or within one rack: no tray involved
    const TrayDrop da = dropOf(a->rack), db = dropOf(b->rack);
    const double along = alongMm(a->rack, b->rack);
    if (along < 0) {
        noPathway = true;
        return routedLengthM(m_d, l);
    }
    const Vertical va = verticalOf(m_d, *a, m_d.racks.find(a->rack));
    const Vertical vb = verticalOf(m_d, *b, m_d.racks.find(b->rack));
    const double up = (std::max(da.elevationMm, va.rackTopMm) - va.deviceMm) +
                      (std::max(db.elevationMm, vb.rackTopMm) - vb.deviceMm);
    return (along + da.lateralMm + db.lateralMm + up + m_d.settings.cableSlackM * 1000.0) / 1000.0;
}

double LinkRouter::alongMm(RackId ra, RackId rb) {
    // Keyed in the order asked, so the distance is computed as it always was (a to b).
    const std::uint64_t key = (std::uint64_t(ra.value()) << 32) | rb.value();
    const auto [it, added] = m_along.try_emplace(key, 0.0);
    if (added)
        it->second = m_trays->distanceMm(dropOf(ra), dropOf(rb));
    return it->second;
}

LinkRouter::TrayPart LinkRouter::trayPart(RackId a, RackId b) {
    if (!m_trays)
        return {};
    const TrayDrop da = dropOf(a), db = dropOf(b);
    // A tray drag asks each pair once: looked up, not kept (keeping every pair's way cost a
    // tenth of a drag step at 100,000 GPUs), and worked out as alongMm() would.
    const auto known = m_along.find((std::uint64_t(a.value()) << 32) | b.value());
    const double along = known != m_along.end() ? known->second : m_trays->distanceMm(da, db);
    return {along, da.lateralMm, db.lateralMm, da.elevationMm, db.elevationMm};
}

LinkRouter::~LinkRouter() = default;

namespace {
constexpr int kHallUnknown = -2;
} // namespace

int LinkRouter::hallOf(RackId rack) {
    const Rack* r = m_d.racks.find(rack);
    if (!r)
        return -1;
    if (m_rackHall.size() <= rack.value())
        m_rackHall.resize(m_d.racks.capacity(), kHallUnknown);
    int& h = m_rackHall[rack.value()];
    if (h == kHallUnknown)
        h = hallAt(m_d.halls, r->centre); // as rackHalls() places it
    return h;
}

bool LinkRouter::betweenHalls(const Link& l) {
    if (m_d.halls.size() < 2)
        return false;
    const Device* a = m_d.devices.find(l.a.device);
    const Device* b = m_d.devices.find(l.b.device);
    if (!a || !b)
        return false;
    // A rack in no hall is site.rack-outside-halls' to report; its links choose as before.
    const int ha = hallOf(a->rack), hb = hallOf(b->rack);
    return ha >= 0 && hb >= 0 && ha != hb;
}

LinkRouter::Route LinkRouter::route(const Link& l) {
    Route r;
    r.lengthM = float(lengthM(l, r.noPathway));
    if (l.pinnedMedium) {
        r.medium = l.pinnedMedium;
        return r;
    }
    LinkEnds ends = m_chooser->ends(m_index, l);
    ends.betweenHalls = betweenHalls(l);
    const MediumChoice c = m_chooser->choose(ends, r.lengthM);
    r.medium = c.a;
    r.mediumB = c.b;
    return r;
}

namespace {
void apply(LinkRouter& router, Link& l) {
    const LinkRouter::Route r = router.route(l);
    l.lengthM = r.lengthM;
    l.medium = r.medium;
    l.mediumB = r.mediumB;
}
} // namespace

void routeCables(DesignData& d) {
    LinkRouter router(d);
    d.links.forEach([&](LinkId, Link& l) { apply(router, l); });
    // A scenario read from a file is routed like the design itself, so comparing them compares
    // like with like (optics, cost). Scenarios are shared and immutable: each gets a routed copy.
    for (Scenario& s : d.scenarios) {
        auto routed = std::make_shared<DesignData>(*s.design);
        routeCables(*routed);
        s.design = std::move(routed);
    }
}

void rerouteLinks(DesignData& d, const DesignIndex& index, const std::vector<LinkId>& links) {
    LinkRouter router(d, &index);
    for (LinkId id : links)
        if (d.links.contains(id))
            apply(router, d.links[id]);
}

std::vector<LinkId> linksOfRack(const DesignIndex& index, RackId rack) {
    std::vector<LinkId> out;
    for (DeviceId dev : index.devicesIn(rack))
        for (LinkId l : index.linksOf(dev))
            out.push_back(l);
    return out;
}

} // namespace cds
