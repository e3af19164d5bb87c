#pragma once

#include "../Design.h"

#include <QFile>

#include <set>
#include <thread>

namespace cds {

/// @brief Crash-proof editing: an append-only journal of completed edits over a base design.
/// The file holds the base design, then one line per checkpoint with the new state of every
/// object changed since the previous one (or a deletion). Each line is flushed and synced
/// before checkpoint() returns, so recovery restores every edit that completed; a line torn by
/// a crash is ignored.
class EditJournal : public QObject {
    Q_OBJECT
public:
    explicit EditJournal(Design* design, QObject* parent = nullptr);
    ~EditJournal() override;

    /// Starts a journal at @p path with the design's current state as its base.
    /// @p baseBytes: the current design as file bytes that load back into it (the file just
    /// opened or saved), which spares serializing it again; empty: serialized here.
    bool start(const QString& path, QString* error = nullptr, const QByteArray& baseBytes = {});
    /// What start() writes, without taking it over: a journal at @p path whose base is
    /// @p baseBytes, synced to disk. Any thread (a save writes it beside the file it saves).
    static bool writeBase(const QString& path, const QByteArray& baseBytes, QString* error);
    /// Takes over @p prepared, made by writeBase() from the design as it is now, as the
    /// journal at @p path (a rename, so the UI thread does not write the base itself).
    /// @p keepChanges: the base is the design as it was at forgetChanges(), and what changed
    /// since goes into the next checkpoint (a base written in the background while the user
    /// edits).
    bool adopt(const QString& prepared, const QString& path, QString* error = nullptr,
               bool keepChanges = false);
    /// The design as it is now is the base: what changed before is no longer pending.
    void forgetChanges();
    /// Appends what changed since the last checkpoint (nothing is written if nothing did).
    /// On a failed write (a full disk) the journal stays readable and what changed is kept:
    /// the next checkpoint that can write writes it all. lastError() says why.
    bool checkpoint(const QString& what);
    QString lastError() const { return m_lastError; }
    /// Stops journaling; @p remove deletes the file (a clean save or exit).
    void stop(bool remove);
    bool isActive() const { return m_file.isOpen(); }
    QString path() const { return m_file.fileName(); }
    int checkpoints() const { return m_seq; }
    /// Waits until a replaced or stopped journal's file, removed in the background, is gone.
    void waitForRemoval();

    struct Recovery {
        bool ok = false;
        DesignData data;
        int edits = 0;         ///< checkpoints replayed
        bool tornTail = false; ///< the last line was incomplete (a crash mid-write)
        QString error;
    };
    /// Rebuilds the design from a journal file.
    static Recovery recover(const QString& path);
    /// Whether the journal at @p path holds anything after its base (an edit, or a line torn
    /// by a crash), read from its header and size alone. A file that is not a journal of this
    /// version is said to hold edits, so nothing is thrown away unread.
    static bool holdsEdits(const QString& path);

private:
    void track();
    /// Removes @p path off the calling thread: unlinking the 30 MB journal of a 100,000-GPU
    /// design held the UI thread ~10 ms, most of a save's stall. A crash meanwhile leaves a
    /// stale file beside the journal, which the session folder's removal takes with it.
    void removeInBackground(const QString& path);
    std::thread m_removal;
    Design* m_design;
    QFile m_file;
    int m_seq = 0;
    std::set<RackId> m_racks;
    std::set<DeviceId> m_devices;
    std::set<LinkId> m_links;
    bool m_props = false;
    bool m_pathways = false; ///< trays changed: the line carries them all
    bool m_power = false;    ///< the power chain changed: the line carries it whole
    bool m_full = false;
    std::size_t m_catalogWritten = 0;
    /// Catalog ids the recovered design will hold: the base's embedded entries and those the
    /// lines wrote. An object whose type is not among them carries its entry in its line (an
    /// undone deletion brings back a device whose type the saved base no longer embedded).
    std::set<QString> m_typesInJournal;
    QString m_lastError;
};

} // namespace cds
