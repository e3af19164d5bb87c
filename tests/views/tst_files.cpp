// Files and recovery, on the studio's document without a window (the title test opens one):
// a broken file leaves the design untouched, the title marks unsaved changes, and after a
// simulated crash the autosave or the journal is restored.
#include "StudioFixture.h"
#include "model/json/CatalogFile.h"

#include "DesignEditor.h"
#include "RecentFiles.h"
#include "RecoveryManager.h"

#include "model/json/EditJournal.h"
#include "model/scenarios/ScenarioEdit.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSettings>
#include <QUndoStack>

using namespace cds;
using namespace cds::test;

class TestFiles : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase() { initStudioTests(); }

    void brokenFileLeavesDesignUntouched() {
        auto w = openDocument(m_tmp.filePath(QStringLiteral("rec-broken")));
        const QByteArray before = bytesOf(*w);
        const QString path = m_tmp.filePath(QStringLiteral("broken.cds.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\n  \"formatVersion\": 2,\n  \"racks\": [ {\"id\": }\n");
        f.close();
        QVERIFY(!w->openFile(path));
        QVERIFY2(w->lastError().startsWith(path + QLatin1Char(':')), qPrintable(w->lastError()));
        QVERIFY(w->lastError().contains(QRegularExpression(QStringLiteral(":\\d+:\\d+: "))));
        QCOMPARE(bytesOf(*w), before);
        QCOMPARE(w->path(), QFileInfo(examplePath()).absoluteFilePath());
    }

    void titleShowsUnsavedChanges() {
        auto w = openStudio(m_tmp.filePath(QStringLiteral("rec-title")));
        QVERIFY(w->windowTitle().contains(QStringLiteral("two-dgx-h100.cds.json[*]")));
        QVERIFY(!w->isWindowModified());
        QVERIFY(w->workbench().editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"),
                                                         {4500, 3900}));
        QVERIFY(w->isWindowModified());
        const QString path = m_tmp.filePath(QStringLiteral("saved.cds.json"));
        QVERIFY(w->workbench().document()->saveTo(path));
        QVERIFY(!w->isWindowModified());
        QCOMPARE(w->workbench().document()->path(), path);
        w->workbench().undoStack()->undo();
        QVERIFY(w->isWindowModified());
    }

    void recoveryAfterSimulatedCrash() {
        const QString folder = m_tmp.filePath(QStringLiteral("rec-crash"));
        QByteArray edited;
        {
            auto w = openDocument(folder);
            QVERIFY(!w->recovery()->hasPendingRecovery());
            QVERIFY(
                w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
            edited = bytesOf(*w);
            w->autosaveNow();
            w->waitForAutosave(); // it is written on a worker thread
            QVERIFY(QFile::exists(w->recovery()->autosavePath()));
            // Crash: the window goes away without closeEvent, so no clean exit is recorded.
        }
        auto w = openDocument(folder, QString());
        QVERIFY(w->recovery()->hasPendingRecovery());
        QVERIFY(w->restoreRecovery());
        QCOMPARE(bytesOf(*w), edited);
        QVERIFY(w->isModified());
        QCOMPARE(w->path(), QFileInfo(examplePath()).absoluteFilePath());
        // A clean exit removes the autosave and the lock: nothing to offer next time.
        w->endSession();
        studio::RecoveryManager next(folder);
        QVERIFY(!next.hasPendingRecovery());
    }

    void journalRestoresEveryEditWithoutAutosave() {
        const QString folder = m_tmp.filePath(QStringLiteral("rec-journal"));
        QByteArray edited;
        {
            auto w = openDocument(folder);
            QVERIFY(
                w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
            const RackId r01 = rackNamed(w->design()->data(), QStringLiteral("R01"));
            QVERIFY(w->editor()->moveRacks({{r01, {1200, 3800}, 0}}, 3));
            QVERIFY(w->editor()->moveRacks({{r01, {600, 3800}, 0}}, 3)); // same drag
            QVERIFY(w->editor()->rotateRacks({r01}));
            edited = bytesOf(*w);
            QVERIFY(!QFile::exists(w->recovery()->autosavePath())); // the timer has not fired
            // Crash right after the last edit.
        }
        auto w = openDocument(folder, QString());
        QVERIFY(w->recovery()->hasPendingRecovery());
        QVERIFY(w->restoreRecovery());
        QCOMPARE(bytesOf(*w), edited);
        QCOMPARE(w->path(), QFileInfo(examplePath()).absoluteFilePath());
        w->endSession();
    }

    /// Issue 35: a session that opened a design and made no edit leaves nothing to restore,
    /// so the next start does not ask; one edit is enough for it to ask.
    void aSessionWithoutEditsOffersNoRestore() {
        const QString folder = m_tmp.filePath(QStringLiteral("rec-noedit"));
        {
            auto w = openDocument(folder);
            w->waitForAutosave(); // the journal's base is written and adopted
            QVERIFY(w->journal()->isActive());
            QVERIFY(QFile::exists(w->recovery()->journalPath()));
            // Crash without an edit.
        }
        QVERIFY(!studio::RecoveryManager(folder).hasPendingRecovery());
        {
            auto w = openDocument(folder);
            w->waitForAutosave();
            QVERIFY(
                w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
            // Crash after one edit, before any autosave.
            QVERIFY(!QFile::exists(w->recovery()->autosavePath()));
        }
        QVERIFY(studio::RecoveryManager(folder).hasPendingRecovery());
    }

    /// Issue 36: the recovery folder and the journal hold a customer's design, so they are
    /// readable by the user only, whatever the umask.
    void recoveryFilesArePrivate() {
        const QString folder = m_tmp.filePath(QStringLiteral("rec-private"));
        auto w = openDocument(folder);
        w->waitForAutosave();
        QVERIFY(w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
        const QString journal = w->recovery()->journalPath();
        QVERIFY(QFile::exists(journal));
        const auto others = QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                            QFileDevice::ExeGroup | QFileDevice::ReadOther |
                            QFileDevice::WriteOther | QFileDevice::ExeOther;
        for (const QString& path : {folder, QFileInfo(journal).path(), journal})
            QVERIFY2(!(QFile::permissions(path) & others), qPrintable(path));
        w->endSession();
    }

    /// After an open the journal's base (the file's bytes) is written in the background; an
    /// edit made before it is adopted goes into its first checkpoint, not lost.
    void editsWhileTheJournalBaseIsWrittenAreJournaled() {
        const QString folder = m_tmp.filePath(QStringLiteral("rec-base"));
        QByteArray edited;
        {
            auto w = openDocument(folder);
            // No event has been processed: the base is still being written or not yet adopted.
            QVERIFY(!w->journal()->isActive());
            QVERIFY(!QFile::exists(w->recovery()->journalPath()));
            QVERIFY(
                w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
            w->waitForAutosave();
            QVERIFY(w->journal()->isActive());
            QCOMPARE(w->journal()->checkpoints(), 1); // the drop, written once adopted
            const RackId r01 = rackNamed(w->design()->data(), QStringLiteral("R01"));
            QVERIFY(w->editor()->moveRacks({{r01, {1200, 3800}, 0}}, 3));
            QCOMPARE(w->journal()->checkpoints(), 2);
            edited = bytesOf(*w);
        }
        auto w = openDocument(folder, QString());
        QVERIFY(w->recovery()->hasPendingRecovery());
        QVERIFY(w->restoreRecovery());
        QCOMPARE(bytesOf(*w), edited);
        w->endSession();
    }

    /// A save makes the saved file the journal's new base; the old journal is removed off the
    /// UI thread and leaves nothing behind, and an edit after the save is still recovered.
    void aSaveReplacesTheJournalAndRemovesTheOld() {
        const QString folder = m_tmp.filePath(QStringLiteral("rec-save"));
        QByteArray edited;
        {
            auto w = openDocument(folder);
            w->waitForAutosave();
            QVERIFY(
                w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
            QCOMPARE(w->journal()->checkpoints(), 1);
            QVERIFY(w->saveTo(m_tmp.filePath(QStringLiteral("journal-saved.cds.json"))));
            w->journal()->waitForRemoval();
            QVERIFY(w->journal()->isActive());
            QCOMPARE(w->journal()->checkpoints(), 0);
            const QDir dir(QFileInfo(w->recovery()->journalPath()).path());
            for (const QString& name : dir.entryList(QDir::Files | QDir::Hidden))
                QVERIFY2(!name.endsWith(QLatin1String(".removing")) &&
                             !name.endsWith(QLatin1String(".next")),
                         qPrintable(name));
            const RackId r01 = rackNamed(w->design()->data(), QStringLiteral("R01"));
            QVERIFY(w->editor()->moveRacks({{r01, {1200, 3800}, 0}}, 3));
            QCOMPARE(w->journal()->checkpoints(), 1);
            edited = bytesOf(*w);
        }
        auto w = openDocument(folder, QString());
        QVERIFY(w->restoreRecovery());
        QCOMPARE(bytesOf(*w), edited);
        w->endSession();
    }

    /// The recent files are written on a thread of their own, in the order they were used,
    /// at most eight, and read back by the next session.
    void recentFilesAreKeptInOrder() {
        const QString key = QStringLiteral("recentFiles");
        QSettings().remove(key);
        const auto name = [](int i) { return QStringLiteral("/designs/%1.cds.json").arg(i); };
        {
            studio::RecentFiles recent;
            QVERIFY(recent.list().isEmpty());
            for (int i = 0; i < 10; ++i)
                recent.add(name(i));
            recent.add(name(5));
            QCOMPARE(recent.list().size(), studio::RecentFiles::kMax);
            QCOMPARE(recent.list().front(), name(5));
            QCOMPARE(recent.list().at(1), name(9));
            QCOMPARE(recent.list().back(), name(2));
            recent.waitForWritten();
            QCOMPARE(QSettings().value(key).toStringList(), recent.list());
        }
        QCOMPARE(studio::RecentFiles().list().front(), name(5));
        QSettings().remove(key);
    }

    /// The journal's base is the file as opened, not a re-serialization: recovery must work
    /// for a file that is not in canonical form (hand-edited, compact, other key order).
    void journalOnANonCanonicalFile() {
        const QString folder = m_tmp.filePath(QStringLiteral("rec-compact"));
        const QString path = m_tmp.filePath(QStringLiteral("compact.cds.json"));
        {
            QFile in(examplePath());
            QVERIFY(in.open(QIODevice::ReadOnly));
            const QJsonDocument doc = QJsonDocument::fromJson(in.readAll()); // keys re-sorted
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(doc.toJson(QJsonDocument::Compact));
        }
        QByteArray edited;
        {
            auto w = openDocument(folder, path);
            QVERIFY(bytesOf(*w) != [&] {
                QFile f(path);
                return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
            }());
            QVERIFY(
                w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
            edited = bytesOf(*w);
        }
        auto w = openDocument(folder, QString());
        QVERIFY(w->restoreRecovery());
        QCOMPARE(bytesOf(*w), edited);
        w->endSession();
    }

    /// Two studios at once: each has its own recovery store. The second offers nothing of the
    /// first's live work and cannot delete it; when the first crashes, the next start offers
    /// exactly its work.
    void twoInstancesKeepTheirOwnRecovery() {
        const QString folder = m_tmp.filePath(QStringLiteral("rec-two"));
        auto first = openDocument(folder);
        QVERIFY(
            first->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
        first->autosaveNow();
        first->waitForAutosave();
        const QByteArray firstWork = bytesOf(*first);
        {
            auto second = openDocument(folder);
            QVERIFY(!second->hasPendingRecovery());
            QVERIFY(second->recovery()->folder() != first->recovery()->folder());
            second->declineRecovery();
            QVERIFY(second->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"),
                                                      {5100, 3900}));
            second->autosaveNow();
            second->waitForAutosave();
            second->endSession();
        }
        QVERIFY(QFile::exists(first->recovery()->autosavePath()));
        EditJournal::Recovery live = EditJournal::recover(first->recovery()->journalPath());
        QVERIFY2(live.ok, qPrintable(live.error));
        QCOMPARE(DesignFile::toBytes(live.data), firstWork);
        first.reset(); // the first one crashes
        auto next = openDocument(folder, QString());
        QVERIFY(next->hasPendingRecovery());
        QVERIFY(next->restoreRecovery());
        QCOMPARE(bytesOf(*next), firstWork);
        next->endSession();
        QVERIFY(!studio::RecoveryManager(folder).hasPendingRecovery());
    }

    /// Scenarios, those in the file and those added since, come back after a crash.
    void recoveryKeepsScenarios() {
        const QString folder = m_tmp.filePath(QStringLiteral("rec-scen"));
        QByteArray edited;
        {
            auto w = openDocument(folder);
            QVERIFY(w->editor()->push(
                ScenariosEdit::addCurrent(w->design()->data(), QStringLiteral("baseline"))));
            QVERIFY(
                w->editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
            QCOMPARE(w->design()->data().scenarios.size(), std::size_t(1));
            edited = bytesOf(*w);
        }
        auto w = openDocument(folder, QString());
        QVERIFY(w->restoreRecovery());
        QCOMPARE(w->design()->data().scenarios.size(), std::size_t(1));
        QCOMPARE(bytesOf(*w), edited);
        w->endSession();
    }

    void autosaveTimerFiresAfterEdits() {
        const QString folder = m_tmp.filePath(QStringLiteral("rec-timer"));
        studio::StudioDocument w(CatalogLibrary::loadDefault(), {false, folder, 50});
        QVERIFY(w.openFile(examplePath()));
        QVERIFY(!QFile::exists(w.recovery()->autosavePath()));
        QVERIFY(w.editor()->dropCatalogItem(QStringLiteral("rack-42u-600x1200"), {4500, 3900}));
        QTRY_VERIFY(QFile::exists(w.recovery()->autosavePath()));
        // Back to the saved state: the autosave is no longer needed.
        w.undoStack()->undo();
        QVERIFY(!QFile::exists(w.recovery()->autosavePath()));
    }
};

QTEST_MAIN(TestFiles)
#include "tst_files.moc"
