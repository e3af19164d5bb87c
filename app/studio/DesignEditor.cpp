#include "DesignEditor.h"

#include "model/edits/CoolingOps.h"
#include "model/edits/PhaseOps.h"
#include "model/edits/PowerOps.h"
#include "model/edits/PropertyOps.h"

#include "UndoCommand.h"

#include <QUndoStack>

namespace cds::studio {

DesignEditor::DesignEditor(Design* design, QUndoStack* stack, const Catalog* library,
                           QObject* parent)
    : QObject(parent)
    , m_design(design)
    , m_stack(stack)
    , m_library(library) {}

bool DesignEditor::push(std::unique_ptr<Edit> e, int dragSerial) {
    if (!e || e->isNoOp())
        return false;
    m_problem.clear();
    m_stack->push(new UndoCommand(m_design, std::move(e), dragSerial));
    return true;
}

bool DesignEditor::refuse(const QString& reason) {
    m_problem = reason;
    Q_EMIT problem(reason);
    return false;
}

bool DesignEditor::take(edits::Result r, int dragSerial) {
    if (!r && r.refusal.isEmpty())
        return false; // nothing to do (an object already gone): not a refusal
    if (!r)
        return refuse(r.refusal);
    return push(std::move(r.edit), dragSerial);
}

bool DesignEditor::dropCatalogItem(const QString& catalogId, PointMm at) {
    return take(edits::dropCatalogItem(m_design->data(), *m_library, catalogId, at));
}

bool DesignEditor::moveRacks(const std::vector<RackTarget>& targets, int dragSerial) {
    return take(edits::moveRacks(m_design->data(), targets), dragSerial);
}

bool DesignEditor::rotateRacks(const std::vector<RackId>& racks) {
    return take(edits::rotateRacks(m_design->data(), racks));
}

bool DesignEditor::alignRacks(const std::vector<RackId>& racks, Align edge) {
    return take(edits::alignRacks(m_design->data(), racks, edge));
}

bool DesignEditor::deleteObjects(const std::vector<RackId>& racks,
                                 const std::vector<DeviceId>& devices,
                                 const std::vector<LinkId>& links) {
    return take(edits::deleteObjects(m_design->data(), racks, devices, links));
}

void DesignEditor::copyRacks(const std::vector<RackId>& racks) {
    m_clip = edits::copyRacks(m_design->data(), racks);
}

std::vector<RackId> DesignEditor::paste() {
    std::vector<RackId> ids;
    if (!take(edits::paste(m_design->data(), m_clip, &ids)))
        return {};
    return ids;
}

bool DesignEditor::mountDevice(const QString& catalogId, RackId rack, int u, Face face) {
    return take(edits::mountDevice(m_design->data(), *m_library, catalogId, rack, u, face));
}

bool DesignEditor::moveDevice(DeviceId id, int u, Face face) {
    return take(edits::moveDevice(m_design->data(), id, u, face));
}

bool DesignEditor::addLink(PortRef a, PortRef b) {
    return take(edits::addLink(m_design->data(), a, b));
}

bool DesignEditor::editRacks(const std::vector<std::pair<RackId, Rack>>& after,
                             const QString& text) {
    return take(edits::editRacks(m_design->data(), after, text));
}

bool DesignEditor::setRackCooling(const std::vector<RackId>& racks, CoolingType type,
                                  const QString& productId) {
    return take(edits::setRackCooling(m_design->data(), *m_library, racks, type, productId));
}

bool DesignEditor::editDevice(DeviceId id, const Device& after, const QString& text) {
    return take(edits::editDevice(m_design->data(), id, after, text));
}

bool DesignEditor::editLink(LinkId id, const Link& after, const QString& text) {
    return take(edits::editLink(m_design->data(), id, after, text));
}

bool DesignEditor::setProjectDetails(const DesignMeta& meta) {
    return take(edits::setProjectDetails(m_design->data(), meta));
}

bool DesignEditor::setQuoteTerms(double marginPercent, double discountPercent) {
    return take(edits::setQuoteTerms(m_design->data(), marginPercent, discountPercent));
}

bool DesignEditor::setAddressing(const AddressPools& pools) {
    return take(edits::setAddressing(m_design->data(), pools));
}

bool DesignEditor::setPhases(const std::vector<BuildPhase>& phases,
                             std::optional<LabourHours> labour) {
    return take(edits::setPhases(m_design->data(), phases, labour));
}

bool DesignEditor::setRackPhase(const std::vector<RackId>& racks, int phase) {
    return take(edits::setRackPhase(m_design->data(), racks, phase));
}

bool DesignEditor::setPriceOverride(const QString& catalogId, double usd, const QString& note) {
    return take(edits::setPriceOverride(m_design->data(), catalogId, usd, note));
}

bool DesignEditor::setPowerCapacity(PowerElementId id, double capacity) {
    return take(edits::setPowerCapacity(m_design->data(), id, capacity));
}

bool DesignEditor::setPowerUnits(PowerElementId id, int units) {
    return take(edits::setPowerUnits(m_design->data(), id, units));
}

bool DesignEditor::setPowerEfficiency(PowerElementId id, double pct) {
    return take(edits::setPowerEfficiency(m_design->data(), id, pct));
}

bool DesignEditor::setPowerType(PowerElementId id, const QString& catalogId) {
    return take(edits::setPowerType(m_design->data(), *m_library, id, catalogId));
}

bool DesignEditor::renamePowerElement(PowerElementId id, const QString& name) {
    return take(edits::renamePowerElement(m_design->data(), id, name));
}

bool DesignEditor::setPowerUpstream(PowerElementId id, const QStringList& names) {
    return take(edits::setPowerUpstream(m_design->data(), id, names));
}

bool DesignEditor::setRackFeed(RackId rack, FeedSide side, const QString& element) {
    return take(edits::setRackFeed(m_design->data(), rack, side, element));
}

bool DesignEditor::addPowerElement(PowerKind kind, const QString& catalogId,
                                   const QStringList& upstream, const QString& name,
                                   PowerElementId* added) {
    return take(edits::addPowerElement(m_design->data(), *m_library, kind, catalogId, upstream,
                                       name, added));
}

bool DesignEditor::removePowerElements(const std::vector<PowerElementId>& ids) {
    return take(edits::removePowerElements(m_design->data(), ids));
}

bool DesignEditor::setPowerElementArea(PowerElementId id, const RectMm& area, int dragSerial) {
    return take(edits::setPowerElementArea(m_design->data(), id, area), dragSerial);
}

bool DesignEditor::setPowerSettings(double powerFactor, double transientPct, double strandedPct) {
    edits::PowerSettings s;
    s.powerFactor = powerFactor;
    s.transientPct = transientPct;
    s.strandedPct = strandedPct;
    return take(edits::setPowerSettings(m_design->data(), s));
}

bool DesignEditor::waive(const QString& key, const QString& reason) {
    return take(edits::waive(m_design->data(), key, reason));
}

bool DesignEditor::unwaive(const QString& key) {
    return take(edits::unwaive(m_design->data(), key));
}

bool DesignEditor::replaceDesign(DesignData after, const QString& text) {
    return push(std::make_unique<ReplaceDesignEdit>(text, m_design->data(), std::move(after)));
}

} // namespace cds::studio
