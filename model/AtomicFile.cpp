#include "AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cds {

namespace {

std::atomic<AtomicFileTesting::WriteFunction> g_write{nullptr};

QString systemError(int code) {
    return QString::fromLocal8Bit(std::strerror(code));
}

QString cannotWrite(const QString& path, const QString& reason) {
    return QStringLiteral("%1: cannot write: %2").arg(path, reason);
}

bool fail(QString* error, const QString& message) {
    if (error)
        *error = message;
    return false;
}

/// Writes @p size bytes at @p data to @p fd; false with errno set on the first failed write.
bool writeAll(int fd, const char* data, std::size_t size) {
    const char* p = data;
    std::size_t left = size;
    while (left > 0) {
        const AtomicFileTesting::WriteFunction hook = g_write.load();
        const ssize_t n = hook ? hook(fd, p, left) : ::write(fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = ENOSPC; // a write that makes no progress: the device is full
            return false;
        }
        p += n;
        left -= std::size_t(n);
    }
    return true;
}

bool writeAll(int fd, const QByteArray& bytes) {
    return writeAll(fd, bytes.constData(), std::size_t(bytes.size()));
}

mode_t currentUmask() {
    const mode_t m = ::umask(0);
    ::umask(m);
    return m;
}

/// A temporary file beside its target, renamed over it by commit().
struct Staged {
    QString target;
    QByteArray targetNative;
    QByteArray tempNative;
    mode_t mode = 0; ///< the target's, or a new file's
};

/// The target's path with symbolic links to a regular file followed (the link stays a link
/// and its file is replaced), after refusing a target that is not a regular file.
bool resolveTarget(const QString& path, QString& target, bool& inPlace, QString* error) {
    inPlace = false;
    target = path;
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0) {
        if (errno != ENOENT)
            return fail(error, cannotWrite(path, systemError(errno)));
        struct stat link {};
        if (::lstat(QFile::encodeName(path).constData(), &link) == 0)
            return fail(error, cannotWrite(path, QStringLiteral("it is a broken symbolic link")));
        if (!QFileInfo(path).absoluteDir().exists())
            return fail(error, cannotWrite(path, QStringLiteral("the folder does not exist")));
        return true;
    }
    if (S_ISDIR(st.st_mode))
        return fail(error, cannotWrite(path, QStringLiteral("it is a folder")));
    if (S_ISSOCK(st.st_mode))
        return fail(error, cannotWrite(path, QStringLiteral("it is a socket")));
    if (!S_ISREG(st.st_mode)) { // a device or a FIFO: never replaced by a rename
        inPlace = true;
        return true;
    }
    target = QFileInfo(path).canonicalFilePath();
    return true;
}

/// Creates the temporary file beside @p target: its descriptor, or -1 with @p error set.
int openStaged(const QString& path, const QString& target, Staged& s, QString* error) {
    s.target = target;
    s.targetNative = QFile::encodeName(target);
    const QFileInfo info(target);
    s.tempNative = QFile::encodeName(info.absolutePath() + QStringLiteral("/.") + info.fileName() +
                                     QStringLiteral(".cds-XXXXXX"));
    const int fd = ::mkstemp(s.tempNative.data());
    if (fd < 0) {
        s.tempNative.clear();
        fail(error, cannotWrite(path, systemError(errno)));
        return -1;
    }
    struct stat old {};
    s.mode = ::stat(s.targetNative.constData(), &old) == 0 ? (old.st_mode & 07777)
                                                           : (0666 & ~currentUmask());
    return fd;
}

/// Sets the mode of the staged file @p fd, syncs and closes it; @p code is the errno of a
/// write that failed, or 0. On failure the staged file is removed.
bool finishStaged(int fd, int code, const QString& path, Staged& s, QString* error) {
    if (code == 0 && (::fchmod(fd, s.mode) != 0 || ::fsync(fd) != 0))
        code = errno;
    if (::close(fd) != 0 && code == 0)
        code = errno;
    if (code != 0) {
        ::unlink(s.tempNative.constData());
        s.tempNative.clear();
        return fail(error, cannotWrite(path, systemError(code)));
    }
    return true;
}

bool stage(const QString& path, const QString& target, const QByteArray& bytes, Staged& s,
           QString* error) {
    const int fd = openStaged(path, target, s, error);
    return fd >= 0 && finishStaged(fd, writeAll(fd, bytes) ? 0 : errno, path, s, error);
}

bool commitStaged(Staged& s, const QString& path, QString* error) {
    if (::rename(s.tempNative.constData(), s.targetNative.constData()) != 0) {
        const int code = errno;
        ::unlink(s.tempNative.constData());
        s.tempNative.clear();
        return fail(error, cannotWrite(path, systemError(code)));
    }
    s.tempNative.clear();
    return true;
}

bool writeInPlace(const QString& path, const QByteArray& bytes, QString* error) {
    // O_NONBLOCK: a FIFO nobody reads is refused (ENXIO) instead of waiting for ever.
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return fail(error,
                    cannotWrite(path, errno == ENXIO ? QStringLiteral("no program reads the pipe")
                                                     : systemError(errno)));
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    int code = writeAll(fd, bytes) ? 0 : errno;
    if (::close(fd) != 0 && code == 0)
        code = errno;
    return code == 0 || fail(error, cannotWrite(path, systemError(code)));
}

} // namespace

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    QString target;
    bool inPlace = false;
    if (!resolveTarget(path, target, inPlace, error))
        return false;
    if (inPlace)
        return writeInPlace(path, bytes, error);
    Staged s;
    return stage(path, target, bytes, s, error) && commitStaged(s, path, error);
}

