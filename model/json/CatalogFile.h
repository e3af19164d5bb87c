#pragma once

#include "../Catalog.h"

#include <QStringList>

namespace cds {

/// @brief Loads catalog files: a folder of *.json family files, bundled first, then user
/// folders layered over them (same id overrides; a later failure-rate file replaces the table).
/// A malformed file is reported and skipped; the others still load.
class CatalogLibrary {
public:
    /// Loads every *.json in @p folder (sorted by name). Returns the number of items read.
    int loadFolder(const QString& folder);
    /// Loads one file; returns false and records errors if it is malformed.
    bool loadFile(const QString& path);
    /// Loads catalog text already in memory; @p name is used in messages.
    bool loadBytes(const QByteArray& bytes, const QString& name);
    const Catalog& catalog() const { return m_catalog; }
    const std::vector<FileError>& errors() const { return m_errors; }
    QStringList loadedFiles() const { return m_files; }

    /// The bundled catalog folder: $CDS_CATALOG_DIR, next to the executable's share/,
    /// the install data dir, or the source tree.
    static QString bundledFolder();
    /// The per-user catalog folder layered over the bundled one.
    static QString userFolder();
    /// Bundled + user catalogs.
    static CatalogLibrary loadDefault();
    /// The failure rates of the bundled + user catalogs, read once per process (what the
    /// reliability figures use for a design whose catalog has none); null when no failure-rate
    /// file could be read.
    static std::shared_ptr<const FailureRateTable> defaultFailureRates();

private:
    Catalog m_catalog;
    std::vector<FileError> m_errors;
    QStringList m_files;
};

} // namespace cds
