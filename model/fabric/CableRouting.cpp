#include "CableRouting.h"

#include "../DesignIndex.h"
#include "MediaChooser.h"

#include <cmath>

namespace cds {

namespace {

/// Height of a device's middle above the floor, and the rack's top, in mm.
struct Vertical {
    double deviceMm = 0;
    double rackTopMm = 0;
};

Vertical verticalOf(const DesignData& d, const Device& dev, const Rack* r) {
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

void routeOne(DesignData& d, const DesignIndex& index, MediaChooser& chooser, Link& l) {
    l.lengthM = float(routedLengthM(d, l));
    l.mediumB = {};
    if (l.pinnedMedium) {
        l.medium = l.pinnedMedium;
        return;
    }
    const MediumChoice c = chooser.choose(chooser.ends(index, l), l.lengthM);
    l.medium = c.a;
    l.mediumB = c.b;
}

} // namespace

double routedLengthM(const DesignData& d, const Link& l) {
    const Device* a = d.devices.find(l.a.device);
    const Device* b = d.devices.find(l.b.device);
    if (!a || !b)
        return 0;
    const Rack* ra = d.racks.find(a->rack);
    const Rack* rb = d.racks.find(b->rack);
    if (!ra || !rb) // unplaced: nothing to route yet
        return 0;
    const double slackMm = d.settings.cableSlackM * 1000.0;
    const Vertical va = verticalOf(d, *a, ra), vb = verticalOf(d, *b, rb);
    if (a->rack == b->rack)
        return (std::abs(va.deviceMm - vb.deviceMm) + slackMm) / 1000.0;
    const double tray = d.settings.trayHeightAboveRackMm;
    const double up = (va.rackTopMm - va.deviceMm + tray) + (vb.rackTopMm - vb.deviceMm + tray);
    const double floor =
        std::abs(ra->centre.x - rb->centre.x) + std::abs(ra->centre.y - rb->centre.y);
    return (floor + up + slackMm) / 1000.0;
}

TypeId chooseMedium(const DesignData& d, double speedGbps, double lengthM, Technology tech) {
    PortTable ports(d.catalog);
    MediaChooser chooser(d, ports);
    LinkEnds e;
    e.valid = true;
    e.speedGbps = speedGbps;
    e.technology = tech;
    // Any form factor: try each cage kind the catalog's media use, keep the first that fits.
    TypeId best;
    int bestRank = 99;
    for (const CatalogItem& it : d.catalog.items()) {
        if (!it.media)
            continue;
        e.cageA = e.cageB = ports.cageKind(it.media->formFactor);
        const MediumChoice c = chooser.choose(e, lengthM);
        if (c.a && int(d.catalog[c.a].media->type) < bestRank) {
            best = c.a;
            bestRank = int(d.catalog[c.a].media->type);
        }
    }
    return best;
}

void routeCables(DesignData& d) {
    const DesignIndex index(d);
    PortTable ports(d.catalog);
    MediaChooser chooser(d, ports);
    d.links.forEach([&](LinkId, Link& l) { routeOne(d, index, chooser, l); });
}

void rerouteLinks(DesignData& d, const DesignIndex& index, const std::vector<LinkId>& links) {
    PortTable ports(d.catalog);
    MediaChooser chooser(d, ports);
    for (LinkId id : links)
        if (d.links.contains(id))
            routeOne(d, index, chooser, d.links[id]);
}

std::vector<LinkId> linksOfRack(const DesignIndex& index, RackId rack) {
    std::vector<LinkId> out;
    for (DeviceId dev : index.devicesIn(rack))
        for (LinkId l : index.linksOf(dev))
            out.push_back(l);
    return out;
}

} // namespace cds
