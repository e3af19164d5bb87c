#include "../FindingCodes.h"
#include "FabricRules.h"

#include "../../SiteHalls.h"

namespace cds {

namespace {

QString mediumWord(MediaType t) {
    switch (t) {
    case MediaType::Dac:
        return QStringLiteral("passive copper");
    case MediaType::Acc:
        return QStringLiteral("active copper");
    case MediaType::Aoc:
        return QStringLiteral("an active optical cable");
    case MediaType::Mmf:
        return QStringLiteral("multimode");
    case MediaType::Smf:
        return QStringLiteral("single-mode");
    }
    return {};
}

/// The first of @p l's media (a pinned one, else the chosen one at each end) that is not
/// single-mode; null when all are, or the link has none (link.no-medium reports that).
const CatalogItem* notSingleMode(const DesignData& d, const Link& l) {
    const TypeId a = l.pinnedMedium ? l.pinnedMedium : l.medium;
    const TypeId b = l.pinnedMedium ? TypeId() : l.mediumB;
    for (TypeId t : {a, b}) {
        if (!t || !d.catalog.contains(t))
            continue;
        const CatalogItem& it = d.catalog[t];
        if (it.media && it.media->type != MediaType::Smf)
            return &it;
    }
    return nullptr;
}

} // namespace

QStringList InterHallMediaRule::codes() const {
    return {codes::kLinkInterHallMultimode};
}

void InterHallMediaRule::check(const CheckContext& ctx, std::vector<Finding>& out) const {
    const DesignData& d = ctx.design;
    if (d.halls.size() < 2)
        return;
    const std::vector<int> rackHall = rackHalls(d, d.halls);
    d.links.forEach([&](LinkId id, const Link& l) { checkLink(d, rackHall, id, l, out); });
}

void InterHallMediaRule::checkLinks(const DesignData& d, const std::vector<LinkId>& links,
                                    std::vector<Finding>& out) const {
    if (d.halls.size() < 2 || links.empty())
        return;
    const std::vector<int> rackHall = rackHalls(d, d.halls);
    for (LinkId id : links)
        if (const Link* l = d.links.find(id))
            checkLink(d, rackHall, id, *l, out);
}

void InterHallMediaRule::checkLink(const DesignData& d, const std::vector<int>& rackHall, LinkId id,
                                   const Link& l, std::vector<Finding>& out) const {
    const Device* a = d.devices.find(l.a.device);
    const Device* b = d.devices.find(l.b.device);
    if (!a || !b)
        return;
    const int ha = hallOfRack(rackHall, a->rack), hb = hallOfRack(rackHall, b->rack);
    if (ha < 0 || hb < 0 || ha == hb)
        return;
    const CatalogItem* wrong = notSingleMode(d, l);
    if (!wrong)
        return;
    out.push_back(
        {codes::kLinkInterHallMultimode,
         Severity::Warning,
         QStringLiteral("%1 to %2 runs %3 m between %4 and %5 on %6, %7: a link between "
                        "halls takes single-mode optics (pin one, or unpin the link to have "
                        "one chosen)")
             .arg(a->name, b->name)
             .arg(double(l.lengthM), 0, 'f', 1)
             .arg(d.halls[std::size_t(ha)].name, d.halls[std::size_t(hb)].name, wrong->id,
                  mediumWord(wrong->media->type)),
         {ObjectRef::link(id), ObjectRef::rack(a->rack), ObjectRef::rack(b->rack)},
         name(),
         QStringLiteral("between halls single-mode only (TIA-942, BICSI 002 backbone "
                        "cabling: outside-plant fibre, patch panels and splices at each "
                        "building entrance)")});
}

} // namespace cds
