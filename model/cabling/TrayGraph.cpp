#include "TrayGraph.h"

#include "../Buckets.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <tuple>
#include <utility>

namespace cds {

namespace {

double dist(PointMm a, PointMm b) {
    const double dx = a.x - b.x, dy = a.y - b.y; // no std::hypot: a hall never overflows
    return std::sqrt(dx * dx + dy * dy);
}

/// Parameter (0-1) of the point of segment a-b nearest to @p p.
double project(PointMm p, PointMm a, PointMm b) {
    const double dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
    if (len2 <= 0)
        return 0;
    return std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0, 1.0);
}

PointMm at(PointMm a, PointMm b, double t) {
    return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}

/// Parameters where segments p and q properly cross, if they do.
bool crossing(const Pathway& p, const Pathway& q, double& tp, double& tq) {
    const double rx = p.to.x - p.from.x, ry = p.to.y - p.from.y;
    const double sx = q.to.x - q.from.x, sy = q.to.y - q.from.y;
    const double den = rx * sy - ry * sx;
    if (std::abs(den) < 1e-9)
        return false; // parallel: joins come from the end-on-segment test
    const double qpx = q.from.x - p.from.x, qpy = q.from.y - p.from.y;
    tp = (qpx * sy - qpy * sx) / den;
    tq = (qpx * ry - qpy * rx) / den;
    return tp >= 0 && tp <= 1 && tq >= 0 && tq <= 1;
}

/// A search queue's entry as one integer: the distance's bits (a distance is >= +0, and such
/// floats order as their bits do) above the node's, so entries order as (distance, node)
/// pairs, nearer first and then the lower node, in one comparison rather than a pair's two.
std::uint64_t queueKey(float distance, std::int32_t node) {
    return std::uint64_t(std::bit_cast<std::uint32_t>(distance)) << 32 | std::uint32_t(node);
}
float keyDist(std::uint64_t k) {
    return std::bit_cast<float>(std::uint32_t(k >> 32));
}
std::int32_t keyNode(std::uint64_t k) {
    return std::int32_t(std::uint32_t(k));
}

} // namespace

std::int32_t TrayGraph::nodeAt(PointMm p) {
    // Nodes closer than the join tolerance are one node: the first made, as a scan of every
    // node in order would find it. The nodes stand in cells as wide as the tolerance, so the
    // nine cells around a point hold every candidate (a scan of all was quadratic: 5 % of a
    // tray drag step on a campus of 6,000 nodes).
    const auto cellOf = [](double v) { return std::int64_t(std::floor(v / kJoinToleranceMm)); };
    const std::int64_t cx = cellOf(p.x), cy = cellOf(p.y);
    auto key = [](std::int64_t x, std::int64_t y) {
        return (std::uint64_t(std::uint32_t(x)) << 32) | std::uint32_t(y);
    };
    std::int32_t found = -1;
    for (std::int64_t x = cx - 1; x <= cx + 1; ++x)
        for (std::int64_t y = cy - 1; y <= cy + 1; ++y)
            for (std::int32_t i = cellNode(key(x, y)); i >= 0; i = m_nodeNext[std::size_t(i)])
                if ((found < 0 || i < found) &&
                    dist(m_nodes[std::size_t(i)], p) <= kJoinToleranceMm)
                    found = i;
    if (found >= 0)
        return found;
    m_nodes.push_back(p);
    const auto n = std::int32_t(m_nodes.size() - 1);
    m_nodeNext.push_back(cellNode(key(cx, cy)));
    setCellNode(key(cx, cy), n);
    return n;
}

std::size_t TrayGraph::cellSlot(std::uint64_t key) const {
    // Linear probing in a power-of-two table kept at most half full (setCellNode()); a slot
    // is empty while it names no node, and nodes are never taken out.
    const std::size_t mask = m_cellHeads.size() - 1;
    const int shift = 64 - std::countr_zero(m_cellHeads.size());
    std::size_t i = std::size_t((key * 0x9E3779B97F4A7C15ull) >> shift);
    while (m_cellHeads[i].node >= 0 && m_cellHeads[i].key != key)
        i = (i + 1) & mask;
    return i;
}

std::int32_t TrayGraph::cellNode(std::uint64_t key) const {
    return m_cellHeads.empty() ? -1 : m_cellHeads[cellSlot(key)].node;
}

