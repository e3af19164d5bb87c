// `advise` is a contract: flags, JSON keys and exit codes (README, "Advisor").
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

class TestCliAdvise : public QObject {
    Q_OBJECT
    struct Run {
        int code = -1;
        QByteArray out, err;
    };
    static Run cli(QStringList args) {
        args.prepend(QStringLiteral("advise"));
        return run(args);
    }
    static Run run(const QStringList& args) {
        QProcess p;
        p.start(QStringLiteral(CDS_CLI), args);
        if (!p.waitForFinished(120000))
            qFatal("cli timed out");
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                p.readAllStandardOutput(), p.readAllStandardError()};
    }
    static QJsonObject json(const QByteArray& b) { return QJsonDocument::fromJson(b).object(); }
    static QStringList keys(const QJsonObject& o) {
        QStringList k = o.keys();
        k.sort();
        return k;
    }
    static QString example() {
        return QStringLiteral(CDS_SOURCE_DIR "/resources/examples/two-dgx-h100.cds.json");
    }
private Q_SLOTS:
    void trainPrintsExactlyTheContractKeys() {
        const Run r =
            cli({"train", "--params", "405B", "--tokens", "15.6T", "--gpus", "2048", "--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = json(r.out);
        QStringList want = {"flops",
                            "gpus",
                            "days",
                            "compute_days",
                            "goodput_pct",
                            "job_mtbf_hours",
                            "checkpoint_interval_min",
                            "model_state_gb",
                            "memory_per_gpu_gb",
                            "parallelism",
                            "step_time_s",
                            "comm_fraction",
                            "energy_mwh",
                            "cost_usd"};
        want.sort();
        QCOMPARE(keys(o), want);
        QCOMPARE(keys(o[QStringLiteral("parallelism")].toObject()),
                 (QStringList{"dp", "pp", "tp"}));
        QVERIFY(qAbs(o[QStringLiteral("flops")].toDouble() - 3.8e25) < 0.01 * 3.8e25);
        QCOMPARE(o[QStringLiteral("gpus")].toInt(), 2048);
        QCOMPARE(o[QStringLiteral("model_state_gb")].toDouble(), 6480.0);
        const QJsonObject par = o[QStringLiteral("parallelism")].toObject();
        QCOMPARE(par[QStringLiteral("tp")].toInt() * par[QStringLiteral("pp")].toInt() *
                     par[QStringLiteral("dp")].toInt(),
                 2048);
        QVERIFY(o[QStringLiteral("memory_per_gpu_gb")].toDouble() <= 72);
        QVERIFY(o[QStringLiteral("energy_mwh")].toDouble() > 0);
        QVERIFY(o[QStringLiteral("cost_usd")].toDouble() > 0);
    }

    // Issue #30: days are wall-clock, the compute days stretched by the job's goodput.
    void daysIncludeTheInterruptions() {
        const Run r =
            cli({"train", "--params", "405B", "--tokens", "15.6T", "--gpus", "2048", "--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = json(r.out);
        const double days = o[QStringLiteral("days")].toDouble();
        const double compute = o[QStringLiteral("compute_days")].toDouble();
        const double goodput = o[QStringLiteral("goodput_pct")].toDouble();
        QVERIFY2(goodput > 50 && goodput < 100, qPrintable(QString::number(goodput)));
        QVERIFY(days > compute && compute > 0);
        // Each figure is rounded to 0.01.
        QVERIFY2(qAbs(days - compute / (goodput / 100)) < 0.01 + days * 1e-4,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(days).arg(compute).arg(goodput)));
        QVERIFY(o[QStringLiteral("job_mtbf_hours")].toDouble() > 0);
        QVERIFY(o[QStringLiteral("checkpoint_interval_min")].toDouble() > 0);
        // A job of a whole design fails as often as `stats` says the design does.
        const Run a =
            cli({"train", "--params", "8B", "--tokens", "100B", "--design", example(), "--json"});
        const Run s = run({"stats", example(), "--json"});
        QVERIFY2(a.code == 0 && s.code == 0, a.err.constData());
        const QJsonObject mtbf = json(s.out)[QStringLiteral("reliability")]
                                     .toObject()[QStringLiteral("job_mtbf_hours")]
                                     .toObject();
        QCOMPARE(json(a.out)[QStringLiteral("job_mtbf_hours")].toDouble(),
                 mtbf[QStringLiteral("cluster")].toDouble());
    }

    void designAndPriceAreUsed() {
        const QStringList base = {"train", "--params", "8B",      "--tokens",
                                  "100B",  "--design", example(), "--json"};
        const Run a = cli(base + QStringList{"--price-kwh", "0.1"});
        const Run b = cli(base + QStringList{"--price-kwh", "0.2"});
        QVERIFY2(a.code == 0 && b.code == 0, a.err.constData());
        const QJsonObject ja = json(a.out), jb = json(b.out);
        QCOMPARE(ja[QStringLiteral("gpus")].toInt(), 16); // the example's two DGX H100
        const double mwh = ja[QStringLiteral("energy_mwh")].toDouble();
        QVERIFY(mwh > 0);
        // Doubling the price adds the energy cost once more: MWh x 1,000 x $0.1.
        const double delta =
            jb[QStringLiteral("cost_usd")].toDouble() - ja[QStringLiteral("cost_usd")].toDouble();
        QVERIFY2(qAbs(delta - mwh * 100) < 0.01 * mwh * 100 + 2,
                 qPrintable(QString::number(delta)));
    }

    void inferPrintsExactlyTheContractKeys() {
        const Run r = cli({"infer", "--params", "70B", "--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = json(r.out);
        QCOMPARE(keys(o),
                 (QStringList{"gpus_per_replica", "kv_cache_gb", "replicas", "weights_gb"}));
        QCOMPARE(o[QStringLiteral("weights_gb")].toDouble(), 140.0);
        QCOMPARE(o[QStringLiteral("gpus_per_replica")].toInt(), 2);
        QCOMPARE(o[QStringLiteral("replicas")].toInt(), 1);
        const Run f = cli({"infer", "--params", "405B", "--precision", "fp8", "--json"});
        QCOMPARE(json(f.out)[QStringLiteral("weights_gb")].toDouble(), 405.0);
    }

    void guideReproducesTheSeed() {
        const Run r = cli({"guide", "--server", "nvidia-dgx-h100", "--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray servers = json(r.out)[QStringLiteral("servers")].toArray();
        QCOMPARE(servers.size(), 1);
        const QJsonArray sizes = servers[0].toObject()[QStringLiteral("sizes")].toArray();
        QStringList memory;
        for (const auto& s : sizes)
            memory << s.toObject()[QStringLiteral("gpu_memory")].toString();
        QCOMPARE(memory, (QStringList{"640 GB", "2.5-5 TB", "10-20 TB", "40-80 TB"}));
        QVERIFY(cli({"guide", "--json"}).out.contains("nvidia-gb200-nvl72"));
    }

    void impossibleInputExitsTwoWithTheReason_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("reason");
        QTest::newRow("zero tokens") << QStringList{"train", "--params", "8B", "--tokens", "0"}
                                     << "token count must be positive";
        QTest::newRow("fits no count")
            << QStringList{"train", "--params", "1e18", "--tokens", "1T"} << "fits no GPU count";
        QTest::newRow("too few gpus")
            << QStringList{"train", "--params", "405B", "--tokens", "1T", "--gpus", "8"}
            << "needs at least";
        QTest::newRow("gpus and days")
            << QStringList{"train",  "--params", "8B",     "--tokens", "1T",
                           "--gpus", "8",        "--days", "3"}
            << "not both";
        QTest::newRow("bad precision")
            << QStringList{"infer", "--params", "8B", "--precision", "fp4"} << "bf16 or fp8";
        QTest::newRow("infer too big")
            << QStringList{"infer", "--params", "1e16"} << "fit no replica";
        QTest::newRow("unknown server")
            << QStringList{"guide", "--server", "nope"} << "no catalog item 'nope'";
        QTest::newRow("no mode") << QStringList{} << "expected train, infer or guide";
    }
    void impossibleInputExitsTwoWithTheReason() {
        QFETCH(QStringList, args);
        QFETCH(QString, reason);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(reason.toUtf8()), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void helpForEachMode() {
        QCOMPARE(cli({"--help"}).code, 0);
        for (const char* m : {"train", "infer", "guide"}) {
            const Run r = cli({QString::fromLatin1(m), "--help"});
            QCOMPARE(r.code, 0);
            QVERIFY(
                r.out.contains(QByteArray(QByteArray("Usage: cluster-studio-cli advise ") + m)));
        }
    }
};

QTEST_APPLESS_MAIN(TestCliAdvise)
#include "tst_cli_advise.moc"
