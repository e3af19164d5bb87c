#include "TrayFill.h"

#include "../DesignIndex.h"
#include "CableRouting.h"
#include "TrayChange.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <optional>
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
    m_idOfPiece.resize(m_graph->pieceCount());
    std::iota(m_idOfPiece.begin(), m_idOfPiece.end(), 0);
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
    listUnrouted();
}

void TrayTally::listUnrouted() {
    std::sort(m_unroutedList.begin(), m_unroutedList.end());
    m_unroutedList.erase(std::unique(m_unroutedList.begin(), m_unroutedList.end()),
                         m_unroutedList.end());
    std::erase_if(m_unroutedList, [&](std::uint32_t i) { return m_unroutedPair[i] == 0; });
}

std::uint32_t TrayTally::slotOf(RackId a, RackId b) {
    const auto [slot, added] = m_slot.tryEmplace(keyOf(a, b), std::uint32_t(m_pairs.size()));
    if (added) {
        Pair& p = m_pairs.emplace_back();
        p.a = a;
        p.b = b;
        for (RackId r : {a, b}) {
            if (r.value() >= m_pairsOfRack.size())
                m_pairsOfRack.resize(r.value() + 1);
            m_pairsOfRack[r.value()].push_back(*slot);
        }
    }
    return *slot;
}

TrayTally::Pair* TrayTally::find(RackId a, RackId b) {
    const std::uint32_t* slot = m_slot.find(keyOf(a, b));
    return slot ? &m_pairs[*slot] : nullptr;
}

void TrayTally::route(Pair& p, LinkRouter& router, int sign) {
    if (sign > 0) {
        const TrayDrop da = router.dropOf(p.a), db = router.dropOf(p.b);
        p.pieces = m_graph->route(da, db, &p.alongMm);
        for (std::int32_t& piece : p.pieces)
            piece = m_idOfPiece[std::size_t(piece)];
        p.lateralA = da.lateralMm;
        p.lateralB = db.lateralMm;
        p.centreA = router.design().racks[p.a].centre;
        p.centreB = router.design().racks[p.b].centre;
    }
    count(p, sign);
}

void TrayTally::count(const Pair& p, int sign) {
    if (p.pieces.empty()) {
        const auto i = std::uint32_t(&p - m_pairs.data());
        if (i >= m_unroutedPair.size())
            m_unroutedPair.resize(m_pairs.size(), 0);
        m_unroutedPair[i] = sign > 0;
        if (sign > 0)
            m_unroutedList.push_back(i);
    }
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
    listUnrouted();
}

void TrayTally::retray(const DesignData& d, const DesignIndex& index,
                       const std::vector<std::pair<LinkId, Link>>& changed, RackReaches* measured) {
    LinkRouter router(d, &index);
    if (!m_graph || !router.sharedTrays()) { // trays drawn on an empty floor, or all deleted
        *this = TrayTally(d, index);
        return;
    }
    const std::shared_ptr<const TrayGraph> before = std::exchange(m_graph, router.sharedTrays());
    std::optional<TrayChange> own;
    std::optional<RackReaches> ownReach;
    RackReaches* reach = measured;
    if (!reach || !reach->change().measuredOn(*before, *m_graph)) {
        own.emplace(before->pathways(), d.pathways);
        own->measureAlong(*before, *m_graph);
        reach = &ownReach.emplace(*own, d);
    }
    const TrayChange& change = reach->change();
    // The ids of the pieces that stand as they stood carry over; the others are new.
    const std::vector<std::int32_t>& pieceNow = change.pieceNow();
    std::vector<std::int32_t> idNow(m_graph->pieceCount(), -1);
    std::vector<char> live(m_pieceArea.size(), 0);
    for (std::size_t i = 0; i < pieceNow.size(); ++i)
        if (pieceNow[i] >= 0) {
            idNow[std::size_t(pieceNow[i])] = m_idOfPiece[i];
            live[std::size_t(m_idOfPiece[i])] = 1;
        }
    for (std::int32_t& id : idNow)
        if (id < 0) {
            id = std::int32_t(m_pieceArea.size());
            m_pieceArea.push_back(0);
            m_pieceCables.push_back(0);
            live.push_back(1);
        }
    m_idOfPiece = std::move(idNow);
    // Cables with another medium: their pairs' cross-sections as they are now, on the routes
    // as counted.
    for (const auto& [id, was] : changed) {
        const Link* now = d.links.find(id);
        RackId ra, rb;
        if (!now || !rackPair(d, *now, ra, rb))
            continue;
        if (Pair* p = find(ra, rb)) {
            count(*p, -1);
            p->areaMicroMm2 += areaMicroMm2(d, *now) - areaMicroMm2(d, was);
            count(*p, +1);
        }
    }
    // A pair far enough from every changed tray keeps its way, piece for piece, and its count.
    // A pair's answer reads only the pair, the trays and the racks, so all are asked first
    // (on both cores) and re-routing the others afterwards changes none.
    const std::vector<char> keep =
        askOnBothCores(*reach, m_pairs.size(), [&](std::size_t i, RackReaches& reaches) {
            return keepRoute(m_pairs[i], d, reaches);
        });
    const auto findAgain = [&](Pair& p) { // off its way, onto the way it has now
        count(p, -1);
        route(p, router, +1);
    };
    for (std::size_t i = 0; i < m_pairs.size(); ++i)
        if (!keep[i])
            findAgain(m_pairs[i]);
    // A kept way must run on pieces that still stand. A piece's count is the sum of the ways
    // over it, so once the others are off, a piece gone with a count left has a kept way on
    // it; only then are the kept ways read piece by piece (every piece of every kept way was
    // ~8 % of a drag step at 500,040 GPUs), and those on a gone piece found again.
    if (countedOnGonePiece(live))
        for (std::size_t i = 0; i < m_pairs.size(); ++i) {
            Pair& p = m_pairs[i];
            if (keep[i] && !std::all_of(p.pieces.begin(), p.pieces.end(), [&](std::int32_t id) {
                    return live[std::size_t(id)] != 0;
                }))
                findAgain(p);
        }
    // A long drag leaves ids of pieces that no longer stand (each step's changed pieces): once
    // they outnumber the graph's, the ids are the graph's pieces again.
    if (m_pieceArea.size() > 2 * m_idOfPiece.size() + kSparePieceIds)
        renumberPieces();
    listUnrouted();
}

