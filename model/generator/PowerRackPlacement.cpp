// Generator step after the power chain: the floor space its DC power racks take, in line with
// the racks they feed (issue #29: "the floor space the power racks take is part of the layout").

#include "Placement.h"

#include "../RackGeometry.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <tuple>

namespace cds {

namespace {

/// The hall row whose area holds @p r's centre (as DesignIndex::rowOf), or -1.
int rowHolding(const Hall& hall, const Rack& r) {
    for (std::size_t i = 0; i < hall.rows.size(); ++i) {
        const RectMm& a = hall.rows[i].area;
        if (r.centre.x >= a.x && r.centre.x <= a.x + a.w && r.centre.y >= a.y &&
            r.centre.y <= a.y + a.h)
            return int(i);
    }
    return -1;
}

/// Each row's racks, west to east.
std::vector<std::vector<RackId>> racksByRow(const DesignData& d) {
    std::vector<std::vector<RackId>> rows(d.hall.rows.size());
    d.racks.forEach([&](RackId id, const Rack& r) {
        if (const int row = rowHolding(d.hall, r); row >= 0)
            rows[std::size_t(row)].push_back(id);
    });
    for (std::vector<RackId>& row : rows)
        std::sort(row.begin(), row.end(), [&](RackId a, RackId b) {
            return std::tie(d.racks[a].centre.x, a) < std::tie(d.racks[b].centre.x, b);
        });
    return rows;
}

/// Where each power rack goes: after the last rack it feeds, by (row, place in the row).
std::map<std::pair<std::size_t, std::size_t>, std::vector<PowerElementId>>
followers(const DesignData& d, const std::vector<std::vector<RackId>>& rows) {
    constexpr std::pair<std::size_t, std::size_t> kNone{SIZE_MAX, SIZE_MAX};
    std::vector<std::pair<std::size_t, std::size_t>> last(d.power.elements.capacity(), kNone);
    for (std::size_t row = 0; row < rows.size(); ++row)
        for (std::size_t i = 0; i < rows[row].size(); ++i) {
            const PowerFeeds& feeds = d.racks[rows[row][i]].feeds;
            for (PowerElementId f : {feeds.a, feeds.b}) {
                const PowerElement* e = d.power.elements.find(f);
                if (!e || e->kind != PowerKind::PowerRack)
                    continue;
                auto& at = last[f.value()];
                if (at == kNone || std::pair{row, i} > at)
                    at = {row, i};
            }
        }
    std::map<std::pair<std::size_t, std::size_t>, std::vector<PowerElementId>> out;
    d.power.elements.forEach([&](PowerElementId id, const PowerElement&) {
        if (last[id.value()] != kNone)
            out[last[id.value()]].push_back(id); // in element order: a segment's A, then B
    });
    return out;
}

} // namespace

PowerRackPlacement placePowerRacks(DesignData& d, double fixedWidthMm) {
    PowerRackPlacement out;
    const std::vector<std::vector<RackId>> rows = racksByRow(d);
    const auto after = followers(d, rows);
    if (after.empty())
        return out;
    int placed = 0;
    for (std::size_t row = 0; row < rows.size(); ++row) {
        double shift = 0, east = 0;
        for (std::size_t i = 0; i < rows[row].size(); ++i) {
            Rack& r = d.racks[rows[row][i]];
            r.centre.x += shift;
            const RectMm f = footprint(d, r);
            double x = f.x + f.w;
            if (const auto it = after.find({row, i}); it != after.end())
                for (PowerElementId id : it->second) {
                    PowerElement& e = d.power.elements[id];
                    const auto [w, depth] = powerRackFootprint(d, e);
                    // Centred on the row's line, as the racks are: a rack-deep unit fills the
                    // row's depth and stays off both aisles.
                    e.area = RectMm{x, r.centre.y - depth / 2, w, depth};
                    x += w;
                    shift += w;
                    ++placed;
                }
            east = std::max(east, x);
        }
        if (shift > 0) {
            RectMm& a = d.hall.rows[row].area;
            a.w = std::max(a.w, east - a.x);
        }
    }
    double east = 0;
    for (const Row& row : d.hall.rows)
        east = std::max(east, row.area.x + row.area.w);
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    const double need = std::ceil((east + kMarginMm) / tile - 1e-9) * tile;
    if (fixedWidthMm > 0 && need > fixedWidthMm + 1e-6) {
        out.error = QStringLiteral("the hall is too narrow for the power racks: with %1 power "
                                   "racks in line with the racks they feed, the rows need a "
                                   "hall %2 mm wide, not %3 (give a wider --hall)")
                        .arg(placed)
                        .arg(need)
                        .arg(fixedWidthMm);
        return out;
    }
    d.hall.widthMm = std::max(d.hall.widthMm, need);
    for (SiteHall& h : d.halls)
        h.area.w = std::max(h.area.w, d.hall.widthMm - h.area.x);
    out.note = QStringLiteral("%1 power racks on the floor, each in line after the racks it "
                              "feeds; hall %2 m wide")
                   .arg(placed)
                   .arg(d.hall.widthMm / 1000.0);
    return out;
}

} // namespace cds
