#pragma once

namespace cds {

/// @brief A point on the hall's floor plan, mm.
struct PointMm {
    double x = 0, y = 0;
    bool operator==(const PointMm&) const = default;
};

/// @brief A rectangle on the floor plan, mm: corner (x, y), width and depth.
struct RectMm {
    double x = 0, y = 0, w = 0, h = 0;
    bool intersects(const RectMm& o) const {
        return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h;
    }
    bool contains(const RectMm& o) const {
        return o.x >= x && o.y >= y && o.x + o.w <= x + w && o.y + o.h <= y + h;
    }
    bool operator==(const RectMm&) const = default;
};

} // namespace cds
