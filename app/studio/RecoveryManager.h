#pragma once

#include "model/DesignData.h"

#include <QString>

namespace cds::studio {

/// @brief Crash recovery: a session lock written at start and removed on a clean exit,
/// and an autosave of the unsaved design beside it (QStandardPaths::AppDataLocation).
/// A lock left behind with an autosave next to it means the last session crashed.
class RecoveryManager {
public:
    /// @p folder defaults to AppDataLocation/recovery.
    explicit RecoveryManager(QString folder = {});
    QString folder() const { return m_folder; }
    QString autosavePath() const;
    /// Checked before startSession(): the previous session ended without a clean exit and
    /// left an autosave.
    bool hasPendingRecovery() const;
    /// The file the recovered design was opened from (empty for an untitled design).
    QString pendingOriginalPath() const;
    void startSession();
    /// Writes the autosave atomically; returns false with @p error on failure.
    bool autosave(const DesignData& d, const QString& originalPath, QString* error = nullptr);
    /// Removes the autosave (after a save, or once the design is clean again).
    void discard();
    /// Clean exit: removes the lock and the autosave.
    void endSession();

private:
    QString lockPath() const;
    QString metaPath() const;
    QString m_folder;
};

} // namespace cds::studio