void TrayGraph::setCellNode(std::uint64_t key, std::int32_t node) {
    if (2 * (m_cellCount + 1) > m_cellHeads.size()) {
        const std::vector<CellHead> old = std::exchange(
            m_cellHeads, std::vector<CellHead>(std::max<std::size_t>(64, 2 * m_cellHeads.size())));
        for (const CellHead& h : old)
            if (h.node >= 0)
                m_cellHeads[cellSlot(h.key)] = h;
    }
    CellHead& h = m_cellHeads[cellSlot(key)];
    m_cellCount += h.node < 0;
    h = {key, node};
}

TrayGraph::TrayGraph(const SlotVector<Pathway, PathwayId>& pathways)
    : m_pathways(pathways) {
    std::vector<PathwayId> ids = pathways.ids();
    // Where each segment is joined: (segment index, parameter along it, node), all in one
    // array, so a drag step's graph is a few allocations rather than one or more a segment.
    struct Stop {
        std::uint32_t segment;
        double t;
        std::int32_t node;
        auto operator<=>(const Stop&) const = default;
    };
    std::vector<Stop> stops;
    stops.reserve(4 * ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const Pathway& p = pathways[ids[i]];
        stops.push_back({std::uint32_t(i), 0.0, nodeAt(p.from)});
        stops.push_back({std::uint32_t(i), 1.0, nodeAt(p.to)});
    }
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const Pathway& p = pathways[ids[i]];
        for (std::size_t j = i + 1; j < ids.size(); ++j) {
            const Pathway& q = pathways[ids[j]];
            const double tol = kJoinToleranceMm;
            if (std::max(p.from.x, p.to.x) + tol < std::min(q.from.x, q.to.x) ||
                std::max(q.from.x, q.to.x) + tol < std::min(p.from.x, p.to.x) ||
                std::max(p.from.y, p.to.y) + tol < std::min(q.from.y, q.to.y) ||
                std::max(q.from.y, q.to.y) + tol < std::min(p.from.y, p.to.y))
                continue;
            double tp = 0, tq = 0;
            if (crossing(p, q, tp, tq)) {
                const std::int32_t n = nodeAt(at(p.from, p.to, tp));
                stops.push_back({std::uint32_t(i), tp, n});
                stops.push_back({std::uint32_t(j), tq, n});
            }
            // An end of one segment on the other: a T junction or a collinear overlap.
            auto endOn = [&](const Pathway& seg, std::size_t segIndex, PointMm end) {
                const double t = project(end, seg.from, seg.to);
                if (dist(at(seg.from, seg.to, t), end) <= tol)
                    stops.push_back({std::uint32_t(segIndex), t, nodeAt(end)});
            };
            endOn(p, i, q.from);
            endOn(p, i, q.to);
            endOn(q, j, p.from);
            endOn(q, j, p.to);
        }
    }
    // Each segment's stops in order along it (by parameter, then node), then its pieces.
    std::sort(stops.begin(), stops.end());
    for (std::size_t k = 1; k < stops.size(); ++k) {
        const Stop &s = stops[k - 1], &e = stops[k];
        if (s.segment != e.segment || s.node == e.node)
            continue;
        const Pathway& p = pathways[ids[e.segment]];
        m_pieces.push_back({s.node, e.node, (e.t - s.t) * dist(p.from, p.to), ids[e.segment]});
    }
    buildArcs();
    m_trees.resize(m_nodes.size());
    indexPieces();
    // Only nodeAt(), while the graph is built, asks them.
    m_cellHeads = {};
    m_nodeNext = {};
}

TrayGraph::TrayGraph(const SlotVector<Pathway, PathwayId>& pathways,
                     std::shared_ptr<const TrayGraph> before)
    : TrayGraph(pathways) {
    if (!before || before->m_nodes.empty() || m_nodes.empty())
        return;
    matchNodes(*before);
    // Another design's graph, or trays redrawn wholesale: too little to carry over to keep it.
    const auto matched = std::count_if(m_beforeOfNode.begin(), m_beforeOfNode.end(),
                                       [](std::int32_t b) { return b >= 0; });
    if (2 * std::size_t(matched) >= m_nodes.size())
        m_before = std::move(before);
}

