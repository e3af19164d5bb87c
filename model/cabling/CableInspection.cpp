#include "CableInspection.h"

#include "../SegmentDistance.h"

#include "../DesignIndex.h"
#include "TrayGraph.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace cds {

namespace {

struct Ends {
    const Rack* a = nullptr;
    const Rack* b = nullptr;
    RackId ra, rb;
};

Ends endsOf(const DesignData& d, const Link& l) {
    Ends e;
    const Device* da = d.devices.find(l.a.device);
    const Device* db = d.devices.find(l.b.device);
    if (!da || !db)
        return e;
    e.ra = da->rack;
    e.rb = db->rack;
    e.a = d.racks.find(da->rack);
    e.b = d.racks.find(db->rack);
    return e;
}

/// The plan line between two racks: along the trays when they join them, else straight.
std::vector<PointMm> lineBetween(const TrayGraph* trays, const Rack& a, const Rack& b,
                                 std::vector<PathwayId>* segments, bool* noPathway) {
    if (trays && !trays->empty()) {
        const TrayDrop da = trays->drop(a.centre), db = trays->drop(b.centre);
        if (da.valid() && db.valid()) {
            std::vector<PointMm> line = trays->polyline(a.centre, da, b.centre, db);
            if (!line.empty()) {
                if (segments)
                    for (std::int32_t piece : trays->route(da, db)) {
                        const PathwayId s = trays->segmentOf(std::size_t(piece));
                        if (std::find(segments->begin(), segments->end(), s) == segments->end())
                            segments->push_back(s);
                    }
                return line;
            }
        }
        if (noPathway)
            *noPathway = true;
    }
    return {a.centre, b.centre};
}

} // namespace

double distanceToPolyline(const std::vector<PointMm>& line, PointMm p) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 1; i < line.size(); ++i)
        best = std::min(best, distanceToSegment(line[i - 1], line[i], p));
    if (line.size() == 1)
        best = std::hypot(p.x - line[0].x, p.y - line[0].y);
    return best;
}

CableRoute cableRoute(const DesignData& d, LinkId link) {
    CableRoute r;
    const Link* l = d.links.find(link);
    if (!l)
        return r;
    const Ends e = endsOf(d, *l);
    if (!e.a || !e.b)
        return r;
    if (e.ra == e.rb) {
        r.inRack = true;
        r.polyline = {e.a->centre};
        return r;
    }
    const auto trays = d.pathways.empty() ? nullptr : TrayGraph::of(d);
    r.polyline = lineBetween(trays.get(), *e.a, *e.b, &r.segments, &r.noPathway);
    return r;
}

CableBundle bundleAt(const DesignData& d, PointMm p, double toleranceMm) {
    // Group by rack pair and network first: a hall has far fewer pairs than cables.
    std::map<std::tuple<RackId, RackId, int>, std::vector<LinkId>> groups;
    d.links.forEach([&](LinkId id, const Link& l) {
        const Ends e = endsOf(d, l);
        if (!e.a || !e.b || e.ra == e.rb)
            return;
        const Fabric* f = d.fabric(l.fabric);
        const int kind = f ? int(f->kind) : 0;
        groups[{std::min(e.ra, e.rb), std::max(e.ra, e.rb), kind}].push_back(id);
    });
    const auto trays = d.pathways.empty() ? nullptr : TrayGraph::of(d);
    CableBundle best;
    double bestDist = std::numeric_limits<double>::infinity();
    for (auto& [key, links] : groups) {
        const auto& [ra, rb, kind] = key;
        std::vector<PointMm> line =
            lineBetween(trays.get(), d.racks[ra], d.racks[rb], nullptr, nullptr);
        const double dist = distanceToPolyline(line, p);
        if (dist <= toleranceMm && dist < bestDist) {
            bestDist = dist;
            best.a = ra;
            best.b = rb;
            best.kind = FabricKind(kind);
            best.links = links;
            best.polyline = std::move(line);
        }
    }
    return best;
}

} // namespace cds
