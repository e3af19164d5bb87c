#include "HallMove.h"

#include "Site.h"

namespace cds {

namespace {

PointMm centreOf(const RectMm& a) {
    return {a.x + a.w / 2, a.y + a.h / 2};
}

/// The indexes of the areas of @p list (rows or obstacles) whose centre is in hall @p hall.
template <typename T>
std::vector<std::size_t> inHall(const std::vector<T>& list, const std::vector<SiteHall>& halls,
                                int hall) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < list.size(); ++i)
        if (hallAt(halls, centreOf(list[i].area)) == hall)
            out.push_back(i);
    return out;
}

} // namespace

PointMm shifted(PointMm p, PointMm delta) {
    return {p.x + delta.x, p.y + delta.y};
}

RectMm shifted(RectMm a, PointMm delta) {
    a.x += delta.x;
    a.y += delta.y;
    return a;
}

HallContents hallContents(const DesignData& d, const std::vector<SiteHall>& halls, int hall) {
    HallContents c;
    if (hall < 0 || hall >= int(halls.size()))
        return c;
    d.racks.forEach([&](RackId id, const Rack& r) {
        if (hallAt(halls, r.centre) == hall)
            c.racks.push_back(id);
    });
    c.rows = inHall(d.hall.rows, halls, hall);
    c.obstacles = inHall(d.hall.obstacles, halls, hall);
    d.power.elements.forEach([&](PowerElementId id, const PowerElement& e) {
        if (e.area && hallAt(halls, centreOf(*e.area)) == hall)
            c.power.push_back(id);
    });
    d.pathways.forEach([&](PathwayId id, const Pathway& p) {
        const bool from = hallAt(halls, p.from) == hall, to = hallAt(halls, p.to) == hall;
        if (from && to)
            c.trays.push_back(id);
        else if (from || to)
            c.leaving.emplace_back(id, to);
    });
    return c;
}

void moveHallContents(DesignData& d, const HallContents& c, PointMm delta) {
    for (RackId id : c.racks)
        d.racks[id].centre = shifted(d.racks[id].centre, delta);
    for (std::size_t i : c.rows)
        d.hall.rows[i].area = shifted(d.hall.rows[i].area, delta);
    for (std::size_t i : c.obstacles)
        d.hall.obstacles[i].area = shifted(d.hall.obstacles[i].area, delta);
    for (PowerElementId id : c.power) {
        std::optional<RectMm>& a = d.power.elements[id].area;
        if (a)
            a = shifted(*a, delta);
    }
    for (PathwayId id : c.trays) {
        Pathway& p = d.pathways[id];
        p.from = shifted(p.from, delta);
        p.to = shifted(p.to, delta);
    }
}

} // namespace cds
