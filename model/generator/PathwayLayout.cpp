#include "PathwayLayout.h"

#include "../DesignIndex.h"
#include "../cabling/TrayFill.h"
#include "../site/Site.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace cds {

namespace {
constexpr double kTrunkOffsetMm = 300; ///< trunks at the row ends run in the margin beyond them
constexpr double kRunnerAboveLadderMm = 300;

/// @brief The heights and sizes a generated design's trays take.
struct TrayStyle {
    double ladderMm = 0; ///< elevation of the ladders over the rows
    double rackWidthMm = 600;
};

Pathway tray(const QString& name, PathwayKind kind, PointMm from, PointMm to,
             const TrayStyle& style) {
    Pathway p;
    p.name = name;
    p.kind = kind;
    p.from = from;
    p.to = to;
    const bool ladder = kind == PathwayKind::Ladder;
    p.elevationMm = ladder ? style.ladderMm : style.ladderMm + kRunnerAboveLadderMm;
    p.widthMm = ladder ? 600 : 300;
    p.depthMm = 100;
    return p;
}

/// The x of each trunk over rows from @p west to @p east: in the margin beyond both ends of
/// the rows and every kTrunkEveryRacks racks between.
std::vector<double> trunkXs(double west, double east, double rackWidthMm) {
    std::vector<double> xs = {west - kTrunkOffsetMm};
    const double step = kTrunkEveryRacks * rackWidthMm;
    for (double x = west + step; x < east - rackWidthMm / 2; x += step)
        xs.push_back(x);
    xs.push_back(east + kTrunkOffsetMm);
    return xs;
}

/// The middle of each gap between the sorted extents @p spans ([start, end] of a column or a
/// row of halls).
std::vector<double> roadsBetween(const std::vector<std::pair<double, double>>& spans) {
    std::vector<double> out;
    for (std::size_t i = 1; i < spans.size(); ++i)
        out.push_back((spans[i - 1].second + spans[i].first) / 2);
    return out;
}

/// @brief A campus's roads: the trays along the middle of the gaps between the halls'
/// columns (vertical, x) and rows (horizontal, y) of the grid they stand in.
struct Roads {
    std::vector<double> xs, ys;
    std::vector<double> hallColumn, hallRow; ///< each hall's column and row left edges
};

Roads roadsOf(const std::vector<SiteHall>& halls) {
    std::map<double, double> columns, rows; // left (top) edge -> farthest right (bottom) edge
    for (const SiteHall& h : halls) {
        double& right = columns[h.area.x];
        right = std::max(right, h.area.x + h.area.w);
        double& bottom = rows[h.area.y];
        bottom = std::max(bottom, h.area.y + h.area.h);
    }
    using Spans = std::vector<std::pair<double, double>>;
    Roads r;
    r.xs = roadsBetween(Spans(columns.begin(), columns.end()));
    r.ys = roadsBetween(Spans(rows.begin(), rows.end()));
    for (const auto& c : columns)
        r.hallColumn.push_back(c.first);
    for (const auto& c : rows)
        r.hallRow.push_back(c.first);
    return r;
}

/// The road before (@p after false) or after the grid line of halls starting at @p edge.
std::optional<double> roadBeside(const std::vector<double>& edges, const std::vector<double>& roads,
                                 double edge, bool after) {
    const auto at = std::lower_bound(edges.begin(), edges.end(), edge);
    const std::size_t i = std::size_t(at - edges.begin());
    if (!after && i > 0 && i - 1 < roads.size())
        return roads[i - 1];
    if (after && i < roads.size())
        return roads[i];
    return std::nullopt;
}

/// One hall's trays: a ladder over each of its rows, trunks across them, and the stubs that
/// join them to the roads beside the hall: each ladder runs on to the road west and east of
/// it, each trunk to the road north and south. The stubs are trays of their own, so a hall
/// moved in the studio takes its ladders and trunks along and stretches the stubs.
void layOutHall(DesignData& d, const SiteHall& hall, const std::vector<std::size_t>& rows,
                const Roads& roads, const TrayStyle& style) {
    const auto west = roadBeside(roads.hallColumn, roads.xs, hall.area.x, false);
    const auto east = roadBeside(roads.hallColumn, roads.xs, hall.area.x, true);
    const auto north = roadBeside(roads.hallRow, roads.ys, hall.area.y, false);
    const auto south = roadBeside(roads.hallRow, roads.ys, hall.area.y, true);
    double left = 1e300, right = -1e300, first = 1e300, last = -1e300;
    for (std::size_t i : rows) {
        const Row& row = d.hall.rows[i];
        const RectMm& a = row.area;
        const double y = a.y + a.h / 2;
        const PointMm from{a.x - kTrunkOffsetMm, y}, to{a.x + a.w + kTrunkOffsetMm, y};
        const QString name = QStringLiteral("%1 tray").arg(row.name);
        d.pathways.add(tray(name, PathwayKind::Ladder, from, to, style));
        if (west)
            d.pathways.add(
                tray(name + QStringLiteral(" west"), PathwayKind::Ladder, {*west, y}, from, style));
        if (east)
            d.pathways.add(
                tray(name + QStringLiteral(" east"), PathwayKind::Ladder, to, {*east, y}, style));
        left = std::min(left, a.x);
        right = std::max(right, a.x + a.w);
        first = std::min(first, y);
        last = std::max(last, y);
    }
    const std::vector<double> xs = trunkXs(left, right, style.rackWidthMm);
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const QString name = QStringLiteral("%1 trunk %2").arg(hall.name).arg(i + 1);
        if (last > first)
            d.pathways.add(
                tray(name, PathwayKind::FibreRunner, {xs[i], first}, {xs[i], last}, style));
        if (north)
            d.pathways.add(tray(name + QStringLiteral(" north"), PathwayKind::FibreRunner,
                                {xs[i], *north}, {xs[i], first}, style));
        if (south)
            d.pathways.add(tray(name + QStringLiteral(" south"), PathwayKind::FibreRunner,
                                {xs[i], last}, {xs[i], *south}, style));
    }
}

