#pragma once

#include "ActionSet.h"

class QAction;
class QDockWidget;
class QMenu;
class QMenuBar;

namespace cds::views {
class FloorplanView;
} // namespace cds::views

namespace cds::studio {

/// @brief The View menu: zoom and fit on the floorplan @p canvas, presentation mode, the
/// floorplan's layers, and one entry per dock to show or hide it.
class ViewActions : public ActionSet {
    Q_OBJECT
public:
    ViewActions(Workbench& workbench, WindowHost& host, views::FloorplanView& canvas,
                QObject* parent = nullptr);
    /// Adds the View menu to @p bar.
    QMenu* addTo(QMenuBar* bar);
    /// Lists @p dock in the View menu (once the menu is there).
    void addDockToggle(QDockWidget* dock);
    /// View > Site plan (Ctrl+Shift+P): shows the site's @p dock and brings it to the front.
    QAction* addSitePlan(QDockWidget* dock);
    /// View > Presentation mode (F5): floorplan, racks, fabric and charts, full screen.
    void startPresentation();
    /// View > Find by name (Ctrl+F): selects and centres the rack, device's rack or row
    /// named @p name; the status bar says when nothing has that name.
    bool find(const QString& name);

private:
    views::FloorplanView& m_canvas;
    QMenu* m_menu = nullptr;
    QAction* m_layers = nullptr; ///< the Floorplan layers submenu: the site plan goes before it
};

} // namespace cds::studio
