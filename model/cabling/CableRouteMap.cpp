#include "CableRouteMap.h"

#include "TrayChange.h"
#include "TrayFill.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <tuple>
#include <utility>

namespace cds {

namespace {
/// A cable's cross-section in the trays (TrayFill's diameters), summed per bundle.
double crossSectionMm2(const DesignData& d, const Link& l) {
    const double dia = cableDiameterMm(d, l);
    return std::numbers::pi * dia * dia / 4.0;
}

bool same(PointMm p, PointMm q) {
    return std::abs(p.x - q.x) < 1e-6 && std::abs(p.y - q.y) < 1e-6;
}
} // namespace

std::vector<PointMm> orthogonalize(const std::vector<PointMm>& pts) {
    std::vector<PointMm> out;
    auto push = [&out](PointMm p) {
        if (!out.empty() && same(out.back(), p))
            return;
        // A point between two steps along the same axis is no corner.
        if (out.size() >= 2) {
            const PointMm a = out[out.size() - 2], b = out.back();
            const bool hor = std::abs(a.y - b.y) < 1e-6 && std::abs(b.y - p.y) < 1e-6;
            const bool ver = std::abs(a.x - b.x) < 1e-6 && std::abs(b.x - p.x) < 1e-6;
            if (hor || ver) {
                out.back() = p;
                return;
            }
        }
        out.push_back(p);
    };
    for (const PointMm& p : pts) {
        if (!out.empty() && std::abs(out.back().x - p.x) > 1e-6 &&
            std::abs(out.back().y - p.y) > 1e-6)
            push({p.x, out.back().y}); // along x first, then along y
        push(p);
    }
    return out;
}

const TrayDrop& CableRouteMap::dropOf(const DesignData& d, RackId r) {
    const std::size_t i = r.value();
    if (i >= m_drops.size()) {
        m_drops.resize(i + 1);
        m_dropKnown.resize(i + 1, 0);
    }
    if (!m_dropKnown[i]) {
        m_drops[i] = m_graph->drop(d.racks[r].centre);
        m_dropKnown[i] = 1;
    }
    return m_drops[i];
}

void CableRouteMap::route(const DesignData& d, std::size_t i) {
    BundleRoute& b = m_bundles[i];
    WayFrom& from = m_from[i];
    const PointMm pa = d.racks[b.a].centre, pb = d.racks[b.b].centre;
    b.pieces.clear();
    b.noPathway = false;
    from = {};
    if (hasPathways()) {
        const TrayDrop da = dropOf(d, b.a); // copies: the next call may grow the cache
        const TrayDrop db = dropOf(d, b.b);
        const std::vector<PointMm> line =
            m_graph->polyline(pa, da, pb, db, &b.pieces, &from.alongMm);
        if (!line.empty()) {
            b.points = orthogonalize(line);
            from.lateralA = da.lateralMm;
            from.lateralB = db.lateralMm;
            return;
        }
        from.alongMm = -1;
        b.noPathway = true;
    }
    // Along the floor: out of the row, across between the rows, into the other row.
    const double midY = (pa.y + pb.y) / 2;
    b.points = orthogonalize({pa, {pa.x, midY}, {pb.x, midY}, pb});
}

bool CableRouteMap::routeAsPrevious(std::size_t i) {
    if (i == 0 || m_bundles[i - 1].a != m_bundles[i].a || m_bundles[i - 1].b != m_bundles[i].b)
        return false;
    const BundleRoute& same = m_bundles[i - 1];
    BundleRoute& b = m_bundles[i];
    b.points = same.points;
    b.pieces = same.pieces;
    b.noPathway = same.noPathway;
    m_from[i] = m_from[i - 1];
    return true;
}

void CableRouteMap::addLoad(const BundleRoute& b, int sign) {
    // A route may pass a piece twice (both drops on it); it loads it once. Each call marks
    // the pieces it loaded (a sorted copy of every bundle's pieces was ~7 % of the map's build
    // in samples at 500,040 GPUs).
    if (m_loadedBy.size() != m_pieces.size() || ++m_loadMark == 0) {
        m_loadedBy.assign(m_pieces.size(), 0);
        m_loadMark = 1;
    }
    for (std::int32_t p : b.pieces) {
        if (std::exchange(m_loadedBy[std::size_t(p)], m_loadMark) == m_loadMark)
            continue;
        TrayPieceLoad& l = m_pieces[std::size_t(p)];
        l.cables[b.fabricKind] += sign * b.cables;
        l.areaMm2 = std::max(0.0, l.areaMm2 + sign * b.areaMm2);
    }
}

void CableRouteMap::updateFill(const DesignData& d, std::int32_t piece) {
    TrayPieceLoad& l = m_pieces[std::size_t(piece)];
    const Pathway* p = d.pathways.find(l.segment);
    const double area = p ? p->widthMm * p->depthMm : 0;
    l.fillPct = area > 0 ? 100.0 * l.areaMm2 / area : 0;
    l.limitPct = p ? d.settings.trayFillLimitPct[std::size_t(p->kind)] : 0;
}

bool CableRouteMap::traysChanged(const DesignData& d) const {
    return !m_graph || !(m_graph->pathways() == d.pathways);
}

void CableRouteMap::build(const DesignData& d) {
    m_graph = TrayGraph::of(d);
    m_drops.clear();
    m_dropKnown.clear();
    m_bundles.clear();
    static_assert(kCableLayers <= 4, "a layer takes two bits of the key");
    // A cable's racks and layer as one integer (rack ids fit 30 bits: a rack weighs far more
    // than 2^-30 of the address space), so sorting compares it and the link, not four fields.
    struct Entry {
        std::uint64_t key; ///< a << 32 | b << 2 | layer, with a < b
        double area;
        LinkId link;
    };
    std::vector<Entry> entries;
    entries.reserve(d.links.size());
    d.links.forEach([&](LinkId id, const Link& l) {
        const Device* da = d.devices.find(l.a.device);
        const Device* db = d.devices.find(l.b.device);
        if (!da || !db || !d.racks.contains(da->rack) || !d.racks.contains(db->rack) ||
            da->rack == db->rack)
            return;
        const Fabric* f = d.fabric(l.fabric);
        std::uint32_t a = da->rack.value(), b = db->rack.value();
        if (a > b)
            std::swap(a, b);
        const std::uint64_t layer = f ? std::uint64_t(std::min(int(f->kind), kCableLayers - 1)) : 3;
        entries.push_back(
            {std::uint64_t(a) << 32 | std::uint64_t(b) << 2 | layer, crossSectionMm2(d, l), id});
    });
    std::sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
        return x.key != y.key ? x.key < y.key : x.link < y.link;
    });
    // One bundle per run of equal keys, each sized before it is filled.
    std::size_t runs = 0;
    for (std::size_t i = 0; i < entries.size(); ++i)
        runs += i == 0 || entries[i].key != entries[i - 1].key;
    m_bundles.reserve(runs);
    for (std::size_t i = 0; i < entries.size();) {
        std::size_t end = i + 1;
        while (end < entries.size() && entries[end].key == entries[i].key)
            ++end;
        BundleRoute& r = m_bundles.emplace_back();
        r.a = RackId(static_cast<RackId::Rep>(entries[i].key >> 32));
        r.b = RackId(static_cast<RackId::Rep>((entries[i].key >> 2) & ((1u << 30) - 1)));
        r.fabricKind = std::uint8_t(entries[i].key & 3);
        r.cables = int(end - i);
        r.links.reserve(end - i);
        for (; i < end; ++i) {
            r.links.push_back(entries[i].link);
            r.areaMm2 += entries[i].area;
        }
    }
    m_from.assign(m_bundles.size(), {});
    m_bundlesOfRack.assign(d.racks.capacity(), {});
    for (std::size_t i = 0; i < m_bundles.size(); ++i) {
        // A pair's bundles (one per layer) are neighbours in key order and run the same way.
        if (!routeAsPrevious(i))
            route(d, i);
        m_bundlesOfRack[m_bundles[i].a.value()].push_back(std::uint32_t(i));
        m_bundlesOfRack[m_bundles[i].b.value()].push_back(std::uint32_t(i));
    }
    loadPieces(d);
}

