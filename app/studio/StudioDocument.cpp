#include "StudioDocument.h"

#include "DesignEditor.h"
#include "RecoveryManager.h"
#include "TaskRunner.h"
#include "export/Exports.h"

#include "model/analysis/LiveAnalysis.h"
#include "model/cabling/CableRouting.h"
#include "model/json/CatalogFile.h"
#include "model/json/DesignFile.h"
#include "model/json/EditJournal.h"

#include <QFileInfo>
#include <QThread>
#include <QUndoStack>

namespace cds::studio {

using exports::ExportInfo;
using exports::exportInfo;

/// An autosave being written on its worker thread, with its outcome.
struct StudioDocument::AutosaveJob {
    std::unique_ptr<QThread> thread;
    bool ok = false;
    QString error;
};

/// The journal's base (the file just opened: 30 MB at 100,000 GPUs, synced to disk) written
/// beside the journal; adopted when written.
struct StudioDocument::JournalBaseJob {
    std::unique_ptr<QThread> thread;
    QString prepared;
    bool ok = false;
    QString error;
};

StudioDocument::StudioDocument(CatalogLibrary library, Options options, QObject* parent)
    : QObject(parent)
    , m_library(std::move(library))
    , m_options(std::move(options))
    , m_design(new Design(emptyDesign(), this))
    , m_undo(new QUndoStack(this))
    , m_editor(new DesignEditor(m_design, m_undo, &m_library.catalog(), this))
    , m_analysis(new LiveAnalysis(m_design, this))
    , m_recovery(std::make_unique<RecoveryManager>(m_options.recoveryFolder))
    , m_journal(new EditJournal(m_design, this))
    , m_tasks(new TaskRunner(this, m_options.interactive)) {
    m_autosave.setSingleShot(true);
    m_autosave.setInterval(m_options.autosaveDelayMs);
    connect(&m_autosave, &QTimer::timeout, this, &StudioDocument::autosaveNow);
    // Start the countdown at the first unsaved change, not the last: continuous editing
    // still autosaves every few seconds.
    // indexChanged, not Design::changed: during a push the stack is not yet unclean.
    connect(m_undo, &QUndoStack::indexChanged, this, [this] {
        if (!m_autosave.isActive() && !m_undo->isClean())
            m_autosave.start();
    });
    // Every completed step goes to the journal at once, so a crash loses no finished edit.
    connect(m_undo, &QUndoStack::indexChanged, this, &StudioDocument::checkpoint);
    connect(m_undo, &QUndoStack::indexChanged, this, &StudioDocument::titleChanged);
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) {
        if (clean && !m_recoveredUnsaved) {
            waitForAutosave();
            m_recovery->discard();
        }
        Q_EMIT titleChanged();
    });
    // This instance's own recovery folder; a crashed session's stays untouched until the
    // user decides on it, and a running one's is never ours.
    QString error;
    if (!m_recovery->startSession(&error))
        m_lastError = error;
    restartJournal();
    m_analysis->runNow();
}

StudioDocument::~StudioDocument() {
    // Children outlive the members: the undo stack announces cleanChanged while it dies.
    disconnect(m_undo, nullptr, this, nullptr);
    waitForAutosave();
}

DesignData StudioDocument::emptyDesign() const {
    DesignData d;
    embedSupportItems(d, m_library.catalog());
    for (FabricKind k :
         {FabricKind::Compute, FabricKind::Storage, FabricKind::Inband, FabricKind::Oob}) {
        Fabric f;
        f.name = fabricKindKey(k);
        f.kind = k;
        f.technology = k == FabricKind::Compute ? Technology::InfiniBand : Technology::Ethernet;
        d.fabrics.push_back(f);
    }
    return d;
}

bool StudioDocument::isModified() const {
    return !m_undo->isClean() || m_recoveredUnsaved;
}

QString StudioDocument::displayName() const {
    return m_path.isEmpty() ? m_design->data().meta.title : QFileInfo(m_path).fileName();
}

void StudioDocument::fail(const QString& title, const QString& text) {
    m_lastError = text;
    Q_EMIT failed(title, text);
}

