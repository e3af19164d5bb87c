#pragma once

#include "../Geometry.h"

#include <cstdint>
#include <vector>

namespace cds {

/// @brief Boxes in plan, bucketed in a grid of square cells, so "which boxes meet this
/// rectangle" costs the cells it covers rather than every box: a drawing sheet of a
/// 500,000-GPU campus asks for its few thousand cables among half a million.
class PlanGrid {
public:
    PlanGrid() = default;
    /// @p boxes by index; @p cellMm the cells' side.
    PlanGrid(const std::vector<RectMm>& boxes, double cellMm);
    /// The indices of the boxes that meet @p r (edges touching count), in increasing order.
    std::vector<std::uint32_t> meeting(const RectMm& r) const;

private:
    int colOf(double x) const;
    int rowOf(double y) const;
    std::vector<RectMm> m_boxes;
    double m_x0 = 0, m_y0 = 0, m_cell = 1;
    int m_cols = 0, m_rows = 0;
    std::vector<std::vector<std::uint32_t>> m_cells;
};

} // namespace cds
