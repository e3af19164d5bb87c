#pragma once

#include "SitePlan.h"

#include <QWidget>

#include <vector>

class QPainter;

namespace cds {
class Design;
class LiveAnalysis;
} // namespace cds

namespace cds::views {

class SelectionModel;

/// @brief The studio's site plan (issue #31): the halls to scale as labelled blocks (name,
/// GPUs, racks, IT load) with the bundles of links between them (count, longest run), under a
/// line of the site's figures; a design of one hall shows that hall and says so. Clicking a
/// hall asks for it on the floorplan (hallActivated); dragging a campus's hall asks for it to
/// move (hallDragged); halls holding the selection, or selected themselves, are lit.
/// Derived from model/site and the live analysis while shown; never changes the model.
class SiteView : public QWidget {
    Q_OBJECT
public:
    SiteView(const Design* design, const LiveAnalysis* analysis, const SelectionModel* selection,
             QWidget* parent = nullptr);

    /// The figures drawn, derived now when the design or its analysis changed since.
    const SitePlan& plan();
    /// Where each hall, bundle and label is drawn at the widget's size, in widget pixels.
    const SitePlanGeometry& drawing();
    QString summary() { return plan().summary(); }
    /// Whether hall @p hall holds a selected rack or a selected device's rack, or is the
    /// selected hall.
    bool isLit(int hall);

    QSize sizeHint() const override { return {380, 420}; }
    QSize minimumSizeHint() const override { return {200, 160}; }

Q_SIGNALS:
    /// Hall @p hall (an index into plan().halls) was clicked: open it in the floorplan.
    void hallActivated(int hall);
    /// Campus hall @p hall was dragged: its north-west corner would stand at @p corner on the
    /// site (mm, on the floor tiles).
    void hallDragged(int hall, cds::PointMm corner);

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void leaveEvent(QEvent* e) override;
    bool event(QEvent* e) override;

private:
    void refresh();
    /// The summary's box at the top, word-wrapped to the width.
    QRectF summaryBox();
    /// Where the plan goes: under the summary, over the scale bar.
    QRectF planBox();
    void paintScaleBar(QPainter& p, double pxPerMm);
    /// Where hall @p hall, dragged by m_dragBy, would go: its north-west corner in mm, moved by
    /// whole floor tiles.
    PointMm dragTarget(int hall);
    QString toolTipAt(QPointF pos);

    const Design* m_design;
    const LiveAnalysis* m_analysis;
    const SelectionModel* m_selection;
    SitePlan m_plan;
    SitePlanGeometry m_drawing;
    std::vector<char> m_lit; ///< by hall
    bool m_planDirty = true;
    bool m_drawingDirty = true;
    bool m_litDirty = true;
    int m_hover = -1;   ///< the hall under the mouse
    int m_pressed = -1; ///< the hall the left button went down on
    QPointF m_pressAt;  ///< where it went down
    bool m_dragging = false;
    QPointF m_dragBy; ///< the drag so far, px
};

} // namespace cds::views
