#pragma once

#include "model/Design.h"
#include "model/rules/Finding.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QFormLayout;
class QLabel;

namespace cds::views {

class SelectionModel;

/// @brief Properties of the selection. Editable: names, cooling type, power feeds (count, kW and
/// the chain's elements feeding A and B), price override of the device's catalog entry, pinned
/// cable medium, a power element's values and place on the floor (Place on floor for a power
/// rack without one), the power chain's settings (Build power chain… without a chain),
/// a campus hall's name, place and size. Changes are intents.
class PropertiesPanel : public QWidget {
    Q_OBJECT
public:
    PropertiesPanel(Design* design, SelectionModel* selection, QWidget* parent = nullptr);
    /// What the panel shows, e.g. "Rack R01", "Device dgx01", "3 racks".
    QString heading() const;
    /// The vendor catalog whose cooling products a rack may be given (besides the design's own).
    void setLibrary(const Catalog* library) { m_library = library; }

Q_SIGNALS:
    void racksEditRequested(const std::vector<std::pair<cds::RackId, cds::Rack>>& after,
                            const QString& text);
    /// Cooling type and installed product (a catalog id; empty: none) for the racks.
    void rackCoolingRequested(const std::vector<cds::RackId>& racks, cds::CoolingType type,
                              const QString& productId);
    /// The racks go in build phase @p phase (an index into the design's phases).
    void rackPhaseRequested(const std::vector<cds::RackId>& racks, int phase);
    void deviceEditRequested(cds::DeviceId id, const cds::Device& after, const QString& text);
    void linkEditRequested(cds::LinkId id, const cds::Link& after, const QString& text);
    /// A tray's name, kind, ends or size changed (one tray selected).
    void pathwayEditRequested(cds::PathwayId id, const cds::Pathway& after, const QString& text);
    /// usd < 0 clears the override.
    void priceOverrideRequested(const QString& catalogId, double usd, const QString& note);
    /// Rack @p rack's feed @p side comes from the power element named @p element (empty: none).
    void rackFeedRequested(cds::RackId rack, cds::FeedSide side, const QString& element);
    /// A power element's values (one selected), each as the user finished its field.
    void powerRenameRequested(cds::PowerElementId id, const QString& name);
    void powerCapacityRequested(cds::PowerElementId id, double capacity);
    void powerUnitsRequested(cds::PowerElementId id, int units);
    void powerEfficiencyRequested(cds::PowerElementId id, double pct);
    void powerTypeRequested(cds::PowerElementId id, const QString& catalogId);
    void powerUpstreamRequested(cds::PowerElementId id, const QStringList& names);
    /// A power rack's place on the floor (its X or Y finished).
    void powerAreaRequested(cds::PowerElementId id, const cds::RectMm& area);
    /// Place on floor: power rack @p id, which has no place yet, beside the racks it feeds.
    void powerPlaceRequested(cds::PowerElementId id);
    /// Build power chain… (nothing selected in a design with racks and no chain).
    void powerChainBuildRequested();
    /// The chain's settings (shown with a selected element, or with nothing selected).
    void powerSettingsRequested(double powerFactor, double transientPct, double strandedPct);
    /// Campus hall @p index (into the design's halls) as it would be: moved, resized or renamed
    /// with what stands in it (edits::setSiteHall).
    void siteHallEditRequested(int index, const cds::SiteHall& after);

private:
    void scheduleRebuild();
    void rebuild();
    void showRacks(const std::vector<RackId>& racks);
    void showDevice(DeviceId id);
    void showLink(LinkId id);
    void showPathway(PathwayId id);
    void showPowerElement(PowerElementId id);
    /// Nothing selected in a design with a power chain: the chain's settings.
    void showPowerChain();
    /// Nothing selected in a design with racks and no chain: a button to build one.
    void showNoPowerChain();
    void addChainSettings();
    void showHall(int index); ///< a campus hall, selected in the site plan
    Design* m_design;
    const Catalog* m_library = nullptr;
    SelectionModel* m_selection;
    QLabel* m_heading;
    QWidget* m_body = nullptr;
    QFormLayout* m_form = nullptr;
    bool m_pending = false;
};

} // namespace cds::views
