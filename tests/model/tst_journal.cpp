#include "RandomEdits.h"
#include "TestDesigns.h"

#include "model/json/DesignFile.h"
#include "model/json/EditJournal.h"
#include "model/scenarios/ScenarioEdit.h"

#include <QProcess>
#include <QTemporaryDir>

#include <csignal>
#include <sys/resource.h>

namespace {
/// A full disk for this process: files cannot grow past @p bytes while it lives (writes fail
/// with EFBIG instead of ENOSPC, through the same error path). Unprivileged.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        getrlimit(RLIMIT_FSIZE, &m_old);
        m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit l = m_old;
        l.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &l);
    }
    ~FileSizeLimit() {
        setrlimit(RLIMIT_FSIZE, &m_old);
        std::signal(SIGXFSZ, m_oldHandler);
    }

private:
    rlimit m_old{};
    void (*m_oldHandler)(int) = nullptr;
};
} // namespace

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
    /// Found by the soak: delete the last device of a type, save (the new base embeds only the
    /// types in use), undo the deletion. The journal must carry the type back with the device,
    /// or recovery stops at that line and every later edit is lost.
    void anUndoneDeletionAfterASaveBringsItsTypeBack() {
        Design design(test::smallCluster());
        DeviceId leaf;
        int qm9700s = 0;
        design.data().devices.forEach([&](DeviceId id, const Device& v) {
            if (design.data().typeOf(v).id == QLatin1String("nvidia-qm9700")) {
                leaf = id;
                ++qm9700s;
            }
        });
        QCOMPARE(qm9700s, 1);
        EditJournal journal(&design);
        QVERIFY(journal.start(path("undo-type.journal")));
        auto del = ObjectsEdit::removal(design.data(), QStringLiteral("Delete device"), {}, {leaf});
        del->apply(design);
        QVERIFY(journal.checkpoint(del->text()));
        // Save: the journal is rebased on the saved bytes, which no longer hold the QM9700.
        const QByteArray saved = DesignFile::toBytes(design.data());
        QVERIFY(!saved.contains("\"nvidia-qm9700\""));
        QVERIFY(EditJournal::writeBase(path("undo-type.next"), saved, nullptr));
        QVERIFY(journal.adopt(path("undo-type.next"), path("undo-type.journal")));
        del->revert(design);
        QVERIFY(journal.checkpoint(QStringLiteral("Undo Delete device")));
        QRandomGenerator rng{5u};
        test::applyRandomEdits(design, rng, 1);
        QVERIFY(journal.checkpoint(QStringLiteral("edit")));
        journal.waitForRemoval();
        EditJournal::Recovery r = EditJournal::recover(path("undo-type.journal"));
        QVERIFY2(r.ok && r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.edits, 2);
        QCOMPARE(DesignFile::toBytes(r.data), DesignFile::toBytes(design.data()));
    }
    /// A full disk mid-session: the checkpoints fail and say so, the journal stays readable
    /// to its end, and once there is space again the next checkpoint writes every edit made
    /// meanwhile.
    void fullDiskLosesNoEditOnceThereIsSpace() {
        Design design(test::smallCluster());
        EditJournal journal(&design);
        QVERIFY(journal.start(path("full.journal")));
        QRandomGenerator rng{11u};
        for (int i = 0; i < 5; ++i) {
            test::applyRandomEdits(design, rng, 1);
            QVERIFY(journal.checkpoint(QStringLiteral("edit")));
        }
        const QByteArray beforeFull = DesignFile::toBytes(design.data());
        int failed = 0;
        {
            const FileSizeLimit full(rlim_t(QFileInfo(path("full.journal")).size() + 40));
            for (int i = 0; i < 40; ++i) {
                test::applyRandomEdits(design, rng, 1);
                if (!journal.checkpoint(QStringLiteral("edit")))
                    ++failed;
            }
            QVERIFY(!journal.lastError().isEmpty());
        }
        QVERIFY(failed > 30);
        // While it was full, the file held only complete lines: it recovers to before.
        {
            EditJournal::Recovery r = EditJournal::recover(path("full.journal"));
            QVERIFY2(r.ok, qPrintable(r.error));
            QVERIFY(!r.tornTail);
        }
        QVERIFY(journal.isActive());
        test::applyRandomEdits(design, rng, 1);
        QVERIFY(journal.checkpoint(QStringLiteral("edit")));
        EditJournal::Recovery r = EditJournal::recover(path("full.journal"));
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(!r.tornTail);
        QVERIFY(DesignFile::toBytes(r.data) != beforeFull);
        QCOMPARE(DesignFile::toBytes(r.data), DesignFile::toBytes(design.data()));
    }

    /// Scenario edits (and the scenarios the file already had) survive a crash.
    void scenariosAreJournaled() {
        DesignData withOne = test::smallCluster();
        {
            Design tmp(withOne);
            auto add = ScenariosEdit::addCurrent(tmp.data(), QStringLiteral("from the file"));
            add->apply(tmp);
            withOne = tmp.data();
        }
        Design design(withOne);
        EditJournal journal(&design);
        QVERIFY(journal.start(path("scen.journal")));
        QRandomGenerator rng{3u};
        test::applyRandomEdits(design, rng, 2);
        QVERIFY(journal.checkpoint(QStringLiteral("edit")));
        auto add = ScenariosEdit::addCurrent(design.data(), QStringLiteral("what if"));
        QVERIFY(add);
        add->apply(design);
        QVERIFY(journal.checkpoint(QStringLiteral("Add scenario")));
        test::applyRandomEdits(design, rng, 2);
        QVERIFY(journal.checkpoint(QStringLiteral("edit")));
        QCOMPARE(design.data().scenarios.size(), std::size_t(2));
        EditJournal::Recovery r = EditJournal::recover(path("scen.journal"));
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.data.scenarios.size(), std::size_t(2));
        QCOMPARE(r.data.scenarios[0].name, QStringLiteral("from the file"));
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
