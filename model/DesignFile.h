#pragma once

#include "DesignData.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace cds {

/// The design file format this build writes. Older versions are migrated on load
/// (see DesignFile.cpp, kMigrations); newer ones are refused and never overwritten.
inline constexpr int kDesignFormatVersion = 2;

struct LoadResult {
    bool ok = false;
    DesignData data;
    std::vector<FileError> errors; ///< why it was refused (first is the cause)
    QStringList notes;             ///< e.g. "migrated from formatVersion 1: ..."
    int fileFormatVersion = 0;
};

/// @brief Reading and writing design files (*.cds.json).
/// Saving the same design twice gives identical bytes; load -> save round-trips.
namespace DesignFile {
LoadResult load(const QString& path);
LoadResult loadFromBytes(const QByteArray& bytes, const QString& nameForMessages);
QByteArray toBytes(const DesignData& d);
/// Atomic: writes a temporary file and renames it over @p path (QSaveFile), so a crash
/// during save leaves the previous file intact. Returns false and sets @p error on failure.
bool save(const DesignData& d, const QString& path, QString* error);
/// The file extension, without the leading dot.
inline QString extension() {
    return QStringLiteral("cds.json");
}
} // namespace DesignFile

} // namespace cds