/// One staged file of a StagedFolder, written through a buffer.
struct StagedFolder::File final : ByteSink {
    static constexpr qsizetype kBuffer = qsizetype(1) << 18;
    QString path; ///< as messages name it
    Staged staged;
    int fd = -1;  ///< open until close()
    int code = 0; ///< errno of the first write that failed; later writes are dropped
    QByteArray buffer;

    void put(const char* data, qsizetype size) override {
        if (code != 0 || fd < 0)
            return;
        if (buffer.size() + size <= kBuffer) {
            buffer.append(data, size);
            return;
        }
        if (!flush())
            return;
        if (size < kBuffer)
            buffer.append(data, size);
        else if (!writeAll(fd, data, std::size_t(size)))
            code = errno;
    }
    bool flush() {
        if (code == 0 && !buffer.isEmpty() &&
            !writeAll(fd, buffer.constData(), std::size_t(buffer.size())))
            code = errno;
        buffer.truncate(0);
        return code == 0;
    }
};

StagedFolder::StagedFolder(QString dir)
    : m_dir(std::move(dir)) {}

StagedFolder::~StagedFolder() {
    discard();
}

bool StagedFolder::failed(const QString& message) {
    if (m_error.isEmpty())
        m_error = message;
    discard();
    return false;
}

void StagedFolder::discard() {
    for (const auto& f : m_files) {
        if (f->fd >= 0)
            ::close(f->fd);
        f->fd = -1;
        f->code = ECANCELED;
        f->buffer = QByteArray();
        if (!f->staged.tempNative.isEmpty())
            ::unlink(f->staged.tempNative.constData());
        f->staged.tempNative.clear();
    }
}

ByteSink* StagedFolder::open(const QString& rel) {
    if (!m_error.isEmpty())
        return nullptr;
    // Every file stays inside the folder, whatever names the design gave it.
    if (QDir::isAbsolutePath(rel) || rel.split(QLatin1Char('/')).contains(QLatin1String(".."))) {
        failed(QStringLiteral("%1: refused to write \"%2\" outside the folder").arg(m_dir, rel));
        return nullptr;
    }
    auto f = std::make_unique<File>();
    f->path = QDir(m_dir).filePath(rel);
    const QString folder = QFileInfo(f->path).absolutePath();
    if (!QDir().mkpath(folder)) {
        failed(QStringLiteral("%1: cannot create the folder").arg(folder));
        return nullptr;
    }
    QString target, why;
    bool inPlace = false;
    if (!resolveTarget(f->path, target, inPlace, &why)) {
        failed(why);
        return nullptr;
    }
    if (inPlace) {
        failed(cannotWrite(f->path, QStringLiteral("it is not a regular file")));
        return nullptr;
    }
    f->fd = openStaged(f->path, target, f->staged, &why);
    if (f->fd < 0) {
        failed(why);
        return nullptr;
    }
    f->buffer.reserve(File::kBuffer);
    m_files.push_back(std::move(f));
    return m_files.back().get();
}

bool StagedFolder::close(ByteSink* file) {
    if (!m_error.isEmpty())
        return false;
    for (const auto& f : m_files) {
        if (f.get() != file)
            continue;
        if (f->fd < 0)
            return true; // closed already
        f->flush();
        const int fd = f->fd;
        f->fd = -1;
        f->buffer = QByteArray();
        QString why;
        return finishStaged(fd, f->code, f->path, f->staged, &why) || failed(why);
    }
    return true;
}

bool StagedFolder::commit() {
    if (!m_error.isEmpty())
        return false;
    for (const auto& f : m_files)
        if (!close(f.get()))
            return false;
    // Every file is on disk: now each rename replaces one old file by its new version.
    for (const auto& f : m_files) {
        QString why;
        if (!f->staged.tempNative.isEmpty() && !commitStaged(f->staged, f->staged.target, &why))
            return failed(why);
    }
    return true;
}

bool writeFilesAtomically(const QString& dir, const std::vector<FolderFile>& files,
                          QString* error) {
    StagedFolder folder(dir);
    for (const FolderFile& f : files)
        if (!folder.file(f.first, [&](ByteSink& out) { out.write(f.second); }))
            return fail(error, folder.error());
    return folder.commit() || fail(error, folder.error());
}

bool writeStandardOutput(const QByteArray& bytes, QString* error) {
    std::fflush(stdout); // what the QTextStream wrote goes first
    int code = 0;
    if (!writeAll(STDOUT_FILENO, bytes))
        code = errno;
    if (code != 0)
        return fail(error,
                    QStringLiteral("cannot write to standard output: %1").arg(systemError(code)));
    return true;
}

namespace AtomicFileTesting {
void setWriteFunction(WriteFunction f) {
    g_write.store(f);
}
} // namespace AtomicFileTesting

} // namespace cds