void TrayGraph::matchNodes(const TrayGraph& before) {
    // Nodes stand 50 mm apart at least: each place is one node's. Sorted by place, searched.
    using Place = std::tuple<double, double, std::int32_t>;
    std::vector<Place> here(m_nodes.size());
    for (std::size_t n = 0; n < m_nodes.size(); ++n)
        here[n] = {m_nodes[n].x, m_nodes[n].y, std::int32_t(n)};
    std::sort(here.begin(), here.end());
    m_nodeOfBefore.assign(before.m_nodes.size(), -1);
    m_beforeOfNode.assign(m_nodes.size(), -1);
    for (std::size_t b = 0; b < before.m_nodes.size(); ++b) {
        const PointMm p = before.m_nodes[b];
        const auto it = std::lower_bound(here.begin(), here.end(), Place{p.x, p.y, -1});
        if (it == here.end() || std::get<0>(*it) != p.x || std::get<1>(*it) != p.y)
            continue;
        const auto n = std::size_t(std::get<2>(*it));
        const std::int32_t count = before.m_arcStart[b + 1] - before.m_arcStart[b];
        bool same = m_arcStart[n + 1] - m_arcStart[n] == count;
        for (std::int32_t i = 0; i < count && same; ++i) {
            const Arc& x = before.m_arcs[std::size_t(before.m_arcStart[b] + i)];
            const Arc& y = m_arcs[std::size_t(m_arcStart[n] + i)];
            same = x.lengthMm == y.lengthMm &&
                   before.m_nodes[std::size_t(x.node)] == m_nodes[std::size_t(y.node)] &&
                   before.m_pieces[std::size_t(x.piece)].segment ==
                       m_pieces[std::size_t(y.piece)].segment;
        }
        if (same) {
            m_nodeOfBefore[b] = std::int32_t(n);
            m_beforeOfNode[n] = std::int32_t(b);
        }
    }
}

void TrayGraph::forgetBefore() const {
    std::lock_guard lock(m_mutex);
    m_before.reset();
}

void TrayGraph::buildArcs() {
    // One flat array, each arc carrying the length Dijkstra adds (the float of the piece's),
    // so a search reads memory in order instead of chasing a vector per node and the piece.
    // Put in piece order, so each node's arcs are in piece order.
    groupByBucket(
        m_nodes.size(),
        [&](const auto& put) {
            for (std::size_t i = 0; i < m_pieces.size(); ++i) {
                const Piece& pc = m_pieces[i];
                const float length = float(pc.lengthMm);
                put(std::size_t(pc.u), Arc{length, std::int32_t(i), pc.v});
                put(std::size_t(pc.v), Arc{length, std::int32_t(i), pc.u});
            }
        },
        m_arcStart, m_arcs);
}

void TrayGraph::indexPieces() {
    // A grid of kMaxDropMm cells; each piece is listed in every cell its box, grown by
    // kMaxDropMm, touches. A point's cell then lists every piece a drop can reach, in piece
    // order, so drop() looks at a handful of pieces instead of all of them. A duct bank's
    // pieces are listed in none: cables reach an underground bank along a tray, never
    // straight down from a rack, so a drop never lands on one (nor reads its elevation).
    if (m_pieces.empty())
        return;
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (const PointMm& n : m_nodes) {
        x0 = std::min(x0, n.x);
        y0 = std::min(y0, n.y);
        x1 = std::max(x1, n.x);
        y1 = std::max(y1, n.y);
    }
    m_gridOrigin = {x0 - kMaxDropMm, y0 - kMaxDropMm};
    m_gridCols = std::max(1, int(std::ceil((x1 - x0 + 2 * kMaxDropMm) / kMaxDropMm)) + 1);
    m_gridRows = std::max(1, int(std::ceil((y1 - y0 + 2 * kMaxDropMm) / kMaxDropMm)) + 1);
    // One array for every cell's list.
    const std::size_t cells = std::size_t(m_gridCols) * std::size_t(m_gridRows);
    const auto eachCell = [&](const auto& put) {
        for (std::size_t i = 0; i < m_pieces.size(); ++i) {
            if (m_pathways[m_pieces[i].segment].kind == PathwayKind::DuctBank)
                continue;
            const PointMm a = m_nodes[std::size_t(m_pieces[i].u)],
                          b = m_nodes[std::size_t(m_pieces[i].v)];
            const int c0 = cellOf(std::min(a.x, b.x) - kMaxDropMm, m_gridOrigin.x, m_gridCols);
            const int c1 = cellOf(std::max(a.x, b.x) + kMaxDropMm, m_gridOrigin.x, m_gridCols);
            const int r0 = cellOf(std::min(a.y, b.y) - kMaxDropMm, m_gridOrigin.y, m_gridRows);
            const int r1 = cellOf(std::max(a.y, b.y) + kMaxDropMm, m_gridOrigin.y, m_gridRows);
            for (int r = r0; r <= r1; ++r)
                for (int c = c0; c <= c1; ++c)
                    put(std::size_t(r) * std::size_t(m_gridCols) + std::size_t(c), std::int32_t(i));
        }
    };
    groupByBucket(cells, eachCell, m_gridStart, m_gridPieces);
}