void TrayTally::renumberPieces() {
    std::vector<std::int32_t> pieceOfId(m_pieceArea.size(), -1);
    for (std::size_t i = 0; i < m_idOfPiece.size(); ++i)
        pieceOfId[std::size_t(m_idOfPiece[i])] = std::int32_t(i);
    std::vector<long long> area(m_idOfPiece.size(), 0);
    std::vector<int> cables(m_idOfPiece.size(), 0);
    for (std::size_t i = 0; i < m_idOfPiece.size(); ++i) {
        area[i] = m_pieceArea[std::size_t(m_idOfPiece[i])];
        cables[i] = m_pieceCables[std::size_t(m_idOfPiece[i])];
    }
    for (Pair& p : m_pairs)
        for (std::int32_t& id : p.pieces)
            id = pieceOfId[std::size_t(id)];
    m_pieceArea = std::move(area);
    m_pieceCables = std::move(cables);
    std::iota(m_idOfPiece.begin(), m_idOfPiece.end(), 0);
}

bool TrayTally::keepRoute(const Pair& p, const DesignData& d, RackReaches& reach) const {
    // reach() is of the racks where they stand, which the route was found from (checked first).
    // A pair with no cable counts on no piece: countedOnGonePiece() could not see its way.
    return !p.pieces.empty() && p.cables > 0 && d.racks[p.a].centre == p.centreA &&
           d.racks[p.b].centre == p.centreB &&
           !reach.mayReroute(p.a, p.lateralA, p.b, p.lateralB, p.alongMm);
}

bool TrayTally::countedOnGonePiece(const std::vector<char>& live) const {
    for (std::size_t id = 0; id < live.size(); ++id)
        if (!live[id] && (m_pieceCables[id] != 0 || m_pieceArea[id] != 0))
            return true;
    return false;
}

std::vector<LinkId> TrayTally::stranded(const DesignData& d, const DesignIndex& index) const {
    // The links of the pairs without a way, found from their lower racks' links: walking all
    // links (most join none) was 3 ms of a tray drag step at 100,000 GPUs.
    std::vector<RackId> lower;
    for (std::uint32_t i : m_unroutedList)
        lower.push_back(m_pairs[i].a);
    std::sort(lower.begin(), lower.end());
    lower.erase(std::unique(lower.begin(), lower.end()), lower.end());
    std::vector<LinkId> out;
    for (RackId r : lower)
        for (DeviceId dev : index.devicesIn(r))
            for (LinkId id : index.linksOf(dev)) {
                RackId ra, rb;
                if (!rackPair(d, d.links[id], ra, rb) || ra != r)
                    continue; // within the rack, or seen from its pair's other rack
                const std::uint32_t* slot = m_slot.find(keyOf(ra, rb));
                if (slot && m_pairs[*slot].pieces.empty())
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
        const auto id = std::size_t(m_idOfPiece[i]);
        const double area = double(m_pieceArea[id]) / 1e6;
        if (area > s.cableAreaMm2) {
            const Pathway& p = d.pathways[s.id];
            s.cableAreaMm2 = area;
            s.cables = m_pieceCables[id];
            s.fillPct = 100.0 * area / (p.widthMm * p.depthMm);
        }
    }
    for (const TrayLoad::Segment& s : out.segments)
        out.maxFillPct = std::max(out.maxFillPct, s.fillPct);
    if (!m_unroutedList.empty())
        out.noPathway = stranded(d, index);
    return out;
}

} // namespace cds
