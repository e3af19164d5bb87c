#include "CableOps.h"

#include "../DesignIndex.h"

#include <algorithm>
#include <map>
#include <set>

namespace cds::edits {

namespace {

QString endName(const DesignData& d, PortRef p) {
    const Device* v = d.devices.find(p.device);
    if (!v)
        return QStringLiteral("?");
    const auto lp = d.typeOf(*v).logicalPort(v->breakout, p.port);
    return v->name + QLatin1Char(':') + (lp ? lp->name : QString::number(p.port));
}

bool isServer(const CatalogItem& t) {
    return !t.switchSpec && t.portCount(PortRole::Compute) > 0;
}

} // namespace

Result pinMedium(const DesignData& d, const std::vector<LinkId>& links, TypeId medium) {
    if (medium && (!d.catalog.contains(medium) || !d.catalog[medium].media))
        return Result::refuse(QStringLiteral("Only a cable or transceiver can be pinned"));
    std::vector<ChangeLinksEdit::Change> changes;
    for (LinkId id : std::set<LinkId>(links.begin(), links.end()))
        if (const Link* l = d.links.find(id)) {
            Link after = *l;
            after.pinnedMedium = medium;
            changes.emplace_back(id, *l, after);
        }
    if (changes.empty())
        return Result::refuse(QStringLiteral("No cable selected"));
    const QString what = medium ? QStringLiteral("Pin %1").arg(d.catalog[medium].model)
                                : QStringLiteral("Unpin medium");
    const QString text =
        changes.size() == 1
            ? QStringLiteral("%1 on cable %2").arg(what).arg(std::get<0>(changes[0]).value())
            : QStringLiteral("%1 on %2 cables").arg(what).arg(changes.size());
    return {std::make_unique<ChangeLinksEdit>(text, std::move(changes)), {}};
}

Result deleteLinks(const DesignData& d, const std::vector<LinkId>& links) {
    std::vector<LinkId> live;
    for (LinkId id : links)
        if (d.links.contains(id))
            live.push_back(id);
    if (live.empty())
        return Result::refuse(QStringLiteral("No cable selected"));
    const Link& first = d.links[live.front()];
    const QString text =
        live.size() == 1
            ? QStringLiteral("Delete cable %1 to %2").arg(endName(d, first.a), endName(d, first.b))
            : QStringLiteral("Delete %1 cables").arg(live.size());
    return {ObjectsEdit::removal(d, text, {}, {}, live), {}};
}

Result connectRails(const DesignData& d, const std::vector<RackId>& racks,
                    const std::vector<DeviceId>& leaves) {
    if (leaves.empty())
        return Result::refuse(QStringLiteral("Choose a leaf set"));
    for (DeviceId leaf : leaves) {
        const Device* v = d.devices.find(leaf);
        if (!v || !d.typeOf(*v).switchSpec)
            return Result::refuse(QStringLiteral("Every leaf of the set must be a switch"));
    }
    const DesignIndex index(d);
    // Free fabric ports of each leaf, in port order, taken as cables are planned.
    std::vector<std::vector<int>> free(leaves.size());
    for (std::size_t r = 0; r < leaves.size(); ++r) {
        const Device& leaf = d.devices[leaves[r]];
        const CatalogItem& t = d.typeOf(leaf);
        for (int p = 0, n = t.logicalPortCount(leaf.breakout); p < n; ++p) {
            const auto lp = t.logicalPort(leaf.breakout, p);
            if (lp && lp->role == PortRole::Fabric && !index.linkAt({leaves[r], std::uint16_t(p)}))
                free[r].push_back(p);
        }
        std::reverse(free[r].begin(), free[r].end()); // pop_back takes the lowest
    }
    std::vector<Link> links;
    int servers = 0;
    std::set<RackId> unique(racks.begin(), racks.end());
    for (RackId rack : unique) {
        if (!d.racks.contains(rack))
            continue;
        std::vector<DeviceId> devs = index.devicesIn(rack);
        // Bottom to top, so the ports a leaf hands out follow the rack's order.
        std::sort(devs.begin(), devs.end(), [&](DeviceId x, DeviceId y) {
            return d.devices[x].uPosition < d.devices[y].uPosition;
        });
        for (DeviceId dev : devs) {
            const Device& server = d.devices[dev];
            const CatalogItem& t = d.typeOf(server);
            if (!isServer(t))
                continue;
            ++servers;
            int rail = 0;
            for (int p = 0, n = t.logicalPortCount(server.breakout); p < n; ++p) {
                const auto nic = t.logicalPort(server.breakout, p);
                if (!nic || nic->role != PortRole::Compute)
                    continue;
                const int r = rail++;
                if (std::size_t(r) >= leaves.size())
                    return Result::refuse(
                        QStringLiteral("%1 has more compute NICs than the %2 leaves of the set: "
                                       "choose one leaf per rail")
                            .arg(server.name)
                            .arg(leaves.size()));
                if (index.linkAt({dev, std::uint16_t(p)}))
                    continue;
                const Device& leaf = d.devices[leaves[std::size_t(r)]];
                if (free[std::size_t(r)].empty())
                    return Result::refuse(
                        QStringLiteral("%1 (rail %2) has no free port left for %3")
                            .arg(leaf.name)
                            .arg(r + 1)
                            .arg(endName(d, {dev, std::uint16_t(p)})));
                const int lp = free[std::size_t(r)].back();
                const auto leafPort = d.typeOf(leaf).logicalPort(leaf.breakout, lp);
                if (leafPort && std::abs(leafPort->speedGbps - nic->speedGbps) > 1e-6)
                    return Result::refuse(
                        QStringLiteral("%1 runs at %2G but %3's ports at %4G: set the leaf's "
                                       "breakout first")
                            .arg(endName(d, {dev, std::uint16_t(p)}))
                            .arg(nic->speedGbps)
                            .arg(leaf.name)
                            .arg(leafPort->speedGbps));
                free[std::size_t(r)].pop_back();
                Link l;
                l.a = {dev, std::uint16_t(p)};
                l.b = {leaves[std::size_t(r)], std::uint16_t(lp)};
                l.fabric = leaf.fabric ? leaf.fabric : d.findFabric(FabricKind::Compute);
                links.push_back(l);
            }
        }
    }
    if (servers == 0)
        return Result::refuse(QStringLiteral("The selected racks hold no servers"));
    if (links.empty())
        return Result::refuse(QStringLiteral("Every NIC of these servers already has a cable"));
    const QString text = QStringLiteral("Connect %1 servers rail by rail (%2 cables)")
                             .arg(servers)
                             .arg(links.size());
    return {ObjectsEdit::addition(d, text, {}, {}, std::move(links)), {}};
}

std::vector<LeafSet> leafSets(const DesignData& d) {
    std::map<std::pair<std::uint32_t, int>, std::vector<DeviceId>> sets;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (v.tier == Tier::Leaf)
            sets[{v.fabric.isValid() ? v.fabric.value() : 0xffffffffu, v.group}].push_back(id);
    });
    std::vector<LeafSet> out;
    for (auto& [key, ids] : sets) {
        std::sort(ids.begin(), ids.end(), [&](DeviceId x, DeviceId y) {
            const Device &a = d.devices[x], &b = d.devices[y];
            return std::tie(a.rail, x) < std::tie(b.rail, y);
        });
        const Fabric* f = d.fabric(FabricId(key.first));
        const QString net = f ? f->name : QStringLiteral("leaves");
        const QString su =
            key.second >= 0 ? QStringLiteral(" SU %1").arg(key.second + 1) : QString();
        out.push_back({QStringLiteral("%1%2 (%3 leaves: %4…)")
                           .arg(net, su)
                           .arg(ids.size())
                           .arg(d.devices[ids.front()].name),
                       std::move(ids)});
    }
    return out;
}

} // namespace cds::edits