int TrayGraph::cellOf(double v, double origin, int cells) {
    return std::clamp(int(std::floor((v - origin) / kMaxDropMm)), 0, cells - 1);
}

std::shared_ptr<const TrayGraph> TrayGraph::of(const DesignData& d) {
    static std::mutex mutex;
    static std::shared_ptr<const TrayGraph> last;
    std::lock_guard lock(mutex);
    if (!last || !(last->pathways() == d.pathways)) {
        // A drag's next step: the new graph carries the last one's searches over, and the
        // last one lets go of its own predecessor, so at most two graphs are kept alive.
        auto next = std::make_shared<const TrayGraph>(d.pathways, last);
        if (last)
            last->forgetBefore();
        last = std::move(next);
    }
    return last;
}

TrayDrop TrayGraph::drop(PointMm p) const {
    TrayDrop best;
    if (m_gridStart.empty())
        return best;
    const double gx = (p.x - m_gridOrigin.x) / kMaxDropMm, gy = (p.y - m_gridOrigin.y) / kMaxDropMm;
    if (gx < 0 || gy < 0 || gx >= m_gridCols || gy >= m_gridRows)
        return best; // beyond the grid's margin: farther than a drop from every piece
    double bestDist = kMaxDropMm;
    const std::size_t cell = std::size_t(gy) * std::size_t(m_gridCols) + std::size_t(gx);
    for (std::int32_t k = m_gridStart[cell]; k < m_gridStart[cell + 1]; ++k) {
        const std::int32_t i = m_gridPieces[std::size_t(k)];
        const Piece& pc = m_pieces[std::size_t(i)];
        const PointMm a = m_nodes[std::size_t(pc.u)], b = m_nodes[std::size_t(pc.v)];
        // A piece whose bounding box is already farther than the best cannot win: most are,
        // and this keeps a hall's drops (racks x pieces) cheap.
        const double gapX = std::max({std::min(a.x, b.x) - p.x, p.x - std::max(a.x, b.x), 0.0});
        const double gapY = std::max({std::min(a.y, b.y) - p.y, p.y - std::max(a.y, b.y), 0.0});
        if (gapX > bestDist || gapY > bestDist)
            continue;
        const double t = project(p, a, b);
        const double dd = dist(at(a, b, t), p);
        if (dd <= bestDist && (best.piece < 0 || dd < bestDist)) {
            bestDist = dd;
            best.piece = std::int32_t(i);
            best.alongMm = t * pc.lengthMm;
            best.lateralMm = dd;
            best.elevationMm = m_pathways[pc.segment].elevationMm;
        }
    }
    return best;
}

void TrayGraph::start(Tree& t, std::int32_t root) const {
    t.dist.assign(m_nodes.size(), std::numeric_limits<float>::infinity());
    t.via.assign(m_nodes.size(), -1);
    t.settled.assign(m_nodes.size(), 0);
    t.order.clear();
    t.queue.assign(1, queueKey(0.f, root));
    t.dist[std::size_t(root)] = 0;
}

