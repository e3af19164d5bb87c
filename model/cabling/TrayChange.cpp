#include "TrayChange.h"

#include "../SegmentDistance.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cds {

namespace {

/// Beyond the join tolerance (nodes closer than it merge), so a node a changed tray makes or
/// moves stands inside its box.
constexpr double kMarginMm = 2 * TrayGraph::kJoinToleranceMm + 1;
/// Lengths are sums of floats (each sum rounded at up to a few hundred pieces, about 6e-8 of
/// it each time): a way this close to a bound is taken as reaching it.
constexpr double kSlackMm = 1;
constexpr double kSlackPerMm = 1e-4;
constexpr double kNone = std::numeric_limits<double>::infinity();

/// By node of @p g: the way to the nearest end of a piece @p marked (by piece); the shortest
/// such piece in @p shortest, and each one's ends added to @p ends.
std::vector<double> toMarked(const TrayGraph& g, const std::vector<char>& marked, double& shortest,
                             std::vector<std::pair<PointMm, PointMm>>& ends) {
    std::vector<double> seed(g.nodeCount(), kNone);
    shortest = kNone;
    for (std::size_t p = 0; p < marked.size(); ++p)
        if (marked[p]) {
            seed[std::size_t(g.pieceFirstNode(p))] = 0;
            seed[std::size_t(g.pieceSecondNode(p))] = 0;
            shortest = std::min(shortest, g.pieceLengthMm(p));
            ends.push_back({g.pieceStart(p), g.pieceEnd(p)});
        }
    return shortest == kNone ? seed : g.spread(std::move(seed));
}

RectMm boxOf(const Pathway& p) {
    const double x0 = std::min(p.from.x, p.to.x), y0 = std::min(p.from.y, p.to.y);
    const double x1 = std::max(p.from.x, p.to.x), y1 = std::max(p.from.y, p.to.y);
    return {x0 - kMarginMm, y0 - kMarginMm, x1 - x0 + 2 * kMarginMm, y1 - y0 + 2 * kMarginMm};
}

RectMm unite(const RectMm& a, const RectMm& b) {
    const double x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
    const double x1 = std::max(a.x + a.w, b.x + b.w), y1 = std::max(a.y + a.h, b.y + b.h);
    return {x0, y0, x1 - x0, y1 - y0};
}

double distanceTo(PointMm p, const RectMm& r) {
    const double dx = std::max({r.x - p.x, 0.0, p.x - (r.x + r.w)});
    const double dy = std::max({r.y - p.y, 0.0, p.y - (r.y + r.h)});
    return std::sqrt(dx * dx + dy * dy);
}

} // namespace

TrayChange::TrayChange(const SlotVector<Pathway, PathwayId>& before,
                       const SlotVector<Pathway, PathwayId>& now) {
    const std::size_t n = std::max(before.capacity(), now.capacity());
    for (std::size_t i = 0; i < n; ++i) {
        const PathwayId id(static_cast<PathwayId::Rep>(i));
        const Pathway* was = before.find(id);
        const Pathway* is = now.find(id);
        if ((!was && !is) || (was && is && *was == *is))
            continue;
        for (const Pathway* p : {was, is})
            if (p)
                m_boxes.push_back(boxOf(*p));
    }
    if (m_boxes.size() > kMaxBoxes) {
        RectMm all = m_boxes.front();
        for (const RectMm& b : m_boxes)
            all = unite(all, b);
        m_boxes.assign(1, all);
    }
}

void TrayChange::measureAlong(const TrayGraph& before, const TrayGraph& now) {
    m_before = &before;
    m_now = &now;
    m_pieceNow = now.piecesFrom(before);
    m_gonePiece.assign(before.pieceCount(), 0);
    m_newPiece.assign(now.pieceCount(), 1);
    for (std::size_t p = 0; p < m_pieceNow.size(); ++p) {
        if (m_pieceNow[p] < 0)
            m_gonePiece[p] = 1;
        else
            m_newPiece[std::size_t(m_pieceNow[p])] = 0;
    }
    m_changedPieces.clear();
    m_toNewMm = toMarked(now, m_newPiece, m_shortestNewMm, m_changedPieces);
    m_toGoneMm = toMarked(before, m_gonePiece, m_shortestGoneMm, m_changedPieces);
}

TrayChange::Reach TrayChange::reach(PointMm rack) const {
    Reach r = boxReach(rack);
    measure(r, rack);
    return r;
}