void StudioDocument::cancelled(const QString& text) {
    m_lastError = text;
    Q_EMIT message(text, 8000);
}

void StudioDocument::checkpoint() {
    if (!m_journal->isActive() || (m_journalHeld && m_journalHeld()))
        return;
    const bool ok = m_journal->checkpoint(m_undo->undoText());
    // Say it once when the journal stops being written, and once when it catches up.
    if (ok == m_journalFailing) {
        m_journalFailing = !ok;
        Q_EMIT message(ok ? QStringLiteral("The recovery journal is written again")
                          : QStringLiteral("%1: cannot write the recovery journal (%2); edits "
                                           "are kept and written once there is space")
                                .arg(m_journal->path(), m_journal->lastError()),
                       ok ? 4000 : 15000);
    }
}

void StudioDocument::resetTo(DesignData d, const QString& path, const QByteArray& fileBytes,
                             bool cablesRouted) {
    m_undo->clear();
    m_design->reset(std::move(d), cablesRouted);
    m_path = path;
    m_recoveredUnsaved = false;
    m_undo->setClean();
    restartJournal(fileBytes);
    m_analysis->runNow();
    Q_EMIT reopened();
    Q_EMIT titleChanged();
}

void StudioDocument::restartJournal(const QByteArray& baseBytes, const QString& prepared) {
    waitForAutosave(); // it writes the origin beside the autosave too
    if (m_recovery->folder().isEmpty())
        return; // recovery is off: the folder could not be made
    m_journalFailing = false;
    QString error;
    if (prepared.isEmpty() && !baseBytes.isEmpty()) {
        // The bytes are the design as it is now: written in the background, and what the user
        // changes meanwhile goes into the journal's first checkpoint once it is adopted.
        m_journal->stop(true);
        m_journal->forgetChanges();
        m_journalBaseJob = std::make_unique<JournalBaseJob>();
        JournalBaseJob* job = m_journalBaseJob.get();
        job->prepared = m_recovery->journalPath() + QStringLiteral(".base");
        job->thread.reset(QThread::create([job, baseBytes] {
            job->ok = EditJournal::writeBase(job->prepared, baseBytes, &job->error);
        }));
        connect(job->thread.get(), &QThread::finished, this, [this, job] {
            if (m_journalBaseJob.get() == job)
                finishJournalBase();
        });
        job->thread->start();
        m_recovery->setOrigin(m_path);
        return;
    }
    const bool started = prepared.isEmpty()
                             ? m_journal->start(m_recovery->journalPath(), &error, baseBytes)
                             : m_journal->adopt(prepared, m_recovery->journalPath(), &error);
    if (!started)
        Q_EMIT message(error, 8000);
    m_recovery->setOrigin(m_path);
}

void StudioDocument::newDesign() {
    resetTo(emptyDesign(), QString());
}

bool StudioDocument::openFile(const QString& path) {
    if (m_tasks->busy())
        return false;
    LoadResult r;
    QByteArray bytes;
    const bool finished = m_tasks->run(QStringLiteral("Opening %1").arg(QFileInfo(path).fileName()),
                                       [&](const Progress& progress) {
                                           const ProgressSpan reading(progress, 0, 90);
                                           r = DesignFile::load(path, reading.callback(), &bytes);
                                           if (r.ok && (!progress || progress(90)))
                                               routeCables(r.data);
                                       });
    if (!finished || r.cancelled) {
        cancelled(QStringLiteral("%1: opening was cancelled; the design is unchanged").arg(path));
        return false;
    }
    if (!r.ok) {
        fail(QStringLiteral("Cannot open design"),
             r.errors.empty() ? QStringLiteral("%1: cannot be read").arg(path)
                              : r.errors.front().toString());
        return false;
    }
    resetTo(std::move(r.data), QFileInfo(path).absoluteFilePath(), bytes, true);
    Q_EMIT fileUsed(m_path);
    if (!r.notes.isEmpty())
        Q_EMIT message(r.notes.join(QStringLiteral("; ")), 8000);
    return true;
}

