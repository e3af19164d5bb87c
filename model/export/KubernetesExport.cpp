#include "KubernetesExport.h"

#include "../site/Site.h"

#include "../AtomicFile.h"
#include "../Names.h"

#include "SlurmTopologyYaml.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <cstdint>
#include <map>
#include <numeric>

namespace cds {

QString k8s::labelValue(const QString& s) {
    static const QRegularExpression bad(QStringLiteral("[^A-Za-z0-9._-]+"));
    QString v = QString(s).replace(bad, QStringLiteral("-")).left(63);
    auto alnum = [](QChar c) { return c.isLetterOrNumber() && c.unicode() < 128; };
    while (!v.isEmpty() && !alnum(v.front()))
        v.remove(0, 1);
    while (!v.isEmpty() && !alnum(v.back()))
        v.chop(1);
    return v;
}

QString k8s::nodeName(const QString& device) {
    static const QRegularExpression bad(QStringLiteral("[^a-z0-9.-]+"));
    QString n = device.toLower().replace(bad, QStringLiteral("-"));
    while (!n.isEmpty() && !n.front().isLetterOrNumber())
        n.remove(0, 1);
    while (!n.isEmpty() && !n.back().isLetterOrNumber())
        n.chop(1);
    return n.left(253);
}

namespace {

/// Spine blocks: leaf-level switches joined through the spines above them, "sb01"...
std::map<QString, QString> spineBlocks(const SlurmTree& tree) {
    std::vector<QString> leaves;
    std::map<QString, std::size_t> index;
    for (const SlurmSwitch& s : tree.switches)
        if (!s.nodes.isEmpty()) {
            index[s.name] = leaves.size();
            leaves.push_back(s.name);
        }
    std::vector<std::size_t> parent(leaves.size());
    std::iota(parent.begin(), parent.end(), std::size_t(0));
    auto root = [&](std::size_t i) {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    };
    for (const SlurmSwitch& s : tree.switches) {
        std::size_t first = SIZE_MAX;
        for (const QString& c : s.switches) {
            const auto it = index.find(c);
            if (it == index.end())
                continue; // a core lists spines, not leaves
            const std::size_t r = root(it->second);
            if (first == SIZE_MAX)
                first = r;
            const std::size_t a = root(first);
            parent[std::max(a, r)] = std::min(a, r);
        }
    }
    std::map<std::size_t, QString> names;
    std::map<QString, QString> out;
    for (std::size_t i = 0; i < leaves.size(); ++i) {
        const std::size_t r = root(i);
        if (!names.count(r))
            names[r] = QStringLiteral("sb%1").arg(names.size() + 1, 2, 10, QLatin1Char('0'));
        out[leaves[i]] = names[r];
    }
    return out;
}

QString rowOf(const DesignData& d, const Rack& r) {
    for (const Row& row : d.hall.rows)
        if (r.centre.x >= row.area.x && r.centre.x <= row.area.x + row.area.w &&
            r.centre.y >= row.area.y && r.centre.y <= row.area.y + row.area.h)
            return row.name;
    return {};
}

QString quoted(const QString& s) {
    return names::yamlQuoted(s);
}

} // namespace

KubernetesExport kubernetesExport(const DesignData& d) {
    KubernetesExport e;
    const SlurmTree tree = slurmTree(d);
    if (!tree.ok) {
        e.error = tree.error;
        return e;
    }
    const std::map<QString, QString> blocks = spineBlocks(tree);
    std::map<DeviceId, QString> domainOf;
    for (const NvlinkDomain& x : nvlinkDomains(d))
        for (DeviceId id : x.nodes)
            domainOf[id] = x.name;
    // The zone is the data hall; on a campus, each node's own hall.
    const QString zone = k8s::labelValue(d.hall.name);
    const std::vector<int> rackHall = d.halls.empty() ? std::vector<int>() : rackHalls(d, d.halls);
    auto zoneOf = [&](const Rack* r, RackId id) {
        const int h = r ? hallOfRack(rackHall, id) : -1;
        return h >= 0 ? k8s::labelValue(d.halls[std::size_t(h)].name) : zone;
    };
    const bool anyRow = !d.hall.rows.empty();
    e.levels = {QLatin1String(k8s::kZone),        QLatin1String(k8s::kSpine),
                QLatin1String(k8s::kLeaf),        QLatin1String(k8s::kRack),
                QLatin1String(k8s::kAccelerator), QLatin1String(k8s::kHostname)};

    QString nodes = QStringLiteral("# Topology labels for the GPU servers of \"%1\", from Cluster "
                                   "Design Studio.\n# Apply: kubectl apply --server-side "
                                   "--field-manager=cluster-design-studio -f node-labels.yaml\n")
                        .arg(names::oneLine(d.meta.title));
    QString script = QStringLiteral("#!/bin/sh\n# Topology labels for the GPU servers; the same "
                                    "as node-labels.yaml.\nset -e\n");
    for (const auto& [id, leaf] : tree.nodeSwitch) {
        const Device& v = d.devices[id];
        const Rack* r = d.racks.find(v.rack);
        std::vector<std::pair<QString, QString>> labels = {
            {QLatin1String(k8s::kZone), zoneOf(r, v.rack)},
            {QLatin1String(k8s::kSpine), blocks.count(leaf) ? blocks.at(leaf) : QString()},
            {QLatin1String(k8s::kLeaf), k8s::labelValue(leaf)},
            {QLatin1String(k8s::kRack), r ? k8s::labelValue(r->name) : QString()},
            {QLatin1String(k8s::kAccelerator), k8s::labelValue(domainOf[id])}};
        if (anyRow && r)
            labels.emplace_back(QLatin1String(k8s::kRow), k8s::labelValue(rowOf(d, *r)));
        const QString node = k8s::nodeName(v.name);
        nodes +=
            QStringLiteral("---\napiVersion: v1\nkind: Node\nmetadata:\n  name: %1\n  labels:\n")
                .arg(quoted(node));
        script += QStringLiteral("kubectl label node %1 --overwrite").arg(node);
        for (const auto& [key, value] : labels) {
            if (value.isEmpty())
                continue;
            nodes += QStringLiteral("    %1: %2\n").arg(key, quoted(value));
            script += QStringLiteral(" %1=%2").arg(key, value);
        }
        script += QLatin1Char('\n');
    }
    e.nodeLabelsYaml = nodes.toUtf8();
    e.labelScript = script.toUtf8();

    QString topo = QStringLiteral(
        "# Kueue topology-aware scheduling: levels coarsest first, the node itself last.\n"
        "# kueue.x-k8s.io/v1beta2 (Kueue 0.15+); older releases serve the same spec as v1beta1 "
        "or v1alpha1.\n---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Topology\nmetadata:\n"
        "  name: \"gpu-fabric\"\nspec:\n  levels:\n");
    for (const QString& l : e.levels)
        topo += QStringLiteral("  - nodeLabel: %1\n").arg(quoted(l));
    topo +=
        QStringLiteral("---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\n"
                       "metadata:\n  name: \"gpu-fabric\"\nspec:\n  nodeLabels:\n"
                       "    nvidia.com/gpu.present: \"true\"\n  topologyName: \"gpu-fabric\"\n");
    e.kueueTopologyYaml = topo.toUtf8();

    e.readme =
        QStringLiteral(
            "# Kubernetes hand-off\n\n"
            "Node labels for the %1 GPU servers of \"%2\" and a Kueue `Topology` with those "
            "levels.\n"
            "Node names are the design's server names in lower case; rename them here if your "
            "nodes\n"
            "register under other names.\n\n"
            "| label | value | convention |\n|---|---|---|\n"
            "| `topology.kubernetes.io/zone` | the data hall (on a campus, the node's hall) | "
            "Kubernetes well-known label |\n"
            "| `network.topology.nvidia.com/spine` | spine block (`sb01`: leaves joined by spines) "
            "| "
            "NVIDIA Topograph |\n"
            "| `network.topology.nvidia.com/leaf` | leaf switch, or scalable unit (`su01`) when "
            "rail-optimized | NVIDIA Topograph |\n"
            "| `topology.cluster-design-studio.io/rack` | rack | none is common: this tool's "
            "prefix |\n"
            "| `network.topology.nvidia.com/accelerator` | NVLink domain (the NVL72 rack, or the "
            "server) | NVIDIA Topograph |\n"
            "| `topology.cluster-design-studio.io/row` | row (when the hall has rows; not a level) "
            "| "
            "this tool's prefix |\n\n"
            "Steps:\n\n"
            "1. Install the NVIDIA GPU Operator (its feature discovery sets "
            "`nvidia.com/gpu.present`) "
            "and Kueue.\n"
            "2. Label the nodes: `kubectl apply --server-side "
            "--field-manager=cluster-design-studio "
            "-f node-labels.yaml`, or run `sh label-nodes.sh`.\n"
            "3. `kubectl apply -f kueue-topology.yaml`: the Topology `gpu-fabric` and a "
            "ResourceFlavor of the same name that uses it.\n"
            "4. Reference the flavor from a ClusterQueue and request a level in a job, e.g. "
            "`kueue.x-k8s.io/podset-preferred-topology: network.topology.nvidia.com/leaf`.\n")
            .arg(tree.nodeSwitch.size())
            .arg(names::oneLine(d.meta.title))
            .toUtf8();
    e.ok = true;
    return e;
}

std::vector<std::pair<QString, QByteArray>> kubernetesFiles(const KubernetesExport& e) {
    return {{QStringLiteral("README.md"), e.readme},
            {QStringLiteral("node-labels.yaml"), e.nodeLabelsYaml},
            {QStringLiteral("label-nodes.sh"), e.labelScript},
            {QStringLiteral("kueue-topology.yaml"), e.kueueTopologyYaml}};
}

bool writeKubernetesFolder(const KubernetesExport& e, const QString& dir, QString* error) {
    return writeFilesAtomically(dir, kubernetesFiles(e), error);
}

} // namespace cds
