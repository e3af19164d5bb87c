#pragma once

#include "../DesignData.h"

#include <QByteArray>

#include <vector>

namespace cds {

/// @brief A NetBox hand-off: bulk-import CSVs plus one device-type YAML per catalog item used.
struct NetBoxExport {
    QByteArray racksCsv;   ///< Organization > Racks > Import
    QByteArray devicesCsv; ///< Devices > Devices > Import
    /// Devices > Interfaces > Import: the lanes of broken-out ports ("swp-10s0"), which the
    /// device type cannot know because breakout is chosen per device. Header only when none.
    QByteArray interfacesCsv;
    QByteArray cablesCsv; ///< Connections > Cables > Import
    /// devicetype-library files: {relative path "device-types/Vendor/slug.yaml", text}.
    std::vector<std::pair<QString, QByteArray>> deviceTypes;
};

/// NetBox slug: lower case, runs of anything but [a-z0-9] become one '-'.
QString netboxSlug(const QString& s);

/// Builds the hand-off for site @p site (NetBox needs the site to exist before import).
/// Device types are written with the catalog's own port names, so cable terminations
/// (interface names) match the interfaces NetBox creates from them.
NetBoxExport netboxExport(const DesignData& d, const QString& site);

/// Writes the files of @p e under @p dir (created if needed). On failure returns false and
/// sets @p error to the path and reason.
bool writeNetBoxFolder(const NetBoxExport& e, const QString& dir, QString* error);

} // namespace cds
