// A rack-scale system (GB200 / GB300 NVL72, Vera Rubin NVL144) as what stands in the rack:
// compute trays, each its own host, NVLink switch trays, power shelves and management
// switches. The generator and the formatVersion 4 -> 5 migration both split systems here.

#include "RackScale.h"

#include <algorithm>
#include <array>
#include <map>
#include <unordered_map>

namespace cds {

namespace {

/// Logical ports a port group spans under @p breakout.
int widthOf(const PortGroup& g, int breakout) {
    return splitsOnBreakout(g.role) ? std::max(1, breakout) : 1;
}

/// One tray of a system, as placed: its entry and its place among the system's trays.
struct TrayInstance {
    const CatalogItem* item = nullptr;
    QString suffix; ///< "c01", "nvs1", "ps1", "mgmt1"
    int uOffset = 0;
};

/// Where the ports of one system port group go: for each tray carrying the role, in tray
/// order, the tray, its group and how many of the system's ports it takes.
struct Carrier {
    int tray = 0;
    int group = 0;
    int count = 0;
};

struct SplitPlan {
    std::vector<TrayInstance> trays;
    std::vector<std::vector<Carrier>> carriers; ///< per system port group
    QString problem;
};

const CatalogItem* find(const DesignData* d, const CatalogLookup& lookup, const QString& id) {
    if (d)
        if (const CatalogItem* own = d->catalog.item(id))
            return own;
    return lookup ? lookup(id) : nullptr;
}

QString suffixOf(TrayKind k, int n) {
    switch (k) {
    case TrayKind::Compute:
        return QStringLiteral("c%1").arg(n, 2, 10, QChar(u'0'));
    case TrayKind::NvlinkSwitch:
        return QStringLiteral("nvs%1").arg(n);
    case TrayKind::PowerShelf:
        return QStringLiteral("ps%1").arg(n);
    case TrayKind::Management:
        return QStringLiteral("mgmt%1").arg(n);
    case TrayKind::None:
        break;
    }
    return QStringLiteral("t%1").arg(n);
}

SplitPlan planSplit(const CatalogItem& system, const std::vector<TraySlot>& slots,
                    const DesignData* d, const CatalogLookup& lookup) {
    SplitPlan p;
    std::array<int, kTrayKindCount> seen{};
    int u = 0, gpus = 0;
    for (const TraySlot& s : slots) {
        const CatalogItem* it = find(d, lookup, s.id);
        if (!it) {
            p.problem = QStringLiteral("its tray %1 is not in the catalog").arg(s.id);
            return p;
        }
        for (int i = 0; i < s.count; ++i) {
            const int n = ++seen[std::size_t(it->tray)];
            p.trays.push_back({it, suffixOf(it->tray, n), u});
            u += std::max(1, it->uHeight);
            gpus += it->gpuCount();
        }
    }
    if (system.uHeight > 0 && u > system.uHeight)
        p.problem =
            QStringLiteral("its trays take %1U, more than its %2U").arg(u).arg(system.uHeight);
    else if (gpus != system.gpuCount())
        p.problem =
            QStringLiteral("its trays hold %1 GPUs, not its %2").arg(gpus).arg(system.gpuCount());
    for (std::size_t g = 0; g < system.portGroups.size() && p.problem.isEmpty(); ++g) {
        const PortGroup& sg = system.portGroups[g];
        std::vector<Carrier> cs;
        int total = 0;
        for (std::size_t t = 0; t < p.trays.size(); ++t) {
            const std::vector<PortGroup>& tg = p.trays[t].item->portGroups;
            for (std::size_t k = 0; k < tg.size(); ++k)
                if (tg[k].role == sg.role && tg[k].speedGbps == sg.speedGbps) {
                    cs.push_back({int(t), int(k), tg[k].count});
                    total += tg[k].count;
                    break;
                }
        }
        if (total != sg.count)
            p.problem = QStringLiteral("its trays carry %1 of its %2 %3 ports (%4G)")
                            .arg(total)
                            .arg(sg.count)
                            .arg(portRoleKey(sg.role))
                            .arg(sg.speedGbps);
        p.carriers.push_back(std::move(cs));
    }
    return p;
}

/// The tray and its logical port that carry @p port of a system device.
std::pair<int, int> trayPort(const CatalogItem& system, const SplitPlan& plan, int breakout,
                             int port) {
    const auto lp = system.logicalPort(breakout, port);
    if (!lp)
        return {-1, 0};
    const int g = system.ports[std::size_t(lp->catalogPort)].group;
    int offset = lp->catalogPort;
    for (int k = 0; k < g; ++k)
        offset -= system.portGroups[std::size_t(k)].count;
    for (const Carrier& c : plan.carriers[std::size_t(g)]) {
        if (offset >= c.count) {
            offset -= c.count;
            continue;
        }
        const std::vector<PortGroup>& tg = plan.trays[std::size_t(c.tray)].item->portGroups;
        int base = 0;
        for (int k = 0; k < c.group; ++k)
            base += tg[std::size_t(k)].count * widthOf(tg[std::size_t(k)], breakout);
        return {c.tray, base + offset * widthOf(tg[std::size_t(c.group)], breakout) + lp->lane};
    }
    return {-1, 0};
}

} // namespace

QString trayProblem(const CatalogItem& system, const CatalogLookup& lookup) {
    if (system.trays.empty())
        return QStringLiteral("it lists no trays");
    return planSplit(system, system.trays, nullptr, lookup).problem;
}

TraySplit splitRackScaleSystems(DesignData& d, const CatalogLookup& lookup) {
    TraySplit out;
    struct Split {
        SplitPlan plan;
        TypeId system;
        int breakout = 1;
        std::vector<DeviceId> trays;
    };
    std::unordered_map<DeviceId::Rep, Split> splits;
    std::map<QString, std::pair<int, int>> perModel; ///< model -> systems, hosts per system
    std::vector<DeviceId> systems;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (d.typeOf(v).rackScale)
            systems.push_back(id);
    });
    for (DeviceId id : systems) {
        const Device v = d.devices[id];
        const CatalogItem& sys = d.catalog[v.type];
        const CatalogItem* listed = sys.trays.empty() ? (lookup ? lookup(sys.id) : nullptr) : &sys;
        SplitPlan plan =
            listed && !listed->trays.empty()
                ? planSplit(sys, listed->trays, &d, lookup)
                : SplitPlan{{}, {}, QStringLiteral("the catalog lists no trays for it")};
        if (!plan.problem.isEmpty()) {
            out.kept << QStringLiteral("%1 (%2): %3").arg(v.name, sys.id, plan.problem);
            continue;
        }
        Split s{std::move(plan), v.type, std::max(1, int(v.breakout)), {}};
        for (const TrayInstance& t : s.plan.trays) {
            Device tray;
            tray.name = v.name + QLatin1Char('-') + t.suffix;
            tray.type = d.catalog.add(*t.item);
            tray.rack = v.rack;
            tray.uPosition = v.uPosition > 0 ? v.uPosition + t.uOffset : 0;
            tray.face = v.face;
            tray.group = v.group;
            tray.breakout = std::uint8_t(t.item->portCount(PortRole::Compute) > 0 ? s.breakout : 1);
            out.hosts += t.item->tray == TrayKind::Compute;
            s.trays.push_back(d.devices.add(std::move(tray)));
        }
        auto& [count, hosts] = perModel[sys.model];
        ++count;
        hosts =
            int(std::count_if(s.plan.trays.begin(), s.plan.trays.end(), [](const TrayInstance& t) {
                return t.item->tray == TrayKind::Compute;
            }));
        ++out.systems;
        splits.emplace(id.value(), std::move(s));
    }
    if (splits.empty())
        return out;
    std::vector<LinkId> orphans;
    d.links.forEach([&](LinkId lid, Link& l) {
        for (PortRef* end : {&l.a, &l.b}) {
            const auto it = splits.find(end->device.value());
            if (it == splits.end())
                continue;
            const Split& s = it->second;
            const auto [tray, port] = trayPort(d.catalog[s.system], s.plan, s.breakout, end->port);
            if (tray < 0) { // a port the system does not have: the link cannot follow it
                orphans.push_back(lid);
                break;
            }
            end->device = s.trays[std::size_t(tray)];
            end->port = std::uint16_t(port);
            ++out.links;
        }
    });
    for (LinkId lid : orphans)
        d.links.take(lid);
    for (const auto& [rep, s] : splits)
        d.devices.take(DeviceId(rep));
    for (const auto& [model, n] : perModel)
        out.notes << QStringLiteral("%1 x %2 as trays: %3 compute trays (hosts) per rack, with "
                                    "their NVLink switch trays, power shelves and management "
                                    "switches")
                         .arg(n.first)
                         .arg(model)
                         .arg(n.second);
    return out;
}

} // namespace cds
