#pragma once

#include "model/DesignData.h"

#include <QString>

namespace cds::studio {

/// @brief Crash recovery: a session lock written at start and removed on a clean exit,
/// and an autosave of the unsaved design beside it (~/.local/share/cluster-design-studio/recovery).
/// A lock left behind with an autosave next to it means the last session crashed.
class RecoveryManager {
public:
    /// @p folder defaults to GenericDataLocation/cluster-design-studio/recovery.
    explicit RecoveryManager(QString folder = {});
    QString folder() const { return m_folder; }
    QString autosavePath() const;
    /// The edit journal (model/EditJournal): every completed edit since the last open/save.
    QString journalPath() const;
    /// The previous session ended without a clean exit and left an autosave or an edit
    /// journal (as found by startSession(), or now if the session has not started).
    bool hasPendingRecovery() const;
    /// The pending recovery was restored or declined.
    void clearPending() { m_pending = false; }
    /// The file the recovered design was opened from (empty for an untitled design).
    QString pendingOriginalPath() const;
    void startSession();
    /// Writes the autosave atomically; returns false with @p error on failure.
    bool autosave(const DesignData& d, const QString& originalPath, QString* error = nullptr);
    /// Records which file the design in progress came from (empty: untitled).
    void setOrigin(const QString& originalPath);
    /// Removes the autosave (after a save, or once the design is clean again). The journal
    /// is the EditJournal's to remove.
    void discard();
    /// Clean exit: removes the lock, the autosave and the journal.
    void endSession();

private:
    QString lockPath() const;
    QString metaPath() const;
    bool leftBehind() const;
    QString m_folder;
    bool m_started = false;
    bool m_pending = false;
};

} // namespace cds::studio