TrayChange::Reach TrayChange::boxReach(PointMm rack) const {
    Reach r;
    for (std::size_t i = 0; i < m_boxes.size(); ++i) {
        r.distance[i] = distanceTo(rack, m_boxes[i]);
        r.mayMoveDrop = r.mayMoveDrop || r.distance[i] <= TrayGraph::kMaxDropMm + kMarginMm;
    }
    r.nearChange = r.mayMoveDrop;
    for (std::size_t i = 0; i < m_changedPieces.size() && !r.nearChange; ++i)
        r.nearChange = withinOfSegment(m_changedPieces[i].first, m_changedPieces[i].second, rack,
                                       TrayGraph::kMaxDropMm + kMarginMm);
    return r;
}

void TrayChange::measure(Reach& r, PointMm rack) const {
    if (!m_now || r.measured)
        return;
    const TrayDrop now = m_now->drop(rack), before = m_before->drop(rack);
    if (!now.valid() || !before.valid())
        return;
    r.measured = true;
    // A rack near a changed tray whose drop is where it was (it hangs off another tray).
    r.dropStays = m_now->pointOf(now) == m_before->pointOf(before) &&
                  now.lateralMm == before.lateralMm && now.elevationMm == before.elevationMm;
    r.dropOnChange =
        m_newPiece[std::size_t(now.piece)] != 0 || m_gonePiece[std::size_t(before.piece)] != 0;
    r.toNewMm = m_now->viaEnds(now, m_toNewMm);
    r.toGoneMm = m_before->viaEnds(before, m_toGoneMm);
}

bool TrayChange::mayReroute(PointMm a, double lateralA, PointMm b, double lateralB,
                            double alongMm) const {
    return mayReroute(reach(a), lateralA, reach(b), lateralB, alongMm);
}

bool TrayChange::mayReroute(const Reach& a, double lateralA, const Reach& b, double lateralB,
                            double alongMm) const {
    if (m_boxes.empty())
        return false;
    // A drop on a piece that changed is measured from another end: its way's length may
    // differ in the last bits, even where it stands where it stood.
    auto stays = [](const Reach& r) {
        return r.measured ? r.dropStays && !r.dropOnChange : !r.mayMoveDrop;
    };
    if (alongMm < 0 || !stays(a) || !stays(b))
        return true;
    const double bound = alongMm + kSlackMm + kSlackPerMm * alongMm;
    // A way through a box runs from a drop point to the box and on to the other drop point:
    // at least as long as the straight lines, each at least the rack centre's distance less
    // its drop.
    bool nearBox = false;
    for (std::size_t i = 0; i < m_boxes.size() && !nearBox; ++i)
        nearBox = a.distance[i] - lateralA + b.distance[i] - lateralB <= bound;
    if (!nearBox || !a.measured || !b.measured)
        return nearBox;
    // Off the drops' own pieces, a way on a changed piece runs to one of its ends, all of it,
    // and on from its other end: at least the way to the nearest end from each drop and the
    // shortest such piece. One that is as short as the way was may be the way, before or now.
    return a.toNewMm + m_shortestNewMm + b.toNewMm <= bound ||
           a.toGoneMm + m_shortestGoneMm + b.toGoneMm <= bound;
}

RackReaches::RackReaches(const TrayChange& change, const DesignData& d)
    : m_change(change)
    , m_design(d)
    , m_reach(d.racks.capacity())
    , m_known(d.racks.capacity(), 0) {}

const TrayChange::Reach& RackReaches::of(RackId rack) {
    const std::size_t i = rack.value();
    if (!m_known[i]) {
        m_reach[i] = m_change.boxReach(m_design.racks[rack].centre);
        m_known[i] = 1;
    }
    return m_reach[i];
}

const TrayChange::Reach& RackReaches::measured(RackId rack) {
    (void)of(rack);
    const std::size_t i = rack.value();
    if (m_known[i] == 1) {
        m_change.measure(m_reach[i], m_design.racks[rack].centre);
        m_known[i] = 2;
    }
    return m_reach[i];
}

bool RackReaches::mayReroute(RackId a, double lateralA, RackId b, double lateralB, double alongMm) {
    const TrayChange::Reach& ra = of(a);
    const TrayChange::Reach& rb = of(b);
    if (!m_change.measuring() || alongMm < 0)
        return m_change.mayReroute(ra, lateralA, rb, lateralB, alongMm);
    // The boxes let most pairs go at once. A rack whose drop may be on a changed piece is
    // measured (two drops): its pairs may go too, or its drop may turn out to stand as it was.
    if (!ra.nearChange && !rb.nearChange &&
        !m_change.mayReroute(ra, lateralA, rb, lateralB, alongMm))
        return false;
    return m_change.mayReroute(measured(a), lateralA, measured(b), lateralB, alongMm);
}

} // namespace cds
