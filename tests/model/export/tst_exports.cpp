// Golden tests of the text exports: the cabling schedule, NetBox, Slurm and the XLSX BOM.
#include "ExportTestDesigns.h"
#include "NetBoxReference.h"
#include "model/cabling/CableRouting.h"
#include "model/export/BomXlsx.h"
#include "model/export/CablingSchedule.h"
#include "model/export/NetBoxExport.h"
#include "model/export/SlurmTopology.h"
#include "model/json/DesignFile.h"
#include "model/metrics/Metrics.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace cds;

namespace {

using test::parseCsv; // RFC 4180 reader: enough to prove the writers' quoting round-trips

DesignData routed(DesignData d) {
    routeCables(d);
    return d;
}

long long linkTotal(const Metrics& m) {
    long long n = 0;
    for (const LinkTierCounts& l : m.links)
        n += l.total();
    return n;
}

/// Every "Nodes=" host list of topology.conf, expanded.
QStringList expandNodes(const QByteArray& conf, QMap<QString, QString>* switchOf = nullptr) {
    QStringList all;
    static const QRegularExpression line(QStringLiteral("^SwitchName=(\\S+) Nodes=(\\S+)$"),
                                         QRegularExpression::MultilineOption);
    static const QRegularExpression group(QStringLiteral("([^,\\[]*)(\\[[^\\]]*\\])?"));
    auto it = line.globalMatch(QString::fromUtf8(conf));
    while (it.hasNext()) {
        const auto m = it.next();
        auto g = group.globalMatch(m.captured(2));
        while (g.hasNext()) {
            const auto gm = g.next();
            if (gm.capturedLength() == 0)
                continue;
            QStringList names;
            if (gm.captured(2).isEmpty()) {
                names << gm.captured(1);
            } else {
                for (const QString& r : gm.captured(2).mid(1).chopped(1).split(QLatin1Char(','))) {
                    const QStringList ab = r.split(QLatin1Char('-'));
                    const int w = int(ab.first().size());
                    for (int n = ab.first().toInt(); n <= ab.last().toInt(); ++n)
                        names << gm.captured(1) +
                                     QStringLiteral("%1").arg(n, w, 10, QLatin1Char('0'));
                }
            }
            for (const QString& n : names) {
                all << n;
                if (switchOf)
                    (*switchOf)[n] = m.captured(1);
            }
        }
    }
    return all;
}

} // namespace

