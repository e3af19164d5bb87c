#include "CableRouting.h"

#include "../Metrics.h"

#include <cmath>

namespace cds {

namespace {

/// Height of a device's middle above the floor, and the rack's top, in mm.
struct Vertical {
    double deviceMm = 0;
    double rackTopMm = 0;
};

Vertical verticalOf(const DesignData& d, const Device& dev) {
    const Rack* r = d.racks.find(dev.rack);
    Vertical v;
    const double h = std::max(1, d.typeOf(dev).uHeight);
    v.deviceMm = (dev.uPosition - 1 + h / 2.0) * kMillimetresPerU;
    if (r) {
        const auto& spec = d.typeOf(*r).rack;
        v.rackTopMm =
            spec ? (spec->heightMm > 0 ? spec->heightMm : spec->uCapacity * kMillimetresPerU)
                 : 2000;
    }
    return v;
}

} // namespace

double routedLengthM(const DesignData& d, const Link& l) {
    const Device* a = d.devices.find(l.a.device);
    const Device* b = d.devices.find(l.b.device);
    if (!a || !b)
        return 0;
    const Rack* ra = d.racks.find(a->rack);
    const Rack* rb = d.racks.find(b->rack);
    const double slackMm = d.settings.cableSlackM * 1000.0;
    const Vertical va = verticalOf(d, *a), vb = verticalOf(d, *b);
    if (!ra || !rb) // unplaced: nothing to route yet
        return 0;
    if (a->rack == b->rack)
        return (std::abs(va.deviceMm - vb.deviceMm) + slackMm) / 1000.0;
    const double tray = d.settings.trayHeightAboveRackMm;
    const double up = (va.rackTopMm - va.deviceMm + tray) + (vb.rackTopMm - vb.deviceMm + tray);
    const double floor =
        std::abs(ra->centre.x - rb->centre.x) + std::abs(ra->centre.y - rb->centre.y);
    return (floor + up + slackMm) / 1000.0;
}

TypeId chooseMedium(const DesignData& d, double speedGbps, double lengthM, Technology tech) {
    TypeId best;
    double bestCost = 0;
    int bestRank = 99;
    for (std::size_t i = 0; i < d.catalog.size(); ++i) {
        const CatalogItem& it = d.catalog.items()[i];
        if (!it.media || (it.category != Category::Cable && it.category != Category::Transceiver))
            continue;
        const MediaSpec& m = *it.media;
        // A passive fibre is the run between two transceivers, never a medium by itself.
        if (it.category == Category::Cable &&
            (m.type == MediaType::Mmf || m.type == MediaType::Smf))
            continue;
        if (std::abs(m.speedGbps - speedGbps) > 1e-6 || m.maxReachM + 1e-9 < lengthM)
            continue;
        if (m.technology != Technology::Any && tech != Technology::Any && m.technology != tech)
            continue;
        const int rank = int(m.type);
        const double cost = it.price ? it.price->usd : 1e12;
        if (!best || rank < bestRank || (rank == bestRank && cost < bestCost)) {
            best = TypeId(static_cast<TypeId::Rep>(i));
            bestRank = rank;
            bestCost = cost;
        }
    }
    return best;
}

void routeCables(DesignData& d) {
    d.links.forEach([&](LinkId, Link& l) {
        l.lengthM = float(routedLengthM(d, l));
        if (l.pinnedMedium) {
            l.medium = l.pinnedMedium;
            return;
        }
        const Fabric* f = d.fabric(l.fabric);
        l.medium =
            chooseMedium(d, linkSpeedGbps(d, l), l.lengthM, f ? f->technology : Technology::Any);
    });
}

} // namespace cds
