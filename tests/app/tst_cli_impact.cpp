// `impact` is a contract: flags, JSON keys and exit codes (README, "Failure domains and
// impact"). Runs the real binary on a design it generates.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestCliImpact : public QObject {
    Q_OBJECT
    struct Run {
        int code = -1;
        QByteArray out, err;
    };
    static Run cli(const QStringList& args) {
        QProcess p;
        p.start(QStringLiteral(CDS_CLI), args);
        if (!p.waitForFinished(120000))
            qFatal("cli timed out");
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                p.readAllStandardOutput(), p.readAllStandardError()};
    }
    static Run impact(QStringList args) {
        args.prepend(QStringLiteral("impact"));
        return cli(args);
    }
    static QJsonObject json(const QByteArray& b) { return QJsonDocument::fromJson(b).object(); }
    static QStringList keys(const QJsonObject& o) {
        QStringList k = o.keys();
        k.sort();
        return k;
    }
    QTemporaryDir m_dir;
    QString m_file;

private Q_SLOTS:
    void initTestCase() {
        m_file = m_dir.filePath(QStringLiteral("h100.cds.json"));
        const Run r = cli({"generate", "--gpus", "1024", "--server", "nvidia-dgx-h100", "--switch",
                           "nvidia-qm9700", "-o", m_file});
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void failPrintsTheContractKeys() {
        const Run r = impact({m_file, "--fail", "UPS-A1,UPS-B1", "--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = json(r.out);
        for (const char* k :
             {"failed", "gpus_total", "gpus_lost", "gpus_degraded", "racks_down",
              "nvlink_domains_broken", "bisection_tbps", "largest_job_gpus", "affected"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        QCOMPARE(keys(o[QStringLiteral("bisection_tbps")].toObject()),
                 (QStringList{"after", "before"}));
        QCOMPARE(keys(o[QStringLiteral("affected")].toObject()),
                 (QStringList{"racks_down", "servers_degraded", "servers_lost", "switches_down"}));
        QCOMPARE(o[QStringLiteral("gpus_total")].toInt(), 1024);
        const int lost = o[QStringLiteral("gpus_lost")].toInt();
        QVERIFY(lost > 0);
        // Every lost GPU is in a server listed as lost (8 GPUs each), every rack listed down.
        const QJsonObject affected = o[QStringLiteral("affected")].toObject();
        QCOMPARE(affected[QStringLiteral("servers_lost")].toArray().size() * 8, lost);
        QCOMPARE(affected[QStringLiteral("racks_down")].toArray().size(),
                 o[QStringLiteral("racks_down")].toInt());
        const QJsonArray failed = o[QStringLiteral("failed")].toArray();
        QCOMPARE(failed.size(), 2);
        QCOMPARE(failed[0].toObject()[QStringLiteral("kind")].toString(), QStringLiteral("ups"));
        // One side alone: its twin carries.
        const Run one = impact({m_file, "--fail", "UPS-A1", "--json"});
        QCOMPARE(one.code, 0);
        QCOMPARE(json(one.out)[QStringLiteral("gpus_lost")].toInt(), 0);
    }

    void sweepListsWorstFirstWithProgress() {
        const Run r = impact({m_file, "--n-1", "--kind", "leaf,spine", "--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.err.contains("n-1"));
        const QJsonObject o = json(r.out);
        const QJsonArray entries = o[QStringLiteral("entries")].toArray();
        const QJsonArray kinds = o[QStringLiteral("worst_per_kind")].toArray();
        QCOMPARE(kinds.size(), 2);
        QCOMPARE(o[QStringLiteral("elements")].toInt(), entries.size());
        int leaves = 0;
        for (int i = 0; i < entries.size(); ++i) {
            const QJsonObject e = entries[i].toObject();
            leaves += e[QStringLiteral("kind")].toString() == QLatin1String("leaf");
            if (i > 0) // worst first: GPUs degraded never rise down the list (none are lost)
                QVERIFY(e[QStringLiteral("gpus_degraded")].toInt() <=
                        entries[i - 1].toObject()[QStringLiteral("gpus_degraded")].toInt());
        }
        QCOMPARE(kinds[0].toObject()[QStringLiteral("elements")].toInt(), leaves);
        QCOMPARE(kinds[0]
                     .toObject()[QStringLiteral("worst")]
                     .toObject()[QStringLiteral("gpus_degraded")]
                     .toInt(),
                 32); // a leaf: one rail of one scalable unit
    }

    void badInputIsExitTwoWithAMessage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("words");
        QTest::newRow("unknown id")
            << QStringList{"--fail", "no-such-thing"} << QStringLiteral("no-such-thing");
        QTest::newRow("empty list") << QStringList{"--fail", ""} << QStringLiteral("--fail");
        QTest::newRow("empty item")
            << QStringList{"--fail", "UPS-A1,,UPS-B1"} << QStringLiteral("--fail");
        QTest::newRow("kind not in design")
            << QStringList{"--n-1", "--kind", "core"} << QStringLiteral("no core");
        QTest::newRow("unknown kind")
            << QStringList{"--n-1", "--kind", "toaster"} << QStringLiteral("unknown kind");
        QTest::newRow("neither") << QStringList{} << QStringLiteral("--n-1");
        QTest::newRow("both") << QStringList{"--n-1", "--fail", "UPS-A1"}
                              << QStringLiteral("either");
    }
    void badInputIsExitTwoWithAMessage() {
        QFETCH(QStringList, args);
        QFETCH(QString, words);
        args.prepend(m_file);
        const Run r = impact(args);
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(QString::fromUtf8(r.err).contains(words), r.err.constData());
    }

    void statsCarriesReliability() {
        const Run r = cli({"stats", m_file, "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject rel = json(r.out)[QStringLiteral("reliability")].toObject();
        for (const char* k :
             {"interruptions_per_day", "job_mtbf_hours", "checkpoint_interval_min", "goodput_pct"})
            QVERIFY2(rel.contains(QLatin1String(k)), k);
        // 1,024 of Llama 3's 16,384 GPUs: about a sixteenth of its 7.76 a day.
        const double perDay = rel[QStringLiteral("interruptions_per_day")].toDouble();
        QVERIFY2(perDay > 0.3 && perDay < 0.7, qPrintable(QString::number(perDay)));
        const double goodput = rel[QStringLiteral("goodput_pct")].toDouble();
        QVERIFY(goodput > 50 && goodput < 100);
    }
};

QTEST_GUILESS_MAIN(TestCliImpact)
#include "tst_cli_impact.moc"
