#include "TrayFill.h"

#include "../DesignIndex.h"
#include "CableRouting.h"
#include "TrayChange.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_map>

namespace cds {

double cableDiameterMm(const DesignData& d, const Link& l) {
    const TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
    if (m && d.catalog.contains(m))
        if (const auto& media = d.catalog[m].media; media && media->diameterMm)
            return *media->diameterMm;
    return kDefaultCableDiameterMm;
}

namespace {
/// A cable's cross-section in whole micro-square-millimetres (integer sums are exact).
long long areaMicroMm2(const DesignData& d, const Link& l) {
    const double dia = cableDiameterMm(d, l);
    return std::llround(std::numbers::pi * dia * dia / 4.0 * 1e6);
}

/// The two racks of a rack-to-rack link, lower id first; false within one rack or unplaced.
bool rackPair(const DesignData& d, const Link& l, RackId& ra, RackId& rb) {
    const Device* a = d.devices.find(l.a.device);
    const Device* b = d.devices.find(l.b.device);
    if (!a || !b || a->rack == b->rack || !d.racks.contains(a->rack) || !d.racks.contains(b->rack))
        return false;
    ra = a->rack;
    rb = b->rack;
    if (rb < ra)
        std::swap(ra, rb);
    return true;
}
} // namespace

TrayLoad computeTrayLoad(const DesignData& d, const DesignIndex& index) {
    if (d.pathways.empty())
        return {};
    return TrayTally(d, index).load(d, index);
}

TrayTally::Key TrayTally::keyOf(RackId a, RackId b) {
    return (std::uint64_t(a.value()) << 32) | b.value();
}

TrayTally::TrayTally(const DesignData& d, const DesignIndex& index) {
    if (d.pathways.empty())
        return;
    LinkRouter router(d, &index);
    m_graph = router.sharedTrays();
    m_pieceArea.assign(m_graph->pieceCount(), 0);
    m_pieceCables.assign(m_graph->pieceCount(), 0);
    m_pairsOfRack.resize(d.racks.capacity());
    // Cables between the same two racks share a route: group them, route each pair once.
    d.links.forEach([&](LinkId, const Link& l) {
        RackId ra, rb;
        if (!rackPair(d, l, ra, rb))
            return;
        Pair& p = m_pairs[slotOf(ra, rb)];
        p.areaMicroMm2 += areaMicroMm2(d, l);
        ++p.cables;
    });
    for (Pair& p : m_pairs)
        route(p, router, +1);
}

std::uint32_t TrayTally::slotOf(RackId a, RackId b) {
    const auto [it, added] = m_slot.try_emplace(keyOf(a, b), std::uint32_t(m_pairs.size()));
    if (added) {
        Pair& p = m_pairs.emplace_back();
        p.a = a;
        p.b = b;
        for (RackId r : {a, b}) {
            if (r.value() >= m_pairsOfRack.size())
                m_pairsOfRack.resize(r.value() + 1);
            m_pairsOfRack[r.value()].push_back(it->second);
        }
    }
    return it->second;
}

TrayTally::Pair* TrayTally::find(RackId a, RackId b) {
    const auto it = m_slot.find(keyOf(a, b));
    return it == m_slot.end() ? nullptr : &m_pairs[it->second];
}

void TrayTally::route(Pair& p, LinkRouter& router, int sign) {
    if (sign > 0) {
        const TrayDrop da = router.dropOf(p.a), db = router.dropOf(p.b);
        p.pieces = m_graph->route(da, db, &p.alongMm);
        p.lateralA = da.lateralMm;
        p.lateralB = db.lateralMm;
        p.centreA = router.design().racks[p.a].centre;
        p.centreB = router.design().racks[p.b].centre;
    }
    count(p, sign);
}

void TrayTally::count(const Pair& p, int sign) {
    if (p.pieces.empty())
        m_unrouted += sign;
    for (std::int32_t piece : p.pieces) {
        m_pieceArea[std::size_t(piece)] += sign * p.areaMicroMm2;
        m_pieceCables[std::size_t(piece)] += sign * p.cables;
    }
}

void TrayTally::moveRacks(const DesignData& d, const DesignIndex& index,
                          const std::vector<RackId>& moved) {
    if (!m_graph)
        return;
    // Each touched pair off its old route, its cables counted again (a new length can mean
    // a new medium, so a new diameter), and onto its new route.
    std::vector<std::uint32_t> touched;
    for (RackId r : moved)
        if (r.value() < m_pairsOfRack.size())
            touched.insert(touched.end(), m_pairsOfRack[r.value()].begin(),
                           m_pairsOfRack[r.value()].end());
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    LinkRouter router(d, &index);
    for (std::uint32_t k : touched) {
        Pair& p = m_pairs[k];
        route(p, router, -1);
        p.areaMicroMm2 = 0;
        p.cables = 0;
    }
    for (RackId r : moved)
        for (LinkId id : linksOfRack(index, r)) {
            const Link& l = d.links[id];
            RackId ra, rb;
            if (!rackPair(d, l, ra, rb))
                continue;
            // A link between two moved racks is seen from both: count it from its A end.
            const Device& a = d.devices[l.a.device];
            if (a.rack != r && std::find(moved.begin(), moved.end(), a.rack) != moved.end())
                continue;
            Pair& p = m_pairs[slotOf(ra, rb)];
            p.areaMicroMm2 += areaMicroMm2(d, l);
            ++p.cables;
        }
    for (std::uint32_t k : touched)
        route(m_pairs[k], router, +1);
}

void TrayTally::retray(const DesignData& d, const DesignIndex& index,
                       const std::vector<std::pair<LinkId, Link>>& changed) {
    LinkRouter router(d, &index);
    if (!m_graph || !router.sharedTrays()) { // trays drawn on an empty floor, or all deleted
        *this = TrayTally(d, index);
        return;
    }
    const std::shared_ptr<const TrayGraph> before = std::exchange(m_graph, router.sharedTrays());
    const TrayChange change(before->pathways(), d.pathways);
    const std::vector<std::int32_t> pieceNow = m_graph->piecesFrom(*before);
    m_pieceArea.assign(m_graph->pieceCount(), 0);
    m_pieceCables.assign(m_graph->pieceCount(), 0);
    m_unrouted = 0;
    for (const auto& [id, was] : changed) {
        const Link* now = d.links.find(id);
        RackId ra, rb;
        if (!now || !rackPair(d, *now, ra, rb))
            continue;
        if (Pair* p = find(ra, rb))
            p->areaMicroMm2 += areaMicroMm2(d, *now) - areaMicroMm2(d, was);
    }
    // A pair far enough from every changed tray keeps its way, piece for piece.
    RackReaches reach(change, d);
    for (Pair& p : m_pairs) {
        if (keepRoute(p, d, change, reach, pieceNow))
            count(p, +1);
        else
            route(p, router, +1);
    }
}

bool TrayTally::keepRoute(Pair& p, const DesignData& d, const TrayChange& change,
                          RackReaches& reach, const std::vector<std::int32_t>& pieceNow) {
    // reach() is of the racks where they stand, which the route was found from (checked first)
    if (p.pieces.empty() || d.racks[p.a].centre != p.centreA || d.racks[p.b].centre != p.centreB ||
        change.mayReroute(reach.of(p.a), p.lateralA, reach.of(p.b), p.lateralB, p.alongMm))
        return false;
    for (std::int32_t piece : p.pieces)
        if (pieceNow[std::size_t(piece)] < 0)
            return false;
    for (std::int32_t& piece : p.pieces)
        piece = pieceNow[std::size_t(piece)];
    return true;
}

std::vector<LinkId> TrayTally::stranded(const DesignData& d, const DesignIndex& index) const {
    // The links of the pairs without a way, found from their lower racks' links: walking all
    // links (most join none) was 3 ms of a tray drag step at 100,000 GPUs.
    std::vector<RackId> lower;
    for (const Pair& p : m_pairs)
        if (p.pieces.empty())
            lower.push_back(p.a);
    std::sort(lower.begin(), lower.end());
    lower.erase(std::unique(lower.begin(), lower.end()), lower.end());
    std::vector<LinkId> out;
    for (RackId r : lower)
        for (DeviceId dev : index.devicesIn(r))
            for (LinkId id : index.linksOf(dev)) {
                RackId ra, rb;
                if (!rackPair(d, d.links[id], ra, rb) || ra != r)
                    continue; // within the rack, or seen from its pair's other rack
                const auto it = m_slot.find(keyOf(ra, rb));
                if (it != m_slot.end() && m_pairs[it->second].pieces.empty())
                    out.push_back(id);
            }
    std::sort(out.begin(), out.end()); // in link order, as a walk over the links gives them
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

TrayLoad TrayTally::load(const DesignData& d, const DesignIndex& index) const {
    TrayLoad out;
    if (!m_graph)
        return out;
    const TrayGraph& g = *m_graph;
    // One entry per segment, at its fullest piece.
    std::unordered_map<std::uint32_t, std::size_t> slot;
    d.pathways.forEach([&](PathwayId id, const Pathway& p) {
        TrayLoad::Segment s;
        s.id = id;
        s.limitPct = d.settings.trayFillLimitPct[std::size_t(p.kind)];
        slot[id.value()] = out.segments.size();
        out.segments.push_back(s);
        out.lengthM += std::hypot(p.to.x - p.from.x, p.to.y - p.from.y) / 1000.0;
    });
    for (std::size_t i = 0; i < g.pieceCount(); ++i) {
        TrayLoad::Segment& s = out.segments[slot[g.segmentOf(i).value()]];
        const double area = double(m_pieceArea[i]) / 1e6;
        if (area > s.cableAreaMm2) {
            const Pathway& p = d.pathways[s.id];
            s.cableAreaMm2 = area;
            s.cables = m_pieceCables[i];
            s.fillPct = 100.0 * area / (p.widthMm * p.depthMm);
        }
    }
    for (const TrayLoad::Segment& s : out.segments)
        out.maxFillPct = std::max(out.maxFillPct, s.fillPct);
    if (m_unrouted > 0)
        out.noPathway = stranded(d, index);
    return out;
}

} // namespace cds