void CableRouteMap::loadPieces(const DesignData& d) {
    m_pieces.assign(m_graph->pieceCount(), {});
    for (std::size_t i = 0; i < m_pieces.size(); ++i) {
        m_pieces[i].from = m_graph->pieceStart(i);
        m_pieces[i].to = m_graph->pieceEnd(i);
        m_pieces[i].segment = m_graph->segmentOf(i);
    }
    for (const BundleRoute& b : m_bundles)
        addLoad(b, +1);
    for (std::size_t i = 0; i < m_pieces.size(); ++i)
        updateFill(d, std::int32_t(i));
}

void CableRouteMap::followTrays(const DesignData& d, const std::vector<RackId>& moved) {
    std::shared_ptr<const TrayGraph> now = TrayGraph::of(d);
    const auto placed = [&](const BundleRoute& b) {
        return d.racks.contains(b.a) && d.racks.contains(b.b);
    };
    if (!m_graph || m_graph->empty() || now->empty() || m_from.size() != m_bundles.size() ||
        !std::all_of(m_bundles.begin(), m_bundles.end(), placed)) {
        build(d); // from no trays, or to none (every bundle changes), or a rack gone
        m_reroutedLast = m_bundles.size();
        return;
    }
    const std::shared_ptr<const TrayGraph> before = std::exchange(m_graph, std::move(now));
    TrayChange change(before->pathways(), d.pathways);
    change.measureAlong(*before, *m_graph);
    RackReaches reaches(change, d);
    std::vector<char> movedRack(d.racks.capacity(), 0);
    for (RackId r : moved)
        if (r.value() < movedRack.size())
            movedRack[r.value()] = 1;
    // Which bundles may change is asked first (on both cores); the others are routed after.
    const std::vector<char> keep =
        askOnBothCores(reaches, m_bundles.size(), [&](std::size_t i, RackReaches& r) {
            const BundleRoute& b = m_bundles[i];
            const WayFrom& w = m_from[i];
            return !b.pieces.empty() && !movedRack[b.a.value()] && !movedRack[b.b.value()] &&
                   !r.mayReroute(b.a, w.lateralA, b.b, w.lateralB, w.alongMm);
        });
    const std::vector<std::int32_t>& pieceNow = change.pieceNow();
    m_dropKnown.assign(m_dropKnown.size(), 0); // the drops onto the new trays
    m_reroutedLast = 0;
    for (std::size_t i = 0; i < m_bundles.size(); ++i) {
        if (routeAsPrevious(i))
            continue;
        // A kept way runs on the same pieces, which must all still stand.
        bool kept = keep[i] != 0;
        for (std::int32_t& piece : m_bundles[i].pieces) {
            if (!kept)
                break;
            piece = pieceNow[std::size_t(piece)];
            kept = piece >= 0;
        }
        if (!kept) {
            route(d, i);
            ++m_reroutedLast;
        }
    }
    // The cables re-routed with the trays may have another medium: cross-sections as build().
    for (BundleRoute& b : m_bundles) {
        b.areaMm2 = 0;
        for (LinkId id : b.links)
            if (const Link* l = d.links.find(id))
                b.areaMm2 += crossSectionMm2(d, *l);
    }
    loadPieces(d);
}

