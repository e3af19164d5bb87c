#pragma once

#include "../Catalog.h"

#include <QString>
#include <QStringList>

#include <map>

namespace cds {

/// @brief A NetBox interface type for a port, and why it differs from the port's own
/// speed and cage when NetBox has no type for that pair (empty when it matches).
struct NetBoxInterfaceType {
    QString type; ///< a value of NetBox's InterfaceTypeChoices
    QString fallbackNote;
};

/// True when @p type is one of the NetBox interface types this exporter may write.
bool isNetBoxInterfaceType(const QString& type);

/// NetBox's interface type for a port of @p speedGbps in @p cage ("OSFP", "QSFP112", "RJ45"...).
/// InfiniBand fabric ports use the infiniband-* types. A speed/cage pair NetBox does not
/// list falls back to the same speed in the nearest form factor (then the same cage at the
/// nearest speed) and says so in fallbackNote.
NetBoxInterfaceType netboxInterfaceType(double speedGbps, const QString& cage, bool infiniband);

/// NetBox's power-feed choice lists, by ChoiceSet name (PowerFeedTypeChoices,
/// PowerFeedSupplyChoices, PowerFeedPhaseChoices in netbox/dcim/choices.py): every value of
/// each, in NetBox's order. tests/model/export/data/netbox-choices.txt holds NetBox's lists;
/// the tests prove these equal them.
const std::map<QString, QStringList>& netboxPowerFeedChoices();
/// PowerFeedTypeChoices: "primary" for the A feed (@p side 0), "redundant" for the B feed.
QString netboxFeedType(int side);
/// PowerFeedSupplyChoices: "dc" or "ac".
QString netboxFeedSupply(bool dc);
/// PowerFeedPhaseChoices: "three-phase" or "single-phase" (what a DC feed is written as).
QString netboxFeedPhase(bool threePhase);

/// @brief A manufacturer as the community devicetype-library names it (folder and slug).
struct NetBoxManufacturer {
    QString name; ///< "Nvidia", "AMD", "Generic"
    QString slug; ///< "nvidia", "amd", "generic"
};
NetBoxManufacturer netboxManufacturer(const QString& catalogVendor);

/// @brief What NetBox's device type needs beyond the catalog: the library's model name,
/// a vendor part number when one is published, and the power supplies one by one.
struct NetBoxDeviceFacts {
    QString model;      ///< as the devicetype-library names it (e.g. "QM9700")
    QString partNumber; ///< empty when not known; never the catalog id
    int psuCount = 0;   ///< 0: not known, one port carries the total
    QString psuType;    ///< a PowerPortTypeChoices value
    QString airflow;    ///< a DeviceAirflowChoices value, empty when not known
};
NetBoxDeviceFacts netboxDeviceFacts(const CatalogItem& item);

/// The devicetype-library's slug of a model (tests/device_types.py: casefold, spaces to
/// '-', '+' to "-plus", '/' to '-', drop ",'!", '_' to '-').
QString libraryModelSlug(const QString& model);

} // namespace cds
