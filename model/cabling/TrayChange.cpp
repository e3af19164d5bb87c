#include "TrayChange.h"

#include "TrayGraph.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {

/// Beyond the join tolerance (nodes closer than it merge), so a node a changed tray makes or
/// moves stands inside its box.
constexpr double kMarginMm = 2 * TrayGraph::kJoinToleranceMm + 1;
/// Lengths are sums of floats: a way this close to a bound is taken as touching it.
constexpr double kSlackMm = 1;

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

TrayChange::Reach TrayChange::reach(PointMm rack) const {
    Reach r;
    for (std::size_t i = 0; i < m_boxes.size(); ++i) {
        r.distance[i] = distanceTo(rack, m_boxes[i]);
        r.mayMoveDrop = r.mayMoveDrop || r.distance[i] <= TrayGraph::kMaxDropMm + kMarginMm;
    }
    return r;
}

bool TrayChange::mayReroute(PointMm a, double lateralA, PointMm b, double lateralB,
                            double alongMm) const {
    return mayReroute(reach(a), lateralA, reach(b), lateralB, alongMm);
}

bool TrayChange::mayReroute(const Reach& a, double lateralA, const Reach& b, double lateralB,
                            double alongMm) const {
    if (m_boxes.empty())
        return false;
    if (alongMm < 0 || a.mayMoveDrop || b.mayMoveDrop)
        return true;
    // A way through a box runs from a drop point to the box and on to the other drop point:
    // at least as long as the straight lines, each at least the rack centre's distance less
    // its drop.
    for (std::size_t i = 0; i < m_boxes.size(); ++i)
        if (a.distance[i] - lateralA + b.distance[i] - lateralB <= alongMm + kSlackMm)
            return true;
    return false;
}

RackReaches::RackReaches(const TrayChange& change, const DesignData& d)
    : m_change(change)
    , m_design(d)
    , m_reach(d.racks.capacity())
    , m_known(d.racks.capacity(), 0) {}

const TrayChange::Reach& RackReaches::of(RackId rack) {
    const std::size_t i = rack.value();
    if (!m_known[i]) {
        m_reach[i] = m_change.reach(m_design.racks[rack].centre);
        m_known[i] = 1;
    }
    return m_reach[i];
}

} // namespace cds