bool TrayGraph::carryOver(Tree& t, std::int32_t root) const {
    if (!m_before || m_beforeOfNode[std::size_t(root)] < 0)
        return false;
    const TrayGraph& b = *m_before;
    std::lock_guard lock(b.m_mutex); // its searches may still be going on
    const auto& slot = b.m_trees[std::size_t(m_beforeOfNode[std::size_t(root)])];
    if (!slot)
        return false;
    const Tree& o = *slot;
    // Dijkstra from scratch here settles the same nodes in the same order as it did there,
    // with the same distances and ways, as long as each settled node has the same arcs here
    // and nodes at equal distances (taken lowest number first) are numbered in the same order.
    std::size_t k = 0;
    for (; k < o.order.size(); ++k) {
        const std::int32_t n = m_nodeOfBefore[std::size_t(o.order[k])];
        if (n < 0 ||
            (k > 0 && o.dist[std::size_t(o.order[k])] == o.dist[std::size_t(o.order[k - 1])] &&
             n < t.order.back()))
            break;
        const auto u = std::size_t(o.order[k]);
        t.dist[std::size_t(n)] = o.dist[u];
        t.settled[std::size_t(n)] = 1;
        t.order.push_back(n);
        for (std::int32_t a = b.m_arcStart[u]; a < b.m_arcStart[u + 1]; ++a)
            if (b.m_arcs[std::size_t(a)].piece == o.via[u]) // the same arc here, by place
                t.via[std::size_t(n)] =
                    m_arcs[std::size_t(m_arcStart[std::size_t(n)] + (a - b.m_arcStart[u]))].piece;
    }
    if (k == 0)
        return false;
    // The queue those nodes leave: each node they reach, at the distance and by the way the
    // first of its shortest relaxations gave, as their own settling relaxed them in order.
    for (const std::int32_t u : t.order)
        for (std::int32_t a = m_arcStart[std::size_t(u)]; a < m_arcStart[std::size_t(u) + 1]; ++a) {
            const Arc& arc = m_arcs[std::size_t(a)];
            const float dv = t.dist[std::size_t(u)] + arc.lengthMm;
            if (!t.settled[std::size_t(arc.node)] && dv < t.dist[std::size_t(arc.node)]) {
                t.dist[std::size_t(arc.node)] = dv;
                t.via[std::size_t(arc.node)] = arc.piece;
            }
        }
    t.queue.clear();
    for (std::size_t v = 0; v < m_nodes.size(); ++v) {
        if (t.settled[v] || !std::isfinite(t.dist[v]))
            continue;
        // A node left in the queue at the distance of a settled one must come after it here
        // too (there it did: it was not taken first).
        const auto after =
            std::upper_bound(t.order.begin(), t.order.end(), t.dist[v],
                             [&](float d, std::int32_t n) { return d < t.dist[std::size_t(n)]; });
        if (after != t.order.begin() && t.dist[std::size_t(*(after - 1))] == t.dist[v] &&
            std::int32_t(v) < *(after - 1))
            return false;
        t.queue.push_back(queueKey(t.dist[v], std::int32_t(v)));
    }
    std::make_heap(t.queue.begin(), t.queue.end(), std::greater<>{});
    return true;
}

TrayGraph::Tree& TrayGraph::treeLocked(std::int32_t root, std::int32_t target) const {
    auto& slot = m_trees[std::size_t(root)];
    if (!slot) {
        slot = std::make_unique<Tree>();
        start(*slot, root);
        if (!carryOver(*slot, root))
            start(*slot, root);
    }
    Tree& t = *slot;
    // Dijkstra as it always ran (the same pops and relaxations in the same order, so the same
    // distances and ways to the bit), paused once the target is settled: a node is settled
    // when it leaves the queue, and no later step lowers it (later pops are no nearer, and a
    // relaxation must lower a distance strictly), so neither its distance nor its way changes.
    const auto later = std::greater<>{};
    while (!t.settled[std::size_t(target)] && !t.queue.empty()) {
        std::pop_heap(t.queue.begin(), t.queue.end(), later);
        const float du = keyDist(t.queue.back());
        const std::int32_t u = keyNode(t.queue.back());
        t.queue.pop_back();
        if (du > t.dist[std::size_t(u)])
            continue;
        t.settled[std::size_t(u)] = 1;
        t.order.push_back(u);
        for (std::int32_t i = m_arcStart[std::size_t(u)]; i < m_arcStart[std::size_t(u) + 1]; ++i) {
            const Arc& a = m_arcs[std::size_t(i)];
            const float dv = du + a.lengthMm;
            if (dv < t.dist[std::size_t(a.node)]) {
                t.dist[std::size_t(a.node)] = dv;
                t.via[std::size_t(a.node)] = a.piece;
                t.queue.push_back(queueKey(dv, a.node));
                std::push_heap(t.queue.begin(), t.queue.end(), later);
            }
        }
    }
    if (t.queue.empty())
        t.queue.shrink_to_fit(); // searched to the end: the queue is not needed again
    return t;
}

