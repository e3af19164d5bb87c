// The soak (issue 36): cycles of a real editing session (random edits, undo, redo, scenarios
// kept and opened, saves that rebase the journal) in a separate process killed with SIGKILL at
// a random step; after each kill the journal is recovered and must equal, byte for byte, the
// design the session had after the last step it reported (or the one after, when the kill
// landed between the disk and the report). The next cycle starts from what was recovered.
// Then one long uninterrupted session must not grow in memory.
// CDS_SOAK_CYCLES / CDS_SOAK_STEPS make it longer (`./dev test --soak`).
#include "SoakSteps.h"
#include "TestDesigns.h"

#include "model/json/DesignFile.h"
#include "model/json/EditJournal.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cds;

namespace {

int envInt(const char* name, int fallback) {
    const int v = qEnvironmentVariableIntValue(name);
    return v > 0 ? v : fallback;
}

/// The bytes of the design after @p steps steps of the session from @p start with @p seed.
QByteArray replay(const DesignData& start, quint32 seed, int steps) {
    test::SoakSession s(start, seed);
    for (int i = 1; i <= steps; ++i)
        s.step(i);
    return DesignFile::toBytes(s.design().data());
}

struct Report {
    int step = 0;
    long rssKb = 0;
};

/// Takes the whole "STEP RSS" lines out of @p pending into @p last.
void parseReports(QByteArray& pending, Report& last) {
    qsizetype eol;
    while ((eol = pending.indexOf('\n')) >= 0) {
        const QList<QByteArray> f = pending.left(eol).split(' ');
        pending.remove(0, eol + 1);
        if (f.size() == 2)
            last = {f[0].toInt(), f[1].toLong()};
    }
}

/// Reads "STEP RSS" lines from @p writer until @p until steps are reported or it ends. What
/// is already read is parsed first: after the kill, the steps the writer reported between
/// the last read and the kill count too (a busy machine lets it take several).
void readReports(QProcess& writer, QByteArray& pending, Report& last, int until) {
    parseReports(pending, last);
    while (last.step < until && writer.state() == QProcess::Running) {
        writer.waitForReadyRead(5000);
        pending += writer.readAllStandardOutput();
        parseReports(pending, last);
    }
}

} // namespace

class TestSoak : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString path(const char* name) const { return m_tmp.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void killedSessionsRecoverEveryReportedStep() {
        const int cycles = envInt("CDS_SOAK_CYCLES", 12);
        const int maxSteps = envInt("CDS_SOAK_STEPS", 300);
        QString error;
        QVERIFY(DesignFile::save(test::smallCluster(), path("start.cds.json"), &error));
        QRandomGenerator pickKill{36u};
        int totalSteps = 0;
        for (int c = 0; c < cycles; ++c) {
            const quint32 seed = 1000u + quint32(c);
            const LoadResult start = DesignFile::load(path("start.cds.json"));
            QVERIFY2(start.ok, "the previous cycle's recovery must load");
            QFile::remove(path("soak.journal"));
            QProcess writer;
            writer.start(QStringLiteral(CDS_SOAK_WRITER),
                         {path("start.cds.json"), path("soak.journal"), path("saved.cds.json"),
                          QString::number(seed), QStringLiteral("100000000")});
            QVERIFY(writer.waitForStarted());
            const int killAfter = 1 + int(pickKill.bounded(quint32(maxSteps)));
            QByteArray pending;
            Report last;
            readReports(writer, pending, last, killAfter);
            writer.kill();
            writer.waitForFinished();
            pending += writer.readAllStandardOutput();
            readReports(writer, pending, last, INT_MAX);
            QVERIFY2(last.step >= killAfter, writer.readAllStandardError().constData());
            totalSteps += last.step;

            const EditJournal::Recovery r = EditJournal::recover(path("soak.journal"));
            QVERIFY2(r.ok, qPrintable(r.error));
            const QByteArray recovered = DesignFile::toBytes(r.data);
            const bool atReported = recovered == replay(start.data, seed, last.step);
            if (!atReported && recovered != replay(start.data, seed, last.step + 1)) {
                // Kept for a reproduction: soak_writer START JOURNAL SAVED SEED STEP replays it.
                const QString kept = QDir::temp().filePath(QStringLiteral("cds-soak-failure"));
                QDir(kept).removeRecursively();
                QDir().mkpath(kept);
                QFile::copy(path("start.cds.json"),
                            QDir(kept).filePath(QStringLiteral("start.cds.json")));
                QFile::copy(path("soak.journal"),
                            QDir(kept).filePath(QStringLiteral("soak.journal")));
                QFAIL(
                    qPrintable(QStringLiteral("cycle %1 (seed %2): the recovery is not the design "
                                              "after step %3 or %4; start and journal kept in %5")
                                   .arg(c)
                                   .arg(seed)
                                   .arg(last.step)
                                   .arg(last.step + 1)
                                   .arg(kept)));
            }
            QFile next(path("start.cds.json"));
            QVERIFY(next.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QCOMPARE(next.write(recovered), recovered.size());
        }
        qInfo("soak: %d kill -9 cycles, %d steps, every recovery byte-exact", cycles, totalSteps);
    }

    // One session of many steps: after the first tenth (undo stack full, allocator warm) the
    // resident memory grows by less than 32 MB; a leak of 10 KB a step would exceed it.
    void aLongSessionDoesNotGrowInMemory() {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer's quarantine holds freed memory; LeakSanitizer checks leaks here");
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
        QSKIP("AddressSanitizer's quarantine holds freed memory; LeakSanitizer checks leaks here");
#endif
#endif
        const int steps = envInt("CDS_SOAK_STEPS", 300) * 10;
        QString error;
        QVERIFY(DesignFile::save(test::smallCluster(), path("long.cds.json"), &error));
        QProcess writer;
        writer.start(QStringLiteral(CDS_SOAK_WRITER),
                     {path("long.cds.json"), path("long.journal"), path("long-saved.cds.json"),
                      QStringLiteral("7"), QString::number(steps)});
        QVERIFY(writer.waitForStarted());
        QByteArray pending;
        Report last;
        readReports(writer, pending, last, steps / 10);
        const Report warm = last;
        readReports(writer, pending, last, steps);
        QVERIFY(writer.waitForFinished(600000));
        QCOMPARE(writer.exitCode(), 0);
        QCOMPARE(last.step, steps);
        qInfo("soak: %d steps, resident %ld KB after %d steps, %ld KB at the end", steps,
              warm.rssKb, warm.step, last.rssKb);
        QVERIFY2(last.rssKb - warm.rssKb < 32 * 1024,
                 qPrintable(QStringLiteral("resident memory grew from %1 KB to %2 KB")
                                .arg(warm.rssKb)
                                .arg(last.rssKb)));
    }
};

QTEST_GUILESS_MAIN(TestSoak)
#include "tst_soak.moc"
