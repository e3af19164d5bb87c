#pragma once

#include "model/Design.h"

#include <QWidget>

class QPainter;

namespace cds::views {

class FailureHighlight;
class SelectionModel;

/// @brief Front and rear elevation of one rack: U numbering, devices, free U, and drag of
/// devices (or catalog entries from the palette) into U slots with a collision highlight.
/// Observes the Design like the floorplan; placements are intents the app turns into edits.
class ElevationView : public QWidget {
    Q_OBJECT
public:
    ElevationView(Design* design, SelectionModel* selection, QWidget* parent = nullptr);
    void setRack(RackId rack);
    RackId rack() const { return m_rack; }
    /// The catalog palette entries come from, so a dragged entry highlights its real height.
    void setLibrary(const Catalog* library) { m_library = library; }
    /// Colours devices by what the failure shown does to them while it is active.
    void setFailureHighlight(const FailureHighlight* f);

    /// A U slot on one face: where a device dropped at a widget point would sit.
    struct Slot {
        int u = 0; ///< 0 = not on a slot
        Face face = Face::Front;
    };
    Slot slotAt(QPoint p, int uHeight = 1) const;
    /// Widget rectangle of U range [u, u + h) on @p face.
    QRect slotRect(int u, int h, Face face) const;
    DeviceId deviceAt(QPoint p) const;
    /// Where 0U gear is drawn: rack PDUs as strips in the side channels of their mounting face
    /// (the first half by name on the left, the rest on the right: A feeds left, B right), a
    /// floor-standing unit (an in-row CDU) across the whole rack. Empty for rack-mounted gear.
    QRect zeroURect(DeviceId device) const { return zeroURect(device, sideChannelDevices()); }
    /// The header line: "R01 · 42U · 20U used · 22U free".
    QString summary() const;
    QSize sizeHint() const override { return {360, std::max(700, minimumHeight())}; }
    /// The height of one U in pixels: at least the UI font's line, so the text of a 1U device
    /// reads like the menus (the view scrolls in a short dock rather than shrink it).
    double slotHeight() const;
    int minSlotPx() const;

Q_SIGNALS:
    void deviceMoveRequested(cds::DeviceId device, int u, cds::Face face);
    void deviceDropRequested(const QString& catalogId, cds::RackId rack, int u, cds::Face face);
    void statusMessage(const QString& text);

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dragMoveEvent(QDragMoveEvent* e) override;
    void dragLeaveEvent(QDragLeaveEvent* e) override;
    void dropEvent(QDropEvent* e) override;
    void changeEvent(QEvent* e) override;
    bool event(QEvent* e) override; ///< tooltips: a device's whole name, model and U
    /// The view's actions (addAction) as a menu, for the device or rack just clicked.
    void contextMenuEvent(QContextMenuEvent* e) override;

private:
    int capacity() const;
    int topPx() const;   ///< the header lines above the U slots
    int labelPx() const; ///< the U numbers' column
    void updateMinimumHeight();
    /// The rack's 0U devices that go in side channels, in drawing order (by name).
    std::vector<DeviceId> sideChannelDevices() const;
    /// Side-channel strips per side of a face: how far rack-mounted gear is inset.
    static int sideInset(const std::vector<DeviceId>& side);
    QRect zeroURect(DeviceId device, const std::vector<DeviceId>& side) const;
    void hover(Slot s, int uHeight, DeviceId ignore);
    void paintZeroU(QPainter& p, const QRect& r, DeviceId id, const CatalogItem& t,
                    bool selected) const;
    /// The device's fill: its category's colour, or its failure state's while one is shown.
    QColor fillOf(DeviceId id, const CatalogItem& t) const;
    QColor textOn(DeviceId id) const; ///< black, or white on a dark failure fill
    Design* m_design;
    SelectionModel* m_selection;
    const Catalog* m_library = nullptr;
    const FailureHighlight* m_failure = nullptr;
    RackId m_rack;
    // Drag feedback: the slot under the cursor and whether the device fits there.
    DeviceId m_dragDevice;
    int m_grabOffsetU = 0;
    Slot m_hover;
    int m_hoverHeight = 0;
    QString m_hoverProblem;
};

} // namespace cds::views
