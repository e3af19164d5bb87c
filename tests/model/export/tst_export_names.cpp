// Names are data, never syntax (issue 36): a name that would be syntax in Slurm's files
// refuses the export with the object named, CSV cells never run as formulas, YAML values
// cannot end their scalar, NetBox refuses names it cannot take, and the rule
// name.invalid-hostname finds the same names before anyone exports.
#include "ExportTestDesigns.h"

#include "model/AtomicFile.h"
#include "model/Names.h"
#include "model/export/CablingSchedule.h"
#include "model/export/Csv.h"
#include "model/export/KubernetesExport.h"
#include "model/export/NetBoxExport.h"
#include "model/export/SlurmTopology.h"
#include "model/export/SlurmTopologyYaml.h"
#include "model/rules/FindingCodes.h"
#include "model/rules/Rule.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace cds;

namespace {

DeviceId deviceNamed(const DesignData& d, const QString& name) {
    DeviceId found;
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (v.name == name)
            found = id;
    });
    return found;
}

DesignData renamed(const QString& from, const QString& to) {
    DesignData d = test::leafSpine(8, 2, 1, true);
    d.devices[deviceNamed(d, from)].name = to;
    return d;
}

} // namespace

class TestExportNames : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void hostNamesFollowOneRule_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("valid");
        QTest::newRow("generated") << QStringLiteral("su01-c01-gpu01") << true;
        QTest::newRow("dotted") << QStringLiteral("gpu001.dc1") << true;
        QTest::newRow("underscore") << QStringLiteral("gpu_001") << true;
        QTest::newRow("newline") << QStringLiteral("gpu001\nSwitchName=evil") << false;
        QTest::newRow("space") << QStringLiteral("gpu 001") << false;
        QTest::newRow("comma") << QStringLiteral("gpu001,gpu002") << false;
        QTest::newRow("equals") << QStringLiteral("a=b") << false;
        QTest::newRow("bracket") << QStringLiteral("gpu[1-9]") << false;
        QTest::newRow("leading hyphen") << QStringLiteral("-gpu") << false;
        QTest::newRow("trailing dot") << QStringLiteral("gpu.") << false;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("64 characters") << QString(64, u'a') << false;
        QTest::newRow("63 characters") << QString(63, u'a') << true;
        QTest::newRow("non-ASCII") << QStringLiteral("gpü01") << false;
    }
    void hostNamesFollowOneRule() {
        QFETCH(QString, name);
        QFETCH(bool, valid);
        QCOMPARE(names::hostNameProblem(name).isEmpty(), valid);
    }

    void aNewlineInANodeNameRefusesBothSlurmFilesAndKubernetes() {
        const DesignData d = renamed(QStringLiteral("gpu003"),
                                     QStringLiteral("gpu003\nSwitchName=evil Switches=ALL"));
        const SlurmTopology conf = slurmTopology(d);
        QVERIFY(!conf.ok);
        QVERIFY(conf.text.isEmpty());
        QVERIFY2(conf.error.contains(QLatin1String("node name \"gpu003\\nSwitchName=evil")),
                 qPrintable(conf.error));
        QVERIFY(!conf.error.contains(QLatin1Char('\n')));
        QVERIFY(!slurmTopologyYaml(d).ok);
        const KubernetesExport k = kubernetesExport(d);
        QVERIFY(!k.ok);
        QVERIFY2(k.error.contains(QLatin1String("name.invalid-hostname")), qPrintable(k.error));
    }
    void aCommaInASwitchNameRefusesTheTree() {
        const DesignData d = renamed(QStringLiteral("spine01"), QStringLiteral("spine01,leaf01"));
        const SlurmTopology conf = slurmTopology(d);
        QVERIFY(!conf.ok);
        QVERIFY2(conf.error.contains(QLatin1String("switch name \"spine01,leaf01\"")),
                 qPrintable(conf.error));
        QVERIFY2(conf.error.contains(QLatin1String("','")), qPrintable(conf.error));
    }
    void validNamesStillExport() {
        const DesignData d = test::leafSpine(8, 2, 1, true);
        const SlurmTopology conf = slurmTopology(d);
        QVERIFY2(conf.ok, qPrintable(conf.error));
        QVERIFY(conf.text.contains("Nodes=gpu[001-008]"));
        QVERIFY(slurmTopologyYaml(d).ok);
        QVERIFY(kubernetesExport(d).ok);
    }
    void aTitleCannotAddLinesToConfigurationFiles() {
        DesignData d = test::leafSpine(8, 2, 1, true);
        d.meta.title = QStringLiteral("t\nSwitchName=evil Switches=ALL\r\n- topology: x");
        const SlurmTopology conf = slurmTopology(d);
        QVERIFY2(conf.ok, qPrintable(conf.error));
        for (const QByteArray& line : conf.text.split('\n'))
            QVERIFY2(!line.startsWith("SwitchName=evil"), line.constData());
        const SlurmTopology yaml = slurmTopologyYaml(d);
        QVERIFY(yaml.ok);
        for (const QByteArray& line : yaml.text.split('\n'))
            QVERIFY2(!line.startsWith("- topology: x"), line.constData());
        const KubernetesExport k = kubernetesExport(d);
        QVERIFY(k.ok);
        for (const QByteArray& line : k.nodeLabelsYaml.split('\n'))
            QVERIFY2(!line.startsWith("SwitchName"), line.constData());
    }

    void yamlScalarsEscapeWhatWouldEndThem() {
        QCOMPARE(names::yamlQuoted(QStringLiteral("a\"b\\c\nd")),
                 QStringLiteral("\"a\\\"b\\\\c\\nd\""));
        QCOMPARE(names::yamlQuoted(QString(QChar(0x07))), QStringLiteral("\"\\u0007\""));
    }

    void csvCellsNeverRunAsFormulas_data() {
        QTest::addColumn<QString>("cell");
        QTest::addColumn<QString>("written");
        QTest::newRow("=") << QStringLiteral("=HYPERLINK(\"x\")")
                           << QStringLiteral("\"'=HYPERLINK(\"\"x\"\")\"");
        QTest::newRow("@") << QStringLiteral("@SUM(A1)") << QStringLiteral("'@SUM(A1)");
        QTest::newRow("+") << QStringLiteral("+cmd|' /C calc'!A0")
                           << QStringLiteral("'+cmd|' /C calc'!A0");
        QTest::newRow("-") << QStringLiteral("-2+3") << QStringLiteral("'-2+3");
        QTest::newRow("tab") << QStringLiteral("\t=1") << QStringLiteral("'\t=1");
        QTest::newRow("negative number") << QStringLiteral("-3.5") << QStringLiteral("-3.5");
        QTest::newRow("plain") << QStringLiteral("gpu001") << QStringLiteral("gpu001");
        QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
    }
    void csvCellsNeverRunAsFormulas() {
        QFETCH(QString, cell);
        QFETCH(QString, written);
        QCOMPARE(csv::field(cell), written);
    }
    void theCablingScheduleEscapesAFormulaName() {
        const DesignData d = renamed(QStringLiteral("gpu002"), QStringLiteral("=1+1"));
        const QByteArray text = cablingCsv(d);
        QVERIFY(text.contains(",'=1+1,"));
        QVERIFY(!text.contains(",=1+1"));
    }

    void netBoxRefusesANameItCannotTake() {
        const DesignData d = renamed(QStringLiteral("gpu005"), QStringLiteral("gpu005\r\nx"));
        const NetBoxExport e = netboxExport(d, QStringLiteral("Site"));
        QVERIFY2(e.error.contains(QLatin1String("device name \"gpu005")), qPrintable(e.error));
        QVERIFY(e.devicesCsv.isEmpty());
        const NetBoxExport longSite =
            netboxExport(test::leafSpine(8, 2, 1, true), QString(65, u's'));
        QVERIFY2(longSite.error.contains(QLatin1String("site name")), qPrintable(longSite.error));
        QVERIFY(
            netboxExport(test::leafSpine(8, 2, 1, true), QStringLiteral("Site")).error.isEmpty());
    }
    void netBoxEscapesFormulaNamesInItsCsv() {
        const DesignData d = renamed(QStringLiteral("gpu006"), QStringLiteral("@evil"));
        const NetBoxExport e = netboxExport(d, QStringLiteral("Site"));
        QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
        QVERIFY(e.devicesCsv.contains("'@evil"));
        QVERIFY(e.cablesCsv.contains("'@evil"));
    }

    // File names come from the design's embedded catalog: they stay inside the export folder.
    void aCatalogModelCannotNameAFileOutsideTheFolder() {
        DesignData d = test::leafSpine(8, 2, 1, true);
        const DeviceId gpu = deviceNamed(d, QStringLiteral("gpu001"));
        CatalogItem evil = d.catalog[d.devices[gpu].type];
        evil.id = QStringLiteral("evil-server");
        evil.vendor = QStringLiteral("../../..");
        evil.model = QStringLiteral("../../.bashrc");
        const TypeId t = d.catalog.add(std::move(evil));
        d.devices[gpu].type = t;
        const NetBoxExport e = netboxExport(d, QStringLiteral("Site"));
        QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
        for (const auto& [path, bytes] : e.deviceTypes) {
            QVERIFY2(path.startsWith(QLatin1String("06-device-types/")), qPrintable(path));
            QVERIFY2(!path.split(QLatin1Char('/')).contains(QLatin1String("..")), qPrintable(path));
            QVERIFY2(!QFileInfo(path).fileName().startsWith(QLatin1Char('.')), qPrintable(path));
        }
        QCOMPARE(names::safeFileName(QStringLiteral("../a/b\nc")), QStringLiteral("-a-b-c"));
        QCOMPARE(names::safeFileName(QStringLiteral("..")), QStringLiteral("unnamed"));
    }
    void aFolderWriteRefusesAPathThatLeavesIt() {
        QTemporaryDir tmp;
        const QString inner = QDir(tmp.path()).filePath(QStringLiteral("export"));
        QString error;
        QVERIFY(!writeFilesAtomically(inner,
                                      {{QStringLiteral("ok.txt"), QByteArray("a")},
                                       {QStringLiteral("../escaped.txt"), QByteArray("b")}},
                                      &error));
        QVERIFY2(error.contains(QLatin1String("outside the folder")), qPrintable(error));
        QVERIFY(!QFile::exists(QDir(tmp.path()).filePath(QStringLiteral("escaped.txt"))));
        QVERIFY(!QFile::exists(QDir(inner).filePath(QStringLiteral("ok.txt"))));
    }
    void theRuleNamesEveryBadHostNameBeforeExport() {
        DesignData d = renamed(QStringLiteral("gpu004"), QStringLiteral("gpu 004"));
        d.devices[deviceNamed(d, QStringLiteral("leaf01"))].name = QStringLiteral("leaf#1");
        std::vector<Finding> found;
        for (Finding& f : runChecks(d))
            if (f.code == codes::kNameInvalidHostname)
                found.push_back(f);
        QCOMPARE(found.size(), std::size_t(2));
        for (const Finding& f : found) {
            QCOMPARE(f.severity, Severity::Warning);
            QCOMPARE(f.objects.size(), std::size_t(1));
            QCOMPARE(f.rule, QStringLiteral("HostNameRule"));
        }
        QVERIFY(found[0].message.contains(QLatin1String("\"gpu 004\"")) ||
                found[1].message.contains(QLatin1String("\"gpu 004\"")));
        for (const Finding& f : runChecks(test::leafSpine(8, 2, 1, true)))
            QVERIFY2(f.code != codes::kNameInvalidHostname, qPrintable(f.message));
    }
};

QTEST_APPLESS_MAIN(TestExportNames)
#include "tst_export_names.moc"