void CableRouteMap::rackMoved(const DesignData& d, RackId rack) {
    if (traysChanged(d)) {
        followTrays(d, {rack});
        return;
    }
    if (!d.racks.contains(rack) || rack.value() >= m_bundlesOfRack.size())
        return;
    if (rack.value() < m_dropKnown.size())
        m_dropKnown[rack.value()] = 0;
    std::vector<std::int32_t> touched;
    for (std::uint32_t i : m_bundlesOfRack[rack.value()]) {
        BundleRoute& b = m_bundles[i];
        touched.insert(touched.end(), b.pieces.begin(), b.pieces.end());
        addLoad(b, -1);
        route(d, i);
        addLoad(b, +1);
        touched.insert(touched.end(), b.pieces.begin(), b.pieces.end());
    }
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (std::int32_t p : touched)
        updateFill(d, p);
}

double CableRouteMap::maxFillPct() const {
    double m = 0;
    for (const TrayPieceLoad& p : m_pieces)
        m = std::max(m, p.fillPct);
    return m;
}

namespace {
/// A cell about a floorplan sheet's height: a sheet meets a few cells.
constexpr double kIndexCellMm = 6000;

RectMm grownBox(const std::vector<PointMm>& pts, double marginMm) {
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (const PointMm& p : pts) {
        x0 = std::min(x0, p.x), y0 = std::min(y0, p.y);
        x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
    }
    if (pts.empty())
        return {};
    return {x0 - marginMm, y0 - marginMm, x1 - x0 + 2 * marginMm, y1 - y0 + 2 * marginMm};
}
} // namespace

CableRouteIndex::CableRouteIndex(const CableRouteMap& routes, double marginMm) {
    std::vector<RectMm> boxes;
    boxes.reserve(routes.bundles().size());
    for (const BundleRoute& b : routes.bundles())
        boxes.push_back(grownBox(b.points, marginMm));
    m_bundles = PlanGrid(boxes, kIndexCellMm);
    boxes.clear();
    for (const TrayPieceLoad& piece : routes.pieces())
        boxes.push_back(grownBox({piece.from, piece.to}, marginMm));
    m_pieces = PlanGrid(boxes, kIndexCellMm);
}

} // namespace cds
