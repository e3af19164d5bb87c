#pragma once

#include "FloorLabels.h"
#include "MiniMap.h"
#include "model/RackGeometry.h"

#include <QGraphicsView>

class QMenu;

#include <memory>
#include <vector>

namespace cds::views {

class CanvasTool;
class DrawLinkTool;
class FloorplanScene;
class PlaceRackTool;
class SelectTool;

/// MIME type of a catalog entry dragged from the palette: the payload is its catalog id.
inline QString catalogMimeType() {
    return QStringLiteral("application/x-cds-catalog-item");
}

/// MIME type of the footprint of a dragged rack entry, "WIDTHxDEPTH" in mm: the canvas draws
/// the rack's outline at scale, snapped, under the mouse before the drop.
inline QString footprintMimeType() {
    return QStringLiteral("application/x-cds-footprint");
}

/// @brief The floorplan canvas: zoom (wheel, keys), pan (middle drag, arrows), the current
/// tool, palette drops and the colour legend. Emits intents; the app turns them into edits.
class FloorplanView : public QGraphicsView {
    Q_OBJECT
public:
    enum class Tool { Select, PlaceRack, DrawLink, Extra };
    explicit FloorplanView(FloorplanScene* scene, QWidget* parent = nullptr);
    ~FloorplanView() override;
    FloorplanScene* floorplan() const { return m_scene; }

    void setTool(Tool t);
    /// Makes @p tool (owned by the caller, e.g. the tray or hall tool) the current one.
    void setExtraTool(CanvasTool* tool);
    Tool tool() const { return m_toolKind; }
    PlaceRackTool* placeRackTool() const { return m_place.get(); }
    void zoomBy(double factor);
    /// Shows or hides the colour and cable legends (View > Floorplan layers > Legend).
    void setLegendShown(bool on);
    bool legendShown() const { return m_legendShown; }
    void fitHall();
    /// Zooms and scrolls so that @p areaMm (scene mm: a hall of a campus) fills the view, whole
    /// and centred; a resize keeps this view (as after a zoom).
    void fitArea(const QRectF& areaMm);
    double zoom() const; ///< pixels per millimetre
    /// Adds checkable actions that show or hide each network's cables and the trays.
    void addLayerActions(QMenu* menu);
    /// The labels drawn at the current zoom and scroll (FloorLabels), and the cable counts'
    /// boxes (placed after them, off them and the legends), in viewport pixels.
    const std::vector<FloorLabel>& labels();
    std::vector<QRectF> countBoxes();
    /// The colour and cable legends' boxes (none when hidden) and the mini-map's, in viewport
    /// pixels: what the labels keep off.
    std::vector<QRectF> legendBoxes() const;
    /// The mini-map's box in viewport pixels: empty while the whole hall is in view.
    QRectF miniMapBox() const;
    /// Selects the rack, row or device named @p name (whole name, any case; else the first
    /// whose name starts with it) and centres it, zoomed in until its name reads. False when
    /// nothing has that name.
    bool findByName(const QString& name);
    /// The hint drawn over an empty hall (no rack yet): what to do first. Empty when the hall
    /// has racks.
    QString emptyHallHint() const;
    /// The outline (scene mm) of the rack being dragged in from the catalog, snapped to the
    /// tiles; empty when no rack is being dragged over the floor.
    QRectF dropGhost() const { return m_dropGhost; }

