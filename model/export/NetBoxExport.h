#pragma once

#include "../ByteSink.h"
#include "../DesignData.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace cds {

/// @brief A NetBox hand-off held in memory: every object the design needs, as bulk-import CSVs
/// and devicetype-library YAML, in the order NetBox must import them. The export itself
/// streams the same bytes to its files (writeNetBox()); this is for tests and small designs.
struct NetBoxExport {
    QByteArray manufacturersCsv; ///< Devices > Manufacturers > Import (library names/slugs)
    QByteArray deviceRolesCsv;   ///< Devices > Device Roles > Import
    QByteArray sitesCsv;         ///< Organization > Sites > Import
    QByteArray locationsCsv;     ///< Organization > Locations > Import: the data hall
    QByteArray racksCsv;         ///< Organization > Racks > Import
    /// devicetype-library files, {relative path "06-device-types/Nvidia/DGX-H100.yaml", text};
    /// each carries its interfaces and one power port per PSU.
    std::vector<std::pair<QString, QByteArray>> deviceTypes;
    QByteArray devicesCsv; ///< Devices > Devices > Import
    /// Devices > Interfaces > Import: the lanes of broken-out ports ("swp-10s0") with their
    /// parent port and speed, which the device type cannot know because breakout is chosen
    /// per device. Header only when none.
    QByteArray interfacesCsv;
    QByteArray cablesCsv;      ///< Connections > Cables > Import, coloured by network
    QByteArray powerPanelsCsv; ///< Power > Power Panels > Import (see NetBoxPower.h)
    /// Power > Power Feeds > Import: one per rack PDU, and one a side for a rack fed from DC
    /// power racks without PDUs.
    QByteArray powerFeedsCsv;
    /// Connections > Cables > Import: feeds to PDU inlets, PSUs to PDU outlets.
    QByteArray powerCablesCsv;
    /// The IP plan in NetBox's IPAM (see NetBoxIpam.h): loopback interfaces, RIR, ASNs,
    /// prefixes and IP addresses. Empty when the plan cannot be made (a warning says why).
    QByteArray loopbacksCsv, rirsCsv, asnsCsv, prefixesCsv, ipAddressesCsv;
    /// Where the export departs from the catalog (an interface type NetBox lacks, a PSU layout
    /// the catalog does not give), one sentence each; also listed in the README.
    QStringList warnings;
    QByteArray readme; ///< README.md: the import order, step by step, and the warnings
    /// Why there is no bundle: a site, hall, rack or device name NetBox cannot take (see
    /// names::netBoxNameProblem), with the object named. Empty when the files are valid.
    QString error;
};

/// NetBox slug: lower case, runs of anything but [a-z0-9] become one '-'.
QString netboxSlug(const QString& s);

/// The import files in order: {relative path, bytes}, README.md first.
std::vector<std::pair<QString, QByteArray>> netboxFiles(const NetBoxExport& e);

/// Writes the hand-off for site @p site (created by 03-sites.csv) into @p out, each file as its
/// rows are produced, so no file (and no cabling schedule) is held whole: the files of
/// netboxFiles(), README.md last. Device types are written with the catalog's own port names,
/// so cable terminations (interface names) match the interfaces NetBox creates from them.
/// Returns false when it stopped: with @p problem set when the design cannot be exported (a
/// name NetBox cannot take; no file was opened), else out.error() names the file that could
/// not be written. @p warnings, when given, gets the departures the README lists.
bool writeNetBox(const DesignData& d, const QString& site, FolderSink& out, QString* problem,
                 QStringList* warnings = nullptr);

/// The hand-off of writeNetBox() in memory.
NetBoxExport netboxExport(const DesignData& d, const QString& site);

/// Writes the files of @p e under @p dir (created if needed). On failure returns false and
/// sets @p error to the path and reason.
bool writeNetBoxFolder(const NetBoxExport& e, const QString& dir, QString* error);

} // namespace cds
