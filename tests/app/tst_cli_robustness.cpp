// Hostile inputs and failing outputs through the real binary (issue 19): every command exits
// non-zero with a message when its output is lost, never blocks on a FIFO, refuses what it
// cannot write back, and never replaces what is not a regular file.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

class TestCliRobustness : public QObject {
    Q_OBJECT
    struct Run {
        int code = -1;
        QByteArray out, err;
    };
    static Run cli(const QStringList& args, const QString& stdoutFile = {}) {
        QProcess p;
        if (!stdoutFile.isEmpty())
            p.setStandardOutputFile(stdoutFile);
        p.start(QStringLiteral(CDS_CLI), args);
        if (!p.waitForFinished(120000))
            qFatal("cli timed out: %s", qPrintable(args.join(QLatin1Char(' '))));
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                p.readAllStandardOutput(), p.readAllStandardError()};
    }
    static QString example() {
        return QStringLiteral(CDS_SOURCE_DIR "/resources/examples/two-dgx-h100.cds.json");
    }
    static QString fixture(const char* name) {
        return QStringLiteral(CDS_TEST_DATA "/hostile/") + QString::fromLatin1(name);
    }
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void lostStandardOutputIsAFailure_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("validate") << QStringList{QStringLiteral("validate"), example()};
        QTest::newRow("validate --json")
            << QStringList{QStringLiteral("validate"), example(), QStringLiteral("--json")};
        QTest::newRow("stats") << QStringList{QStringLiteral("stats"), example()};
        QTest::newRow("bom") << QStringList{QStringLiteral("bom"), example()};
        QTest::newRow("catalog list")
            << QStringList{QStringLiteral("catalog"), QStringLiteral("list")};
        QTest::newRow("--help") << QStringList{QStringLiteral("stats"), QStringLiteral("--help")};
    }
    void lostStandardOutputIsAFailure() {
        QFETCH(QStringList, args);
        const Run r = cli(args, QStringLiteral("/dev/full"));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("standard output: No space left on device"), r.err.constData());
    }
    void aFifoOutputIsNeverReplaced() {
        const QString fifo = m_tmp.filePath(QStringLiteral("out.csv"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        const Run r = cli({QStringLiteral("bom"), example(), QStringLiteral("-o"), fifo});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("no program reads the pipe"), r.err.constData());
        struct stat st {};
        QVERIFY(::stat(QFile::encodeName(fifo).constData(), &st) == 0 && S_ISFIFO(st.st_mode));
    }
    void endlessInputsAreRefusedWithoutReading() {
        const QString fifo = m_tmp.filePath(QStringLiteral("in.cds.json"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        for (const QString& path : {QStringLiteral("/dev/zero"), fifo}) {
            const Run r = cli({QStringLiteral("validate"), path});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("not a regular file"), r.err.constData());
        }
    }
    void hostileNumbersNeverAbort() {
        const Run r = cli({QStringLiteral("validate"), fixture("number-1e309.cds.json")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(":1") && r.err.contains("out of range"), r.err.constData());
    }
    // generate: capacity is checked before anything is allocated; what it writes opens again.
    void generateRefusesBeyondCapacityAtOnce() {
        const Run r =
            cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("300000000"),
                 QStringLiteral("-o"), m_tmp.filePath(QStringLiteral("huge.cds.json"))});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("beyond what 3 tiers"), r.err.constData());
        QVERIFY(!QFile::exists(m_tmp.filePath(QStringLiteral("huge.cds.json"))));
    }
    void generateRefusesWhatItCouldNotReadBack_data() {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("hall") << QStringList{QStringLiteral("--hall"),
                                             QStringLiteral("10000001x20000")}
                              << QByteArray("--hall sides must be between 1000 and 10000000 mm");
        QTest::newRow("title") << QStringList{QStringLiteral("--title"), QString(4097, u't')}
                               << QByteArray("--title must be at most 4096 bytes");
    }
    void generateRefusesWhatItCouldNotReadBack() {
        QFETCH(QStringList, extra);
        QFETCH(QByteArray, message);
        const QString out = m_tmp.filePath(QStringLiteral("g.cds.json"));
        const Run r = cli(QStringList{QStringLiteral("generate"), QStringLiteral("--gpus"),
                                      QStringLiteral("16"), QStringLiteral("-o"), out} +
                          extra);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
    }
    void generateAtTheLimitsWritesAFileThatOpens() {
        const QString out = m_tmp.filePath(QStringLiteral("limits.cds.json"));
        QCOMPARE(cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("16"),
                      QStringLiteral("--title"), QString(4096, u't'), QStringLiteral("--hall"),
                      QStringLiteral("10000000x20000"), QStringLiteral("-o"), out})
                     .code,
                 0);
        const Run r = cli({QStringLiteral("stats"), out});
        QVERIFY2(r.code == 0, r.err.constData());
    }
    // Issue 36: an option given twice is refused, never one of them silently used.
    void aRepeatedOptionIsRefused() {
        const QString out = m_tmp.filePath(QStringLiteral("twice.cds.json"));
        const Run r =
            cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("8"),
                 QStringLiteral("--gpus"), QStringLiteral("16"), QStringLiteral("-o"), out});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("option 'gpus' is given more than once"), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }
    void aStorageSizeBeyondTheLimitIsRefused() {
        const Run r =
            cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("16"),
                 QStringLiteral("--storage-tb"), QStringLiteral("1e12"), QStringLiteral("-o"),
                 m_tmp.filePath(QStringLiteral("st.cds.json"))});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--storage-tb expects a number of TB from 0 to 1e+07"),
                 r.err.constData());
    }
    // `-o -` is standard output, byte for byte the file -o FILE writes; no file named "-".
    void generateToStandardOutput() {
        const QString file = m_tmp.filePath(QStringLiteral("g16.cds.json"));
        QCOMPARE(cli({QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("16"),
                      QStringLiteral("-o"), file})
                     .code,
                 0);
        QProcess p;
        p.setWorkingDirectory(m_tmp.path());
        p.start(QStringLiteral(CDS_CLI),
                {QStringLiteral("generate"), QStringLiteral("--gpus"), QStringLiteral("16"),
                 QStringLiteral("-o"), QStringLiteral("-")});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(p.readAllStandardOutput(), f.readAll());
        QVERIFY(!QFile::exists(m_tmp.filePath(QStringLiteral("-"))));
    }
    // A closed pipe is a write error told on stderr with exit 2, not death by SIGPIPE (141).
    void aClosedPipeIsExit2WithAMessage() {
        QProcess p;
        p.start(QStringLiteral("bash"),
                {QStringLiteral("-c"),
                 QStringLiteral("\"$0\" generate --gpus 1024 -o - | head -c 1 >/dev/null; "
                                "exit ${PIPESTATUS[0]}"),
                 QStringLiteral(CDS_CLI)});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains("cannot write to standard output: Broken pipe"), err.constData());
    }
    void exportRefusesAScaleThatIsNotANumberOrTooLarge_data() {
        QTest::addColumn<QString>("scale");
        QTest::newRow("nan") << QStringLiteral("nan");
        QTest::newRow("inf") << QStringLiteral("inf");
        QTest::newRow("1e9") << QStringLiteral("1e9");
    }
    void exportRefusesAScaleThatIsNotANumberOrTooLarge() {
        QFETCH(QString, scale);
        const Run r = cli({QStringLiteral("export"), example(), QStringLiteral("--format"),
                           QStringLiteral("svg"), QStringLiteral("--scale"), scale,
                           QStringLiteral("-o"), m_tmp.filePath(QStringLiteral("x.svg"))});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--scale"), r.err.constData());
        QVERIFY(!r.err.contains("-2147483648"));
    }
};

QTEST_APPLESS_MAIN(TestCliRobustness)
#include "tst_cli_robustness.moc"