class TestExports : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cablingCsvHasOneRowPerCable() {
        const DesignData d = routed(test::smallCluster());
        const QList<QStringList> rows = parseCsv(cablingCsv(d));
        QVERIFY(!rows.isEmpty());
        QCOMPARE(rows.first(), QStringList({"cable_id",
                                            "fabric",
                                            "a_rack",
                                            "a_u",
                                            "a_device",
                                            "a_port",
                                            "b_rack",
                                            "b_u",
                                            "b_device",
                                            "b_port",
                                            "medium",
                                            "medium_type",
                                            "length_m",
                                            "label_a",
                                            "label_b",
                                            "a_end_part",
                                            "b_end_part",
                                            "cable_part",
                                            "cable_connector",
                                            "cable_type",
                                            "cable_class",
                                            "label",
                                            "route"}));
        const Metrics m = computeMetrics(d);
        QCOMPARE(rows.size() - 1, qsizetype(m.cables)); // `stats` "cables"
        long long carried = 0;
        for (const CableRow& r : cablingRows(d))
            carried += qsizetype(r.links.size());
        QCOMPARE(carried, linkTotal(m)); // every link is on exactly one cable
        QSet<QString> ids;
        for (qsizetype i = 1; i < rows.size(); ++i) {
            const QStringList& r = rows[i];
            QCOMPARE(r.size(), rows.first().size());
            ids.insert(r[0]);
            QVERIFY2(!r[4].isEmpty() && !r[8].isEmpty(), qPrintable(r.join(QLatin1Char(','))));
            QVERIFY2(r[12].toDouble() > 0, qPrintable(r[12]));
            // TIA-606 style: each end's label names the near end first, then the far end.
            QVERIFY2(r[13].startsWith(r[0] + QLatin1Char(' ') + r[2] + QStringLiteral("-U")),
                     qPrintable(r[13]));
            QVERIFY2(r[14].contains(QStringLiteral("/ %1-U").arg(r[2])), qPrintable(r[14]));
        }
        QCOMPARE(ids.size(), rows.size() - 1);
        // A known row: dgx01 (R01, U2) first compute port to leaf01 (N01, U40).
        const QStringList& first = rows[1];
        QCOMPARE(first[1], QStringLiteral("compute"));
        QCOMPARE(first[2], QStringLiteral("R01"));
        QCOMPARE(first[3], QStringLiteral("2"));
        QCOMPARE(first[4], QStringLiteral("dgx01"));
        // The twin-port ACC carries both links of the OSFP cage: one cable, two ports each end.
        QCOMPARE(first[5], QStringLiteral("cx7-1+cx7-2"));
        QCOMPARE(first[9], QStringLiteral("ndr-1+ndr-2"));
        QCOMPARE(first[6], QStringLiteral("N01"));
        QCOMPARE(first[7], QStringLiteral("40"));
        QCOMPARE(first[8], QStringLiteral("leaf01"));
    }

    void linkWithoutMediumIsNeverSilent() {
        // Regression: links no medium reaches were written with empty medium cells and
        // left out of NetBox without a word.
        DesignData d = routed(test::smallCluster());
        int cleared = 0;
        d.links.forEach([&](LinkId, Link& l) {
            if (cleared == 0 && !l.pinnedMedium) {
                l.medium = TypeId();
                l.mediumB = TypeId();
                ++cleared;
            }
        });
        QCOMPARE(cleared, 1);
        bool none = false;
        for (const QStringList& r : parseCsv(cablingCsv(d)))
            none = none || (r.size() > 11 && r[10] == QLatin1String("none") &&
                            r[11] == QLatin1String("none"));
        QVERIFY(none);
        const NetBoxExport e = netboxExport(d, QStringLiteral("site"));
        QVERIFY(e.warnings.join(u'\n').contains(QLatin1String("no catalog medium")));
    }
    void cablingRowsFollowPlacement() {
        DesignData d = test::smallCluster();
        routeCables(d);
        const double before = cablingRows(d).front().lengthM;
        d.racks.forEach([](RackId, Rack& r) {
            if (r.name == QLatin1String("N01"))
                r.centre.x += 6000;
        });
        routeCables(d);
        QVERIFY(cablingRows(d).front().lengthM > before + 5);
    }

    void netboxCsvsUseNetBoxColumns() {
        const DesignData d = routed(test::smallCluster());
        const NetBoxExport e = netboxExport(d, QStringLiteral("Lab, hall 1"));
        const Metrics m = computeMetrics(d);
        const auto racks = parseCsv(e.racksCsv);
        QCOMPARE(racks.first().mid(0, 3), QStringList({"name", "site", "status"}));
        QVERIFY(racks.first().contains(QStringLiteral("u_height")));
        QCOMPARE(racks.size() - 1, qsizetype(m.racks));
        QCOMPARE(racks[1][1], QStringLiteral("Lab, hall 1")); // quoted comma survives
        const auto devices = parseCsv(e.devicesCsv);
        QCOMPARE(devices.first(),
                 QStringList({"name", "role", "manufacturer", "device_type", "status", "site",
                              "location", "rack", "position", "face"}));
        QCOMPARE(devices.size() - 1, qsizetype(d.devices.size()));
        const auto cables = parseCsv(e.cablesCsv);
        QCOMPARE(cables.first(),
                 QStringList({"side_a_device", "side_a_type", "side_a_name", "side_b_device",
                              "side_b_type", "side_b_name", "type", "status", "label", "color",
                              "length", "length_unit"}));
        QCOMPARE(cables.size() - 1, qsizetype(linkTotal(m)));
        const QStringList types = {"dac-passive", "dac-active", "aoc",  "mmf-om3",
                                   "mmf-om4",     "smf",        "cat6", ""};
        for (qsizetype i = 1; i < cables.size(); ++i) {
            QCOMPARE(cables[i][1], QStringLiteral("dcim.interface"));
            QVERIFY2(types.contains(cables[i][6]), qPrintable(cables[i][6]));
        }
    }

    void netboxDeviceTypesMatchCableInterfaces() {
        const DesignData d = routed(test::smallCluster());
        const NetBoxExport e = netboxExport(d, QStringLiteral("lab"));
        // One YAML per catalog item used by a device.
        QSet<QString> used;
        d.devices.forEach([&](DeviceId, const Device& v) { used.insert(d.typeOf(v).id); });
        QCOMPARE(qsizetype(e.deviceTypes.size()), used.size());
        QString all;
        for (const auto& [path, yaml] : e.deviceTypes) {
            QVERIFY2(path.startsWith(QStringLiteral("06-device-types/")) &&
                         path.endsWith(QStringLiteral(".yaml")),
                     qPrintable(path));
            const QString y = QString::fromUtf8(yaml);
            for (const char* key :
                 {"manufacturer:", "model:", "slug:", "u_height:", "is_full_depth:", "interfaces:"})
                QVERIFY2(y.contains(QLatin1String(key)),
                         qPrintable(path + QLatin1Char(' ') + QLatin1String(key)));
            all += y;
        }
        QVERIFY(all.contains(QStringLiteral("power-ports:")));
        // DGX H100, DOMAIN.md: 10.2 kW over six PSUs, one power port each.
        QVERIFY(all.contains(QStringLiteral("  - name: \"PSU6\"\n    type: iec-60320-c20\n"
                                            "    maximum_draw: 1700\n")));
        QVERIFY(all.contains(QStringLiteral("allocated_draw:")));
        for (const auto& row : parseCsv(e.cablesCsv).mid(1))
            QVERIFY2(all.contains(QStringLiteral("- name: \"%1\"").arg(row[2])),
                     qPrintable(row[2]));
        QCOMPARE(netboxSlug(QStringLiteral("NVIDIA -- DGX H100 (8U)")),
                 QStringLiteral("nvidia-dgx-h100-8u"));
    }

    void netboxBrokenOutLanesAreInterfaces() {
        // The SU example splits the storage leaf's 800G ports into 2 x 400G.
        LoadResult lr = DesignFile::load(
            QStringLiteral(CDS_SOURCE_DIR "/resources/examples/dgx-h100-256gpu-su.cds.json"));
        QVERIFY(lr.ok);
        routeCables(lr.data);
        const NetBoxExport e = netboxExport(lr.data, QStringLiteral("lab"));
        // Every cable end names an interface NetBox will have: from the device type, or a lane.
        QMap<QString, QString> typeOfDevice; // device -> its YAML
        const auto devices = parseCsv(e.devicesCsv).mid(1);
        for (const auto& row : devices)
            for (const auto& [path, yaml] : e.deviceTypes)
                if (QString::fromUtf8(yaml).contains(QStringLiteral("model: \"%1\"").arg(row[3])))
                    typeOfDevice[row[0]] = QString::fromUtf8(yaml);
        QSet<QString> lanes;
        const auto laneRows = parseCsv(e.interfacesCsv);
        QCOMPARE(laneRows.first(),
                 QStringList({"device", "name", "parent", "type", "speed", "description"}));
        for (const auto& row : laneRows.mid(1))
            lanes.insert(row[0] + QLatin1Char('/') + row[1]);
        QVERIFY(!lanes.isEmpty());
        int checked = 0;
        for (const auto& row : parseCsv(e.cablesCsv).mid(1))
            for (int side : {0, 3}) {
                const QString dev = row[side], port = row[side + 2];
                const bool inType =
                    typeOfDevice.value(dev).contains(QStringLiteral("- name: \"%1\"\n").arg(port));
                QVERIFY2(inType || lanes.contains(dev + QLatin1Char('/') + port),
                         qPrintable(dev + QLatin1Char('/') + port));
                ++checked;
            }
        QVERIFY(checked > 1000);
    }

    void netboxFolderIsWritten() {
        QTemporaryDir tmp;
        const DesignData d = routed(test::smallCluster());
        QString error;
        const QString dir = tmp.filePath(QStringLiteral("nb"));
        QVERIFY2(writeNetBoxFolder(netboxExport(d, QStringLiteral("lab")), dir, &error),
                 qPrintable(error));
        for (const char* f : {"README.md", "01-manufacturers.csv", "02-device-roles.csv",
                              "03-sites.csv", "04-locations.csv", "05-racks.csv", "07-devices.csv",
                              "08-interfaces.csv", "09-cables.csv"})
            QVERIFY2(QFile::exists(QDir(dir).filePath(QLatin1String(f))), f);
        QVERIFY(!QDir(dir + QStringLiteral("/06-device-types"))
                     .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                     .isEmpty());
        QFile blocker(tmp.filePath(QStringLiteral("file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        QVERIFY(!writeNetBoxFolder(netboxExport(d, QStringLiteral("lab")),
                                   blocker.fileName() + QStringLiteral("/x"), &error));
        QVERIFY2(error.contains(QStringLiteral("file")), qPrintable(error));
    }

    void hostListsCompress() {
        QCOMPARE(compressHostList({"gpu003", "gpu001", "gpu002", "gpu007"}),
                 QStringLiteral("gpu[001-003,007]"));
        QCOMPARE(compressHostList({"leaf01"}), QStringLiteral("leaf01"));
        QCOMPARE(compressHostList({"a1", "a2", "b9", "login"}), QStringLiteral("a[1-2],b9,login"));
        // Different digit widths are different lists (gpu9 is not gpu009).
        QCOMPARE(compressHostList({"gpu9", "gpu010", "gpu011"}),
                 QStringLiteral("gpu9,gpu[010-011]"));
        QCOMPARE(compressHostList({"n1", "n1"}), QStringLiteral("n1"));
    }

    void slurmSmallCluster() {
        const SlurmTopology t = slurmTopology(test::smallCluster());
        QVERIFY2(t.ok, qPrintable(t.error));
        QVERIFY2(t.text.contains("SwitchName=leaf01 Nodes=dgx[01-02]\n"), t.text.constData());
        QVERIFY(!t.text.contains("Switches="));
    }

    void slurmLeafSpineListsEveryNodeOnceUnderItsLeaf() {
        const DesignData d = test::leafSpine(8, 2, 2, false);
        const SlurmTopology t = slurmTopology(d);
        QVERIFY2(t.ok, qPrintable(t.error));
        QMap<QString, QString> sw;
        const QStringList nodes = expandNodes(t.text, &sw);
        QCOMPARE(nodes.size(), 8);
        QCOMPARE(QSet<QString>(nodes.begin(), nodes.end()).size(), 8);
        QCOMPARE(sw.value(QStringLiteral("gpu001")), QStringLiteral("leaf01"));
        QCOMPARE(sw.value(QStringLiteral("gpu008")), QStringLiteral("leaf02"));
        QVERIFY2(t.text.contains("SwitchName=leaf01 Nodes=gpu[001-004]\n"), t.text.constData());
        QVERIFY2(t.text.contains("SwitchName=spine01 Switches=leaf[01-02]\n"), t.text.constData());
        QVERIFY2(t.text.contains("SwitchName=spine02 Switches=leaf[01-02]\n"), t.text.constData());
    }

    void slurmRailOptimizedGroupsAScalableUnit() {
        const DesignData d = test::leafSpine(8, 4, 2, true);
        const SlurmTopology t = slurmTopology(d);
        QVERIFY2(t.ok, qPrintable(t.error));
        const QStringList nodes = expandNodes(t.text);
        QCOMPARE(nodes.size(), 8); // each node once, though it reaches four rail leaves
        QVERIFY2(t.text.contains("SwitchName=su01 Nodes=gpu[001-008]\n"), t.text.constData());
        QVERIFY2(t.text.contains("SwitchName=spine01 Switches=su01\n"), t.text.constData());
    }

    void slurmWithoutComputeFabricIsAnError() {
        test::Builder b;
        b.rack(QStringLiteral("R01"), 600, 600);
        const SlurmTopology t = slurmTopology(b.d);
        QVERIFY(!t.ok);
        QVERIFY(t.error.contains(QStringLiteral("compute fabric")));
    }

    void xlsxOpensAsAWorkbook() {
        const QString unzip = QStandardPaths::findExecutable(QStringLiteral("unzip"));
        if (unzip.isEmpty())
            QSKIP("unzip is not installed");
        QTemporaryDir tmp;
        const DesignData d = routed(test::smallCluster());
        const Bom bom = computeBom(d);
        const QString path = tmp.filePath(QStringLiteral("bom.xlsx"));
        QString error;
        QVERIFY2(writeBomXlsx(d, bom, path, &error), qPrintable(error));
        QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
        auto part = [&](const char* name) {
            QProcess p;
            p.start(unzip, {QStringLiteral("-p"), path, QLatin1String(name)});
            p.waitForFinished(30000);
            return p.readAllStandardOutput();
        };
        // unzip reads names as wildcards: brackets are escaped.
        for (const char* name :
             {"\\[Content_Types\\].xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml",
              "xl/worksheets/sheet2.xml", "xl/sharedStrings.xml"}) {
            const QByteArray xml = part(name);
            QVERIFY2(!xml.isEmpty(), name);
            QXmlStreamReader r(xml);
            while (!r.atEnd())
                r.readNext();
            QVERIFY2(!r.hasError(),
                     qPrintable(QLatin1String(name) + QStringLiteral(": ") + r.errorString()));
        }
        QVERIFY(part("xl/workbook.xml").contains("name=\"Cables and optics\""));
        const QByteArray strings = part("xl/sharedStrings.xml");
        QVERIFY(strings.contains("TOTAL"));
        QVERIFY(strings.contains("Subtotal GPU servers"));
        const CatalogItem& server = d.catalog[bom.lines.front().type];
        QVERIFY2(strings.contains(server.model.toUtf8()), qPrintable(server.model));
        // Extended price is a formula with its value cached; the total sums the subtotals.
        const QByteArray sheet = part("xl/worksheets/sheet1.xml");
        QVERIFY(sheet.contains("<f>F"));
        QVERIFY(sheet.contains("<f>SUM("));
        QVERIFY2(sheet.contains(QByteArray::number(qint64(bom.totalUsd))),
                 "grand total value cached");
    }

    void xlsxToMissingFolderFails() {
        const DesignData d = routed(test::smallCluster());
        QString error;
        QVERIFY(
            !writeBomXlsx(d, computeBom(d), QStringLiteral("/nonexistent-dir/x/bom.xlsx"), &error));
        QVERIFY2(error.contains(QStringLiteral("/nonexistent-dir/x/bom.xlsx")), qPrintable(error));
    }
};

QTEST_APPLESS_MAIN(TestExports)
#include "tst_exports.moc"
