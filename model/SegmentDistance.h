#pragma once
// The distance from a point to a straight segment on the floor plan: a tray picked with the
// mouse, a cable's route near the pointer, a pathway's end joining another.

#include "Geometry.h"

#include <algorithm>
#include <cmath>

namespace cds {

/// The point of segment @p a - @p b nearest to @p p (a itself for a segment of no length).
inline PointMm nearestOnSegment(PointMm a, PointMm b, PointMm p) {
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double len2 = dx * dx + dy * dy;
    const double t =
        len2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0, 1.0) : 0.0;
    return {a.x + t * dx, a.y + t * dy};
}

/// Distance from @p p to segment @p a - @p b, mm; @p nearest, when given, receives the point
/// of the segment nearest to @p p (a itself for a segment of no length).
inline double distanceToSegment(PointMm a, PointMm b, PointMm p, PointMm* nearest = nullptr) {
    const PointMm q = nearestOnSegment(a, b, p);
    if (nearest)
        *nearest = q;
    return std::hypot(p.x - q.x, p.y - q.y);
}

/// Whether @p p is within @p r mm of segment @p a - @p b: as `distanceToSegment() <= r`, for
/// loops over many points and segments (most are farther than @p r from the segment's box,
/// told by four comparisons; the others by a square, not std::hypot, which is several times
/// dearer: each rack of a 500,040-GPU campus against a dragged tray's pieces was 7 % of a drag
/// step).
inline bool withinOfSegment(PointMm a, PointMm b, PointMm p, double r) {
    if (p.x < std::min(a.x, b.x) - r || p.x > std::max(a.x, b.x) + r ||
        p.y < std::min(a.y, b.y) - r || p.y > std::max(a.y, b.y) + r)
        return false;
    const PointMm q = nearestOnSegment(a, b, p);
    const double dx = p.x - q.x, dy = p.y - q.y;
    return dx * dx + dy * dy <= r * r;
}

} // namespace cds
