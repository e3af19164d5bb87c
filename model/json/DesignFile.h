#pragma once

#include "../DesignData.h"
#include "../Progress.h"

#include <QByteArray>

#include <QString>
#include <optional>
#include <set>

#include <vector>

namespace cds {

/// The design file format this build writes. Older versions are migrated on load
/// (see DesignFile.cpp, kMigrations); newer ones are refused and never overwritten.
inline constexpr int kDesignFormatVersion = 7;

struct LoadResult {
    bool ok = false;
    DesignData data;
    std::vector<FileError> errors; ///< why it was refused (first is the cause)
    QStringList notes;             ///< e.g. "migrated from formatVersion 1: ..."
    int fileFormatVersion = 0;
    bool cancelled = false; ///< the Progress callback cancelled it; errors says so
};

/// @brief Reading and writing design files (*.cds.json).
/// Saving the same design twice gives identical bytes; load -> save round-trips.
namespace DesignFile {
/// Where load's @p progress stands when parsing starts and, for a file read on the tree, when
/// reading the objects starts (which then reports per object up to 100). A streamed read
/// parses and reads in one pass and reports the share of the text read from kLoadParseStart.
inline constexpr int kLoadParseStart = 5;
inline constexpr int kLoadReadStart = 45;
/// Where save's @p progress stands when the text is written (the document is streamed into
/// it object by object up to here).
inline constexpr int kSaveWriteStart = 90;

/// Reads a design file. @p progress (0-100, may be called from any thread the caller runs
/// this on) can cancel: the result is then !ok with cancelled set.
/// @p bytesRead, when given, receives the file's bytes (for the edit journal's base).
LoadResult load(const QString& path, const Progress& progress = {},
                QByteArray* bytesRead = nullptr);
LoadResult loadFromBytes(const QByteArray& bytes, const QString& nameForMessages,
                         const Progress& progress = {});
/// The two readers loadFromBytes chooses between, public for the test that proves them equal.
/// loadStreamed reads a file of this formatVersion whose keys come in the order this version
/// writes them, without ever holding its racks, devices or link rows as a JSON tree; for any
/// other file and for any refusal it returns nothing, and loadTree (the whole-tree reader,
/// which migrates older versions) reads it and words the refusal with file:line:col and JSON
/// pointer. A cancelled streamed read returns a cancelled result.
std::optional<LoadResult> loadStreamed(const QByteArray& bytes, const QString& nameForMessages,
                                       const Progress& progress = {});
LoadResult loadTree(const QByteArray& bytes, const QString& nameForMessages,
                    const Progress& progress = {});
QByteArray toBytes(const DesignData& d);
/// The catalog entries a saved file embeds: those its racks, devices and links use, and every
/// cable, transceiver and cooling entry (media and cooling are chosen from them later).
std::set<TypeId> embeddedTypes(const DesignData& d);
/// Atomic: writes a temporary file and renames it over @p path (QSaveFile), so a crash
/// during save leaves the previous file intact. Returns false and sets @p error on failure.
/// Cancelling through @p progress also returns false and leaves the file at @p path as it was.
/// @p written, when given, receives the bytes saved.
bool save(const DesignData& d, const QString& path, QString* error, const Progress& progress = {},
          QByteArray* written = nullptr);
/// The file extension, without the leading dot.
inline QString extension() {
    return QStringLiteral("cds.json");
}
} // namespace DesignFile

} // namespace cds
