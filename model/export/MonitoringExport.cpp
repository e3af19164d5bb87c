#include "MonitoringExport.h"

#include "../AtomicFile.h"
#include "../Names.h"
#include "../NvlinkDomains.h"

#include "KubernetesExport.h"
#include "SlurmTopology.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <map>

namespace cds {

namespace {

using namespace monitoring;

/// The GPU Operator release whose chart values.yaml the values file was checked against.
constexpr const char* kGpuOperatorChecked = "v26.7.0";

/// The leaf-level block of each GPU host in the compute fabric (a leaf switch, or "su01" when
/// rail-optimized, as Slurm and the Kubernetes labels name it), for hosts the generator did not
/// place in a scalable unit; empty when every host has one or there is no cabled fabric.
std::map<DeviceId, QString> leafBlocks(const DesignData& d,
                                       const std::vector<NvlinkDomain>& domains) {
    bool needed = false;
    for (const NvlinkDomain& x : domains)
        for (DeviceId id : x.nodes)
            needed |= d.devices[id].group < 0;
    if (!needed)
        return {};
    SlurmTree tree = slurmTree(d);
    return tree.ok ? std::move(tree.nodeSwitch) : std::map<DeviceId, QString>{};
}

QString scalableUnit(const Device& v, DeviceId id, const std::map<DeviceId, QString>& blocks) {
    if (v.group >= 0)
        return QStringLiteral("su%1").arg(int(v.group) + 1, 2, 10, QLatin1Char('0'));
    const auto it = blocks.find(id);
    return it == blocks.end() ? QString() : it->second;
}

/// Every GPU host with its domains; empty with @p error when a name cannot be a host name.
std::vector<MonitoredHost> monitoredHosts(const DesignData& d, QString& error) {
    const std::vector<NvlinkDomain> domains = nvlinkDomains(d);
    const std::map<DeviceId, QString> blocks = leafBlocks(d, domains);
    std::vector<MonitoredHost> hosts;
    QSet<QString> seen;
    for (const NvlinkDomain& x : domains)
        for (DeviceId id : x.nodes) {
            const Device& v = d.devices[id];
            if (const QString why = names::hostNameProblem(v.name); !why.isEmpty()) {
                error = QStringLiteral("the GPU host name %1 %2; rename it (the rule "
                                       "name.invalid-hostname lists every such name)")
                            .arg(names::quotedForMessage(v.name), why);
                return {};
            }
            if (seen.contains(v.name)) {
                error = QStringLiteral("two GPU hosts are named %1; Prometheus would scrape one "
                                       "host twice: rename one")
                            .arg(names::quotedForMessage(v.name));
                return {};
            }
            seen.insert(v.name);
            const Rack* r = d.racks.find(v.rack);
            hosts.push_back({v.name, d.hall.name, r ? r->name : QString(),
                             scalableUnit(v, id, blocks), x.name});
        }
    if (hosts.empty())
        error = QStringLiteral("the design has no GPU hosts to monitor");
    return hosts;
}

/// The labels of @p h by name, the empty ones left out (Prometheus reads empty as absent).
std::vector<std::pair<QString, QString>> labelsOf(const MonitoredHost& h) {
    std::vector<std::pair<QString, QString>> out;
    for (const auto& [key, value] :
         {std::pair{kNode, h.node}, std::pair{kHall, h.hall}, std::pair{kRack, h.rack},
          std::pair{kScalableUnit, h.scalableUnit}, std::pair{kNvlinkDomain, h.nvlinkDomain}})
        if (!value.isEmpty())
            out.emplace_back(QLatin1String(key), value);
    return out;
}

/// Prometheus file_sd: a list of {"targets": ["host:port"], "labels": {...}}, one per host.
QByteArray fileSdTargets(const std::vector<MonitoredHost>& hosts, int port) {
    QJsonArray groups;
    for (const MonitoredHost& h : hosts) {
        QJsonObject labels;
        for (const auto& [key, value] : labelsOf(h))
            labels.insert(key, value);
        groups.append(QJsonObject{
            {QStringLiteral("targets"), QJsonArray{QStringLiteral("%1:%2").arg(h.node).arg(port)}},
            {QStringLiteral("labels"), labels}});
    }
    return QJsonDocument(groups).toJson(QJsonDocument::Indented);
}

QString scrapeJob(const char* job, const char* what, int port) {
    return QStringLiteral("  # %2, port %3.\n"
                          "  - job_name: \"%1\"\n"
                          "    file_sd_configs:\n"
                          "      - files:\n"
                          "          - \"targets/%1.json\"\n"
                          "        refresh_interval: 5m\n")
        .arg(QLatin1String(job), QLatin1String(what))
        .arg(port);
}

QByteArray prometheusYml(const DesignData& d, std::size_t hosts) {
    QString out =
        QStringLiteral("# Prometheus configuration for the %1 GPU hosts of \"%2\", from Cluster "
                       "Design Studio.\n"
                       "# The targets and their failure-domain labels are in targets/*.json "
                       "(file_sd):\n# Prometheus re-reads them when they change. Check: "
                       "promtool check config prometheus.yml\n"
                       "global:\n  scrape_interval: 15s\n  scrape_timeout: 10s\n"
                       "  evaluation_interval: 15s\n")
            .arg(hosts)
            .arg(names::oneLine(d.meta.title));
    if (!d.meta.title.isEmpty())
        out += QStringLiteral("  external_labels:\n    cluster: %1\n")
                   .arg(names::yamlQuoted(d.meta.title));
    out += QStringLiteral("scrape_configs:\n") +
           scrapeJob("dcgm", "NVIDIA DCGM exporter: GPU metrics (DCGM_FI_*)", kDcgmPort) +
           scrapeJob("node", "Prometheus node exporter: host metrics (node_*)", kNodePort);
    return out.toUtf8();
}

/// One ServiceMonitor relabeling: the pods on @p nodes get @p label = @p value.
QString relabeling(const QStringList& nodes, const QString& label, const QString& value) {
    QStringList alternatives;
    for (const QString& n : nodes) // Kubernetes node names hold only [a-z0-9.-]
        alternatives << k8s::nodeName(n).replace(QLatin1Char('.'), QLatin1String("\\."));
    // A '$' in a replacement names a group; "$$" is a literal '$'.
    const QString literal = QString(value).replace(QLatin1Char('$'), QLatin1String("$$"));
    return QStringLiteral("      - sourceLabels: [\"__meta_kubernetes_pod_node_name\"]\n"
                          "        regex: %1\n        targetLabel: %2\n"
                          "        replacement: %3\n        action: \"replace\"\n")
        .arg(names::yamlQuoted(alternatives.join(QLatin1Char('|'))), names::yamlQuoted(label),
             names::yamlQuoted(literal));
}

/// One relabeling per distinct value of each failure-domain label, naming its hosts' nodes.
QString relabelings(const std::vector<MonitoredHost>& hosts) {
    QString out = QStringLiteral("      - sourceLabels: [\"__meta_kubernetes_pod_node_name\"]\n"
                                 "        targetLabel: \"node\"\n        action: \"replace\"\n");
    for (const char* label : {kHall, kRack, kScalableUnit, kNvlinkDomain}) {
        std::map<QString, QStringList> nodes; // value -> hosts
        for (const MonitoredHost& h : hosts)
            for (const auto& [key, value] : labelsOf(h))
                if (key == QLatin1String(label))
                    nodes[value] << h.node;
        for (const auto& [value, of] : nodes)
            out += relabeling(of, QLatin1String(label), value);
    }
    return out;
}

QByteArray gpuOperatorValues(const DesignData& d, const std::vector<MonitoredHost>& hosts) {
    return (QStringLiteral(
                "# NVIDIA GPU Operator Helm values for \"%1\", from Cluster Design Studio.\n"
                "# Every key is one of the chart's own: deployments/gpu-operator/values.yaml of "
                "GPU Operator %2.\n"
                "# The DCGM exporter runs on every GPU node; its ServiceMonitor (Prometheus "
                "Operator) gives\n# each GPU metric the failure-domain labels that "
                "prometheus.yml's targets carry, matched\n# on the Kubernetes node name: the "
                "design's host name in lower case, as the kubernetes\n# export names nodes.\n"
                "# helm install gpu-operator nvidia/gpu-operator -n gpu-operator "
                "--create-namespace -f gpu-operator-values.yaml\n"
                "dcgmExporter:\n  enabled: true\n  serviceMonitor:\n    enabled: true\n"
                "    interval: 15s\n    honorLabels: false\n"
                "    # Labels of the ServiceMonitor itself: add the one your Prometheus selects "
                "by,\n    # e.g. release: \"kube-prometheus-stack\".\n"
                "    additionalLabels: {}\n    relabelings:\n")
                .arg(names::oneLine(d.meta.title), QLatin1String(kGpuOperatorChecked)) +
            relabelings(hosts))
        .toUtf8();
}

QByteArray readme(const DesignData& d, const std::vector<MonitoredHost>& hosts) {
    return QStringLiteral(
               "# Monitoring hand-off\n\n"
               "Prometheus scrape configuration for the %1 GPU hosts of \"%2\", each labelled "
               "with the\nfailure domains it sits in, so dashboards and alerts can group by "
               "them.\n\n"
               "| file | what it is |\n|---|---|\n"
               "| `prometheus.yml` | Prometheus configuration: job `dcgm` (NVIDIA DCGM "
               "exporter, port %3) and job `node` (node exporter, port %4), their targets "
               "read from `targets/` (file_sd) |\n"
               "| `targets/dcgm.json`, `targets/node.json` | Prometheus file_sd target lists: "
               "one entry per GPU host, `HOST:%3` and `HOST:%4`, with the labels below |\n"
               "| `gpu-operator-values.yaml` | NVIDIA GPU Operator Helm values: the DCGM "
               "exporter with its ServiceMonitor, relabeled so that metrics in Kubernetes carry "
               "the same labels |\n\n"
               "| label | value |\n|---|---|\n"
               "| `node` | the host name (each compute tray of a rack-scale system is a host) |\n"
               "| `hall` | the data hall |\n| `rack` | the rack |\n"
               "| `scalable_unit` | the scalable unit (`su01`); for a server placed by hand, "
               "its leaf-level block in the compute fabric, as in the Slurm topology |\n"
               "| `nvlink_domain` | the NVLink domain: the NVL72 rack (all 18 of its compute "
               "trays), or the server itself |\n\n"
               "A label the design does not give (an unplaced host has no rack) is left out.\n\n"
               "Bare metal or Slurm: run the DCGM exporter and the node exporter on every GPU "
               "host, copy\nthis folder beside Prometheus, check it with `promtool check config "
               "prometheus.yml`, and\nstart Prometheus with `--config.file=prometheus.yml`. "
               "Query by domain, e.g.\n"
               "`avg by (rack) (DCGM_FI_DEV_GPU_TEMP)` or `sum by (nvlink_domain) "
               "(DCGM_FI_DEV_POWER_USAGE)`.\n\n"
               "Kubernetes: install the GPU Operator with `-f gpu-operator-values.yaml` into a "
               "cluster\nrunning the Prometheus Operator (kube-prometheus-stack). The "
               "relabelings match the node\nnames the kubernetes export uses (host names in "
               "lower case); change them if your nodes\nregister under other names.\n")
        .arg(hosts.size())
        .arg(names::oneLine(d.meta.title))
        .arg(kDcgmPort)
        .arg(kNodePort)
        .toUtf8();
}

} // namespace

MonitoringExport monitoringExport(const DesignData& d) {
    MonitoringExport e;
    e.hosts = monitoredHosts(d, e.error);
    if (e.hosts.empty())
        return e;
    e.prometheusYml = prometheusYml(d, e.hosts.size());
    e.dcgmTargets = fileSdTargets(e.hosts, kDcgmPort);
    e.nodeTargets = fileSdTargets(e.hosts, kNodePort);
    e.gpuOperatorValues = gpuOperatorValues(d, e.hosts);
    e.readme = readme(d, e.hosts);
    e.ok = true;
    return e;
}

std::vector<std::pair<QString, QByteArray>> monitoringFiles(const MonitoringExport& e) {
    return {{QStringLiteral("README.md"), e.readme},
            {QStringLiteral("prometheus.yml"), e.prometheusYml},
            {QStringLiteral("targets/dcgm.json"), e.dcgmTargets},
            {QStringLiteral("targets/node.json"), e.nodeTargets},
            {QStringLiteral("gpu-operator-values.yaml"), e.gpuOperatorValues}};
}

bool writeMonitoringFolder(const MonitoringExport& e, const QString& dir, QString* error) {
    return writeFilesAtomically(dir, monitoringFiles(e), error);
}

} // namespace cds
