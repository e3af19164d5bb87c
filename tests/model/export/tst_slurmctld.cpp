// The real Slurm controller reads the exported topology.conf: slurmctld starts on localhost
// with a generated slurm.conf naming the design's nodes (State=FUTURE, so no slurmd is
// needed; auth/none, so no munge), and `scontrol show topology` must list every switch with
// exactly the nodes and switches the design links to it. Skipped when Slurm is not installed
// (./dev installs slurmctld and slurm-client).
#include "ExportTestDesigns.h"
#include "model/export/SlurmTopology.h"
#include "model/json/DesignFile.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <pwd.h>
#include <unistd.h>

using namespace cds;

namespace {

QString findTool(const char* name) {
    return QStandardPaths::findExecutable(
        QLatin1String(name), {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"),
                              QStringLiteral("/usr/local/sbin"), QStringLiteral("/usr/local/bin")});
}

QSet<QString> asSet(const QStringList& l) {
    return QSet<QString>(l.begin(), l.end());
}

/// @brief One slurmctld on a private port and folder; stopped when it goes out of scope.
class Controller {
public:
    Controller(const QString& dir, const QString& slurmctld)
        : m_dir(dir)
        , m_bin(slurmctld) {}
    ~Controller() { stop(); }

    QString conf() const { return QDir(m_dir).filePath(QStringLiteral("slurm.conf")); }

    /// Starts on a port picked from the process id and @p attempt, so concurrent runs and a
    /// port taken by something else can be stepped around.
    bool start(const QStringList& nodes, int attempt, QString* why) {
        const passwd* pw = getpwuid(getuid());
        const int port = 20000 + int((getpid() + 7919 * attempt) % 20000);
        QString c;
        c += QStringLiteral("ClusterName=cdstest\nSlurmctldHost=localhost\n");
        c += QStringLiteral("SlurmctldPort=%1\nSlurmdPort=%2\n").arg(port).arg(port + 1);
        c +=
            QStringLiteral("SlurmUser=%1\n").arg(QString::fromLocal8Bit(pw ? pw->pw_name : "root"));
        c += QStringLiteral("AuthType=auth/none\nCredType=cred/none\n");
        c += QStringLiteral("StateSaveLocation=%1/state\nSlurmdSpoolDir=%1/spool\n").arg(m_dir);
        c +=
            QStringLiteral("SlurmctldPidFile=%1/slurmctld.pid\nSlurmctldLogFile=%1/slurmctld.log\n")
                .arg(m_dir);
        c += QStringLiteral("TopologyPlugin=topology/tree\nProctrackType=proctrack/linuxproc\n"
                            "TaskPlugin=task/none\nSelectType=select/cons_tres\n"
                            "MpiDefault=none\nJobAcctGatherType=jobacct_gather/none\n");
        c += QStringLiteral("NodeName=%1 CPUs=1 State=FUTURE\n").arg(compressHostList(nodes));
        c += QStringLiteral("PartitionName=all Nodes=ALL Default=YES\n");
        QDir().mkpath(m_dir + QStringLiteral("/state"));
        QDir().mkpath(m_dir + QStringLiteral("/spool"));
        QFile f(conf());
        if (!f.open(QIODevice::WriteOnly) || f.write(c.toUtf8()) < 0)
            return *why = QStringLiteral("cannot write slurm.conf"), false;
        f.close();
        m_proc.setProcessChannelMode(QProcess::MergedChannels);
        m_proc.start(m_bin,
                     {QStringLiteral("-D"), QStringLiteral("-i"), QStringLiteral("-f"), conf()});
        if (!m_proc.waitForStarted(10000))
            return *why = QStringLiteral("slurmctld did not start: ") + m_proc.errorString(), false;
        return true;
    }

    /// `scontrol ARGS` against this controller, with a bounded wait.
    QPair<int, QByteArray> scontrol(const QString& bin, const QStringList& args) const {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SLURM_CONF"), conf());
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(bin, args);
        if (!p.waitForFinished(15000)) {
            p.kill();
            p.waitForFinished(2000);
            return {-1, QByteArrayLiteral("scontrol timed out")};
        }
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAll()};
    }

    QByteArray log() {
        QFile f(QDir(m_dir).filePath(QStringLiteral("slurmctld.log")));
        return m_proc.readAll() +
               (f.open(QIODevice::ReadOnly) ? f.readAll().right(3000) : QByteArray());
    }
    bool running() const { return m_proc.state() == QProcess::Running; }

    void stop() {
        if (m_proc.state() == QProcess::NotRunning)
            return;
        m_proc.terminate();
        if (!m_proc.waitForFinished(15000)) {
            m_proc.kill();
            m_proc.waitForFinished(5000);
        }
    }

private:
    QString m_dir, m_bin;
    QProcess m_proc;
};

} // namespace

class TestSlurmctld : public QObject {
    Q_OBJECT
    QString m_slurmctld = findTool("slurmctld");
    QString m_scontrol = findTool("scontrol");

private Q_SLOTS:
    void initTestCase() {
        if (m_slurmctld.isEmpty() || m_scontrol.isEmpty())
            QSKIP("slurmctld or scontrol is not installed (Debian: slurmctld, slurm-client)");
    }