const TrayGraph::Tree& TrayGraph::treeTo(std::int32_t root, std::int32_t target) const {
    std::lock_guard lock(m_mutex);
    return treeLocked(root, target);
}

TrayGraph::Choice TrayGraph::choose(const TrayDrop& a, const TrayDrop& b) const {
    Choice c;
    if (!a.valid() || !b.valid())
        return c;
    if (a.piece == b.piece) {
        c.lengthMm = std::abs(a.alongMm - b.alongMm);
        return c;
    }
    const Piece& pa = m_pieces[std::size_t(a.piece)];
    const Piece& pb = m_pieces[std::size_t(b.piece)];
    const std::int32_t endsA[2] = {pa.u, pa.v}, endsB[2] = {pb.u, pb.v};
    const double toA[2] = {a.alongMm, pa.lengthMm - a.alongMm};
    const double toB[2] = {b.alongMm, pb.lengthMm - b.alongMm};
    std::lock_guard lock(m_mutex); // once for the four ends, not once per end
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) {
            const float mid = treeLocked(endsA[i], endsB[j]).dist[std::size_t(endsB[j])];
            if (!std::isfinite(mid))
                continue;
            const double len = toA[i] + double(mid) + toB[j];
            if (c.lengthMm < 0 || len < c.lengthMm) {
                c.lengthMm = len;
                c.ea = endsA[i];
                c.eb = endsB[j];
            }
        }
    }
    return c;
}

double TrayGraph::distanceMm(const TrayDrop& a, const TrayDrop& b) const {
    return choose(a, b).lengthMm;
}

std::size_t TrayGraph::wayNodes(const Tree& t, std::int32_t ea, std::int32_t eb) const {
    // Walked once more before a way is copied out, so its vector is sized once rather than
    // regrown as it fills: the tally and the route map copy out one per rack pair or bundle,
    // half a million or more each at 500,040 GPUs.
    std::size_t nodes = 1;
    for (std::int32_t n = eb; n != ea; ++nodes) {
        const Piece& pc = m_pieces[std::size_t(t.via[std::size_t(n)])];
        n = pc.u == n ? pc.v : pc.u;
    }
    return nodes;
}

std::vector<std::int32_t> TrayGraph::route(const TrayDrop& a, const TrayDrop& b,
                                           double* lengthMm) const {
    const Choice c = choose(a, b);
    if (lengthMm)
        *lengthMm = c.lengthMm;
    std::vector<std::int32_t> out;
    if (c.lengthMm < 0)
        return out;
    if (a.piece == b.piece)
        return {a.piece};
    const Tree& t = treeTo(c.ea, c.eb);
    out.reserve(wayNodes(t, c.ea, c.eb) + 1);
    out.push_back(a.piece);
    for (std::int32_t n = c.eb; n != c.ea;) {
        const std::int32_t piece = t.via[std::size_t(n)];
        out.push_back(piece);
        const Piece& pc = m_pieces[std::size_t(piece)];
        n = pc.u == n ? pc.v : pc.u;
    }
    out.push_back(b.piece);
    return out;
}

std::vector<std::int32_t> TrayGraph::piecesFrom(const TrayGraph& before) const {
    using Key = std::tuple<PathwayId::Rep, double, double, double, double>;
    auto keyOf = [](const TrayGraph& g, const Piece& pc) {
        const PointMm u = g.m_nodes[std::size_t(pc.u)], v = g.m_nodes[std::size_t(pc.v)];
        return Key{pc.segment.value(), u.x, u.y, v.x, v.y};
    };
    // Sorted by key and then piece, searched: a key's first piece is the one found.
    std::vector<std::pair<Key, std::int32_t>> here(m_pieces.size());
    for (std::size_t i = 0; i < m_pieces.size(); ++i)
        here[i] = {keyOf(*this, m_pieces[i]), std::int32_t(i)};
    std::sort(here.begin(), here.end());
    std::vector<std::int32_t> out(before.m_pieces.size(), -1);
    for (std::size_t i = 0; i < before.m_pieces.size(); ++i) {
        const Key key = keyOf(before, before.m_pieces[i]);
        const auto it = std::lower_bound(here.begin(), here.end(), std::pair{key, -1});
        if (it != here.end() && it->first == key &&
            m_pieces[std::size_t(it->second)].lengthMm == before.m_pieces[i].lengthMm)
            out[i] = it->second;
    }
    return out;
}

