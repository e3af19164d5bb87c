#pragma once
// The distance from a point to a straight segment on the floor plan: a tray picked with the
// mouse, a cable's route near the pointer, a pathway's end joining another.

#include "Geometry.h"

#include <algorithm>
#include <cmath>

namespace cds {

/// Distance from @p p to segment @p a - @p b, mm; @p nearest, when given, receives the point
/// of the segment nearest to @p p (a itself for a segment of no length).
inline double distanceToSegment(PointMm a, PointMm b, PointMm p, PointMm* nearest = nullptr) {
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double len2 = dx * dx + dy * dy;
    const double t =
        len2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0, 1.0) : 0.0;
    const PointMm q{a.x + t * dx, a.y + t * dy};
    if (nearest)
        *nearest = q;
    return std::hypot(p.x - q.x, p.y - q.y);
}

} // namespace cds
