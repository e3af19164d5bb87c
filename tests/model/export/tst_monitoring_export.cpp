// The monitoring hand-off (issue 34): every GPU host once in each file_sd target list with
// its hall, rack, scalable unit and NVLink domain; promtool accepts the configuration; the
// GPU Operator values give Kubernetes metrics the same labels; bad names are refused.
#include "ExportTestDesigns.h"

#include "model/NvlinkDomains.h"
#include "model/export/MonitoringExport.h"
#include "model/generator/Generator.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace cds;

namespace {

using Labels = std::map<QString, QString>;

DesignData generated(int gpus, const char* server, const char* sw) {
    GenerateParams p;
    p.gpus = gpus;
    p.serverId = QString::fromLatin1(server);
    p.switchId = QString::fromLatin1(sw);
    GenerateResult r = generateCluster(p, test::bundled().catalog());
    if (!r.ok)
        qFatal("%s", qPrintable(r.error));
    return std::move(r.design);
}

/// What the design says of each GPU host, read from the design itself.
std::map<QString, Labels> expectedLabels(const DesignData& d) {
    std::map<DeviceId, QString> domainOf;
    for (const NvlinkDomain& x : nvlinkDomains(d))
        for (DeviceId id : x.nodes)
            domainOf[id] = x.name;
    std::map<QString, Labels> out;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (d.typeOf(v).gpuCount() <= 0)
            return;
        out[v.name] = {
            {"node", v.name},
            {"hall", d.hall.name},
            {"rack", d.racks[v.rack].name},
            {"scalable_unit", QStringLiteral("su%1").arg(v.group + 1, 2, 10, QChar(u'0'))},
            {"nvlink_domain", domainOf.at(id)}};
    });
    return out;
}

/// A file_sd list as {host -> labels}; fails the test on a host listed twice or a bad entry.
std::map<QString, Labels> targetsOf(const QByteArray& json, int port) {
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (!doc.isArray())
        qFatal("file_sd is not a JSON list: %s", qPrintable(err.errorString()));
    std::map<QString, Labels> out;
    for (const QJsonValue g : doc.array()) {
        const QJsonArray targets = g[QStringLiteral("targets")].toArray();
        if (targets.size() != 1 || g.toObject().size() != 2)
            qFatal("an entry is not {targets: [one], labels: {...}}");
        const QString target = targets[0].toString();
        const QString suffix = QStringLiteral(":%1").arg(port);
        if (!target.endsWith(suffix))
            qFatal("target %s is not on port %d", qPrintable(target), port);
        const QString host = target.chopped(suffix.size());
        if (out.count(host))
            qFatal("host %s is listed twice", qPrintable(host));
        const QJsonObject labels = g[QStringLiteral("labels")].toObject();
        for (auto it = labels.begin(); it != labels.end(); ++it)
            out[host][it.key()] = it.value().toString();
    }
    return out;
}

/// YAML -> JSON through python3's yaml module (PyYAML); null when it is not installed.
QJsonDocument yamlAsJson(const QByteArray& yaml) {
    const QString py = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (py.isEmpty() ||
        QProcess::execute(py, {QStringLiteral("-c"), QStringLiteral("import yaml")}) != 0)
        return {};
    QProcess p;
    p.start(py,
            {QStringLiteral("-c"),
             QStringLiteral("import sys,json,yaml; print(json.dumps(yaml.safe_load(sys.stdin)))")});
    p.waitForStarted();
    p.write(yaml);
    p.closeWriteChannel();
    p.waitForFinished(60000);
    return QJsonDocument::fromJson(p.readAllStandardOutput());
}

/// Applies the ServiceMonitor's relabelings (Prometheus semantics: anchored regex, "$$" a
/// literal '$') to a pod on Kubernetes node @p node.
Labels relabel(const QJsonArray& rules, const QString& node) {
    Labels out;
    for (const QJsonValue r : rules) {
        const QString regex = r[QStringLiteral("regex")].toString(QStringLiteral("(.*)"));
        const QRegularExpression re(QRegularExpression::anchoredPattern(regex));
        const auto m = re.match(node);
        if (!m.hasMatch())
            continue;
        QString value = r[QStringLiteral("replacement")].toString(QStringLiteral("$1"));
        value = value == QLatin1String("$1")
                    ? m.captured(1)
                    : value.replace(QLatin1String("$$"), QLatin1String("$"));
        out[r[QStringLiteral("targetLabel")].toString()] = value;
    }
    return out;
}

QString promtool() {
    return QStandardPaths::findExecutable(QStringLiteral("promtool"));
}

} // namespace

class TestMonitoringExport : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

    static void everyHostOnceWithItsDomains(const DesignData& d, const MonitoringExport& e) {
        QVERIFY2(e.ok, qPrintable(e.error));
        const std::map<QString, Labels> want = expectedLabels(d);
        QCOMPARE(targetsOf(e.dcgmTargets, monitoring::kDcgmPort), want);
        QCOMPARE(targetsOf(e.nodeTargets, monitoring::kNodePort), want);
    }