PointMm TrayGraph::pointOf(const TrayDrop& drop) const {
    const Piece& pc = m_pieces[std::size_t(drop.piece)];
    const double t = pc.lengthMm > 0 ? drop.alongMm / pc.lengthMm : 0;
    return at(m_nodes[std::size_t(pc.u)], m_nodes[std::size_t(pc.v)], t);
}

std::vector<double> TrayGraph::spread(std::vector<double> seed) const {
    std::vector<std::pair<double, std::int32_t>> queue;
    for (std::size_t v = 0; v < seed.size(); ++v)
        if (std::isfinite(seed[v]))
            queue.push_back({seed[v], std::int32_t(v)});
    const auto later = std::greater<>{};
    std::make_heap(queue.begin(), queue.end(), later);
    while (!queue.empty()) {
        std::pop_heap(queue.begin(), queue.end(), later);
        const auto [du, u] = queue.back();
        queue.pop_back();
        if (du > seed[std::size_t(u)])
            continue;
        for (std::int32_t i = m_arcStart[std::size_t(u)]; i < m_arcStart[std::size_t(u) + 1]; ++i) {
            const Arc& a = m_arcs[std::size_t(i)];
            const double dv = du + double(a.lengthMm);
            if (dv < seed[std::size_t(a.node)]) {
                seed[std::size_t(a.node)] = dv;
                queue.push_back({dv, a.node});
                std::push_heap(queue.begin(), queue.end(), later);
            }
        }
    }
    return seed;
}

double TrayGraph::viaEnds(const TrayDrop& drop, const std::vector<double>& byNode) const {
    const Piece& pc = m_pieces[std::size_t(drop.piece)];
    return std::min(drop.alongMm + byNode[std::size_t(pc.u)],
                    pc.lengthMm - drop.alongMm + byNode[std::size_t(pc.v)]);
}

std::vector<PointMm> TrayGraph::polyline(PointMm from, const TrayDrop& a, PointMm to,
                                         const TrayDrop& b, std::vector<std::int32_t>* pieces,
                                         double* lengthMm) const {
    const Choice c = choose(a, b);
    if (lengthMm)
        *lengthMm = c.lengthMm;
    std::vector<PointMm> out;
    if (pieces)
        pieces->clear();
    if (c.lengthMm < 0)
        return out;
    if (pieces)
        pieces->push_back(a.piece);
    if (a.piece == b.piece) {
        out = {from, pointOf(a), pointOf(b), to};
    } else {
        const Tree& t = treeTo(c.ea, c.eb);
        const std::size_t nodes = wayNodes(t, c.ea, c.eb);
        out.resize(nodes + 4);
        out[0] = from;
        out[1] = pointOf(a);
        if (pieces)
            pieces->reserve(nodes + 1);
        std::size_t at = nodes + 1; // the junctions fill in from ea's place backwards
        for (std::int32_t n = c.eb;;) {
            out[at--] = m_nodes[std::size_t(n)];
            if (n == c.ea)
                break;
            const std::int32_t piece = t.via[std::size_t(n)];
            if (pieces)
                pieces->push_back(piece); // in route()'s order: from eb back to ea
            const Piece& pc = m_pieces[std::size_t(piece)];
            n = pc.u == n ? pc.v : pc.u;
        }
        out[nodes + 2] = pointOf(b);
        out[nodes + 3] = to;
    }
    if (pieces && a.piece != b.piece)
        pieces->push_back(b.piece);
    // Drop repeated points (a rack right under its tray).
    out.erase(
        std::unique(out.begin(), out.end(), [](PointMm p, PointMm q) { return dist(p, q) < 1e-6; }),
        out.end());
    return out;
}

} // namespace cds
