#pragma once

#include "StudioDocument.h"
#include "WindowHost.h"

#include <QMainWindow>

#include <array>

class QDockWidget;
class QLabel;

namespace cds::views {
class CatalogPalette;
class DashboardWidget;
class ElevationView;
class FloorplanScene;
class FloorplanView;
class PowerView;
class ProblemsPanel;
class PropertiesPanel;
class SiteView;
} // namespace cds::views

namespace cds::studio {

class EditActions;
class ExportActions;
class FileActions;
class PowerChainActions;
class ResilienceActions;
class ToolsActions;
class ViewActions;
class Workbench;

/// @brief The studio window: it assembles the floorplan canvas in the middle, the catalog,
/// properties, problems, rack elevation, history, dashboard, failures and site docks (the dashboard
/// with the power chain's diagram as a page), the action sets that make its menus and toolbar, and
/// the status totals. What the studio does lives in the Workbench (window-free) and the action
/// sets; the window is their WindowHost.
class MainWindow : public QMainWindow, public WindowHost {
    Q_OBJECT
public:
    using Options = StudioDocument::Options;
    explicit MainWindow(CatalogLibrary library, Options options);
    explicit MainWindow(CatalogLibrary library = CatalogLibrary::loadDefault());
    ~MainWindow() override;

    Workbench& workbench() const { return *m_wb; }
    views::FloorplanScene* scene() const { return m_scene; }
    views::FloorplanView* canvas() const { return m_canvas; }
    views::ElevationView* elevation() const { return m_elevation; }
    views::PropertiesPanel* properties() const { return m_properties; }
    views::ProblemsPanel* problems() const { return m_problems; }
    views::CatalogPalette* palette() const { return m_palette; }
    /// The power chain's one-line diagram, a page of the dashboard.
    views::PowerView* powerView() const { return m_power; }
    /// The site plan (View > Site plan): the halls and the links between them.
    views::SiteView* siteView() const { return m_site; }
    QDockWidget* siteDock() const { return m_siteDock; }
    FileActions* fileActions() const { return m_file; }
    ViewActions* viewActions() const { return m_view; }
    /// The canvas tools, the Cables panel and the Cables and Hall menus.
    ToolsActions* tools() const { return m_tools; }
    /// The Analyse menu and the Failures panel ("What if this fails?").
    ResilienceActions* resilience() const { return m_resilience; }
    /// The Power menu and the power diagram's context menu (build the chain, add an element
    /// below one, delete one, place a power rack on the floor).
    PowerChainActions* powerActions() const { return m_powerActions; }

    // WindowHost
    QWidget* dialogParent() override { return this; }
    bool interactive() const override { return m_options.interactive; }
    void showMessage(const QString& text, int timeoutMs) override;
    QDockWidget* addDock(QWidget* w, const QString& title,
                         Qt::DockWidgetArea area = Qt::RightDockWidgetArea) override;
    /// Selects a finding's objects and brings them into view.
    void revealObjects(const std::vector<ObjectRef>& objects) override;
    void closeWindow() override { close(); }

    void openElevation(RackId rack);
    /// Brings the dashboard and its power chain page to the front.
    void openPowerView();
    /// Zooms the floorplan to hall @p hall of the site plan (an index into its halls).
    void openHall(int hall);

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    /// After new, open, restore and generate: the whole hall in view, a stale elevation gone.
    void showReopened();
    void buildDocks();
    void buildDashboard();
    void buildPowerView(views::DashboardWidget* dashboard);
    void buildSiteView();
    void buildMenus();
    void connectViews();
    void connectDocument();
    void updateTitle();
    void showError(const QString& title, const QString& text);
    void requestLink(RackId a, RackId b);

    Options m_options;
    Workbench* m_wb;
    views::FloorplanScene* m_scene;
    views::FloorplanView* m_canvas;
    views::ElevationView* m_elevation = nullptr;
    views::PropertiesPanel* m_properties = nullptr;
    views::ProblemsPanel* m_problems = nullptr;
    views::CatalogPalette* m_palette = nullptr;
    views::PowerView* m_power = nullptr;
    views::DashboardWidget* m_dashboard = nullptr;
    views::SiteView* m_site = nullptr;
    QDockWidget* m_siteDock = nullptr;
    QDockWidget* m_elevationDock = nullptr;
    /// Sized on first start: the left, right and bottom docks.
    std::array<QDockWidget*, 3> m_layoutDocks{};
    QLabel* m_totals = nullptr;
    FileActions* m_file = nullptr;
    EditActions* m_edit = nullptr;
    ViewActions* m_view = nullptr;
    ToolsActions* m_tools = nullptr;
    ExportActions* m_export = nullptr;
    ResilienceActions* m_resilience = nullptr;
    PowerChainActions* m_powerActions = nullptr;
};

} // namespace cds::studio
