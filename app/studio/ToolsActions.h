#pragma once

#include "ActionSet.h"

#include "model/DesignData.h"

#include <QPointer>

#include <memory>

class QAction;
class QActionGroup;
class QDockWidget;
class QMenu;
class QMenuBar;
class QComboBox;
class QToolBar;

namespace cds::views {
class CablePanel;
class FloorplanView;
class HallTool;
class PathwayOverlayItem;
class TrayTool;
} // namespace cds::views

namespace cds::studio {

/// @brief The canvas tools and what goes with them: the Tools toolbar (select, place rack,
/// draw link, trays, hall; colour racks by), the Cables menu and panel, the Hall menu and
/// its dialogs, and a click on a cable bundle or tray in the select tool. The tools' requests
/// become Workbench commands.
class ToolsActions : public ActionSet {
    Q_OBJECT
public:
    ToolsActions(Workbench& workbench, WindowHost& host, views::FloorplanView& canvas,
                 QObject* parent = nullptr);
    ~ToolsActions() override;
    /// Fills @p bar: the tools, then @p undo and @p redo, then the rack colouring.
    void addToolBar(QToolBar* bar, QAction* undo, QAction* redo);
    /// Adds the Cables and Hall menus to @p bar.
    void addMenus(QMenuBar* bar);

    views::CablePanel* cablePanel() const { return m_cables; }
    QDockWidget* cableDock() const { return m_cableDock; }
    views::TrayTool* trayTool() const { return m_trays.get(); }
    views::HallTool* hallTool() const { return m_hall.get(); }
    views::PathwayOverlayItem* overlay() const { return m_overlay; }

    /// A click at @p at that hit no rack: a cable bundle there is listed in the Cables panel
    /// (brought to the front), else a tray there is selected.
    void pickAt(PointMm at, double mmPerPixel);
    /// Cables > Connect servers to leaves…
    void showConnectDialog();
    /// Hall > Hall settings…
    void showHallDialog();

private:
    /// While a failure colours the racks, @p metric shows "What if it fails"; picking a
    /// metric ends the failure shown.
    void followFailure(QComboBox* metric);
    QAction* toolAction(const QString& text, const QKeySequence& key);
    void buildActions();
    void connectTools();
    QPointer<views::FloorplanView> m_canvas;
    std::unique_ptr<views::TrayTool> m_trays;
    std::unique_ptr<views::HallTool> m_hall;
    views::PathwayOverlayItem* m_overlay;
    views::CablePanel* m_cables;
    QDockWidget* m_cableDock;
    QActionGroup* m_group;
    QAction* m_select = nullptr;
    QAction* m_place = nullptr;
    QAction* m_link = nullptr;
    QAction* m_trayAction = nullptr;
    std::vector<QAction*> m_hallDraw; ///< rows, columns, CRAC units, obstacles
};

} // namespace cds::studio
