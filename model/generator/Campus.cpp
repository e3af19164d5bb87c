// A generated campus (issue #31): the floor planner lays every hall's rows on one even pitch,
// each hall starting on a row of its own; separateHalls() then moves each hall's rows (its
// CDU rows with them) down the site so that halls stand kHallGapMm apart, and records them;
// after the power chain, arrangeHallsInGrid() sets the halls out side by side in a grid.
#include "Placement.h"

#include "../site/HallMove.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>
#include <utility>

namespace cds {

int FloorPlanner::hallAtY(double y) const {
    if (m_rowHall.empty())
        return 0;
    const RackSpec spec = m_d.catalog[m_in.rackType].rack.value_or(RackSpec{});
    const long row = std::lround((y - kMarginMm - spec.depthMm / 2) / (spec.depthMm + kAisleMm));
    if (row < 0 || std::size_t(row) >= m_rowHall.size())
        return 0;
    return std::max(0, m_rowHall[std::size_t(row)]);
}

bool FloorPlanner::separateHalls() {
    if (m_in.halls <= 1)
        return true;
    const RackSpec spec = m_d.catalog[m_in.rackType].rack.value_or(RackSpec{});
    const double pitch = spec.depthMm + kAisleMm;
    auto indexOf = [&](double top) { return std::size_t(std::lround((top - kMarginMm) / pitch)); };
    // The rows in use, by hall, each hall's in their order; then each its new top edge.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < m_d.hall.rows.size(); ++i)
        if (const std::size_t k = indexOf(m_d.hall.rows[i].area.y);
            k < m_rowHall.size() && m_rowHall[k] >= 0)
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return m_rowHall[indexOf(m_d.hall.rows[a].area.y)] <
               m_rowHall[indexOf(m_d.hall.rows[b].area.y)];
    });
    if (order.empty())
        return true;
    std::map<std::size_t, double> newTop; ///< by the row's index on the even pitch
    std::vector<Row> rows;
    std::vector<SiteHall> halls;
    double y = kMarginMm;
    int hall = -1;
    for (std::size_t i : order) {
        Row r = m_d.hall.rows[i];
        const std::size_t k = indexOf(r.area.y);
        if (m_rowHall[k] != hall) {
            if (hall >= 0) {
                halls.back().area.h = y - pitch + spec.depthMm + kMarginMm - halls.back().area.y;
                y = halls.back().area.y + halls.back().area.h + kHallGapMm + kMarginMm;
            }
            hall = m_rowHall[k];
            halls.push_back(
                {QStringLiteral("Hall %1").arg(hall + 1), {0, y - kMarginMm, m_d.hall.widthMm, 0}});
        }
        newTop[k] = y;
        const bool cdus = r.name.endsWith(QLatin1String("(CDUs)"));
        r.name = QStringLiteral("Row %1%2")
                     .arg(rows.size() + 1)
                     .arg(cdus ? QStringLiteral(" (CDUs)") : QString());
        r.area.y = y;
        rows.push_back(std::move(r));
        y += pitch;
    }
    halls.back().area.h = y - pitch + spec.depthMm + kMarginMm - halls.back().area.y;
    m_d.racks.forEach([&](RackId, Rack& r) {
        const auto it = newTop.find(indexOf(r.centre.y - spec.depthMm / 2));
        if (it != newTop.end())
            r.centre.y = it->second + spec.depthMm / 2;
    });
    if (m_in.hallDepthMm > 0)
        for (const SiteHall& h : halls)
            if (h.area.h > m_in.hallDepthMm) {
                m_error = QStringLiteral("%1 needs %2 mm of depth; the halls asked for are %3 mm "
                                         "deep (give more halls, or a deeper hall)")
                              .arg(h.name)
                              .arg(h.area.h)
                              .arg(m_in.hallDepthMm);
                return false;
            }
    m_d.hall.rows = std::move(rows);
    m_d.hall.depthMm =
        std::ceil((halls.back().area.y + halls.back().area.h) / m_d.hall.tileMm) * m_d.hall.tileMm;
    m_d.hall.name = QStringLiteral("Site");
    m_d.halls = std::move(halls);
    return true;
}