    // For the tools: the default QGraphicsView handling and the current drag serial.
    void baseMousePress(QMouseEvent* e) { QGraphicsView::mousePressEvent(e); }
    void baseMouseRelease(QMouseEvent* e) { QGraphicsView::mouseReleaseEvent(e); }
    void beginDrag();
    void endDrag();
    int dragSerial() const { return m_dragSerial; }
    bool isDragging() const { return m_dragging; }

Q_SIGNALS:
    /// Move racks to @p targets; every request of one drag carries the same @p dragSerial.
    void racksMoveRequested(const std::vector<cds::RackTarget>& targets, int dragSerial);
    /// Move the power rack of element @p id to @p area (snapped by whole tiles, as racks);
    /// every request of one drag carries the same @p dragSerial.
    void powerRackMoveRequested(cds::PowerElementId id, const cds::RectMm& area, int dragSerial);
    void catalogDropRequested(const QString& catalogId, cds::PointMm at);
    void rackActivated(cds::RackId rack);
    void linkRequested(cds::RackId a, cds::RackId b);
    void statusMessage(const QString& text);
    /// A left click in the select tool that hit no rack, at @p at; @p mmPerPixel sizes a
    /// click tolerance (picking a cable bundle or a tray).
    void floorClicked(cds::PointMm at, double mmPerPixel);
    /// The mouse was released after dragging racks.
    void dragFinished();

protected:
    void wheelEvent(QWheelEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    /// The view's actions (addAction) as a menu, for the rack under the cursor.
    void contextMenuEvent(QContextMenuEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dragMoveEvent(QDragMoveEvent* e) override;
    void dragLeaveEvent(QDragLeaveEvent* e) override;
    void dropEvent(QDropEvent* e) override;
    void drawForeground(QPainter* p, const QRectF& rect) override;
    bool viewportEvent(QEvent* e) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    struct LegendEntry {
        QString label;
        QColor colour;
        int kind; // 0 line, 1 dashed, 2 block
    };
    struct CableLegend {
        QString netTitle, fillTitle;
        std::vector<LegendEntry> nets, fill;
        int netWidth = 0, fillWidth = 0; ///< the two columns, in px
        QSize size;                      ///< the box, in px (empty: no legend)
        bool empty() const { return nets.empty() && fill.empty(); }
    };
    /// The cable legend as drawn at @p lod (px per mm: zoomed out, the trays' fill alone).
    CableLegend cableLegend(double lod) const;
    /// The boxes of the colour legend (bottom left) and the cable legend (bottom right) in
    /// viewport pixels; empty when hidden.
    QSize colourLegendSize() const;
    /// The scene's rect grown by m_extraMm, so a fitted hall can sit clear of the legends.
    void syncSceneRect();
    void drawLegend(QPainter* p);
    void drawCableLegend(QPainter* p);
    void drawEmptyHallHint(QPainter* p);
    QRectF miniMapHall() const; ///< the hall's floor, mm: what the mini-map shows
    /// Lays the labels out again when the view or the scene changed since the last time.
    void updateLabels();
    /// The labels, then the cable counts off them (in viewport pixels).
    void drawLabels(QPainter* p);
    FloorplanScene* m_scene;
    std::unique_ptr<SelectTool> m_select;
    std::unique_ptr<PlaceRackTool> m_place;
    std::unique_ptr<DrawLinkTool> m_link;
    CanvasTool* m_tool = nullptr;
    CanvasTool* m_extra = nullptr;
    Tool m_toolKind = Tool::Select;
    int m_dragSerial = 0;
    bool m_dragging = false;
    bool m_panning = false;
    bool m_legendShown = true;
    bool m_fitted = false; ///< showing the fitted hall: a resize fits it again
    QSize m_fittedFor;     ///< the room (maximumViewportSize) of the last fitHall
    QMarginsF m_extraMm;   ///< room beyond the scene's rect that fitHall needed, in mm
    QPoint m_panFrom;
    MiniMap m_miniMap;
    bool m_miniMapDrag = false; ///< the left button went down on the mini-map
    std::vector<FloorLabel> m_labels;
    std::vector<QRectF> m_countBoxes; ///< the legends, the labels, then the counts
    std::size_t m_placedBoxes = 0;    ///< the legends' and labels' part of m_countBoxes
    bool m_labelsDirty = true;
    QRectF m_dropGhost;     ///< the dragged rack's snapped outline, scene mm
    QTransform m_labelsFor; ///< the viewport transform m_labels were laid out for
    QSize m_labelsSize;
};

} // namespace cds::views
