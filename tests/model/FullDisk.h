#pragma once
// A simulated full disk for AtomicFileTesting::setWriteFunction: it takes fullDiskRoom() bytes,
// then every write fails with ENOSPC, as a disk that fills up part way through a save does.

#include <QtGlobal>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <unistd.h>

namespace cds::test {

/// Bytes the simulated disk still takes; set it before installing fullDisk.
inline qint64& fullDiskRoom() {
    static qint64 room = 0;
    return room;
}

inline ssize_t fullDisk(int fd, const void* data, size_t size) {
    qint64& room = fullDiskRoom();
    if (room <= 0) {
        errno = ENOSPC;
        return -1;
    }
    const size_t n = std::min<size_t>(size, size_t(room));
    const ssize_t w = ::write(fd, data, n);
    if (w > 0)
        room -= w;
    return w;
}

} // namespace cds::test
