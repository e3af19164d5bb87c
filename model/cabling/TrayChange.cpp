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
/// Past this many boxes one box holds them all (a bigger box only re-routes more).
constexpr std::size_t kMaxBoxes = 8;

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

bool TrayChange::mayMoveDrop(PointMm rack) const {
    return std::any_of(m_boxes.begin(), m_boxes.end(), [&](const RectMm& b) {
        return distanceTo(rack, b) <= TrayGraph::kMaxDropMm + kMarginMm;
    });
}

bool TrayChange::mayReroute(PointMm a, double lateralA, PointMm b, double lateralB,
                            double alongMm) const {
    if (m_boxes.empty())
        return false;
    if (alongMm < 0 || mayMoveDrop(a) || mayMoveDrop(b))
        return true;
    // A way through a box runs from a drop point to the box and on to the other drop point:
    // at least as long as the straight lines, each at least the rack centre's distance less
    // its drop.
    return std::any_of(m_boxes.begin(), m_boxes.end(), [&](const RectMm& box) {
        const double bound = distanceTo(a, box) - lateralA + distanceTo(b, box) - lateralB;
        return bound <= alongMm + kSlackMm;
    });
}

} // namespace cds
