#pragma once

#include "model/Catalog.h"
#include "model/Design.h"
#include "model/generator/Generator.h"
#include "model/json/CatalogFile.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

class QUndoStack;

namespace cds {
class EditJournal;
class LiveAnalysis;
} // namespace cds

namespace cds::exports {
enum class ExportKind : std::uint8_t;
} // namespace cds::exports

namespace cds::studio {

class DesignEditor;
class RecoveryManager;
class TaskRunner;
using exports::ExportKind;

/// @brief One open design and its whole life, without a window: the design, its undo stack
/// and editor, the live analysis, the edit journal, crash recovery, autosave and the long
/// tasks (open, save, generate, export). The window shows it; tests drive it directly.
///
/// Failures are reported through failed() (the window shows a dialog when interactive) and
/// lastError(); a cancelled task changes nothing and only says so through message().
class StudioDocument : public QObject {
    Q_OBJECT
public:
    struct Options {
        bool interactive = true; ///< false: the task runner shows no progress dialog
        QString recoveryFolder;  ///< empty: GenericDataLocation/cluster-design-studio/recovery
        int autosaveDelayMs = 3000;
    };
    StudioDocument(CatalogLibrary library, Options options, QObject* parent = nullptr);
    ~StudioDocument() override;

    Design* design() const { return m_design; }
    QUndoStack* undoStack() const { return m_undo; }
    DesignEditor* editor() const { return m_editor; }
    LiveAnalysis* analysis() const { return m_analysis; }
    RecoveryManager* recovery() const { return m_recovery.get(); }
    EditJournal* journal() const { return m_journal; }
    /// Runs open, save, generate and export with progress and Cancel.
    TaskRunner* tasks() const { return m_tasks; }
    const Catalog& library() const { return m_library.catalog(); }
    const CatalogLibrary& catalogs() const { return m_library; }

    /// The file the design was opened from or saved to; empty while untitled.
    QString path() const { return m_path; }
    /// Unsaved: edits since the last open or save, or work restored after a crash.
    bool isModified() const;
    QString lastError() const { return m_lastError; }
    /// The file name, or the design's title while untitled.
    QString displayName() const;

    /// A new untitled design: an empty hall with the four standard networks.
    void newDesign();
    /// Opens @p path, reading it on a worker thread with progress; a broken file is reported
    /// (file:line:column) and a cancelled or failed open leaves the current design as it was.
    bool openFile(const QString& path);
    /// Saves to @p path on a worker thread with progress; a cancelled or failed save leaves
    /// the file as it was and the design unsaved.
    bool saveTo(const QString& path);
    /// Writes @p kind to @p path with progress and Cancel (the PDF report on the UI thread:
    /// its charts are widgets).
    bool exportTo(ExportKind kind, const QString& path);
    /// Runs the generator and applies its design as one undo step. The result is a new
    /// untitled document: saving it never overwrites the file that was open. A refusal goes
    /// to @p error when given (the Generate dialog shows it inline), else through failed().
    bool generate(const GenerateParams& params, QString* error = nullptr);

    /// The previous session ended without a clean exit and left work to restore.
    bool hasPendingRecovery() const;
    /// Restores that work (from the journal, else the autosave); it stays unsaved.
    bool restoreRecovery();
    /// The user declined the restore: the crashed session's files are removed.
    void declineRecovery();
    /// Writes the autosave on a worker thread from a copy of the design; returns at once.
    void autosaveNow();
    /// Waits until an autosave in progress has been written, and the journal's base after an
    /// open, which is written in the background while the user works (the journal is then
    /// active and holds every edit made meanwhile).
    void waitForAutosave();
    /// While @p held says so (a drag in progress: its step is still open) steps are not
    /// journaled; checkpoint() once it ends journals them.
    void setJournalHold(std::function<bool()> held) { m_journalHeld = std::move(held); }
    /// Journals the steps completed since the last checkpoint.
    void checkpoint();
    /// Clean exit: the recovery files are removed.
    void endSession();

Q_SIGNALS:
    /// A different design is now open (new, open, restore): views drop selections and fit.
    void reopened();
    /// The path or the modified state changed.
    void titleChanged();
    /// Something the user should read in the status bar.
    void message(const QString& text, int timeoutMs);
    /// An operation failed: @p title for a dialog, @p text the reason.
    void failed(const QString& title, const QString& text);
    /// A file was opened or saved (for the recent files list).
    void fileUsed(const QString& path);

private:
    void fail(const QString& title, const QString& text);
    /// A cancelled task: not an error, and nothing changed.
    void cancelled(const QString& text);
    /// @p cablesRouted: @p d's cables are routed (an open routes them on its worker).
    void resetTo(DesignData d, const QString& path, const QByteArray& fileBytes = {},
                 bool cablesRouted = false);
    /// A new journal from @p baseBytes; @p prepared: one a worker already wrote (writeBase).
    void restartJournal(const QByteArray& baseBytes = {}, const QString& prepared = {});
    void finishAutosave();
    void finishJournalBase();
    DesignData emptyDesign() const;

    CatalogLibrary m_library;
    Options m_options;
    Design* m_design;
    QUndoStack* m_undo;
    DesignEditor* m_editor;
    LiveAnalysis* m_analysis;
    std::unique_ptr<RecoveryManager> m_recovery;
    EditJournal* m_journal;
    TaskRunner* m_tasks;
    QTimer m_autosave;
    struct AutosaveJob;
    std::unique_ptr<AutosaveJob> m_autosaveJob;
    struct JournalBaseJob;
    std::unique_ptr<JournalBaseJob> m_journalBaseJob;
    QString m_path;
    QString m_lastError;
    bool m_recoveredUnsaved = false;
    std::function<bool()> m_journalHeld;
    bool m_journalFailing = false;
};

} // namespace cds::studio
