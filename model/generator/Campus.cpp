// A generated campus (issue #31): the floor planner lays every hall's rows on one even pitch,
// each hall starting on a row of its own; separateHalls() then moves each hall's rows (its
// CDU rows with them) down the site so that halls stand kHallGapMm apart, and records them.
#include "Placement.h"

#include <algorithm>
#include <cmath>
#include <map>

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
    m_notes << QStringLiteral("campus: %1 halls, %2 m apart on a %3 x %4 m site")
                   .arg(m_d.halls.size())
                   .arg(kHallGapMm / 1000)
                   .arg(m_d.hall.widthMm / 1000)
                   .arg(m_d.hall.depthMm / 1000);
    return true;
}

} // namespace cds
