// Slurm's topology.yaml (tree and NVLink blocks) and the Kubernetes hand-off (node labels,
// Kueue Topology): the same switches as topology.conf, every GPU server labelled once.
#include "ExportTestDesigns.h"
#include "model/export/KubernetesExport.h"
#include "model/export/SlurmTopologyYaml.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

using namespace cds;

namespace {

/// YAML -> JSON through python3's yaml module (PyYAML), or a null document when absent.
QJsonDocument yamlAsJson(const QByteArray& yaml, bool all = false) {
    const QString py = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (py.isEmpty())
        return {};
    QProcess p;
    p.start(
        py,
        {QStringLiteral("-c"),
         all ? QStringLiteral(
                   "import sys,json,yaml; print(json.dumps(list(yaml.safe_load_all(sys.stdin))))")
             : QStringLiteral(
                   "import sys,json,yaml; print(json.dumps(yaml.safe_load(sys.stdin)))")});
    if (!p.waitForStarted(10000))
        return {};
    p.write(yaml);
    p.closeWriteChannel();
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return QJsonDocument(
            QJsonObject{{QStringLiteral("error"), QString::fromUtf8(p.readAllStandardError())}});
    return QJsonDocument::fromJson(p.readAllStandardOutput());
}

bool havePyYaml() {
    const QString py = QStandardPaths::findExecutable(QStringLiteral("python3"));
    return !py.isEmpty() &&
           QProcess::execute(py, {QStringLiteral("-c"), QStringLiteral("import yaml")}) == 0;
}

/// "SwitchName=X Nodes=Y" / "Switches=Y" lines of topology.conf as {X -> "Nodes=Y"}.
QMap<QString, QString> confLines(const QByteArray& conf) {
    QMap<QString, QString> out;
    static const QRegularExpression line(QStringLiteral("^SwitchName=(\\S+) (\\S+)$"),
                                         QRegularExpression::MultilineOption);
    auto it = line.globalMatch(QString::fromUtf8(conf));
    while (it.hasNext()) {
        const auto m = it.next();
        out[m.captured(1)] = m.captured(2);
    }
    return out;
}

/// The tree switches of topology.yaml in the same form.
QMap<QString, QString> yamlSwitches(const QByteArray& yaml) {
    QMap<QString, QString> out;
    static const QRegularExpression sw(
        QStringLiteral("^      - switch: (\\S+)\\n        (nodes|children): (\\S+)$"),
        QRegularExpression::MultilineOption);
    auto it = sw.globalMatch(QString::fromUtf8(yaml));
    while (it.hasNext()) {
        const auto m = it.next();
        out[m.captured(1)] =
            (m.captured(2) == QLatin1String("nodes") ? QStringLiteral("Nodes=")
                                                     : QStringLiteral("Switches=")) +
            m.captured(3);
    }
    return out;
}

} // namespace

