// `export` and `bom --format xlsx`: formats, required -o, exit codes (README, "Exports").
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class TestCliExport : public QObject {
    Q_OBJECT
    struct Run {
        int code = -1;
        QByteArray out, err;
    };
    static Run cli(const QStringList& args, bool noDisplay = false) {
        QProcess p;
        if (noDisplay) {
            // As on a server: no display and no platform chosen; export must still draw.
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.remove(QStringLiteral("DISPLAY"));
            env.remove(QStringLiteral("WAYLAND_DISPLAY"));
            env.remove(QStringLiteral("QT_QPA_PLATFORM"));
            p.setProcessEnvironment(env);
        }
        p.start(QStringLiteral(CDS_CLI), args);
        if (!p.waitForFinished(120000))
            qFatal("cli timed out");
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                p.readAllStandardOutput(), p.readAllStandardError()};
    }
    static QString example() {
        return QStringLiteral(CDS_SOURCE_DIR "/resources/examples/two-dgx-h100.cds.json");
    }
    static QByteArray head(const QString& path, int n) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.read(n) : QByteArray();
    }
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void everyFormatWrites_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("magic");
        QTest::newRow("pdf") << "pdf"
                             << "r.pdf" << QByteArray("%PDF-");
        QTest::newRow("svg") << "svg"
                             << "f.svg" << QByteArray("<?xml");
        QTest::newRow("png") << "png"
                             << "f.png" << QByteArray("\x89PNG");
        QTest::newRow("xlsx") << "xlsx"
                              << "b.xlsx" << QByteArray("PK");
        QTest::newRow("cabling-csv") << "cabling-csv"
                                     << "c.csv" << QByteArray("cable_id,fabric,");
        QTest::newRow("slurm") << "slurm"
                               << "topology.conf" << QByteArray("# Slurm topology.conf");
        QTest::newRow("netbox") << "netbox"
                                << "nb/09-cables.csv" << QByteArray("side_a_device,");
        QTest::newRow("slurm-yaml") << "slurm-yaml"
                                    << "topology.yaml" << QByteArray("# Slurm topology.yaml");
        QTest::newRow("kubernetes") << "kubernetes"
                                    << "k8s/kueue-topology.yaml" << QByteArray("# Kueue");
        QTest::newRow("monitoring") << "monitoring"
                                    << "mon/prometheus.yml" << QByteArray("# Prometheus");
        QTest::newRow("ip-plan") << "ip-plan"
                                 << "plan.csv" << QByteArray("kind,device,interface,address,");
        QTest::newRow("html") << "html"
                              << "deliverable.html" << QByteArray("<!doctype html>");
        QTest::newRow("ip-plan as json") << "ip-plan"
                                         << "plan.json" << QByteArray("{\n  \"formatVersion\": 1");
    }
    void everyFormatWrites() {
        QFETCH(QString, format);
        QFETCH(QString, file);
        QFETCH(QByteArray, magic);
        const QString out =
            m_tmp.filePath(format == QLatin1String("netbox")       ? QStringLiteral("nb")
                           : format == QLatin1String("kubernetes") ? QStringLiteral("k8s")
                           : format == QLatin1String("monitoring") ? QStringLiteral("mon")
                                                                   : file);
        const Run r = cli({QStringLiteral("export"), example(), QStringLiteral("--format"), format,
                           QStringLiteral("-o"), out},
                          true);
        if (!CDS_CLI_DRAWS && (format == QLatin1String("pdf") || format == QLatin1String("svg") ||
                               format == QLatin1String("png"))) {
            // The sanitizer build has no GUI: the drawing formats are refused, and say why.
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("needs a build with the GUI"), r.err.constData());
            return;
        }
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(head(m_tmp.filePath(file), 64).startsWith(magic),
                 head(m_tmp.filePath(file), 64).constData());
    }
    void reportUsesTheDashboardCharts() {
        if (!CDS_CLI_DRAWS)
            QSKIP("this CLI is built without the GUI (the sanitizer build)");
        // The PDF's charts page is drawn by the dashboard's own chart classes (issue 5: charts
        // "are reused by the PDF report"): its power chart's legend is in the text.
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (pdftotext.isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed");
        const QString out = m_tmp.filePath(QStringLiteral("charts.pdf"));
        const Run r = cli({QStringLiteral("export"), example(), QStringLiteral("--format"),
                           QStringLiteral("pdf"), QStringLiteral("-o"), out},
                          true);
        QVERIFY2(r.code == 0, r.err.constData());
        QProcess text;
        text.start(pdftotext, {out, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(30000));
        const QByteArray all = text.readAllStandardOutput();
        QVERIFY2(all.contains("Maximum threshold"), all.left(2000).constData());
        QVERIFY(all.contains("kW per rack"));
    }
    void racksDrawingAtAScale() {
        if (!CDS_CLI_DRAWS)
            QSKIP("this CLI is built without the GUI (the sanitizer build)");
        const QString out = m_tmp.filePath(QStringLiteral("racks.svg"));
        const Run r =
            cli({QStringLiteral("export"), example(), QStringLiteral("--format=svg"),
                 QStringLiteral("--view"), QStringLiteral("racks"), QStringLiteral("--scale"),
                 QStringLiteral("300"), QStringLiteral("-o"), out});
        QVERIFY2(r.code == 0, r.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QVERIFY(svg.contains("R01") && svg.contains("N01") && svg.contains("dgx01"));
    }
    /// The width in a PNG's header (IHDR, big-endian at byte 16); -1 when not a PNG.
    static int pngWidth(const QString& path) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return -1;
        const QByteArray h = f.read(24);
        if (h.size() < 24 || !h.startsWith("\x89PNG"))
            return -1;
        const auto b = [&](int i) { return int(static_cast<unsigned char>(h[i])); };
        return (b(16) << 24) | (b(17) << 16) | (b(18) << 8) | b(19);
    }
    /// Issue 35: a floorplan PNG at the width a slide needs.
    void floorplanPngAtAWidth() {
        if (!CDS_CLI_DRAWS)
            QSKIP("this CLI is built without the GUI (the sanitizer build)");
        const QString out = m_tmp.filePath(QStringLiteral("plan.png"));
        Run r = cli({QStringLiteral("export"), example(), QStringLiteral("--format=png"),
                     QStringLiteral("-o"), out});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(pngWidth(out) >= 1920);
        r = cli({QStringLiteral("export"), example(), QStringLiteral("--format=png"),
                 QStringLiteral("--width"), QStringLiteral("3000"), QStringLiteral("-o"), out});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(pngWidth(out), 3000);
    }
    void badCommandLinesExit2_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        const QString ex = example();
        const QString ok = m_tmp.filePath(QStringLiteral("x.out"));
        QTest::newRow("unknown format") << QStringList{"export", ex, "--format", "docx", "-o", ok}
                                        << QByteArray("unknown --format 'docx'");
        QTest::newRow("no format")
            << QStringList{"export", ex, "-o", ok} << QByteArray("--format is required");
        QTest::newRow("no -o") << QStringList{"export", ex, "--format", "slurm"}
                               << QByteArray("-o PATH is required");
        QTest::newRow("unwritable")
            << QStringList{"export", ex, "--format", "cabling-csv", "-o", "/nonexistent-dir/c.csv"}
            << QByteArray("/nonexistent-dir/c.csv");
        QTest::newRow("unwritable pdf")
            << QStringList{"export", ex, "--format", "pdf", "-o", "/nonexistent-dir/r.pdf"}
            << QByteArray("/nonexistent-dir/r.pdf");
        QTest::newRow("bad view") << QStringList{"export", ex,     "--format", "svg",
                                                 "--view", "side", "-o",       ok}
                                  << QByteArray("--view");
        QTest::newRow("bad scale")
            << QStringList{"export", ex, "--format", "png", "--scale", "big", "-o", ok}
            << QByteArray("--scale");
        QTest::newRow("bad width")
            << QStringList{"export", ex, "--format", "png", "--width", "wide", "-o", ok}
            << QByteArray("--width 'wide'");
        QTest::newRow("width and scale")
            << QStringList{"export", ex,        "--format", "png", "--width",
                           "2000",   "--scale", "80",       "-o",  ok}
            << QByteArray("give one");
        QTest::newRow("width of racks")
            << QStringList{"export", ex,        "--format", "png", "--view",
                           "racks",  "--width", "2000",     "-o",  ok}
            << QByteArray("--width applies");
        QTest::newRow("missing file")
            << QStringList{"export", "/nonexistent.cds.json", "--format", "slurm", "-o", ok}
            << QByteArray("nonexistent.cds.json");
        QTest::newRow("bom xlsx to stdout")
            << QStringList{"bom", ex, "--format", "xlsx"} << QByteArray("needs -o");
    }
    void badCommandLinesExit2() {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY(!QFile::exists(m_tmp.filePath(QStringLiteral("x.out"))));
    }
    /// Issue 34: the monitoring folder, made where it is missing, refused where it cannot be.
    void monitoringWritesItsFolder() {
        const QString dir = m_tmp.filePath(QStringLiteral("new/monitoring"));
        Run r = cli({QStringLiteral("export"), example(), QStringLiteral("--format"),
                     QStringLiteral("monitoring"), QStringLiteral("-o"), dir});
        QVERIFY2(r.code == 0, r.err.constData());
        for (const char* f : {"README.md", "prometheus.yml", "targets/dcgm.json",
                              "targets/node.json", "gpu-operator-values.yaml"})
            QVERIFY2(QFile::exists(dir + QLatin1Char('/') + QLatin1String(f)), f);
        QVERIFY(head(dir + QStringLiteral("/targets/dcgm.json"), 4000).contains("\"dgx01:9400\""));
        // A folder where a file stands, and a folder the system will not create: exit 2.
        const QString file = m_tmp.filePath(QStringLiteral("a-file"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        for (const QString& bad : {file, QStringLiteral("/proc/cds-monitoring")}) {
            r = cli({QStringLiteral("export"), example(), QStringLiteral("--format"),
                     QStringLiteral("monitoring"), QStringLiteral("-o"), bad});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(bad.toUtf8()), r.err.constData());
        }
        r = cli({QStringLiteral("export"), example(), QStringLiteral("--format"),
                 QStringLiteral("monitoring")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("-o PATH is required"), r.err.constData());
    }
    void ipPlanPoolTooSmallExits2AndWritesNothing() {
        QFile f(example());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        QVERIFY(text.contains("\"roomAirCoolingKw\""));
        text.replace("\"roomAirCoolingKw\"",
                     "\"addressing\": {\"management\": \"10.32.0.0/30\"}, \"roomAirCoolingKw\"");
        const QString design = m_tmp.filePath(QStringLiteral("small-pool.cds.json"));
        QFile out(design);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        const QString plan = m_tmp.filePath(QStringLiteral("small-pool.csv"));
        const Run r = cli({QStringLiteral("export"), design, QStringLiteral("--format"),
                           QStringLiteral("ip-plan"), QStringLiteral("-o"), plan});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("management pool 10.32.0.0/30 holds 0 /29 rack subnets"),
                 r.err.constData());
        QVERIFY(!QFile::exists(plan));
    }
    /// Issue 34: `generate --phases` splits by scalable unit; `export --format build-plan`
    /// writes the per-phase folder; bad phasing input exits 2 and writes nothing.
    void buildPlanFromGeneratedPhases() {
        const QString design = m_tmp.filePath(QStringLiteral("phased.cds.json"));
        Run r =
            cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("1024"),
                 QStringLiteral("--phases"), QStringLiteral("2"), QStringLiteral("--phase-start"),
                 QStringLiteral("2027-01-04"), QStringLiteral("-o"), design});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(head(design, 1 << 20).contains("\"date\": \"2027-03-01\""));
        const QString dir = m_tmp.filePath(QStringLiteral("plan"));
        r = cli({QStringLiteral("export"), design, QStringLiteral("--format"),
                 QStringLiteral("build-plan"), QStringLiteral("-o"), dir});
        QVERIFY2(r.code == 0, r.err.constData());
        for (const char* f : {"README.md", "build-plan.csv", "orders.csv", "phase-01/bom.xlsx",
                              "phase-01/bom.csv", "phase-01/cabling.csv", "phase-02/cabling.csv"})
            QVERIFY2(QFile::exists(dir + QLatin1Char('/') + QLatin1String(f)), f);
        QList<QByteArray> rows =
            head(dir + QStringLiteral("/build-plan.csv"), 4000).trimmed().split('\n');
        for (QByteArray& row : rows)
            row = row.trimmed(); // CSV rows end in CRLF
        QVERIFY(rows.front().startsWith("phase,name,date,racks,gpus,gpus_ready,"));
        // What each phase's GPUs can do: the largest model trained and served, and the days of
        // the two reference runs, shorter in each later phase.
        QVERIFY2(rows.front().endsWith(",first_order_by,train_params_max,serve_params_max,"
                                       "llama3_70b_days,llama3_405b_days"),
                 rows.front().constData());
        QVERIFY(rows.size() >= 3);
        double previous = 1e9;
        for (qsizetype i = 1; i < rows.size(); ++i) {
            const double days = rows[i].split(',').back().toDouble();
            QVERIFY2(days > 0 && days < previous, rows[i].constData());
            previous = days;
        }
        QVERIFY(head(dir + QStringLiteral("/README.md"), 1 << 16)
                    .contains("## What each phase can do"));
        // A design without phases, too many phases, a date in the wrong form: exit 2.
        const QString none = m_tmp.filePath(QStringLiteral("plan-none"));
        r = cli({QStringLiteral("export"), example(), QStringLiteral("--format"),
                 QStringLiteral("build-plan"), QStringLiteral("-o"), none});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("no build phases"), r.err.constData());
        QVERIFY(!QFile::exists(none));
        const QString bad = m_tmp.filePath(QStringLiteral("bad-phases.cds.json"));
        r = cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("1024"),
                 QStringLiteral("--phases"), QStringLiteral("9"), QStringLiteral("-o"), bad});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("9 phases need at least 9 scalable units to split; the design "
                                "has 4"),
                 r.err.constData());
        r = cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("1024"),
                 QStringLiteral("--phases"), QStringLiteral("2"), QStringLiteral("--phase-start"),
                 QStringLiteral("2027-13-01"), QStringLiteral("-o"), bad});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--phase-start expects a date YYYY-MM-DD, not '2027-13-01'"),
                 r.err.constData());
        QVERIFY(!QFile::exists(bad));
    }
    void bomXlsxWritesAWorkbook() {
        const QString out = m_tmp.filePath(QStringLiteral("bom.xlsx"));
        const Run r = cli({QStringLiteral("bom"), example(), QStringLiteral("--format"),
                           QStringLiteral("xlsx"), QStringLiteral("-o"), out});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(head(out, 2) == "PK");
    }
    void helpListsExport() {
        const Run r = cli({QStringLiteral("export"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("Usage: cluster-studio-cli export"));
        QVERIFY(r.out.contains("cabling-csv"));
        QVERIFY(cli({QStringLiteral("--help")}).out.contains("export"));
    }
    // The top-level help listed the formats by hand and missed monitoring and build-plan.
    void topLevelHelpListsEveryExportFormat() {
        const QByteArray help = cli({QStringLiteral("--help")}).out;
        QByteArray exportLine;
        for (const QByteArray& line : help.split('\n'))
            if (line.trimmed().startsWith("export "))
                exportLine = line;
        for (const char* format :
             {"pdf", "svg", "png", "xlsx", "cabling-csv", "netbox", "slurm", "slurm-yaml",
              "kubernetes", "monitoring", "build-plan", "ip-plan", "html"})
            QVERIFY2(exportLine.split(' ').join('|').split('|').contains(format),
                     exportLine.constData());
    }
};

QTEST_APPLESS_MAIN(TestCliExport)
#include "tst_cli_export.moc"
