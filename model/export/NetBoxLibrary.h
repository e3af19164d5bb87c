#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace cds {

/// @brief A device type the community devicetype-library already holds and the export adopts:
/// its manufacturer, model, slug, power port and interface names exactly, so a NetBox that
/// imported the library takes the bundle's devices and cables (NetBox keeps one type per
/// manufacturer and model, and per manufacturer and slug).
struct NetBoxLibraryType {
    QString manufacturer, manufacturerSlug, model, slug;
    QStringList psuNames; ///< the library's power port names, one per PSU
    QString psuType;      ///< a PowerPortTypeChoices value
    int psuMaxDrawW = 0;  ///< 0: the catalog's draw shared across the PSUs
    /// Interfaces the library lists that the catalog has no port for: {name, type, mgmt}.
    struct Extra {
        QString name, type;
    };
    std::vector<Extra> extraInterfaces;
    QString source; ///< the library file and commit read
};

/// The library type adopted for catalog entry @p catalogId, or nullptr when the export writes
/// its own (see netboxLibraryNote()).
const NetBoxLibraryType* netboxLibraryType(const QString& catalogId);

/// The interface name NetBox has for logical port @p logicalName ("swp-12", "swp-12s1") of a
/// device of catalog entry @p catalogId: the library's name ("swp12", "swp12s1") for an
/// adopted type, else @p logicalName unchanged.
QString netboxPortName(const QString& catalogId, const QString& logicalName);

/// One line for the bundle's README on how catalog entry @p catalogId stands beside the
/// library: adopted (and from which file), or given a distinct model and slug and why; empty
/// when the library has no such model.
QString netboxLibraryNote(const QString& catalogId);

} // namespace cds
