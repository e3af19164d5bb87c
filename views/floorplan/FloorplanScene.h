#pragma once

#include "RackColoring.h"

#include "model/Design.h"

#include <QGraphicsScene>

#include <vector>

namespace cds {
class LiveAnalysis;
}

namespace cds::views {

class CableBundleItem;
class HallItem;
class PowerRackItem;
class RackItem;
class SelectionModel;

/// @brief The floorplan to scale (1 scene unit = 1 mm): the hall, one RackItem per rack, one
/// PowerRackItem per power rack placed on the floor and one item for all cable bundles. Follows the
/// Design's signals; never changes the model. Keeps the scene selection and the shared
/// SelectionModel in step.
class FloorplanScene : public QGraphicsScene {
    Q_OBJECT
public:
    FloorplanScene(Design* design, LiveAnalysis* analysis, SelectionModel* selection,
                   QObject* parent = nullptr);
    ~FloorplanScene() override;
    Design* design() const { return m_design; }
    const RackColoring& coloring() const { return m_coloring; }
    void setColorMetric(ColorMetric m);
    /// Colour racks by build phase, those after phase @p last (0-based) as not yet built;
    /// -1: every phase.
    void setPhaseLimit(int last);
    /// Colours racks by what the failure shown does to them while it is active.
    void setFailureHighlight(FailureHighlight* f);
    RackItem* rackItem(RackId id) const;
    /// One item per power-chain element placed on the floor (PowerElement::area).
    const std::vector<PowerRackItem*>& powerRackItems() const { return m_powerRacks; }
    /// The rack whose footprint contains @p scenePos, or invalid.
    RackId rackAt(QPointF scenePos) const;
    CableBundleItem* cables() const { return m_cables; }
    /// The rack's analysed figures, or null before its first analysis.
    const RackMetrics* rackMetrics(RackId id) const;
    /// IT kW of the rack (design load), or -1 when not analysed.
    double rackKw(RackId id) const;
    /// The hover text of a rack (RackTooltip).
    QString rackToolTip(RackId id) const;
    QRectF hallRect() const;

Q_SIGNALS:
    void coloringChanged();

private:
    void rebuild();
    void addRackItem(RackId id);
    void removeRackItem(RackId id);
    /// After the chain changed: the items follow their elements, or are made again when the
    /// placed elements are others (few items).
    void rebuildPowerRacks();
    void refreshColours();
    void pushSelectionToModel();
    void pullSelectionFromModel();
    /// The racks and placed power racks the scene selects for @p selection (sorted).
    std::vector<ObjectRef> shownFor(const std::vector<ObjectRef>& selection) const;

    Design* m_design;
    LiveAnalysis* m_analysis;
    SelectionModel* m_selection;
    HallItem* m_hall = nullptr;
    CableBundleItem* m_cables = nullptr;
    std::vector<RackItem*> m_racks; ///< by rack id
    std::vector<PowerRackItem*> m_powerRacks;
    std::vector<std::int32_t> m_metricsOf; ///< rack id -> index into metrics().perRack
    RackColoring m_coloring;
    bool m_syncing = false;
};

} // namespace cds::views
