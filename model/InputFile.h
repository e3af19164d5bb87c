#pragma once

#include <QByteArray>
#include <QString>

namespace cds {

/// The largest files the program reads (README, "Input limits"). A bigger file is refused
/// before it is read, so an endless or hostile input cannot exhaust memory.
inline constexpr qint64 kMaxDesignFileBytes = qint64(1) << 30;   ///< 1 GiB
inline constexpr qint64 kMaxCatalogFileBytes = qint64(64) << 20; ///< 64 MiB
inline constexpr qint64 kMaxJournalFileBytes = qint64(2) << 30;  ///< 2 GiB

/// Reads the whole of the regular file @p path, at most @p maxBytes. Refuses, without
/// blocking and without reading, anything that is not a regular file, also through a
/// symbolic link: a folder, a device (/dev/zero), a FIFO or a socket. Refuses a file larger
/// than @p maxBytes, also one that grows past it while read. On failure returns false and
/// sets @p error to the reason, without the path ("cannot open: No such file or directory").
bool readInputFile(const QString& path, qint64 maxBytes, QByteArray& out, QString& error);

/// "64 MiB", "1 GiB": a limit as the README and messages state it.
QString byteLimitText(qint64 bytes);

} // namespace cds
