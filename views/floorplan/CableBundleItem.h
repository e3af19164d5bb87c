#pragma once

#include "model/Ids.h"
#include "model/cabling/CableRouteMap.h"
#include "views/render/CableLayer.h"

#include <QGraphicsItem>

#include <vector>

namespace cds {
class Design;
}

namespace cds::views {

/// @brief Every cable and tray of the design in one item (STYLE.md scale habits: 50,000
/// cables cost one index entry). The routes come from CableRouteMap, the drawing from
/// render::CableLayer, so the studio draws what the exports draw: zoomed in, trays with one
/// lane per network, each bundle an orthogonal run with rounded corners and one count label
/// per tray piece; zoomed out (and for the largest halls until well zoomed in), the trays
/// alone, coloured by fill.
class CableBundleItem final : public QGraphicsItem {
public:
    explicit CableBundleItem(Design* design);
    /// Bundles are regrouped and re-routed on the next paint after links changed.
    void markLinksDirty();
    /// @p rack moved: only its bundles are re-routed, on the next paint.
    void rackMoved(RackId rack);
    void syncBounds(); ///< after the hall changed
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget* w) override;

    const CableRouteMap& routes(); ///< brought up to date first
    /// A bundle: the cables of one rack pair and network, with its route.
    using Bundle = BundleRoute;
    const std::vector<Bundle>& bundles() { return routes().bundles(); }
    /// The colour of a network's cables (render::CableStyle::layerColour).
    static QColor fabricColour(int fabricKind);
    void setLayerVisible(int layer, bool on);
    bool layerVisible(int layer) const { return m_options.layers[std::size_t(layer)]; }
    void setTraysVisible(bool on);
    bool traysVisible() const { return m_options.trays; }
    /// Below this level of detail (pixels per millimetre: a 600 mm rack under 24 px) the
    /// trays are drawn alone, coloured by fill.
    static constexpr double kOverviewLod = 0.04;
    /// Halls with more bundles than this stay in the overview until kLargeHallLod.
    static constexpr std::size_t kLargeHallBundles = 20000;
    static constexpr double kLargeHallLod = 0.08;
    /// Halls with at most this many bundles (one scalable unit) show their cables down to
    /// kSmallHallLod, so a fitted unit on a laptop screen shows them.
    static constexpr std::size_t kSmallHallBundles = 400;
    static constexpr double kSmallHallLod = 0.02;
    /// Whether a paint at @p lod shows the trays alone.
    bool overviewAt(double lod);
    /// The cable count labels at @p mm2px (hall mm to pixels), within @p visMm, kept off
    /// @p occupied (pixels), which receives their boxes. The view draws them after the
    /// floorplan's other labels (FloorLabels), so a count never covers a name or a caption.
    void paintCounts(QPainter& p, const QTransform& mm2px, std::vector<QRectF>& occupied,
                     const QRectF& visMm);
    /// The visible tray pieces as drawn at @p mm2px, in pixels (empty when trays are hidden).
    std::vector<QRectF> trayBoxes(const QTransform& mm2px, const QRectF& visMm);

private:
    void bringUpToDate();
    Design* m_design;
    QRectF m_rect;
    bool m_dirty = true;
    std::vector<RackId> m_moved;
    CableRouteMap m_routes;
    render::CableLayerOptions m_options;
};

} // namespace cds::views