namespace {

/// @brief Where each hall of a campus goes: a grid of cells, read row by row.
struct HallGrid {
    int cols = 1, rows = 1;
    std::vector<int> cell; ///< by hall: its cell, row * cols + column
};

/// ceil(sqrt(N)) columns. Hall @p central in the middle cell (of the middle ones, the nearest
/// its place in reading order), the cells farthest from it left empty, and the other halls in
/// their order in the cells left: the longest run to the central rows is then the shortest.
HallGrid gridOf(int halls, int central) {
    HallGrid g;
    g.cols = int(std::ceil(std::sqrt(double(halls)) - 1e-9));
    g.rows = (halls + g.cols - 1) / g.cols;
    int middle = -1;
    for (int r : {(g.rows - 1) / 2, g.rows / 2})
        for (int c : {(g.cols - 1) / 2, g.cols / 2})
            if (const int cell = r * g.cols + c;
                middle < 0 || std::abs(cell - central) < std::abs(middle - central))
                middle = cell;
    const int cells = g.rows * g.cols;
    auto apart = [&](int cell) {
        return std::abs(cell / g.cols - middle / g.cols) +
               std::abs(cell % g.cols - middle % g.cols);
    };
    std::vector<int> order(std::size_t(cells), 0);
    std::iota(order.begin(), order.end(), 0);
    // Farthest first; of equals, the last in reading order.
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return std::pair(apart(a), a) > std::pair(apart(b), b); });
    std::vector<char> empty(std::size_t(cells), 0);
    for (int i = 0; i < cells - halls; ++i)
        empty[std::size_t(order[std::size_t(i)])] = 1;
    g.cell.assign(std::size_t(halls), -1);
    g.cell[std::size_t(central)] = middle;
    int next = 0;
    for (int h = 0; h < halls; ++h) {
        if (h == central)
            continue;
        while (next == middle || empty[std::size_t(next)])
            ++next;
        g.cell[std::size_t(h)] = next++;
    }
    return g;
}

} // namespace

QString arrangeHallsInGrid(DesignData& d, int centralHall) {
    const int n = int(d.halls.size());
    if (n <= 1)
        return {};
    const int central = std::clamp(centralHall, 0, n - 1);
    const HallGrid g = gridOf(n, central);
    // What each hall holds, found while the halls still stand apart one below the other.
    std::vector<HallContents> contents;
    for (int h = 0; h < n; ++h)
        contents.push_back(hallContents(d, d.halls, h));
    double width = 0;
    std::vector<double> depth(std::size_t(g.rows), 0.0); // of each row of the grid
    for (int h = 0; h < n; ++h) {
        const RectMm& a = d.halls[std::size_t(h)].area;
        width = std::max(width, a.w);
        double& rowDepth = depth[std::size_t(g.cell[std::size_t(h)] / g.cols)];
        rowDepth = std::max(rowDepth, a.h);
    }
    std::vector<double> top(std::size_t(g.rows), 0.0);
    for (std::size_t r = 1; r < top.size(); ++r)
        top[r] = top[r - 1] + depth[r - 1] + kHallGapMm;
    for (int h = 0; h < n; ++h) {
        RectMm& a = d.halls[std::size_t(h)].area;
        const int cell = g.cell[std::size_t(h)];
        const PointMm at{(cell % g.cols) * (width + kHallGapMm), top[std::size_t(cell / g.cols)]};
        moveHallContents(d, contents[std::size_t(h)], {at.x - a.x, at.y - a.y});
        a.x = at.x;
        a.y = at.y;
    }
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    auto tiles = [&](double mm) { return std::ceil(mm / tile - 1e-9) * tile; };
    d.hall.widthMm = tiles(g.cols * width + (g.cols - 1) * kHallGapMm);
    d.hall.depthMm = tiles(top.back() + depth.back());
    return QStringLiteral("campus: %1 halls in a grid of %2 x %3, %4 m apart, %5 (the central "
                          "network rows) in the middle; site %6 x %7 m")
        .arg(n)
        .arg(g.cols)
        .arg(g.rows)
        .arg(kHallGapMm / 1000)
        .arg(d.halls[std::size_t(central)].name)
        .arg(d.hall.widthMm / 1000)
        .arg(d.hall.depthMm / 1000);
}

} // namespace cds
