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

/// Writes all of @p bytes to @p fd; false with errno set on the first failed write.
bool writeAll(int fd, const QByteArray& bytes) {
    const char* p = bytes.constData();
    std::size_t left = std::size_t(bytes.size());
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

bool stage(const QString& path, const QString& target, const QByteArray& bytes, Staged& s,
           QString* error) {
    s.target = target;
    s.targetNative = QFile::encodeName(target);
    const QFileInfo info(target);
    s.tempNative = QFile::encodeName(info.absolutePath() + QStringLiteral("/.") + info.fileName() +
                                     QStringLiteral(".cds-XXXXXX"));
    const int fd = ::mkstemp(s.tempNative.data());
    if (fd < 0) {
        s.tempNative.clear();
        return fail(error, cannotWrite(path, systemError(errno)));
    }
    struct stat old {};
    const mode_t mode = ::stat(s.targetNative.constData(), &old) == 0 ? (old.st_mode & 07777)
                                                                      : (0666 & ~currentUmask());
    int code = 0;
    if (!writeAll(fd, bytes) || ::fchmod(fd, mode) != 0 || ::fsync(fd) != 0)
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

bool commit(Staged& s, const QString& path, QString* error) {
    if (::rename(s.tempNative.constData(), s.targetNative.constData()) != 0) {
        const int code = errno;
        ::unlink(s.tempNative.constData());
        s.tempNative.clear();
        return fail(error, cannotWrite(path, systemError(code)));
    }
    s.tempNative.clear();
    return true;
}

void discard(std::vector<Staged>& staged) {
    for (Staged& s : staged)
        if (!s.tempNative.isEmpty())
            ::unlink(s.tempNative.constData());
    staged.clear();
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
    return stage(path, target, bytes, s, error) && commit(s, path, error);
}

bool writeFilesAtomically(const QString& dir, const std::vector<FolderFile>& files,
                          QString* error) {
    std::vector<Staged> staged;
    staged.reserve(files.size());
    for (const auto& [rel, bytes] : files) {
        // Every file stays inside the folder, whatever names the design gave it.
        if (QDir::isAbsolutePath(rel) ||
            rel.split(QLatin1Char('/')).contains(QLatin1String(".."))) {
            discard(staged);
            return fail(
                error,
                QStringLiteral("%1: refused to write \"%2\" outside the folder").arg(dir, rel));
        }
        const QString path = QDir(dir).filePath(rel);
        const QString folder = QFileInfo(path).absolutePath();
        if (!QDir().mkpath(folder)) {
            discard(staged);
            return fail(error, QStringLiteral("%1: cannot create the folder").arg(folder));
        }
        QString target;
        bool inPlace = false;
        if (!resolveTarget(path, target, inPlace, error)) {
            discard(staged);
            return false;
        }
        if (inPlace) {
            discard(staged);
            return fail(error, cannotWrite(path, QStringLiteral("it is not a regular file")));
        }
        staged.emplace_back();
        if (!stage(path, target, bytes, staged.back(), error)) {
            discard(staged);
            return false;
        }
    }
    // Every file is on disk: now each rename replaces one old file by its new version.
    for (std::size_t i = 0; i < staged.size(); ++i)
        if (!commit(staged[i], staged[i].target, error)) {
            discard(staged);
            return false;
        }
    return true;
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
