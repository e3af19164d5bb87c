#include "PowerRackFloor.h"

#include "../RackGeometry.h"

#include <algorithm>
#include <tuple>
#include <vector>

namespace cds {

namespace {

/// What stands across a band of the floor, from west to east along it.
struct Span {
    double from = 0, to = 0;
};

/// The spans of everything standing in the band @p y to @p y + @p h (racks, obstacles and the
/// areas of elements other than @p self), by where they start.
std::vector<Span> blockersIn(const DesignData& d, PowerElementId self, double y, double h) {
    std::vector<Span> out;
    auto take = [&](const RectMm& r) {
        if (r.y < y + h && y < r.y + r.h)
            out.push_back({r.x, r.x + r.w});
    };
    d.racks.forEach([&](RackId, const Rack& r) { take(footprint(d, r)); });
    for (const Obstacle& o : d.hall.obstacles)
        take(o.area);
    d.power.elements.forEach([&](PowerElementId other, const PowerElement& e) {
        if (other != self && e.area)
            take(*e.area);
    });
    std::sort(out.begin(), out.end(), [](const Span& a, const Span& b) {
        return std::tie(a.from, a.to) < std::tie(b.from, b.to);
    });
    return out;
}

/// The first x at or east of @p start where @p w along the band meets none of @p spans
/// (sorted by where they start).
double firstGapEast(const std::vector<Span>& spans, double start, double w) {
    double x = start;
    for (const Span& s : spans) {
        if (s.from >= x + w)
            break; // this one and every later one start east of the place
        if (s.to > x)
            x = s.to;
    }
    return x;
}

/// The first x at or west of @p end - @p w where @p w along the band meets none of @p spans.
double firstGapWest(std::vector<Span> spans, double end, double w) {
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.to > b.to; });
    double x = end - w;
    for (const Span& s : spans) {
        if (s.to <= x)
            break; // this one and every later one end west of the place
        if (s.from < x + w)
            x = s.from - w;
    }
    return x;
}

/// The floor a place beside rack @p r must stay within: the hall, or on a campus the hall
/// holding the rack's centre (the whole floor when none does).
RectMm boundsFor(const DesignData& d, const Rack& r) {
    for (const SiteHall& h : d.halls)
        if (r.centre.x >= h.area.x && r.centre.x <= h.area.x + h.area.w && r.centre.y >= h.area.y &&
            r.centre.y <= h.area.y + h.area.h)
            return h.area;
    return RectMm{0, 0, d.hall.widthMm, d.hall.depthMm};
}

} // namespace

std::pair<double, double> powerRackFootprint(const DesignData& d, const PowerElement& e) {
    double w = kPowerRackWidthMm, depth = kPowerRackDepthMm;
    if (d.catalog.contains(e.type)) {
        const std::optional<PowerElementSpec>& spec = d.catalog[e.type].powerElement;
        if (spec && spec->widthMm > 0 && spec->depthMm > 0) {
            w = spec->widthMm;
            depth = spec->depthMm;
        }
    }
    return {w * std::max(1, e.units), depth};
}

PowerRackSpot findPowerRackSpot(const DesignData& d, PowerElementId id) {
    PowerRackSpot out;
    const PowerElement* e = d.power.elements.find(id);
    if (!e)
        return out;
    // The last rack it feeds, as the generator stands a power rack after the last of them.
    RackId last;
    d.racks.forEach([&](RackId r, const Rack& rack) {
        if (rack.feeds.a != id && rack.feeds.b != id)
            return;
        const Rack* was = d.racks.find(last);
        if (!was || std::tie(was->centre.y, was->centre.x, last) <
                        std::tie(rack.centre.y, rack.centre.x, r))
            last = r;
    });
    if (!last) {
        out.why = QStringLiteral("%1 feeds no rack: connect racks to it (their Feed A or B), "
                                 "and it is placed beside them")
                      .arg(e->name);
        return out;
    }
    const Rack& ref = d.racks[last];
    const auto [w, depth] = powerRackFootprint(d, *e);
    const double y = ref.centre.y - depth / 2;
    const RectMm bounds = boundsFor(d, ref);
    const RectMm along = footprint(d, ref);
    const std::vector<Span> spans = blockersIn(d, id, y, depth);
    // Judged as powerAreaProblem() judges a place: ending on the wall is inside.
    if (y >= bounds.y && y + depth <= bounds.y + bounds.h) {
        const double east = firstGapEast(spans, along.x + along.w, w);
        if (east + w <= bounds.x + bounds.w) {
            out.area = RectMm{east, y, w, depth};
            return out;
        }
        const double west = firstGapWest(spans, along.x, w);
        if (west >= bounds.x) {
            out.area = RectMm{west, y, w, depth};
            return out;
        }
    }
    out.why = QStringLiteral("there is no free %1 x %2 mm in line with rack %3, which it feeds, "
                             "east or west of it in the hall")
                  .arg(w, 0, 'f', 0)
                  .arg(depth, 0, 'f', 0)
                  .arg(ref.name);
    return out;
}

} // namespace cds
