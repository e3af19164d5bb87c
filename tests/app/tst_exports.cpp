// The one export seam (app/export/Exports.h): the CLI's --format names, and the CLI writing
// exactly what the studio's File > Export writes for the same design.
#include "export/Exports.h"

#include "model/cabling/CableRouting.h"
#include "model/export/NetBoxExport.h"
#include "model/json/DesignFile.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cds;
using exports::ExportKind;

class TestExports : public QObject {
    Q_OBJECT
    static QString example() {
        return QStringLiteral(CDS_SOURCE_DIR "/resources/examples/two-dgx-h100.cds.json");
    }
    static QByteArray contents(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    QTemporaryDir m_tmp;
    DesignData m_design;

private Q_SLOTS:
    void initTestCase() {
        LoadResult r = DesignFile::load(example());
        QVERIFY2(r.ok, qPrintable(r.errors.empty() ? QString() : r.errors.front().toString()));
        m_design = std::move(r.data);
        routeCables(m_design); // as the studio's analysis and the CLI do after an open
    }
    void formatsAreTheCommandLineContract() {
        // README "Exports": the --format values of `cluster-studio-cli export`, in this order.
        const QStringList documented = {"pdf",         "svg",        "png",        "xlsx",
                                        "cabling-csv", "netbox",     "slurm",      "slurm-yaml",
                                        "kubernetes",  "monitoring", "build-plan", "ip-plan",
                                        "html"};
        QCOMPARE(exports::exportFormats(), documented);
    }
    void everyKindHasOneName() {
        for (const exports::ExportInfo& i : exports::exportKinds()) {
            QVERIFY(!i.menuText.isEmpty());
            QCOMPARE(i.folder, i.filter.isEmpty()); // a folder has no file dialog filter
            if (i.format.isEmpty())
                continue;
            // The output's suffix picks between kinds of one format (ip-plan: CSV or JSON).
            const std::optional<ExportKind> k = exports::exportKind(
                i.format, i.view.isEmpty() ? QStringLiteral("floorplan") : i.view,
                QStringLiteral("out") + i.suffix);
            QVERIFY2(k && *k == i.kind, qPrintable(i.format + QLatin1Char(' ') + i.view));
        }
        QVERIFY(!exports::exportKind(QStringLiteral("docx"), QString()));
        QCOMPARE(*exports::exportKind(QStringLiteral("svg"), QStringLiteral("racks")),
                 ExportKind::ElevationsSvg);
    }
    void theCommandLineWritesWhatTheStudioWrites_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QStringList>("args");
        QTest::newRow("cabling-csv")
            << int(ExportKind::CablingCsv) << QStringList{"export", "--format", "cabling-csv"};
        QTest::newRow("slurm") << int(ExportKind::Slurm)
                               << QStringList{"export", "--format", "slurm"};
        QTest::newRow("slurm-yaml")
            << int(ExportKind::SlurmYaml) << QStringList{"export", "--format", "slurm-yaml"};
        QTest::newRow("bom csv") << int(ExportKind::BomCsv)
                                 << QStringList{"bom", "--format", "csv"};
#ifdef QT_WIDGETS_LIB
        QTest::newRow("racks svg") << int(ExportKind::ElevationsSvg)
                                   << QStringList{"export", "--format", "svg", "--view", "racks"};
#endif
    }
    void theCommandLineWritesWhatTheStudioWrites() {
        QFETCH(int, kind);
        QFETCH(QStringList, args);
        const QString byCli = m_tmp.filePath(QStringLiteral("cli-%1").arg(kind));
        const QString byStudio = m_tmp.filePath(QStringLiteral("studio-%1").arg(kind));
        QProcess p;
        p.start(QStringLiteral(CDS_CLI), args << example() << QStringLiteral("-o") << byCli);
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QString error;
        QVERIFY2(exports::writeExport(m_design, ExportKind(kind), byStudio, {}, {}, &error),
                 qPrintable(error));
        const QByteArray a = contents(byCli), b = contents(byStudio);
        QVERIFY(a.size() > 100);
        QCOMPARE(a, b);
    }
    void aCancelLeavesTheFileAsItWas() {
        const QString path = m_tmp.filePath(QStringLiteral("kept.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("the user's file");
        f.close();
        QString error;
        const Progress cancelLate = [](int percent) { return percent < 50; };
        QVERIFY(
            !exports::writeExport(m_design, ExportKind::CablingCsv, path, {}, cancelLate, &error));
        QVERIFY2(error.contains(path) && error.contains(QStringLiteral("cancelled")),
                 qPrintable(error));
        QCOMPARE(contents(path), QByteArray("the user's file"));
    }
    void aFailureNamesThePath() {
        const QString path = QStringLiteral("/nonexistent-dir/c.csv");
        QString error;
        QVERIFY(!exports::writeExport(m_design, ExportKind::CablingCsv, path, {}, {}, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
    }
    void aNetBoxSiteIsUsed() {
        const QString folder = m_tmp.filePath(QStringLiteral("nb"));
        exports::ExportOptions o;
        o.netboxSite = QStringLiteral("Frankfurt DC2");
        QString error;
        QVERIFY2(exports::writeExport(m_design, ExportKind::NetBox, folder, o, {}, &error),
                 qPrintable(error));
        QDir dir(folder);
        QByteArray all;
        for (const QString& name : dir.entryList({QStringLiteral("*.csv")}, QDir::Files))
            all += contents(dir.filePath(name));
        QVERIFY(all.contains("Frankfurt DC2"));
    }
    void aNetBoxExportIsTheBundleAndACancelKeepsTheFolder() {
        // Streamed to its staged files (issue 32), the folder is the bundle netboxExport()
        // holds in memory.
        const QString folder = m_tmp.filePath(QStringLiteral("nb-stream"));
        QString error;
        QVERIFY2(exports::writeExport(m_design, ExportKind::NetBox, folder, {}, {}, &error),
                 qPrintable(error));
        const std::vector<FolderFile> files =
            netboxFiles(netboxExport(m_design, m_design.hall.name));
        QVERIFY(files.size() > 10);
        for (const FolderFile& f : files)
            QVERIFY2(contents(QDir(folder).filePath(f.first)) == f.second, qPrintable(f.first));
        // A cancel once every file is staged leaves the folder as it was, with no staged file.
        exports::ExportOptions o;
        o.netboxSite = QStringLiteral("Elsewhere");
        const Progress cancelLate = [](int percent) { return percent < 50; };
        QVERIFY(!exports::writeExport(m_design, ExportKind::NetBox, folder, o, cancelLate, &error));
        QVERIFY2(error.contains(folder) && error.contains(QStringLiteral("cancelled")),
                 qPrintable(error));
        for (const FolderFile& f : files)
            QVERIFY2(contents(QDir(folder).filePath(f.first)) == f.second, qPrintable(f.first));
        QVERIFY(QDir(folder)
                    .entryList({QStringLiteral(".*.cds-*")}, QDir::Files | QDir::Hidden)
                    .isEmpty());
    }
};

QTEST_MAIN(TestExports)
#include "tst_exports.moc"
