#include "RandomEdits.h"
#include "TestDesigns.h"

#include "model/DesignFile.h"
#include "model/EditJournal.h"

#include <QProcess>
#include <QTemporaryDir>

using namespace cds;

/// @brief The edit journal restores every completed edit, after any crash.
class TestJournal : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char* n) { return m_dir.filePath(QString::fromLatin1(n)); }

    /// The design after the first @p n random edits of @p seed, computed in this process.
    static QByteArray expectedAfter(quint32 seed, int n) {
        Design design(test::smallCluster());
        QRandomGenerator rng{seed};
        test::applyRandomEdits(design, rng, n);
        return DesignFile::toBytes(design.data());
    }
private Q_SLOTS:
    void replaysEveryCheckpoint() {
        Design design(test::smallCluster());
        EditJournal journal(&design);
        QVERIFY(journal.start(path("a.journal")));
        QRandomGenerator rng{7u};
        for (int i = 0; i < 60; ++i) {
            test::applyRandomEdits(design, rng, 1);
            QVERIFY(journal.checkpoint(QStringLiteral("edit")));
        }
        EditJournal::Recovery r = EditJournal::recover(path("a.journal"));
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.edits, 60);
        QVERIFY(!r.tornTail);
        QCOMPARE(DesignFile::toBytes(r.data), DesignFile::toBytes(design.data()));
    }
    void unchangedCheckpointWritesNothing() {
        Design design(test::smallCluster());
        EditJournal journal(&design);
        QVERIFY(journal.start(path("b.journal")));
        QVERIFY(journal.checkpoint(QStringLiteral("nothing")));
        QCOMPARE(journal.checkpoints(), 0);
    }
    void resetIsJournaledAsSnapshot() {
        Design design(test::smallCluster());
        EditJournal journal(&design);
        QVERIFY(journal.start(path("c.journal")));
        test::Builder b;
        b.rack(QStringLiteral("X1"), 900, 900);
        design.reset(b.d); // e.g. "Generate cluster"
        QVERIFY(journal.checkpoint(QStringLiteral("Generate")));
        Rack moved = design.data().racks[RackId(0)];
        moved.centre.x = 2100;
        design.updateRack(RackId(0), moved);
        QVERIFY(journal.checkpoint(QStringLiteral("Move")));
        EditJournal::Recovery r = EditJournal::recover(path("c.journal"));
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.edits, 2);
        QCOMPARE(DesignFile::toBytes(r.data), DesignFile::toBytes(design.data()));
    }
    void tornLastLineIsIgnored() {
        Design design(test::smallCluster());
        EditJournal journal(&design);
        QVERIFY(journal.start(path("d.journal")));
        QRandomGenerator rng{3u};
        test::applyRandomEdits(design, rng, 1);
        QVERIFY(journal.checkpoint(QStringLiteral("one")));
        const QByteArray afterOne = DesignFile::toBytes(design.data());
        journal.stop(false);
        QFile f(path("d.journal"));
        QVERIFY(f.open(QIODevice::Append));
        f.write("{\"seq\": 2, \"what\": \"Move\", \"racks\": [[0, {\"id\"");
        f.close();
        EditJournal::Recovery r = EditJournal::recover(path("d.journal"));
        QVERIFY(r.ok);
        QVERIFY(r.tornTail);
        QCOMPARE(r.edits, 1);
        QCOMPARE(DesignFile::toBytes(r.data), afterOne);
    }
    void damagedLineStopsCleanly() {
        Design design(test::smallCluster());
        EditJournal journal(&design);
        QVERIFY(journal.start(path("e.journal")));
        QRandomGenerator rng{5u};
        test::applyRandomEdits(design, rng, 1);
        QVERIFY(journal.checkpoint(QStringLiteral("one")));
        const QByteArray afterOne = DesignFile::toBytes(design.data());
        journal.stop(false);
        QFile f(path("e.journal"));
        QVERIFY(f.open(QIODevice::Append));
        f.write("{\"seq\": 2, \"racks\": [], \"devices\": [[0, {\"id\": 0, \"name\": \"x\", "
                "\"type\": \"nope\"}]]}\n");
        f.close();
        EditJournal::Recovery r = EditJournal::recover(path("e.journal"));
        QVERIFY(r.ok);
        QCOMPARE(r.edits, 1);
        QVERIFY(r.error.contains(QLatin1String("checkpoint 2 is damaged")));
        QCOMPARE(DesignFile::toBytes(r.data), afterOne);
    }
    void notAJournalIsRefused() {
        QFile f(path("f.journal"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hello\n");
        f.close();
        EditJournal::Recovery r = EditJournal::recover(path("f.journal"));
        QVERIFY(!r.ok);
        QVERIFY(r.error.contains(QLatin1String("f.journal")));
    }
    void killedAtRandomMomentsLosesNoCompletedEdit() {
        // A separate process edits and journals; we kill it (SIGKILL) at random points. Every
        // edit it reported as done must come back, and nothing it had not started.
        QRandomGenerator pickKill{2024u};
        for (quint32 seed = 11; seed < 19; ++seed) {
            const QString journalPath = path("kill.journal");
            QFile::remove(journalPath);
            QProcess writer;
            writer.start(QStringLiteral(CDS_JOURNAL_WRITER),
                         {journalPath, QString::number(seed), QStringLiteral("100000")});
            QVERIFY(writer.waitForStarted());
            const int killAfter = 5 + int(pickKill.bounded(200));
            int reported = 0;
            QByteArray pending;
            while (reported < killAfter && writer.state() == QProcess::Running) {
                writer.waitForReadyRead(5000);
                pending += writer.readAllStandardOutput();
                while (pending.contains('\n')) {
                    const auto eol = pending.indexOf('\n');
                    reported = pending.left(eol).toInt();
                    pending.remove(0, eol + 1);
                }
            }
            writer.kill();
            writer.waitForFinished();
            pending += writer.readAllStandardOutput();
            for (const QByteArray& l : pending.split('\n'))
                if (!l.isEmpty())
                    reported = l.toInt();
            EditJournal::Recovery r = EditJournal::recover(journalPath);
            QVERIFY2(r.ok, qPrintable(r.error));
            // The kill may land after a checkpoint reached the disk but before it was reported.
            QVERIFY2(r.edits == reported || r.edits == reported + 1,
                     qPrintable(QStringLiteral("seed %1: reported %2, recovered %3")
                                    .arg(seed)
                                    .arg(reported)
                                    .arg(r.edits)));
            QCOMPARE(DesignFile::toBytes(r.data), expectedAfter(seed, r.edits));
        }
    }
};

QTEST_GUILESS_MAIN(TestJournal)
#include "tst_journal.moc"