    void topologyConfIsWhatSlurmReads_data() {
        QTest::addColumn<QString>("design");
        QTest::newRow("leaf/spine") << QStringLiteral("leaf-spine");
        QTest::newRow("rail-optimized") << QStringLiteral("rails");
        QTest::newRow("example SU")
            << QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json");
        // 8 NVL72 racks as their 144 compute trays, each a node (18 per rack).
        QTest::newRow("GB300 NVL72 SU")
            << QStringLiteral(CDS_SOURCE_DIR "/resources/examples/gb300-nvl72-576gpu-su.cds.json");
    }
    void topologyConfIsWhatSlurmReads() {
        QFETCH(QString, design);
        DesignData d;
        if (design == QLatin1String("leaf-spine"))
            d = test::leafSpine(16, 4, 2, false);
        else if (design == QLatin1String("rails"))
            d = test::leafSpine(16, 4, 2, true);
        else {
            LoadResult lr = DesignFile::load(design);
            QVERIFY2(lr.ok, qPrintable(design));
            d = lr.data;
        }
        const SlurmTree tree = slurmTree(d);
        const SlurmTopology conf = slurmTopology(d);
        QVERIFY2(tree.ok && conf.ok, qPrintable(conf.error));
        QStringList nodes;
        for (const auto& [id, sw] : tree.nodeSwitch)
            nodes << d.devices[id].name;
        if (design.contains(QLatin1String("gb300"))) // 8 racks x 18 compute trays
            QCOMPARE(nodes.size(), 144);

        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QFile topo(tmp.filePath(QStringLiteral("topology.conf"))); // beside slurm.conf
        QVERIFY(topo.open(QIODevice::WriteOnly));
        topo.write(conf.text);
        topo.close();
        Controller ctl(tmp.path(), m_slurmctld);
        QPair<int, QByteArray> shown{-1, {}};
        QByteArray log;
        // Up to three ports; each wait is bounded (30 s), and a daemon that exits (a port in
        // use) is started again on the next port.
        for (int port = 0; port < 3 && shown.first != 0; ++port) {
            QString why;
            QVERIFY2(ctl.start(nodes, port, &why), qPrintable(why));
            for (int poll = 0; poll < 60 && ctl.running(); ++poll) {
                shown =
                    ctl.scontrol(m_scontrol, {QStringLiteral("show"), QStringLiteral("topology")});
                if (shown.first == 0 && shown.second.contains("SwitchName="))
                    break;
                shown.first = shown.first == 0 ? -1 : shown.first;
                QThread::msleep(500);
            }
            if (shown.first != 0) {
                log += ctl.log();
                ctl.stop();
            }
        }
        QVERIFY2(shown.first == 0,
                 QByteArray(shown.second + "\n--- slurmctld:\n" + log).constData());

        // What Slurm read, switch by switch.
        QMap<QString, QSet<QString>> slurmNodes, slurmSwitches;
        static const QRegularExpression line(
            QStringLiteral(
                "^SwitchName=(\\S+) Level=(\\d+) .*?(?:Nodes=(\\S+))?(?: Switches=(\\S+))?\\s*$"),
            QRegularExpression::MultilineOption);
        auto it = line.globalMatch(QString::fromUtf8(shown.second));
        while (it.hasNext()) {
            const auto m = it.next();
            slurmNodes[m.captured(1)] = asSet(test::expandHostList(m.captured(3)));
            slurmSwitches[m.captured(1)] = asSet(test::expandHostList(m.captured(4)));
        }
        QCOMPARE(qsizetype(slurmNodes.size()), qsizetype(tree.switches.size()));
        // Every switch of the design, with the nodes below it (Slurm lists all of them for
        // upper switches) and the switches it links.
        QMap<QString, QSet<QString>> below;
        for (const SlurmSwitch& s : tree.switches)
            below[s.name] = asSet(s.nodes);
        for (const SlurmSwitch& s : tree.switches)
            for (const QString& c : s.switches)
                below[s.name] += below.value(c); // switches come leaf level first
        for (const SlurmSwitch& s : tree.switches) {
            QVERIFY2(slurmNodes.contains(s.name),
                     qPrintable(s.name + QStringLiteral(" missing in:\n") +
                                QString::fromUtf8(shown.second)));
            QCOMPARE(slurmNodes.value(s.name), below.value(s.name));
            QCOMPARE(slurmSwitches.value(s.name), asSet(s.switches));
        }
        // Every node is under exactly one leaf-level switch, as in the design.
        for (const auto& [id, sw] : tree.nodeSwitch) {
            int leaves = 0;
            for (const SlurmSwitch& s : tree.switches)
                leaves +=
                    s.switches.isEmpty() && slurmNodes.value(s.name).contains(d.devices[id].name);
            QCOMPARE(leaves, 1);
            QVERIFY(slurmNodes.value(sw).contains(d.devices[id].name));
        }
        ctl.stop();
        QVERIFY(!ctl.running());
    }
};

QTEST_APPLESS_MAIN(TestSlurmctld)
#include "tst_slurmctld.moc"
