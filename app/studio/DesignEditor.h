#pragma once

#include "model/RackGeometry.h"

#include "model/Design.h"
#include "model/edits/Operations.h"

#include <QObject>
#include <QStringList>

#include <memory>
#include <vector>

class QUndoStack;

namespace cds::studio {

/// @brief Puts the views' intents (drop, move, rotate, mount, link, property edits...) on the
/// undo stack: each is a model operation (model/edits) that returns an Edit or a refusal. A
/// refused edit changes nothing and says why through problem(). No-op edits are never pushed.
class DesignEditor : public QObject {
    Q_OBJECT
public:
    DesignEditor(Design* design, QUndoStack* stack, const Catalog* library,
                 QObject* parent = nullptr);
    Design* design() const { return m_design; }
    const Catalog& library() const { return *m_library; }
    /// Why the last refused request was refused.
    QString lastProblem() const { return m_problem; }

    /// Pushes @p e unless it is empty or a no-op. @p dragSerial > 0 merges a drag's steps.
    bool push(std::unique_ptr<Edit> e, int dragSerial = 0);
    /// Pushes what a model operation built (model/edits), or refuses with its reason.
    bool apply(edits::Result r, int dragSerial = 0) { return take(std::move(r), dragSerial); }

    /// A catalog entry dropped on the floor at @p at: a rack type places a rack (snapped to
    /// the tiles); mountable gear dropped on a rack goes to its lowest free U; dropped on the
    /// floor it comes in a new rack of the smallest bundled type that holds it.
    bool dropCatalogItem(const QString& catalogId, PointMm at);
    bool moveRacks(const std::vector<RackTarget>& targets, int dragSerial = 0);
    bool rotateRacks(const std::vector<RackId>& racks); ///< 90° clockwise, in place
    using Align = edits::Align;
    bool alignRacks(const std::vector<RackId>& racks, Align edge);
    bool deleteObjects(const std::vector<RackId>& racks, const std::vector<DeviceId>& devices,
                       const std::vector<LinkId>& links);
    void copyRacks(const std::vector<RackId>& racks);
    bool canPaste() const { return !m_clip.empty(); }
    /// Pastes the copied racks (with their devices) at the nearest free place to the right
    /// or below; returns the new rack ids.
    std::vector<RackId> paste();

    bool mountDevice(const QString& catalogId, RackId rack, int u, Face face);
    bool moveDevice(DeviceId device, int u, Face face);
    bool addLink(PortRef a, PortRef b);

    bool editRacks(const std::vector<std::pair<RackId, Rack>>& after, const QString& text);
    /// @p productId: a cooling product's catalog id, empty for none.
    bool setRackCooling(const std::vector<RackId>& racks, CoolingType type,
                        const QString& productId);
    bool editDevice(DeviceId id, const Device& after, const QString& text);
    bool editLink(LinkId id, const Link& after, const QString& text);
    /// @p usd < 0 removes the override.
    /// Customer, project, site, author, revision, date, notes: one undoable step.
    bool setProjectDetails(const DesignMeta& after);
    bool setQuoteTerms(double marginPercent, double discountPercent);
    bool setAddressing(const AddressPools& pools);
    bool setPhases(const std::vector<BuildPhase>& phases,
                   std::optional<LabourHours> labour = std::nullopt);
    bool setRackPhase(const std::vector<RackId>& racks, int phase);
    bool setPriceOverride(const QString& catalogId, double usd, const QString& note);
    /// The power chain's elements and the racks' feeds on it (model/edits/PowerOps).
    bool setPowerCapacity(PowerElementId id, double capacity);
    bool setPowerUnits(PowerElementId id, int units);
    bool setPowerEfficiency(PowerElementId id, double pct);
    /// @p catalogId: an entry of the element's kind in the library or the design's catalog.
    bool setPowerType(PowerElementId id, const QString& catalogId);
    bool renamePowerElement(PowerElementId id, const QString& name);
    bool setPowerUpstream(PowerElementId id, const QStringList& names);
    /// @p element: the name of the element feeding the rack's @p side; empty disconnects it.
    bool setRackFeed(RackId rack, FeedSide side, const QString& element);
    /// A new element of @p kind drawing from the elements named @p upstream, of the catalog
    /// entry @p catalogId (empty: a typical one), named @p name (empty: the next free name);
    /// @p added receives its id.
    bool addPowerElement(PowerKind kind, const QString& catalogId, const QStringList& upstream,
                         const QString& name = {}, PowerElementId* added = nullptr);
    /// Deletes the elements @p ids as one step; the racks they fed are left unconnected there.
    bool removePowerElements(const std::vector<PowerElementId>& ids);
    /// Element @p id (a power rack) stands on @p area; @p dragSerial > 0 merges a drag's steps.
    bool setPowerElementArea(PowerElementId id, const RectMm& area, int dragSerial = 0);
    /// The chain's power factor, GPU transient swing (%) and stranded-capacity threshold (%).
    bool setPowerSettings(double powerFactor, double transientPct, double strandedPct);
    bool waive(const QString& findingKey, const QString& reason);
    bool unwaive(const QString& findingKey);
    /// Replaces the whole design (generation) as one undo step.
    bool replaceDesign(DesignData after, const QString& text);

Q_SIGNALS:
    void problem(const QString& reason);

private:
    bool refuse(const QString& reason);
    /// Pushes what an operation built, or refuses with its reason.
    bool take(edits::Result r, int dragSerial = 0);
    Design* m_design;
    QUndoStack* m_stack;
    const Catalog* m_library;
    QString m_problem;
    edits::Clipboard m_clip;
};

} // namespace cds::studio
