#pragma once

#include "PowerDiagramLayout.h"

#include "model/Design.h"

#include <QGraphicsScene>

#include <functional>
#include <vector>

namespace cds {
class LiveAnalysis;
}

namespace cds::views {

class PowerNodeItem;
class PowerWiresItem;
class SelectionModel;

/// @brief The power chain's one-line diagram as a scene: one PowerNodeItem per element and
/// one item for the frame, the buses and the racks column, laid out by layoutPowerDiagram
/// and redrawn from each analysis (loads in normal operation and N-1). Keeps its selection
/// and the shared SelectionModel in step; racks or devices selected elsewhere light up their
/// way up to the sources, an element selected lights up what it draws from. Never changes
/// the model.
class PowerScene : public QGraphicsScene {
    Q_OBJECT
public:
    PowerScene(Design* design, LiveAnalysis* analysis, SelectionModel* selection,
               QObject* parent = nullptr);
    ~PowerScene() override;

    const DesignData& data() const { return m_design->data(); }
    const PowerAnalysis& power() const;
    const PowerDiagramLayout& layout() const { return m_layout; }
    PowerNodeItem* nodeItem(PowerElementId id) const;
    /// Elements lit as the path of the selection (racks' ways up, selected elements' supplies).
    bool onPath(PowerElementId id) const {
        return id.value() < m_path.size() && m_path[id.value()];
    }
    const std::vector<char>& path() const { return m_path; }
    /// Takes the layout and loads from the model and its analysis (LiveAnalysis::updated);
    /// while its holder says the diagram is off screen (setShownCheck), only notes that it is
    /// stale: a drag's analysis then pays nothing for a diagram no one sees.
    void refresh();
    /// @p shown tells whether the diagram is on screen; none set: always.
    void setShownCheck(std::function<bool()> shown) { m_shown = std::move(shown); }
    /// Refreshes when an update came while the diagram was off screen.
    void refreshIfStale() {
        if (m_stale)
            refresh();
    }

Q_SIGNALS:
    /// The selection changed elsewhere and lit @p rect (scene pixels): the view brings it in.
    void focusRequested(const QRectF& rect);
    void refreshed();

private:
    void rebuild();
    void pushSelectionToModel();
    void pullSelectionFromModel();

    Design* m_design;
    LiveAnalysis* m_analysis;
    SelectionModel* m_selection;
    PowerDiagramLayout m_layout;
    PowerWiresItem* m_wires = nullptr;
    std::vector<PowerNodeItem*> m_nodes; ///< by element id
    std::vector<char> m_path;            ///< by element id
    bool m_syncing = false;
    std::function<bool()> m_shown;
    bool m_stale = false;
};

} // namespace cds::views
