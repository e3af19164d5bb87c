#pragma once

#include "model/DesignData.h"

#include <QMutex>
#include <QString>

#include <memory>
#include <optional>

class QLockFile;

namespace cds::studio {

/// @brief Crash recovery, one store per running instance.
///
/// Under the recovery root (~/.local/share/cluster-design-studio/recovery) each running
/// studio has its own session folder holding a lock (QLockFile, held while it runs), the
/// autosave of its unsaved design, the edit journal and the path the design came from. A clean
/// exit removes the folder. A folder whose lock nobody holds any more (its studio crashed or
/// was killed) and that still holds an autosave or a journal is work to recover; a second
/// instance never sees a live one's folder as such, so it can neither offer nor delete it.
class RecoveryManager {
public:
    /// @p root defaults to GenericDataLocation/cluster-design-studio/recovery.
    explicit RecoveryManager(QString root = {});
    ~RecoveryManager();
    QString root() const { return m_root; }
    /// This session's folder (empty before startSession()).
    QString folder() const { return m_folder; }
    QString autosavePath() const;
    /// The edit journal (model/EditJournal): every completed edit since the last open/save.
    QString journalPath() const;

    /// A session that ended without a clean exit left an autosave or an edit journal (as
    /// found by startSession(), or now if this session has not started).
    bool hasPendingRecovery() const;
    /// The crashed session's files, and the file its design was opened from (empty for an
    /// untitled design).
    QString pendingAutosavePath() const;
    QString pendingJournalPath() const;
    QString pendingOriginalPath() const;
    /// The pending work was restored or declined: the crashed session's folder is removed.
    void discardPending();

    /// Creates this session's folder and takes its lock. Returns false with @p error when
    /// the folder cannot be made (recovery is then off for this session).
    bool startSession(QString* error = nullptr);
    /// Writes the autosave atomically; returns false with @p error on failure.
    bool autosave(const DesignData& d, const QString& originalPath, QString* error = nullptr);
    /// Records which file the design in progress came from (empty: untitled). Any thread; an
    /// unchanged origin is not written again (a synced write right after a save's 60 MB took
    /// the UI thread ~10 ms), so a save records it on its worker.
    void setOrigin(const QString& originalPath);
    /// Removes the autosave (after a save, or once the design is clean again). The journal
    /// is the EditJournal's to remove.
    void discard();
    /// Clean exit: removes this session's folder with its lock, autosave and journal.
    void endSession();

private:
    /// The most recent abandoned session folder with work in it, or empty.
    QString findAbandoned() const;
    QString m_root;
    QString m_folder;
    QString m_pending; ///< the abandoned folder found at startSession()
    std::unique_ptr<QLockFile> m_lock;
    QMutex m_originMutex;
    std::optional<QString> m_origin; ///< as last written to this session's folder
};

} // namespace cds::studio