private Q_SLOTS:
    void dgxH100LabelsEveryHostWithItsDomains() {
        const DesignData d = generated(1024, "nvidia-dgx-h100", "nvidia-qm9700");
        const MonitoringExport e = monitoringExport(d);
        everyHostOnceWithItsDomains(d, e);
        const std::map<QString, Labels> hosts = targetsOf(e.dcgmTargets, monitoring::kDcgmPort);
        QCOMPARE(hosts.size(), std::size_t(128));
        std::map<QString, int> perRack, perSu;
        for (const auto& [host, labels] : hosts) {
            QCOMPARE(labels.at("nvlink_domain"), host); // an HGX server is its own domain
            ++perRack[labels.at("rack")];
            ++perSu[labels.at("scalable_unit")];
        }
        QCOMPARE(perSu.size(), std::size_t(4)); // 32 DGX per SU
        for (const auto& [su, n] : perSu)
            QCOMPARE(n, 32);
        QVERIFY(perRack.size() >= 32); // at most 4 DGX H100 per rack
        QVERIFY(e.prometheusYml.contains("  - job_name: \"dcgm\"\n"));
        QVERIFY(e.prometheusYml.contains("          - \"targets/node.json\"\n"));
    }

    void gb300TraysShareTheirRackAndDomain() {
        const DesignData d = generated(576, "nvidia-gb300-nvl72", "nvidia-q3400");
        const MonitoringExport e = monitoringExport(d);
        everyHostOnceWithItsDomains(d, e);
        const std::map<QString, Labels> hosts = targetsOf(e.nodeTargets, monitoring::kNodePort);
        QCOMPARE(hosts.size(), std::size_t(8 * 18)); // every compute tray is a host
        std::map<QString, std::set<QString>> traysOfDomain, domainsOfRack;
        for (const auto& [host, labels] : hosts) {
            traysOfDomain[labels.at("nvlink_domain")].insert(host);
            domainsOfRack[labels.at("rack")].insert(labels.at("nvlink_domain"));
        }
        QCOMPARE(traysOfDomain.size(), std::size_t(8));
        for (const auto& [domain, trays] : traysOfDomain)
            QCOMPARE(trays.size(), std::size_t(18));
        QCOMPARE(domainsOfRack.size(), std::size_t(8));
        for (const auto& [rack, domains] : domainsOfRack)
            QCOMPARE(domains, std::set<QString>{rack}); // the rack is the domain
    }

    void handBuiltServersTakeTheirLeafBlock() {
        // No generator scalable unit: the leaf-level block, as Slurm names it.
        const MonitoringExport e = monitoringExport(test::leafSpine(8, 4, 2, true));
        QVERIFY2(e.ok, qPrintable(e.error));
        for (const MonitoredHost& h : e.hosts)
            QCOMPARE(h.scalableUnit, QStringLiteral("su01"));
        const MonitoringExport f = monitoringExport(test::leafSpine(8, 2, 2, false));
        QCOMPARE(f.hosts.front().scalableUnit, QStringLiteral("leaf01"));
        QCOMPARE(f.hosts.back().scalableUnit, QStringLiteral("leaf02"));
    }

    void badHostNamesAreRefused_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        QTest::newRow("space") << "gpu 003"
                               << "the GPU host name \"gpu 003\" holds";
        QTest::newRow("line break") << "gpu003\n- targets: [evil:1]"
                                    << "the GPU host name \"gpu003\\n- targets: [evil:1]\"";
        QTest::newRow("colon") << "gpu003:80"
                               << "the GPU host name \"gpu003:80\" holds ':'";
        QTest::newRow("twice") << "gpu004"
                               << "two GPU hosts are named \"gpu004\"";
    }
    void badHostNamesAreRefused() {
        QFETCH(QString, name);
        QFETCH(QString, message);
        DesignData d = test::leafSpine(8, 2, 1, false);
        d.devices[test::deviceNamed(d, QStringLiteral("gpu003"))].name = name;
        const MonitoringExport e = monitoringExport(d);
        QVERIFY(!e.ok);
        QVERIFY2(e.error.contains(message), qPrintable(e.error));
        QVERIFY(e.prometheusYml.isEmpty() && e.dcgmTargets.isEmpty());
    }

    void noGpuHostsIsRefused() {
        test::Builder b;
        const RackId net = b.rack(QStringLiteral("N01"), 600, 3000);
        b.device(QStringLiteral("leaf01"), "nvidia-qm9700", net, 40, Tier::Leaf,
                 b.fabric(FabricKind::Compute));
        const MonitoringExport e = monitoringExport(b.d);
        QVERIFY(!e.ok);
        QCOMPARE(e.error, QStringLiteral("the design has no GPU hosts to monitor"));
    }

    void hostileValuesStayValues() {
        DesignData d = test::leafSpine(4, 1, 1, false);
        d.racks[test::rackNamed(d, QStringLiteral("R01"))].name = QStringLiteral("R\"01 $1\\");
        d.hall.name = QStringLiteral("Hall\n- job_name: evil");
        const MonitoringExport e = monitoringExport(d);
        QVERIFY2(e.ok, qPrintable(e.error));
        const std::map<QString, Labels> hosts = targetsOf(e.dcgmTargets, monitoring::kDcgmPort);
        QCOMPARE(hosts.at("gpu001").at("rack"), QStringLiteral("R\"01 $1\\"));
        QCOMPARE(hosts.at("gpu001").at("hall"), d.hall.name);
        const QJsonDocument values = yamlAsJson(e.gpuOperatorValues);
        if (values.isNull())
            QSKIP("python3 with PyYAML is not installed");
        const QJsonArray rules =
            values[QStringLiteral("dcgmExporter")][QStringLiteral("serviceMonitor")]
                  [QStringLiteral("relabelings")]
                      .toArray();
        QCOMPARE(relabel(rules, QStringLiteral("gpu001")), hosts.at("gpu001"));
    }

    void gpuOperatorValuesLabelLikeTheTargets() {
        const DesignData d = generated(576, "nvidia-gb300-nvl72", "nvidia-q3400");
        const MonitoringExport e = monitoringExport(d);
        QVERIFY2(e.ok, qPrintable(e.error));
        const QJsonDocument values = yamlAsJson(e.gpuOperatorValues);
        if (values.isNull())
            QSKIP("python3 with PyYAML is not installed");
        // Only keys the chart's values.yaml has (GPU Operator v26.7.0).
        QCOMPARE(values.object().keys(), QStringList{"dcgmExporter"});
        const QJsonObject dcgm = values[QStringLiteral("dcgmExporter")].toObject();
        QCOMPARE(dcgm.keys(), (QStringList{"enabled", "serviceMonitor"}));
        QVERIFY(dcgm[QStringLiteral("enabled")].toBool());
        const QJsonObject sm = dcgm[QStringLiteral("serviceMonitor")].toObject();
        const QStringList chartKeys = {"enabled",     "interval",         "scrapeTimeout",
                                       "honorLabels", "additionalLabels", "relabelings"};
        for (const QString& k : sm.keys())
            QVERIFY2(chartKeys.contains(k), qPrintable(k));
        QVERIFY(sm[QStringLiteral("enabled")].toBool());
        const QJsonArray rules = sm[QStringLiteral("relabelings")].toArray();
        for (const auto& [host, labels] : targetsOf(e.dcgmTargets, monitoring::kDcgmPort))
            QCOMPARE(relabel(rules, host.toLower()), labels);
    }

    void promtoolChecksTheConfiguration() {
        if (promtool().isEmpty())
            QSKIP("promtool is not installed (Debian: the prometheus package; ./dev installs it)");
        const QString dir = m_tmp.filePath(QStringLiteral("monitoring"));
        QString error;
        const MonitoringExport e =
            monitoringExport(generated(576, "nvidia-gb300-nvl72", "nvidia-q3400"));
        QVERIFY2(writeMonitoringFolder(e, dir, &error), qPrintable(error));
        auto check = [&] {
            QProcess p;
            p.setWorkingDirectory(dir);
            p.setProcessChannelMode(QProcess::MergedChannels);
            p.start(promtool(), {QStringLiteral("check"), QStringLiteral("config"),
                                 QStringLiteral("prometheus.yml")});
            p.waitForFinished(60000);
            return std::pair{p.exitCode(), p.readAll()};
        };
        const auto [code, out] = check();
        QVERIFY2(code == 0 && out.contains("SUCCESS") && !out.contains("WARNING"), out.constData());
        // promtool reads the file_sd lists too: a bad label name in one fails the check.
        QFile f(dir + QStringLiteral("/targets/dcgm.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(e.dcgmTargets).replace("\"rack\"", "\"0rack\""));
        f.close();
        const auto [badCode, badOut] = check();
        QVERIFY2(badCode != 0 && badOut.contains("targets/dcgm.json"), badOut.constData());
    }

    void theFolderHoldsTheFiles() {
        const QString dir = m_tmp.filePath(QStringLiteral("files"));
        QString error;
        const MonitoringExport e = monitoringExport(test::nvl72Racks(2));
        QVERIFY2(writeMonitoringFolder(e, dir, &error), qPrintable(error));
        for (const char* f : {"README.md", "prometheus.yml", "targets/dcgm.json",
                              "targets/node.json", "gpu-operator-values.yaml"}) {
            QFile file(dir + QLatin1Char('/') + QLatin1String(f));
            QVERIFY2(file.open(QIODevice::ReadOnly) && file.size() > 100, f);
            if (QLatin1String(f) != QLatin1String("README.md"))
                QVERIFY2(e.readme.contains(QByteArray(QByteArray("`") + f + "`")), f); // explained
        }
    }
};

QTEST_APPLESS_MAIN(TestMonitoringExport)
#include "tst_monitoring_export.moc"
