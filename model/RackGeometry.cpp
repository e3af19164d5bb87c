#include "RackGeometry.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {
void rackSize(const DesignData& d, const Rack& r, const PendingTypes& pending, double& w,
              double& depth) {
    w = 600;
    depth = 1200;
    const CatalogItem* type = nullptr;
    if (d.catalog.contains(r.type))
        type = &d.catalog[r.type];
    else if (r.type.isValid() && r.type.value() - d.catalog.size() < pending.size())
        type = &pending[r.type.value() - d.catalog.size()];
    if (type && type->rack) {
        w = type->rack->widthMm;
        depth = type->rack->depthMm;
    }
}

QString rackLabel(const Rack& r) {
    return r.name.isEmpty() ? QStringLiteral("the new rack") : r.name;
}
} // namespace

RectMm footprintAt(const DesignData& d, const Rack& r, PointMm c, int rotationDeg,
                   const PendingTypes& pending) {
    double w, depth;
    rackSize(d, r, pending, w, depth);
    if (((rotationDeg / 90) % 2 + 2) % 2 == 1)
        std::swap(w, depth);
    return {c.x - w / 2, c.y - depth / 2, w, depth};
}

PointMm snapToTiles(const DesignData& d, const Rack& r, PointMm c, int rotationDeg,
                    const PendingTypes& pending) {
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    const RectMm f = footprintAt(d, r, c, rotationDeg, pending);
    const double x = std::round(f.x / tile) * tile;
    const double y = std::round(f.y / tile) * tile;
    return {x + f.w / 2, y + f.h / 2};
}

PointMm snapDelta(const DesignData& d, PointMm delta) {
    const double tile = d.hall.tileMm > 0 ? d.hall.tileMm : 600;
    return {std::round(delta.x / tile) * tile, std::round(delta.y / tile) * tile};
}

QString placementProblem(const DesignData& d, const std::vector<std::pair<RackId, Rack>>& placed,
                         const PendingTypes& pending) {
    const RectMm hall{0, 0, d.hall.widthMm, d.hall.depthMm};
    std::vector<RectMm> rects;
    rects.reserve(placed.size());
    for (const auto& [id, r] : placed) {
        const RectMm f = footprintAt(d, r, r.centre, r.rotationDeg, pending);
        if (!hall.contains(f))
            return QStringLiteral("%1 would stand outside the hall").arg(rackLabel(r));
        for (const Obstacle& o : d.hall.obstacles)
            if (f.intersects(o.area))
                return QStringLiteral("%1 would stand on obstacle %2").arg(rackLabel(r), o.name);
        QString onPower; // a power rack's floor (PowerElement::area) is taken too
        d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
            if (onPower.isEmpty() && e.area && f.intersects(*e.area))
                onPower = e.name;
        });
        if (!onPower.isEmpty())
            return QStringLiteral("%1 would stand on power rack %2").arg(rackLabel(r), onPower);
        for (std::size_t i = 0; i < rects.size(); ++i)
            if (f.intersects(rects[i]))
                return QStringLiteral("%1 would overlap %2")
                    .arg(rackLabel(r), rackLabel(placed[i].second));
        rects.push_back(f);
    }
    QString problem;
    d.racks.forEach([&](RackId other, const Rack& o) {
        if (!problem.isEmpty())
            return;
        for (const auto& [id, r] : placed)
            if (id == other)
                return;
        const RectMm fo = footprint(d, o);
        for (std::size_t i = 0; i < rects.size(); ++i)
            if (rects[i].intersects(fo)) {
                problem = QStringLiteral("%1 would overlap rack %2")
                              .arg(rackLabel(placed[i].second), o.name);
                return;
            }
    });
    return problem;
}

int rackCapacityU(const DesignData& d, const Rack& r) {
    if (d.catalog.contains(r.type))
        if (const auto& spec = d.catalog[r.type].rack)
            return spec->uCapacity;
    return 42;
}

QString mountProblem(const DesignData& d, RackId rack, int uHeight, int u, DeviceId ignore) {
    const Rack* r = d.racks.find(rack);
    if (!r)
        return QStringLiteral("the rack no longer exists");
    const int h = std::max(1, uHeight);
    const int cap = rackCapacityU(d, *r);
    if (u < 1 || u + h - 1 > cap)
        return QStringLiteral("U%1-U%2 is outside %3 (%4U)")
            .arg(u)
            .arg(u + h - 1)
            .arg(r->name)
            .arg(cap);
    QString problem;
    d.devices.forEach([&](DeviceId id, const Device& dev) {
        if (!problem.isEmpty() || id == ignore || dev.rack != rack)
            return;
        const int oh = std::max(1, d.typeOf(dev).uHeight);
        if (u <= dev.uPosition + oh - 1 && dev.uPosition <= u + h - 1)
            problem = QStringLiteral("U%1-U%2 is taken by %3")
                          .arg(dev.uPosition)
                          .arg(dev.uPosition + oh - 1)
                          .arg(dev.name);
    });
    return problem;
}

int firstFreeU(const DesignData& d, RackId rack, int uHeight) {
    const Rack* r = d.racks.find(rack);
    if (!r)
        return 0;
    const int cap = rackCapacityU(d, *r);
    for (int u = 1; u + std::max(1, uHeight) - 1 <= cap; ++u)
        if (mountProblem(d, rack, uHeight, u).isEmpty())
            return u;
    return 0;
}

} // namespace cds
