#pragma once

#include "../ByteSink.h"
#include "../DesignData.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace cds {

/// @brief One power port of a NetBox device type: a PSU inlet.
struct NetBoxPsu {
    QString name;    ///< "PSU1", or the library's name for an adopted type ("psu0")
    QString type;    ///< a PowerPortTypeChoices value
    int maximumDraw; ///< W
    int allocatedDraw = 0;
};

/// The power ports a device of @p t has in NetBox. None for what a rack-scale system's busbar
/// feeds (the system itself, its compute and NVLink switch trays) and for rack PDUs (their
/// inlet is written by netboxPduYaml()).
std::vector<NetBoxPsu> netboxPsus(const CatalogItem& t);

/// True for a rack PDU: power gear in the rack that is neither a power-chain element nor a
/// rack-scale system's power shelf.
bool isNetBoxPdu(const CatalogItem& t);

/// The power-ports (one inlet) and power-outlets sections of a PDU's device type, each outlet
/// naming the inlet and, on a three-phase PDU, its feed leg (A, B, C in turn).
QByteArray netboxPduYaml(const CatalogItem& t);

/// @brief What writing the power part of the NetBox bundle found.
struct NetBoxPowerResult {
    QStringList warnings; ///< racks without PDUs, outlet shortfalls, PDUs without a layout
    int dcRacks = 0;      ///< racks fed from DC power racks without PDUs: DC feeds, no cables
};

/// Writes the power part of the NetBox bundle into @p out, the feeds and cables rack by rack:
/// - 10-power-panels.csv (Power > Power Panels > Import): the chain elements the racks' feeds
///   name (busway, RPP, power rack), or, for a feed the chain does not name (or a design
///   without a chain), one panel per side ("Panel A", "Panel B");
/// - 11-power-feeds.csv (Power > Power Feeds > Import): one per PDU, and one a side for a rack
///   fed from DC power racks without PDUs (on the power rack's panel, without a cable);
/// - 12-power-cables.csv (Connections > Cables > Import): each power feed to its PDU's inlet,
///   then each PSU to a PDU outlet of its rack, the PSUs alternating between the A and B
///   feed's PDUs.
/// @p site and @p location are the bundle's. Returns false when a file could not be written
/// (out.error()); @p result gets the warnings and the count of DC racks.
bool writeNetBoxPower(const DesignData& d, const QString& site, const QString& location,
                      FolderSink& out, NetBoxPowerResult& result);

/// The README's steps for the power files and how a rack-scale system's power is written;
/// with @p dcRacks, also how a rack fed from DC power racks without PDUs is.
QByteArray netboxPowerReadme(bool dcRacks);

} // namespace cds
