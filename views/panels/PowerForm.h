#pragma once

#include "model/DesignData.h"

#include <QStringList>

#include <functional>
#include <vector>

class QFormLayout;
class QWidget;

namespace cds::views {

/// @brief What the power element's form asks for when the user finishes a field; the panel
/// turns each into a request signal (the app makes it an edit, model/edits/PowerOps).
struct PowerElementRequests {
    std::function<void(const QString& name)> rename;
    std::function<void(double capacity)> capacity; ///< kVA or kW, as the element is rated
    std::function<void(int units)> units;
    std::function<void(double pct)> efficiency;
    std::function<void(const QString& catalogId)> type;
    std::function<void(const QStringList& names)> upstream;
};

/// Fills @p form with power element @p id's fields (name, kind, catalog type, capacity, units,
/// efficiency, what it draws from) as editors on @p body. The type offers the entries of the
/// element's kind in the design's catalog and in @p library (may be null). A field finished
/// with a new value calls its request; one left as it was calls nothing.
void addPowerElementForm(QFormLayout* form, QWidget* body, const DesignData& d,
                         const Catalog* library, PowerElementId id,
                         const PowerElementRequests& requests);

/// Adds the place of element @p e on the hall's floor, when it has one (PowerElement::area):
/// its corner's X and Y (mm) as editors and its footprint. A finished field calls @p place
/// with the area at the new place.
void addPowerAreaForm(QFormLayout* form, QWidget* body, const PowerElement& e,
                      const std::function<void(const RectMm&)>& place);

/// Adds the settings the chain's checks read: its power factor, the GPUs' transient swing (0:
/// not checked) and the stranded-capacity threshold. A finished field with a new value calls
/// @p set with all three, the chain's own values for the fields left as they were.
void addPowerSettingsForm(
    QFormLayout* form, QWidget* body, const PowerChain& c,
    const std::function<void(double powerFactor, double transientPct, double strandedPct)>& set);

/// The catalog entries of kind @p k: the design's own, then those of @p library (may be null)
/// it lacks, smallest first.
std::vector<const CatalogItem*> powerEntriesOf(const DesignData& d, const Catalog* library,
                                               PowerKind k);
/// A power-chain entry as a choice shows it: its model, with its rating after it unless the
/// model's name gives it already ("Galaxy VX 1500 kW", "SIVACON S8 4000 A (2770 kVA)").
QString powerEntryLabel(const CatalogItem& entry);

/// Adds rack @p id's A and B feeds to @p form: each a choice of "Not connected" and the
/// elements of the chain that feed racks (feedsRacks()), by name. A new choice calls
/// @p setFeed with the side and the element's name (empty: not connected).
void addRackFeedsForm(QFormLayout* form, QWidget* body, const DesignData& d, RackId id,
                      const std::function<void(FeedSide, const QString&)>& setFeed);

} // namespace cds::views
