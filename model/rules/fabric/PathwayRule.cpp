#include "../FindingCodes.h"
#include "FabricRules.h"

#include "../../cabling/TrayFill.h"
#include "../../cabling/TrayGraph.h"

#include <optional>

namespace cds {

QStringList PathwayRule::codes() const {
    return {codes::kLinkNoPathway, codes::kTrayFill};
}

void PathwayRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    if (d.pathways.empty()) // no trays: cables run along the floor, as before pathways
        return;
    // The analysis's own when it keeps one (not a copy: thousands of stranded links at scale).
    std::optional<TrayLoad> own;
    const TrayLoad& load = ctx.trays ? *ctx.trays : own.emplace(computeTrayLoad(d, ctx.index));
    // Worded once: a tray dragged out of the way can strand thousands of links.
    const QString reach = QStringLiteral("a drop reaches a tray within %1 m of the rack centre; "
                                         "trays join within %2 mm")
                              .arg(TrayGraph::kMaxDropMm / 1000.0)
                              .arg(TrayGraph::kJoinToleranceMm);
    for (LinkId id : load.noPathway) {
        const Link& l = d.links[id];
        const Device& a = d.devices[l.a.device];
        const Device& b = d.devices[l.b.device];
        out.push_back({codes::kLinkNoPathway,
                       Severity::Error,
                       QStringLiteral("no cable tray runs from rack %1 to rack %2 for %3 to %4; "
                                      "its length is the floor distance")
                           .arg(d.racks[a.rack].name, d.racks[b.rack].name, a.name, b.name),
                       {ObjectRef::link(id), ObjectRef::rack(a.rack), ObjectRef::rack(b.rack)},
                       name(),
                       reach});
    }
    for (const TrayLoad::Segment& s : load.segments) {
        if (s.fillPct <= s.limitPct)
            continue;
        const Pathway& p = d.pathways[s.id];
        const bool over = s.fillPct > 100.0;
        out.push_back(
            {codes::kTrayFill,
             over ? Severity::Error : Severity::Warning,
             QStringLiteral("tray %1 is %2 % full (%3 cables, %4 mm² in %5 x %6 mm)%7; "
                            "the %8 fill limit is %9 %")
                 .arg(p.name)
                 .arg(s.fillPct, 0, 'f', 1)
                 .arg(s.cables)
                 .arg(s.cableAreaMm2, 0, 'f', 0)
                 .arg(p.widthMm)
                 .arg(p.depthMm)
                 .arg(over ? QStringLiteral(", more than the tray holds") : QString())
                 .arg(pathwayKindKey(p.kind))
                 .arg(s.limitPct),
             {ObjectRef::pathway(s.id)},
             name(),
             QStringLiteral("%1 fill limit %2 % of width x depth (settings.trayFillLimitPct); "
                            "error above 100 %")
                 .arg(pathwayKindKey(p.kind))
                 .arg(s.limitPct)});
    }
}

} // namespace cds