class TestSchedulerExports : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void yamlTreeIsTopologyConf_data() {
        QTest::addColumn<bool>("rails");
        QTest::newRow("leaf/spine") << false;
        QTest::newRow("rail-optimized") << true;
    }
    void yamlTreeIsTopologyConf() {
        QFETCH(bool, rails);
        const DesignData d = test::leafSpine(16, 4, 2, rails);
        const SlurmTopology conf = slurmTopology(d), yaml = slurmTopologyYaml(d);
        QVERIFY2(yaml.ok, qPrintable(yaml.error));
        const QMap<QString, QString> a = confLines(conf.text), b = yamlSwitches(yaml.text);
        QVERIFY(a.size() >= 3);
        QCOMPARE(b, a);
        QVERIFY(yaml.text.contains("- topology: fabric\n  cluster_default: true\n  tree:\n"));
        QVERIFY2(yaml.text.contains("# No block topology"),
                 yaml.text.constData()); // DGX: 8-GPU domains
    }

    void nvl72RacksAreBlocks() {
        const DesignData d = test::nvl72Racks(3);
        const SlurmTopology t = slurmTopologyYaml(d);
        QVERIFY2(t.ok, qPrintable(t.error));
        // A block is the NVLink domain: the rack's 18 compute trays, each a Slurm node.
        QVERIFY2(t.text.contains("- topology: nvlink\n  cluster_default: false\n  block:\n"
                                 "    block_sizes:\n      - 18\n    blocks:\n"
                                 "      - block: R01\n        nodes: nvl01-c[01-18]\n"
                                 "      - block: R02\n        nodes: nvl02-c[01-18]\n"
                                 "      - block: R03\n        nodes: nvl03-c[01-18]\n"),
                 t.text.constData());
        const std::vector<NvlinkDomain> domains = nvlinkDomains(d);
        QCOMPARE(domains.size(), std::size_t(3));
        QVERIFY(domains.front().multiNode);
        QCOMPARE(domains.front().nodes.size(), std::size_t(18));
        QCOMPARE(domains.front().gpus, 72);
    }

    void slurmYamlIsYaml() {
        if (!havePyYaml())
            QSKIP("python3 with PyYAML is not installed");
        const QJsonDocument doc = yamlAsJson(slurmTopologyYaml(test::nvl72Racks(2)).text);
        QVERIFY2(doc.isArray(), doc.toJson().constData());
        const QJsonArray topologies = doc.array();
        QCOMPARE(topologies.size(), 2);
        QCOMPARE(topologies[0][QStringLiteral("topology")].toString(), QStringLiteral("fabric"));
        QVERIFY(topologies[0][QStringLiteral("cluster_default")].toBool());
        const QJsonArray switches =
            topologies[0][QStringLiteral("tree")][QStringLiteral("switches")].toArray();
        QCOMPARE(switches.size(), 3); // leaf01, leaf02, spine01
        QCOMPARE(switches[2][QStringLiteral("children")].toString(), QStringLiteral("leaf[01-02]"));
        QCOMPARE(topologies[1][QStringLiteral("block")][QStringLiteral("blocks")].toArray().size(),
                 2);
    }

    void everyGpuServerIsLabelled() {
        const DesignData d = test::leafSpine(8, 2, 2, false);
        const KubernetesExport e = kubernetesExport(d);
        QVERIFY2(e.ok, qPrintable(e.error));
        const QString nodes = QString::fromUtf8(e.nodeLabelsYaml);
        QCOMPARE(nodes.count(QStringLiteral("kind: Node\n")), 8);
        QVERIFY2(nodes.contains(
                     QStringLiteral("  name: \"gpu001\"\n  labels:\n"
                                    "    topology.kubernetes.io/zone: \"Data-hall\"\n"
                                    "    network.topology.nvidia.com/spine: \"sb01\"\n"
                                    "    network.topology.nvidia.com/leaf: \"leaf01\"\n"
                                    "    topology.cluster-design-studio.io/rack: \"R01\"\n"
                                    "    network.topology.nvidia.com/accelerator: \"gpu001\"\n")),
                 qPrintable(nodes.left(800)));
        QVERIFY(nodes.contains(QStringLiteral("network.topology.nvidia.com/leaf: \"leaf02\"")));
        QCOMPARE(QString::fromUtf8(e.labelScript).count(QStringLiteral("kubectl label node ")), 8);
        // A rail-optimized unit is one leaf-level domain, as in Slurm.
        const KubernetesExport r = kubernetesExport(test::leafSpine(8, 4, 2, true));
        QVERIFY(r.nodeLabelsYaml.contains("network.topology.nvidia.com/leaf: \"su01\""));
        // An NVL72 rack is its own NVLink domain.
        const KubernetesExport n = kubernetesExport(test::nvl72Racks(2));
        QVERIFY(n.nodeLabelsYaml.contains("network.topology.nvidia.com/accelerator: \"R02\""));
    }

    void kueueTopologyHasTheLabelsAsLevels() {
        const KubernetesExport e = kubernetesExport(test::nvl72Racks(2));
        QVERIFY(e.ok);
        QCOMPARE(e.levels.last(), QStringLiteral("kubernetes.io/hostname"));
        QCOMPARE(e.levels.first(), QStringLiteral("topology.kubernetes.io/zone"));
        static const QRegularExpression value(
            QStringLiteral("^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$"));
        for (const QString& l : e.levels) {
            QVERIFY(e.kueueTopologyYaml.contains(
                QStringLiteral("  - nodeLabel: \"%1\"\n").arg(l).toUtf8()));
            if (l != QLatin1String("kubernetes.io/hostname")) // set by the kubelet; 8 trays
                QCOMPARE(QString::fromUtf8(e.nodeLabelsYaml).count(l + QStringLiteral(": ")),
                         16); // of each of the 2 racks are cabled
        }
        QCOMPARE(k8s::labelValue(QStringLiteral(" Hall 1 (east) ")), QStringLiteral("Hall-1-east"));
        QVERIFY(value.match(k8s::labelValue(QString(80, QLatin1Char('a')) + QStringLiteral("-")))
                    .hasMatch());
        QCOMPARE(k8s::labelValue(QString(80, QLatin1Char('a'))).size(), 63);
        if (!havePyYaml())
            QSKIP("python3 with PyYAML is not installed");
        const QJsonDocument topo = yamlAsJson(e.kueueTopologyYaml, true);
        QVERIFY2(topo.isArray(), topo.toJson().constData());
        const QJsonObject t = topo.array()[0].toObject();
        QCOMPARE(t[QStringLiteral("apiVersion")].toString(),
                 QStringLiteral("kueue.x-k8s.io/v1beta2"));
        QCOMPARE(t[QStringLiteral("kind")].toString(), QStringLiteral("Topology"));
        QCOMPARE(t[QStringLiteral("spec")][QStringLiteral("levels")].toArray().size(),
                 qsizetype(e.levels.size()));
        QCOMPARE(topo.array()[1][QStringLiteral("spec")][QStringLiteral("topologyName")].toString(),
                 t[QStringLiteral("metadata")][QStringLiteral("name")].toString());
        const QJsonDocument nodes = yamlAsJson(e.nodeLabelsYaml, true);
        QVERIFY(nodes.isArray());
        QCOMPARE(nodes.array().size(), 16); // 8 cabled compute trays per rack
        for (const QJsonValue n : nodes.array()) {
            const QJsonObject labels =
                n[QStringLiteral("metadata")][QStringLiteral("labels")].toObject();
            QCOMPARE(labels.size(), qsizetype(e.levels.size() - 1));
            for (auto it = labels.begin(); it != labels.end(); ++it)
                QVERIFY2(value.match(it.value().toString()).hasMatch(),
                         qPrintable(it.value().toString()));
        }
    }

    void withoutComputeFabricIsAnError() {
        test::Builder b;
        b.rack(QStringLiteral("R01"), 600, 600);
        QVERIFY(!kubernetesExport(b.d).ok);
        QVERIFY(!slurmTopologyYaml(b.d).ok);
    }
};

QTEST_APPLESS_MAIN(TestSchedulerExports)
#include "tst_scheduler_exports.moc"
