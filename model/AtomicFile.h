#pragma once

#include "ByteSink.h"

#include <QByteArray>
#include <QString>

#include <sys/types.h>

#include <memory>
#include <utility>
#include <vector>

namespace cds {

/// The one way the program writes an output file. A regular file (or a new one) is written to
/// a temporary file beside it, every write, the flush to disk (fsync) and the close checked,
/// then renamed over it, so a failure (a full disk) or a crash leaves any previous file as it
/// was. A target that is not a regular file is never replaced: a device or a FIFO
/// (/dev/stdout, a pipe) is written in place, each write checked; a folder or a socket is
/// refused. Returns false and sets @p error to "PATH: cannot write: REASON" in the system's
/// words ("No space left on device").
bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error);

/// @brief A folder export written as one output, each file as it is produced: every file is
/// staged beside its target through a buffer (each write checked; close() flushes, syncs and
/// closes it), and only commit() renames them all into place. A failure part way, or a folder
/// dropped without commit() (a cancel), leaves every previous file as it was and no staged
/// file behind; error() then names the file and the system's reason ("PATH: cannot write: No
/// space left on device"). Targets must be regular files (or new).
class StagedFolder final : public FolderSink {
public:
    explicit StagedFolder(QString dir);
    ~StagedFolder() override;
    StagedFolder(const StagedFolder&) = delete;
    StagedFolder& operator=(const StagedFolder&) = delete;

    ByteSink* open(const QString& rel) override;
    bool close(ByteSink* file) override;
    QString error() const override { return m_error; }
    /// Closes the files still open, then renames every staged file over its target.
    bool commit();

private:
    struct File;
    bool failed(const QString& message);
    void discard();
    QString m_dir, m_error;
    std::vector<std::unique_ptr<File>> m_files;
};

/// Writes @p files (paths relative to @p dir, created with their folders) as one output:
/// every file is first staged beside its target and only when all are written are they
/// renamed into place, so a failure part way leaves every previous file as it was and no
/// staged file behind. Targets must be regular files (or new).
bool writeFilesAtomically(const QString& dir, const std::vector<FolderFile>& files, QString* error);

/// Writes @p bytes to the standard output, checking the write and the flush; on failure
/// sets @p error to "cannot write to standard output: REASON".
bool writeStandardOutput(const QByteArray& bytes, QString* error);

namespace AtomicFileTesting {
/// The write(2) every output goes through; tests put a function here that fails like a full
/// disk. nullptr restores write(2).
using WriteFunction = ssize_t (*)(int fd, const void* data, size_t size);
void setWriteFunction(WriteFunction f);
} // namespace AtomicFileTesting

} // namespace cds