/// A duct bank under a road: underground (its elevation is not a height routing reads, see
/// PathwayKind), sized at first like a fibre runner; sizePathways() widens it to its cables.
Pathway ductBank(const QString& name, PointMm from, PointMm to) {
    Pathway p;
    p.name = name;
    p.kind = PathwayKind::DuctBank;
    p.from = from;
    p.to = to;
    p.elevationMm = 0;
    p.widthMm = 300;
    p.depthMm = 100;
    return p;
}

/// The span along a road where something joins it: the trays' ends on its line
/// (@p vertical: x == @p at, else y == @p at) and the crossing roads @p crossings. Empty
/// (first > second) when nothing does.
std::pair<double, double> joinedSpan(const DesignData& d, bool vertical, double at,
                                     const std::vector<double>& crossings) {
    std::pair<double, double> span{1e300, -1e300};
    auto take = [&](double v) {
        span.first = std::min(span.first, v);
        span.second = std::max(span.second, v);
    };
    for (double c : crossings)
        take(c);
    d.pathways.forEach([&](PathwayId, const Pathway& p) {
        for (const PointMm& e : {p.from, p.to})
            if (std::abs((vertical ? e.x : e.y) - at) < 1)
                take(vertical ? e.y : e.x);
    });
    return span;
}

/// A campus's trays: each hall's own (layOutHall) and the duct banks under the roads between
/// the halls, which join them: every hall's trays run on to the roads beside it, and the duct
/// banks cross. Each duct bank runs from the first tray or duct bank that joins it to the
/// last, so none ends in the open (`site.pathway-dead-end`).
void layOutCampus(DesignData& d, const TrayStyle& style) {
    const Roads roads = roadsOf(d.halls);
    for (std::size_t h = 0; h < d.halls.size(); ++h) {
        std::vector<std::size_t> rows;
        for (std::size_t i = 0; i < d.hall.rows.size(); ++i) {
            const RectMm& a = d.hall.rows[i].area;
            if (hallAt(d.halls, {a.x + a.w / 2, a.y + a.h / 2}) == int(h))
                rows.push_back(i);
        }
        if (!rows.empty())
            layOutHall(d, d.halls[h], rows, roads, style);
    }
    // The spans first, from the halls' trays alone: a duct bank added is not a join of the
    // next one's.
    std::vector<Pathway> banks;
    for (std::size_t i = 0; i < roads.xs.size(); ++i) {
        const auto [first, last] = joinedSpan(d, true, roads.xs[i], roads.ys);
        banks.push_back(ductBank(QStringLiteral("Duct bank %1").arg(i + 1), {roads.xs[i], first},
                                 {roads.xs[i], last}));
    }
    for (std::size_t i = 0; i < roads.ys.size(); ++i) {
        const auto [first, last] = joinedSpan(d, false, roads.ys[i], roads.xs);
        banks.push_back(ductBank(QStringLiteral("Duct bank %1").arg(roads.xs.size() + i + 1),
                                 {first, roads.ys[i]}, {last, roads.ys[i]}));
    }
    for (const Pathway& b : banks)
        if (b.to.x - b.from.x + b.to.y - b.from.y > 0) // a road nothing joins has none
            d.pathways.add(b);
}

} // namespace