bool StudioDocument::saveTo(const QString& path) {
    if (m_tasks->busy())
        return false;
    // Not the journal's base after an open: it goes on being written meanwhile, and the save
    // starts a journal of its own once done.
    if (m_autosaveJob)
        finishAutosave();
    // The worker reads the live design, not a copy (copying 100,000 GPUs' links stalled the UI
    // thread ~12 ms): while the task runs input is blocked, so nothing edits it, and a pending
    // analysis runs first, so no cable data is re-derived either. Should anything still change
    // it meanwhile, the save is written again from a copy.
    if (m_analysis->isPending())
        m_analysis->runNow();
    const DesignData& live = m_design->data();
    int changes = 0;
    const auto count = [&changes] { ++changes; };
    const QMetaObject::Connection watched = connect(m_design, &Design::changed, this, count);
    const QMetaObject::Connection derived = connect(m_design, &Design::derivedChanged, this, count);
    QString error, journalError;
    QByteArray written;
    bool ok = false, journalReady = false;
    // The worker also writes the new journal's base (the saved bytes), beside the live one:
    // at 100,000 GPUs that is 30 MB the UI thread would otherwise write and sync.
    const QString nextJournal = m_recovery->folder().isEmpty()
                                    ? QString()
                                    : m_recovery->journalPath() + QStringLiteral(".next");
    const QString savedPath = QFileInfo(path).absoluteFilePath();
    const bool finished = m_tasks->run(
        QStringLiteral("Saving %1").arg(QFileInfo(path).fileName()), [&](const Progress& progress) {
            ok = DesignFile::save(live, path, &error, progress, &written);
            if (ok && !nextJournal.isEmpty()) {
                journalReady = EditJournal::writeBase(nextJournal, written, &journalError);
                m_recovery->setOrigin(savedPath); // its synced write would stall the UI thread
            }
        });
    disconnect(watched);
    disconnect(derived);
    if (ok && changes > 0) {
        const DesignData snapshot = live;
        ok = DesignFile::save(snapshot, path, &error, {}, &written);
        journalReady = false;
    }
    if (!ok) {
        if (finished)
            fail(QStringLiteral("Cannot save design"), error);
        else
            cancelled(error);
        return false;
    }
    m_path = savedPath;
    m_recoveredUnsaved = false;
    m_undo->setClean();
    m_recovery->discard();
    if (journalReady)
        restartJournal(written, nextJournal); // the saved file is the new base
    else
        restartJournal(written);
    Q_EMIT fileUsed(m_path);
    Q_EMIT titleChanged();
    Q_EMIT message(QStringLiteral("Saved %1").arg(m_path), 4000);
    return true;
}

bool StudioDocument::exportTo(ExportKind kind, const QString& path) {
    if (m_tasks->busy())
        return false;
    const ExportInfo& info = exportInfo(kind);
    const DesignData snapshot = m_design->data();
    QString error;
    bool ok = false;
    const bool finished = m_tasks->run(
        QStringLiteral("Exporting %1").arg(QFileInfo(path).fileName()),
        [&](const Progress& progress) {
            ok = exports::writeExport(snapshot, kind, path, {}, progress, &error);
        },
        info.needsUiThread ? TaskRunner::Thread::Ui : TaskRunner::Thread::Worker);
    if (!ok) {
        if (finished)
            fail(QStringLiteral("Cannot export"), error);
        else
            cancelled(error);
        return false;
    }
    Q_EMIT message(QStringLiteral("Exported %1").arg(path), 6000);
    return true;
}

bool StudioDocument::generate(const GenerateParams& params, QString* error) {
    if (m_tasks->busy())
        return false;
    GenerateResult r;
    const bool finished = m_tasks->run(
        QStringLiteral("Generating %1 GPUs").arg(params.gpus), [&](const Progress& progress) {
            r = generateCluster(params, m_library.catalog(), progress);
        });
    if (!finished) {
        cancelled(QStringLiteral("Generation cancelled; the design is unchanged"));
        return false;
    }
    if (!r.ok) {
        m_lastError = r.error;
        if (error)
            *error = r.error;
        else
            fail(QStringLiteral("Cannot generate"), r.error);
        return false;
    }
    const bool ok = m_editor->replaceDesign(std::move(r.design),
                                            QStringLiteral("Generate %1 GPUs").arg(params.gpus));
    if (ok && !m_path.isEmpty()) {
        // A new document: Save asks for a name instead of replacing the file that was open.
        m_path.clear();
        m_recovery->setOrigin(m_path);
        Q_EMIT titleChanged();
    }
    Q_EMIT reopened();
    if (!r.notes.isEmpty())
        Q_EMIT message(r.notes.join(QStringLiteral("; ")), 10000);
    return ok;
}

