#pragma once

#include "model/DesignData.h"

#include <QObject>

#include <memory>

class QAction;
class QDockWidget;

namespace cds::views {
class CablePanel;
class HallTool;
class PathwayOverlayItem;
class TrayTool;
} // namespace cds::views

namespace cds::studio {

class MainWindow;

/// @brief The studio's editing of cables, trays and the hall: the Trays and Hall canvas tools,
/// the Cables panel, the Cables and Hall menus and their dialogs, and a click on a cable
/// bundle or tray in the select tool. Everything it changes goes through the window's
/// DesignEditor as model operations (model/edits PathwayOps, CableOps, HallOps).
class EditingActions : public QObject {
    Q_OBJECT
public:
    explicit EditingActions(MainWindow* window);
    ~EditingActions() override;
    views::CablePanel* cablePanel() const { return m_cables; }
    views::TrayTool* trayTool() const { return m_trays.get(); }
    views::HallTool* hallTool() const { return m_hall.get(); }
    views::PathwayOverlayItem* overlay() const { return m_overlay; }
    QDockWidget* cableDock() const { return m_cableDock; }

    /// Edit > Delete: the selected racks, devices and cables, or else the selected trays.
    void deleteSelection();
    /// A click at @p at that hit no rack: lists the bundle there (Cables panel), or selects
    /// the tray there; @p mmPerPixel sets the pick distance.
    void pickAt(PointMm at, double mmPerPixel);
    bool drawTray(PointMm from, PointMm to);
    /// Cables > Connect servers to leaves…; returns the refusal or empty.
    QString connectRails(const std::vector<DeviceId>& leaves);
    void showConnectDialog();
    void showHallDialog();

private:
    void buildMenus();
    void connectTools();
    MainWindow* m_w;
    std::unique_ptr<views::TrayTool> m_trays;
    std::unique_ptr<views::HallTool> m_hall;
    views::PathwayOverlayItem* m_overlay;
    views::CablePanel* m_cables;
    QDockWidget* m_cableDock = nullptr;
};

} // namespace cds::studio
