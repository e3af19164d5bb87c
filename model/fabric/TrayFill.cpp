#include "TrayFill.h"

#include "../DesignIndex.h"
#include "CableRouting.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_map>

namespace cds {

double cableDiameterMm(const DesignData& d, const Link& l) {
    const TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
    if (m && d.catalog.contains(m))
        if (const auto& media = d.catalog[m].media; media && media->diameterMm)
            return *media->diameterMm;
    return kDefaultCableDiameterMm;
}

TrayLoad computeTrayLoad(const DesignData& d, const DesignIndex& index) {
    TrayLoad out;
    if (d.pathways.empty())
        return out;
    LinkRouter router(d, &index);
    const TrayGraph& g = *router.trays();
    // Cables between the same two racks share a route: group them, route each pair once.
    struct Pair {
        RackId a, b;
        double areaMm2 = 0;
        int cables = 0;
    };
    std::unordered_map<std::uint64_t, Pair> pairs;
    d.links.forEach([&](LinkId, const Link& l) {
        const Device* a = d.devices.find(l.a.device);
        const Device* b = d.devices.find(l.b.device);
        if (!a || !b || a->rack == b->rack || !d.racks.contains(a->rack) ||
            !d.racks.contains(b->rack))
            return;
        RackId ra = a->rack, rb = b->rack;
        if (rb < ra)
            std::swap(ra, rb);
        Pair& p = pairs[(std::uint64_t(ra.value()) << 32) | rb.value()];
        p.a = ra;
        p.b = rb;
        const double dia = cableDiameterMm(d, l);
        p.areaMm2 += std::numbers::pi * dia * dia / 4.0;
        ++p.cables;
    });
    std::vector<double> pieceArea(g.pieceCount(), 0);
    std::vector<int> pieceCables(g.pieceCount(), 0);
    std::vector<std::uint64_t> unrouted;
    for (const auto& [key, p] : pairs) {
        const std::vector<std::int32_t> pieces = g.route(router.dropOf(p.a), router.dropOf(p.b));
        if (pieces.empty()) {
            unrouted.push_back(key);
            continue;
        }
        for (std::int32_t piece : pieces) {
            pieceArea[std::size_t(piece)] += p.areaMm2;
            pieceCables[std::size_t(piece)] += p.cables;
        }
    }
    // One entry per segment, at its fullest piece.
    std::unordered_map<std::uint32_t, std::size_t> slot;
    d.pathways.forEach([&](PathwayId id, const Pathway& p) {
        TrayLoad::Segment s;
        s.id = id;
        s.limitPct = d.settings.trayFillLimitPct[std::size_t(p.kind)];
        slot[id.value()] = out.segments.size();
        out.segments.push_back(s);
        out.lengthM += std::hypot(p.to.x - p.from.x, p.to.y - p.from.y) / 1000.0;
    });
    for (std::size_t i = 0; i < g.pieceCount(); ++i) {
        TrayLoad::Segment& s = out.segments[slot[g.segmentOf(i).value()]];
        if (pieceArea[i] > s.cableAreaMm2) {
            const Pathway& p = d.pathways[s.id];
            s.cableAreaMm2 = pieceArea[i];
            s.cables = pieceCables[i];
            s.fillPct = 100.0 * pieceArea[i] / (p.widthMm * p.depthMm);
        }
    }
    for (const TrayLoad::Segment& s : out.segments)
        out.maxFillPct = std::max(out.maxFillPct, s.fillPct);
    if (!unrouted.empty()) {
        std::sort(unrouted.begin(), unrouted.end());
        d.links.forEach([&](LinkId id, const Link& l) {
            const Device* a = d.devices.find(l.a.device);
            const Device* b = d.devices.find(l.b.device);
            if (!a || !b || a->rack == b->rack)
                return;
            RackId ra = a->rack, rb = b->rack;
            if (rb < ra)
                std::swap(ra, rb);
            const std::uint64_t key = (std::uint64_t(ra.value()) << 32) | rb.value();
            if (std::binary_search(unrouted.begin(), unrouted.end(), key))
                out.noPathway.push_back(id);
        });
    }
    return out;
}

} // namespace cds
