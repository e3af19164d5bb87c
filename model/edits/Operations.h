#pragma once

#include "Edit.h"

#include "../RackGeometry.h"

#include <memory>
#include <vector>

namespace cds::edits {

/// @brief What a user operation means, without a window: an Edit to push, or the reason
/// it is refused. A refused operation changes nothing; the catalog entries an operation
/// needs travel inside its Edit, so they come and go with its undo step.
struct Result {
    std::unique_ptr<Edit> edit;
    QString refusal;
    explicit operator bool() const { return edit != nullptr; }
    static Result refuse(QString why) { return {nullptr, std::move(why)}; }
};

/// The catalog entries an operation uses: the design's own copy when it has one, else the
/// next TypeId the Edit will embed it at.
class TypePlan {
public:
    explicit TypePlan(const DesignData& d)
        : m_d(d) {}
    TypeId use(const CatalogItem& item);
    const PendingTypes& pending() const { return m_new; }
    std::vector<CatalogItem> take() { return std::move(m_new); }

private:
    const DesignData& m_d;
    std::vector<CatalogItem> m_new;
};

/// The entry @p id of @p library, else of the design's own catalog, or nullptr.
const CatalogItem* lookUp(const DesignData& d, const Catalog& library, const QString& id);

/// A catalog entry dropped on the floor at @p at: a rack type places a rack (snapped to the
/// tiles); mountable gear dropped on a rack goes to its lowest free U; dropped on the floor it
/// comes in a new rack of the smallest type in @p library that holds it. @p catalogId is
/// looked up in @p library, then in the design's own catalog.
Result dropCatalogItem(const DesignData& d, const Catalog& library, const QString& catalogId,
                       PointMm at);
/// Mounts a new device of @p catalogId at U @p u of @p rack.
Result mountDevice(const DesignData& d, const Catalog& library, const QString& catalogId,
                   RackId rack, int u, Face face);
Result moveRacks(const DesignData& d, const std::vector<RackTarget>& targets);
Result rotateRacks(const DesignData& d, const std::vector<RackId>& racks); ///< 90° clockwise
enum class Align { Left, Top };
Result alignRacks(const DesignData& d, const std::vector<RackId>& racks, Align edge);
/// Removing a rack removes its devices; removing a device removes its links.
Result deleteObjects(const DesignData& d, const std::vector<RackId>& racks,
                     const std::vector<DeviceId>& devices, const std::vector<LinkId>& links);
Result moveDevice(const DesignData& d, DeviceId id, int u, Face face);
Result addLink(const DesignData& d, PortRef a, PortRef b);

/// Copied racks with their devices and the catalog entries they use, so a paste into
/// another design works too.
struct Clipboard {
    std::vector<Rack> racks;
    std::vector<Device> devices;          ///< rack = index into racks
    std::vector<CatalogItem> rackTypes;   ///< parallel to racks
    std::vector<CatalogItem> deviceTypes; ///< parallel to devices
    bool empty() const { return racks.empty(); }
};
Clipboard copyRacks(const DesignData& d, const std::vector<RackId>& racks);
/// Pastes at the nearest free place to the right, then further down; names that are taken
/// get a "-2", "-3"... suffix. @p newRacks receives the pasted racks' ids.
Result paste(const DesignData& d, const Clipboard& clip, std::vector<RackId>* newRacks = nullptr);

/// The undo text of a removal: "Delete 2 racks, 9 devices"; empty when nothing is removed.
QString deletionText(const ObjectsEdit::Objects& o);

} // namespace cds::edits
