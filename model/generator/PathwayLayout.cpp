#include "PathwayLayout.h"

#include "../DesignIndex.h"
#include "../cabling/TrayFill.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {
constexpr double kTrunkOffsetMm = 300; ///< trunks at the row ends run in the margin beyond them
constexpr double kRunnerAboveLadderMm = 300;
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
