#pragma once

#include "model/Ids.h"

#include <QGraphicsItem>

#include <vector>

namespace cds {
class Design;
}

namespace cds::views {

/// @brief Every cable of the design in one item: a bundle per rack pair and fabric, coloured
/// by fabric and labelled with its count; individual links only when zoomed into a rack.
/// One item, so 50,000 cables cost one index entry instead of 50,000 (STYLE.md scale habits).
class CableBundleItem final : public QGraphicsItem {
public:
    explicit CableBundleItem(Design* design);
    /// Bundles are regrouped lazily on the next paint after links changed.
    void markLinksDirty();
    /// A rack moved: its bundles' ends did (the grouping stays).
    void racksMoved();
    void syncBounds(); ///< after the hall changed
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget* w) override;

    struct Bundle {
        RackId a, b; ///< a < b
        std::uint8_t fabricKind = 0;
        std::vector<LinkId> links;
    };
    const std::vector<Bundle>& bundles(); ///< regrouped if dirty
    static QColor fabricColour(int fabricKind);
    /// Below this level of detail (pixels per millimetre: a 600 mm rack under 24 px) the
    /// bundles are drawn as trunks between screen cells of kOverviewCellPx.
    static constexpr double kOverviewLod = 0.04;
    static constexpr double kOverviewCellPx = 16;

private:
    void regroup();
    void paintOverview(QPainter* p, qreal lod, const QRectF& visible);
    void buildTrunks(qreal cell);
    Design* m_design;
    QRectF m_rect;
    bool m_dirty = true;
    /// The overview's trunks per fabric kind, for one cell size and one state of the links
    /// and rack positions: a repaint at the same zoom only filters and draws them.
    std::vector<QLineF> m_trunks[4];
    qreal m_trunkCell = 0;
    bool m_trunksStale = true;
    std::vector<Bundle> m_bundles;
};

} // namespace cds::views
