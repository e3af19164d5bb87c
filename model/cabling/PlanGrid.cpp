#include "PlanGrid.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {
/// Enough cells to spread the boxes, few enough to keep the grid small on a vast site.
constexpr int kMaxCellsPerSide = 1024;

bool meet(const RectMm& a, const RectMm& b) {
    return a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
}
} // namespace

PlanGrid::PlanGrid(const std::vector<RectMm>& boxes, double cellMm)
    : m_boxes(boxes) {
    if (boxes.empty())
        return;
    double x1 = -1e300, y1 = -1e300;
    m_x0 = m_y0 = 1e300;
    for (const RectMm& b : boxes) {
        m_x0 = std::min(m_x0, b.x);
        m_y0 = std::min(m_y0, b.y);
        x1 = std::max(x1, b.x + b.w);
        y1 = std::max(y1, b.y + b.h);
    }
    m_cell = std::max({cellMm, (x1 - m_x0) / kMaxCellsPerSide, (y1 - m_y0) / kMaxCellsPerSide});
    m_cols = int(std::floor((x1 - m_x0) / m_cell)) + 1;
    m_rows = int(std::floor((y1 - m_y0) / m_cell)) + 1;
    m_cells.assign(std::size_t(m_cols) * std::size_t(m_rows), {});
    for (std::uint32_t i = 0; i < boxes.size(); ++i) {
        const RectMm& b = boxes[i];
        for (int r = rowOf(b.y); r <= rowOf(b.y + b.h); ++r)
            for (int c = colOf(b.x); c <= colOf(b.x + b.w); ++c)
                m_cells[std::size_t(r) * std::size_t(m_cols) + std::size_t(c)].push_back(i);
    }
}

int PlanGrid::colOf(double x) const {
    return std::clamp(int(std::floor((x - m_x0) / m_cell)), 0, m_cols - 1);
}

int PlanGrid::rowOf(double y) const {
    return std::clamp(int(std::floor((y - m_y0) / m_cell)), 0, m_rows - 1);
}

std::vector<std::uint32_t> PlanGrid::meeting(const RectMm& q) const {
    std::vector<std::uint32_t> out;
    if (m_cells.empty())
        return out;
    for (int r = rowOf(q.y); r <= rowOf(q.y + q.h); ++r)
        for (int c = colOf(q.x); c <= colOf(q.x + q.w); ++c)
            for (std::uint32_t i : m_cells[std::size_t(r) * std::size_t(m_cols) + std::size_t(c)])
                if (meet(m_boxes[i], q))
                    out.push_back(i);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace cds
