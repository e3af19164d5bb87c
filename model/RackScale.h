#pragma once

#include "DesignData.h"

#include <QStringList>

#include <functional>

namespace cds {

/// Finds a catalog entry by id (the generator's library, or the bundled catalog when an older
/// design is migrated); nullptr when there is none.
using CatalogLookup = std::function<const CatalogItem*(const QString& id)>;

/// What is wrong with the trays @p system lists, or empty when it splits: every tray is in
/// @p lookup, they fit the system's height, and each of the system's port groups is the sum of
/// its trays' groups of that role (72 compute ports = 18 trays x 4).
QString trayProblem(const CatalogItem& system, const CatalogLookup& lookup);

/// @brief What splitting rack-scale systems into their trays did.
struct TraySplit {
    int systems = 0;   ///< rack-scale devices replaced by their trays
    int hosts = 0;     ///< compute trays added (each its own host)
    int links = 0;     ///< link ends moved onto a tray
    QStringList kept;  ///< systems left as one device, each with the reason
    QStringList notes; ///< one line per system model split, for the user
};

/// Replaces each device of @p d whose type is a rack-scale system (CatalogItem::rackScale)
/// with its trays (CatalogItem::trays, or, when the design's copy lists none, the entry of the
/// same id in @p lookup): the trays sit in the system's rack from its lowest U up, named
/// "<system>-c01".."-c18" (compute trays, the hosts), "-nvs1".. (NVLink switch trays), "-ps1"..
/// (power shelves) and "-mgmt1".. (management switches); each link end on the system moves to
/// the tray that holds that port (the k-th port of a role is on tray k / ports per tray), so
/// link ids, and so cable ids, stay. A system whose trays do not add up is kept, with why.
TraySplit splitRackScaleSystems(DesignData& d, const CatalogLookup& lookup);

} // namespace cds