bool StudioDocument::hasPendingRecovery() const {
    return m_recovery->hasPendingRecovery();
}

void StudioDocument::declineRecovery() {
    m_recovery->discardPending();
}

bool StudioDocument::restoreRecovery() {
    const QString origin = m_recovery->pendingOriginalPath();
    // The journal holds every completed edit; the autosave is the fallback when the
    // journal is missing or unreadable.
    DesignData data;
    QString from = QStringLiteral("the edit journal");
    EditJournal::Recovery j = EditJournal::recover(m_recovery->pendingJournalPath());
    if (j.ok) {
        data = std::move(j.data);
    } else {
        LoadResult r = DesignFile::load(m_recovery->pendingAutosavePath());
        if (!r.ok) {
            // Nothing is removed: the files stay for a later try or a look by hand.
            fail(QStringLiteral("Cannot restore"),
                 j.error.isEmpty() ? QStringLiteral("no readable autosave or journal") : j.error);
            return false;
        }
        data = std::move(r.data);
        from = QStringLiteral("the autosave");
    }
    routeCables(data);
    resetTo(std::move(data), origin, {}, true);
    // Restored work is unsaved until the user saves it; keep an autosave of it meanwhile.
    m_recoveredUnsaved = true;
    autosaveNow();
    waitForAutosave(); // once this session holds the work, the crashed one's files can go
    if (QFileInfo::exists(m_recovery->autosavePath()))
        m_recovery->discardPending();
    Q_EMIT titleChanged();
    Q_EMIT message(QStringLiteral("Restored the design from %1").arg(from), 8000);
    return true;
}

void StudioDocument::autosaveNow() {
    m_autosave.stop();
    if (m_undo->isClean() && !m_recoveredUnsaved)
        return;
    if (m_autosaveJob) { // one at a time: the next one starts when the timer fires again
        m_autosave.start();
        return;
    }
    // A copy, so editing goes on while it is written.
    auto snapshot = std::make_shared<const DesignData>(m_design->data());
    m_autosaveJob = std::make_unique<AutosaveJob>();
    AutosaveJob* job = m_autosaveJob.get();
    RecoveryManager* recovery = m_recovery.get();
    job->thread.reset(QThread::create([job, recovery, snapshot, origin = m_path] {
        job->ok = recovery->autosave(*snapshot, origin, &job->error);
    }));
    connect(job->thread.get(), &QThread::finished, this, [this, job] {
        if (m_autosaveJob.get() == job)
            finishAutosave();
    });
    job->thread->start();
}

void StudioDocument::waitForAutosave() {
    if (m_autosaveJob)
        finishAutosave();
    if (m_journalBaseJob)
        finishJournalBase();
}

void StudioDocument::finishJournalBase() {
    const std::unique_ptr<JournalBaseJob> job = std::move(m_journalBaseJob);
    job->thread->wait();
    QString error = job->error;
    if (!job->ok ||
        !m_journal->adopt(job->prepared, m_recovery->journalPath(), &error, /*keepChanges=*/true)) {
        Q_EMIT message(error, 8000);
        return;
    }
    checkpoint(); // the edits made while the base was written
}

void StudioDocument::finishAutosave() {
    const std::unique_ptr<AutosaveJob> job = std::move(m_autosaveJob);
    job->thread->wait();
    if (!job->ok)
        Q_EMIT message(QStringLiteral("Autosave failed: ") + job->error, 8000);
}

void StudioDocument::endSession() {
    waitForAutosave();
    m_journal->waitForRemoval(); // its folder is removed next
    m_recovery->endSession();
}

} // namespace cds::studio