void layOutPathways(DesignData& d) {
    d.pathways = {};
    if (d.hall.rows.empty())
        return;
    double rackTop = 0, rackWidth = 600;
    d.racks.forEach([&](RackId, const Rack& r) {
        if (const auto& spec = d.typeOf(r).rack) {
            rackTop = std::max(rackTop, spec->heightMm > 0 ? spec->heightMm
                                                           : spec->uCapacity * kMillimetresPerU);
            rackWidth = spec->widthMm > 0 ? spec->widthMm : rackWidth;
        }
    });
    if (rackTop <= 0)
        rackTop = 2000;
    const double ladderMm = rackTop + d.settings.trayHeightAboveRackMm;
    if (!d.halls.empty()) {
        layOutCampus(d, {ladderMm, rackWidth});
        return;
    }
    double west = 1e300, east = -1e300;
    for (std::size_t i = 0; i < d.hall.rows.size(); ++i) {
        const RectMm& a = d.hall.rows[i].area;
        Pathway p;
        p.name = QStringLiteral("%1 tray").arg(d.hall.rows[i].name);
        p.kind = PathwayKind::Ladder;
        p.from = {a.x - kTrunkOffsetMm, a.y + a.h / 2};
        p.to = {a.x + a.w + kTrunkOffsetMm, a.y + a.h / 2};
        p.elevationMm = ladderMm;
        p.widthMm = 600;
        p.depthMm = 100;
        d.pathways.add(p);
        west = std::min(west, a.x);
        east = std::max(east, a.x + a.w);
    }
    if (d.hall.rows.size() < 2)
        return;
    const RectMm& first = d.hall.rows.front().area;
    const RectMm& last = d.hall.rows.back().area;
    std::vector<double> xs = {west - kTrunkOffsetMm};
    const double step = kTrunkEveryRacks * rackWidth;
    for (double x = west + step; x < east - rackWidth / 2; x += step)
        xs.push_back(x);
    xs.push_back(east + kTrunkOffsetMm);
    for (std::size_t i = 0; i < xs.size(); ++i) {
        Pathway p;
        p.name = QStringLiteral("Trunk %1").arg(i + 1);
        p.kind = PathwayKind::FibreRunner;
        p.from = {xs[i], first.y + first.h / 2};
        p.to = {xs[i], last.y + last.h / 2};
        p.elevationMm = ladderMm + kRunnerAboveLadderMm;
        p.widthMm = 300;
        p.depthMm = 100;
        d.pathways.add(p);
    }
}

void sizePathways(DesignData& d, const DesignIndex& index, QStringList& notes) {
    if (d.pathways.empty())
        return;
    static constexpr double kWidths[] = {300, 450, 600, 750, 900};
    static constexpr double kDepths[] = {100, 150};
    const TrayLoad load = computeTrayLoad(d, index);
    for (const TrayLoad::Segment& s : load.segments) {
        Pathway& p = d.pathways[s.id];
        const double usable = s.limitPct / 100.0;
        if (s.cableAreaMm2 <= p.widthMm * p.depthMm * usable)
            continue;
        bool fitted = false; // the shallowest, then narrowest, standard tray that holds them
        for (double depth : kDepths)
            for (double width : kWidths)
                if (!fitted && s.cableAreaMm2 <= width * depth * usable) {
                    p.widthMm = width;
                    p.depthMm = depth;
                    fitted = true;
                }
        if (!fitted) {
            p.depthMm = kDepths[std::size(kDepths) - 1];
            p.widthMm = std::min(kMaxPathwayWidthMm,
                                 std::ceil(s.cableAreaMm2 / (p.depthMm * usable) / 150.0) * 150.0);
            notes << QStringLiteral("%1 carries %2 cables: no standard tray holds them at the "
                                    "%3 % fill limit; sized %4 x %5 mm (plan parallel trays)")
                         .arg(p.name)
                         .arg(s.cables)
                         .arg(s.limitPct)
                         .arg(p.widthMm)
                         .arg(p.depthMm);
        }
    }
}

} // namespace cds
