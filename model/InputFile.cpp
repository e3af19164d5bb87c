#include "InputFile.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cds {

namespace {

QString systemError(int code) {
    return QString::fromLocal8Bit(std::strerror(code));
}

const char* kindOf(mode_t mode) {
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    if (S_ISFIFO(mode))
        return "a pipe (FIFO)";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

/// Closes the descriptor on every return path.
struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

QString byteLimitText(qint64 bytes) {
    if (bytes >= (qint64(1) << 30) && bytes % (qint64(1) << 30) == 0)
        return QStringLiteral("%1 GiB").arg(bytes >> 30);
    if (bytes >= (qint64(1) << 20) && bytes % (qint64(1) << 20) == 0)
        return QStringLiteral("%1 MiB").arg(bytes >> 20);
    return QStringLiteral("%1 bytes").arg(bytes);
}

bool readInputFile(const QString& path, qint64 maxBytes, QByteArray& out, QString& error) {
    out.clear();
    const QByteArray native = QFile::encodeName(path);
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
    Fd f{::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (f.fd < 0) {
        error = QStringLiteral("cannot open: %1").arg(systemError(errno));
        return false;
    }
    struct stat st {};
    if (::fstat(f.fd, &st) != 0) {
        error = QStringLiteral("cannot open: %1").arg(systemError(errno));
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        error = QStringLiteral("cannot open: it is %1, not a regular file")
                    .arg(QLatin1String(kindOf(st.st_mode)));
        return false;
    }
    const QString tooLarge = QStringLiteral("the file is larger than the limit of %1 (%2 bytes)")
                                 .arg(byteLimitText(maxBytes));
    if (st.st_size > maxBytes) {
        error = tooLarge.arg(qint64(st.st_size));
        return false;
    }
    out.resize(qsizetype(st.st_size));
    qint64 done = 0;
    for (;;) {
        if (done == out.size()) {
            if (done > maxBytes) {
                error = tooLarge.arg(done);
                out.clear();
                return false;
            }
            // The file may have grown since fstat: read on in steps, never past the limit + 1.
            out.resize(qsizetype(std::min<qint64>(maxBytes + 1, done + (qint64(1) << 20))));
        }
        const ssize_t n = ::read(f.fd, out.data() + done, std::size_t(out.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            error = QStringLiteral("cannot read: %1").arg(systemError(errno));
            out.clear();
            return false;
        }
        if (n == 0)
            break;
        done += n;
    }
    out.resize(qsizetype(done));
    if (done > maxBytes) {
        error = tooLarge.arg(done);
        out.clear();
        return false;
    }
    return true;
}

} // namespace cds
