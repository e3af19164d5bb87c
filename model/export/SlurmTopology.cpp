#include "SlurmTopology.h"

#include "../NvlinkDomains.h"

#include "../Names.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace cds {

namespace {

struct Numbered {
    QString prefix;
    int width = 0; ///< digits, 0 = no numeric suffix
    long long number = 0;
    QString name;
};

Numbered split(const QString& n) {
    qsizetype i = n.size();
    while (i > 0 && n.at(i - 1).isDigit())
        --i;
    Numbered s{n.left(i), int(n.size() - i), 0, n};
    if (s.width > 0 && s.width <= 15)
        s.number = n.mid(i).toLongLong();
    else
        s.width = 0;
    return s;
}

/// Smallest element of a union-find set, so leaf blocks get a deterministic representative.
std::size_t findRoot(std::vector<std::size_t>& parent, std::size_t i) {
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/// The first of @p names that cannot be a Slurm name, told with what it is and why.
QString firstBadName(const QStringList& names, const char* what) {
    for (const QString& n : names)
        if (const QString why = names::hostNameProblem(n); !why.isEmpty())
            return QStringLiteral("the %1 name %2 %3; rename it (the rule name.invalid-hostname "
                                  "lists every such name)")
                .arg(QLatin1String(what), names::quotedForMessage(n), why);
    return {};
}

} // namespace

QString compressHostList(const QStringList& names) {
    std::vector<Numbered> all;
    for (const QString& n : names)
        all.push_back(split(n));
    std::sort(all.begin(), all.end(), [](const Numbered& a, const Numbered& b) {
        return std::tie(a.prefix, a.width, a.number, a.name) <
               std::tie(b.prefix, b.width, b.number, b.name);
    });
    all.erase(std::unique(all.begin(), all.end(),
                          [](const Numbered& a, const Numbered& b) { return a.name == b.name; }),
              all.end());
    QStringList out;
    for (std::size_t i = 0; i < all.size();) {
        if (all[i].width == 0) {
            out << all[i++].name;
            continue;
        }
        std::size_t j = i;
        QStringList ranges;
        while (j < all.size() && all[j].width == all[i].width && all[j].prefix == all[i].prefix) {
            std::size_t k = j;
            while (k + 1 < all.size() && all[k + 1].width == all[j].width &&
                   all[k + 1].prefix == all[j].prefix && all[k + 1].number == all[k].number + 1)
                ++k;
            auto num = [&](std::size_t x) {
                return QStringLiteral("%1").arg(all[x].number, all[x].width, 10, QLatin1Char('0'));
            };
            ranges << (k == j ? num(j) : num(j) + QLatin1Char('-') + num(k));
            j = k + 1;
        }
        const bool single = ranges.size() == 1 && !ranges.first().contains(QLatin1Char('-'));
        out << (single ? all[i].name
                       : all[i].prefix + QLatin1Char('[') + ranges.join(QLatin1Char(',')) +
                             QLatin1Char(']'));
        i = j;
    }
    return out.join(QLatin1Char(','));
}

SlurmTree slurmTree(const DesignData& d) {
    SlurmTree res;
    const FabricId compute = d.findFabric(FabricKind::Compute);
    if (!compute) {
        res.error = QStringLiteral("the design has no compute fabric");
        return res;
    }
    auto tierOf = [&](DeviceId id) {
        const Device* v = d.devices.find(id);
        return v && v->fabric == compute ? v->tier : Tier::None;
    };
    auto isNode = [&](DeviceId id) {
        const Device* v = d.devices.find(id);
        return v && v->tier == Tier::None && d.typeOf(*v).gpuCount() > 0;
    };
    // Adjacency of the compute fabric, by tier pair.
    std::map<DeviceId, std::set<DeviceId>> nodeLeaves, leafUps, spineUps;
    d.links.forEach([&](LinkId, const Link& l) {
        if (l.fabric != compute)
            return;
        for (auto [x, y] : {std::pair{l.a.device, l.b.device}, std::pair{l.b.device, l.a.device}}) {
            const Tier tx = tierOf(x), ty = tierOf(y);
            if (isNode(x) && ty == Tier::Leaf)
                nodeLeaves[x].insert(y);
            else if (tx == Tier::Leaf && ty == Tier::Spine)
                leafUps[x].insert(y);
            else if (tx == Tier::Spine && ty == Tier::Core)
                spineUps[x].insert(y);
        }
    });
    if (nodeLeaves.empty()) {
        res.error = QStringLiteral("no GPU server is cabled to a compute leaf");
        return res;
    }
    // Leaves that share a node (rails of one SU) form one leaf-level block.
    std::vector<DeviceId> leaves;
    d.devices.forEach([&](DeviceId id, const Device&) {
        if (tierOf(id) == Tier::Leaf)
            leaves.push_back(id);
    });
    std::map<DeviceId, std::size_t> leafIndex;
    for (std::size_t i = 0; i < leaves.size(); ++i)
        leafIndex[leaves[i]] = i;
    std::vector<std::size_t> parent(leaves.size());
    std::iota(parent.begin(), parent.end(), std::size_t(0));
    bool multiHomed = false;
    for (const auto& [node, ls] : nodeLeaves) {
        multiHomed |= ls.size() > 1;
        const std::size_t first = findRoot(parent, leafIndex[*ls.begin()]);
        for (DeviceId l : ls) {
            const std::size_t r = findRoot(parent, leafIndex[l]);
            parent[std::max(r, first)] = std::min(r, first);
        }
    }
    // The hosts of one NVLink domain (an NVL72 rack's compute trays) share their GPUs' fabric:
    // the leaves they reach are one leaf-level block too, even when no tray reaches them all.
    for (const NvlinkDomain& x : nvlinkDomains(d)) {
        std::size_t first = leaves.size();
        for (DeviceId node : x.nodes) {
            const auto it = nodeLeaves.find(node);
            if (!x.multiNode || it == nodeLeaves.end())
                continue;
            const std::size_t r = findRoot(parent, leafIndex[*it->second.begin()]);
            if (first == leaves.size())
                first = r;
            multiHomed |= r != first;
            parent[std::max(r, first)] = std::min(r, first);
            first = std::min(r, first);
        }
    }
    std::map<std::size_t, QString> blockName; // root -> switch name in topology.conf
    for (std::size_t i = 0; i < leaves.size(); ++i) {
        const std::size_t r = findRoot(parent, i);
        if (!blockName.count(r))
            blockName[r] = multiHomed ? QStringLiteral("su%1").arg(blockName.size() + 1, 2, 10,
                                                                   QLatin1Char('0'))
                                      : d.devices[leaves[r]].name;
    }
    std::map<QString, QStringList> blockNodes;
    std::map<DeviceId, QString> leafBlock;
    for (std::size_t i = 0; i < leaves.size(); ++i)
        leafBlock[leaves[i]] = blockName[findRoot(parent, i)];
    for (const auto& [node, ls] : nodeLeaves)
        blockNodes[leafBlock[*ls.begin()]] << d.devices[node].name;

    res.railGrouped = multiHomed;
    for (const auto& [node, ls] : nodeLeaves)
        res.nodeSwitch[node] = leafBlock[*ls.begin()];
    for (const auto& [name, nodes] : blockNodes)
        res.switches.push_back({name, nodes, {}});
    auto upper = [&](const std::map<DeviceId, std::set<DeviceId>>& ups, auto nameOfLower) {
        std::map<DeviceId, QStringList> below;
        for (const auto& [lower, us] : ups)
            for (DeviceId u : us)
                below[u] << nameOfLower(lower);
        for (auto& [u, names] : below) {
            names.removeDuplicates();
            res.switches.push_back({d.devices[u].name, {}, names});
        }
    };
    upper(leafUps, [&](DeviceId l) { return leafBlock[l]; });
    upper(spineUps, [&](DeviceId s) { return d.devices[s].name; });
    // Names are data, never syntax: a name Slurm would read as syntax refuses the export.
    for (const SlurmSwitch& s : res.switches) {
        if (const QString why = firstBadName(QStringList{s.name}, "switch"); !why.isEmpty()) {
            res.error = why;
            return res;
        }
        if (const QString why = firstBadName(s.nodes, "node"); !why.isEmpty()) {
            res.error = why;
            return res;
        }
    }
    res.ok = true;
    return res;
}

SlurmTopology slurmTopology(const DesignData& d) {
    SlurmTopology res;
    const SlurmTree tree = slurmTree(d);
    if (!tree.ok) {
        res.error = tree.error;
        return res;
    }
    QString out = QStringLiteral("# Slurm topology.conf (topology/tree) for \"%1\"\n"
                                 "# Generated by Cluster Design Studio from the compute fabric.\n")
                      .arg(names::oneLine(d.meta.title));
    if (tree.railGrouped)
        out += QStringLiteral("# Rail-optimized: each node reaches every rail leaf of its scalable "
                              "unit, so each\n# unit is one logical switch (suNN) holding its "
                              "nodes once.\n");
    for (const SlurmSwitch& s : tree.switches)
        out +=
            s.nodes.isEmpty()
                ? QStringLiteral("SwitchName=%1 Switches=%2\n")
                      .arg(s.name, compressHostList(s.switches))
                : QStringLiteral("SwitchName=%1 Nodes=%2\n").arg(s.name, compressHostList(s.nodes));
    res.ok = true;
    res.text = out.toUtf8();
    return res;
}

} // namespace cds
