#pragma once

#include "model/DesignData.h"

#include <QStringList>

#include <functional>

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

/// Adds rack @p id's A and B feeds to @p form: each a choice of "Not connected" and the
/// elements of the chain that feed racks (feedsRacks()), by name. A new choice calls
/// @p setFeed with the side and the element's name (empty: not connected).
void addRackFeedsForm(QFormLayout* form, QWidget* body, const DesignData& d, RackId id,
                      const std::function<void(FeedSide, const QString&)>& setFeed);

} // namespace cds::views
