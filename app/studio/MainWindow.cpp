#include "MainWindow.h"

#include "DesignEditor.h"
#include "EditActions.h"
#include "ExportActions.h"
#include "FailureAnalysis.h"
#include "FileActions.h"
#include "HelpMenu.h"
#include "LinkDialog.h"
#include "PowerChainActions.h"
#include "ResilienceActions.h"
#include "TaskRunner.h"
#include "ToolsActions.h"
#include "ViewActions.h"
#include "WindowGeometry.h"
#include "Workbench.h"

#include "model/analysis/LiveAnalysis.h"
#include "model/edits/HallOps.h"
#include "model/edits/PathwayOps.h"
#include "views/SelectionModel.h"
#include "views/dashboard/DashboardWidget.h"
#include "views/dashboard/PowerChainChart.h"
#include "views/elevation/ElevationView.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"
#include "views/panels/AdvisorPanel.h"
#include "views/panels/CatalogPalette.h"
#include "views/panels/ProblemsPanel.h"
#include "views/panels/PropertiesPanel.h"
#include "views/power/PowerView.h"
#include "views/site/SiteView.h"
#include "views/tools/PlaceRackTool.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>

#include <algorithm>

namespace cds::studio {

MainWindow::MainWindow(CatalogLibrary library)
    : MainWindow(std::move(library), Options{}) {}

MainWindow::MainWindow(CatalogLibrary library, Options options)
    : m_options(std::move(options))
    , m_wb(new Workbench(std::move(library), m_options, this))
    , m_scene(new views::FloorplanScene(m_wb->design(), m_wb->analysis(), m_wb->selection(), this))
    , m_canvas(new views::FloorplanView(m_scene, this)) {
    setObjectName(QStringLiteral("MainWindow"));
    m_wb->document()->tasks()->setDialogParent(this);
    setCentralWidget(m_canvas);
    m_totals = new QLabel(this);
    statusBar()->addPermanentWidget(m_totals);
    buildDocks();
    buildMenus();
    connectViews();
    connectDocument();
    restoreWindowLayout(this, m_layoutDocks[0], m_layoutDocks[1], m_layoutDocks[2]);
    updateTitle();
    m_wb->analysis()->runNow(); // the views built above show it from the start
    m_canvas->fitHall();
}

MainWindow::~MainWindow() {
    // The document outlives the views it feeds only until QObject deletes the children.
    disconnect(m_wb->document(), nullptr, this, nullptr);
    disconnect(m_wb->undoStack(), nullptr, this, nullptr);
}

void MainWindow::showMessage(const QString& text, int timeoutMs) {
    statusBar()->showMessage(text, timeoutMs);
}

QDockWidget* MainWindow::addDock(QWidget* w, const QString& title, Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(title + QStringLiteral("Dock"));
    dock->setWidget(w);
    addDockWidget(area, dock);
    for (QDockWidget* other : findChildren<QDockWidget*>())
        if (other != dock && dockWidgetArea(other) == area && !other->isFloating() &&
            area != Qt::LeftDockWidgetArea && area != Qt::BottomDockWidgetArea) {
            tabifyDockWidget(other, dock);
            break;
        }
    if (m_view)
        m_view->addDockToggle(dock);
    return dock;
}

void MainWindow::buildDocks() {
    const Catalog& library = m_wb->library();
    m_palette = new views::CatalogPalette(&library, this);
    m_properties = new views::PropertiesPanel(m_wb->design(), m_wb->selection(), this);
    m_properties->setLibrary(&library);
    m_problems = new views::ProblemsPanel(m_wb->design(), m_wb->analysis(), this);
    m_elevation = new views::ElevationView(m_wb->design(), m_wb->selection(), this);
    m_elevation->setLibrary(&library);
    auto* history = new QUndoView(m_wb->undoStack(), this);
    history->setEmptyLabel(QStringLiteral("<opened>"));
    QDockWidget* catalog = addDock(m_palette, QStringLiteral("Catalog"), Qt::LeftDockWidgetArea);
    // Side panels scroll rather than grow: what is selected never resizes the dock, so the
    // floorplan never moves under the mouse.
    auto* propertiesScroll = new QScrollArea(this);
    propertiesScroll->setObjectName(QStringLiteral("PropertiesScroll"));
    propertiesScroll->setWidget(m_properties);
    propertiesScroll->setWidgetResizable(true);
    propertiesScroll->setFrameShape(QFrame::NoFrame);
    addDock(propertiesScroll, QStringLiteral("Properties"));
    // The elevation keeps its text at the UI font's size: a tall rack in a short dock scrolls.
    auto* elevationScroll = new QScrollArea(this);
    elevationScroll->setObjectName(QStringLiteral("ElevationScroll"));
    elevationScroll->setWidget(m_elevation);
    elevationScroll->setWidgetResizable(true);
    elevationScroll->setFrameShape(QFrame::NoFrame);
    elevationScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_elevationDock = addDock(elevationScroll, QStringLiteral("Rack elevation"));
    // The history shares the left side with the catalog: the right keeps three tabs, whose
    // titles fit a 1280-pixel-wide window whole.
    tabifyDockWidget(catalog, addDock(history, QStringLiteral("History"), Qt::LeftDockWidgetArea));
    catalog->raise();
    // The problems list is tabbed with the panels on the right: an empty list takes no room
    // from the floorplan, and the dashboard below it stays on screen while designing.
    addDock(m_problems, QStringLiteral("Problems"));
    buildSiteView();
    buildDashboard();
    findChild<QDockWidget*>(QStringLiteral("PropertiesDock"))->raise();
}

void MainWindow::buildDashboard() {
    auto* dashboard = new views::DashboardWidget(m_wb->analysis(), this);
    DesignEditor* editor = m_wb->editor();
    dashboard->setEditSink([editor](std::unique_ptr<Edit> e) { editor->push(std::move(e)); });
    connect(dashboard, &views::DashboardWidget::rackActivated, this,
            [this](RackId rack) { revealObjects({ObjectRef::rack(rack)}); });
    connect(dashboard, &views::DashboardWidget::racksActivated, this,
            [this](const std::vector<RackId>& racks) {
                std::vector<ObjectRef> refs;
                for (RackId r : racks)
                    refs.push_back(ObjectRef::rack(r));
                revealObjects(refs);
            });
    QDockWidget* dock = addDock(dashboard, QStringLiteral("Dashboard"), Qt::BottomDockWidgetArea);
    // The dashboard spans the window's width under the floorplan and the side panels.
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    // The advisor answers "how big, how long" as a page of the dashboard, which gives its form
    // and reasoning the width they need; it scrolls, so it never makes the dashboard taller.
    auto* advisor = new views::AdvisorPanel(m_wb->analysis(), &m_wb->library(), this);
    connect(advisor, &views::AdvisorPanel::generateRequested, this,
            [this](const GenerateParams& p) { m_wb->document()->generate(p); });
    auto* advisorScroll = new QScrollArea(this);
    advisorScroll->setObjectName(QStringLiteral("AdvisorPage"));
    advisorScroll->setWidget(advisor);
    advisorScroll->setWidgetResizable(true);
    advisorScroll->setFrameShape(QFrame::NoFrame);
    dashboard->pages()->addTab(advisorScroll, QStringLiteral("Advisor"));
    m_layoutDocks = {findChild<QDockWidget*>(QStringLiteral("CatalogDock")),
                     findChild<QDockWidget*>(QStringLiteral("PropertiesDock")), dock};
    buildPowerView(dashboard);
}

void MainWindow::buildPowerView(views::DashboardWidget* dashboard) {
    // A page of the dashboard, after its power chart (as the advisor is one): under the
    // floorplan and across the window's width, so the racks an element feeds light up on the
    // floor above the diagram, and no second tab bar takes height from the charts.
    m_power = new views::PowerView(m_wb->design(), m_wb->analysis(), m_wb->selection(), this);
    m_dashboard = dashboard;
    QTabWidget* pages = dashboard->pages();
    pages->insertTab(pages->indexOf(dashboard->powerChainChart()) + 1, m_power,
                     QStringLiteral("Power chain"));
}

void MainWindow::buildSiteView() {
    // Tabbed with the panels on the right (a campus's grid of halls fits a dock there), and
    // closed until asked for: the panels and the dashboard open as before.
    m_site = new views::SiteView(m_wb->design(), m_wb->analysis(), m_wb->selection(), this);
    m_siteDock = addDock(m_site, QStringLiteral("Site"));
    m_siteDock->hide();
    connect(m_site, &views::SiteView::hallActivated, this, &MainWindow::openHall);
    // A campus hall dragged in the plan moves with what stands in it: one undo step.
    connect(m_site, &views::SiteView::hallDragged, this, [this](int hall, PointMm corner) {
        const DesignData& d = m_wb->design()->data();
        if (hall < 0 || hall >= int(d.halls.size()))
            return;
        SiteHall after = d.halls[std::size_t(hall)];
        after.area.x = corner.x;
        after.area.y = corner.y;
        m_wb->editor()->apply(edits::setSiteHall(d, std::size_t(hall), after));
    });
}

void MainWindow::buildMenus() {
    m_export = new ExportActions(*m_wb, *this, this);
    m_file = new FileActions(*m_wb, *this, this);
    m_edit = new EditActions(*m_wb, *this, this);
    m_view = new ViewActions(*m_wb, *this, *m_canvas, this);
    m_file->addTo(menuBar(), *m_export);
    m_edit->addTo(menuBar());
    m_view->addTo(menuBar());
    for (QDockWidget* d : findChildren<QDockWidget*>())
        m_view->addDockToggle(d);
    m_view->addSitePlan(m_siteDock);
    m_tools = new ToolsActions(*m_wb, *this, *m_canvas, this);
    // A new tab comes to the front; the properties stay there until a bundle is clicked.
    findChild<QDockWidget*>(QStringLiteral("PropertiesDock"))->raise();
    m_tools->addMenus(menuBar());
    // What if this fails: the Analyse menu, the canvas's and elevation's context menus, and
    // the Failures panel tabbed with the dashboard under the floorplan, whose racks it lights.
    // Closed until a failure is asked about, so the dashboard is not behind a tab.
    m_resilience = new ResilienceActions(*m_wb, *this, this);
    m_resilience->addMenu(menuBar());
    m_resilience->addContextMenuTo(m_canvas);
    m_resilience->addContextMenuTo(m_elevation);
    m_powerActions = new PowerChainActions(*m_wb, *this, this);
    m_powerActions->addMenu(menuBar());
    m_powerActions->addContextMenuTo(m_power);
    m_resilience->dock()->hide();
    m_resilience->setPlacement(
        [this](QDockWidget* failures) { tabifyDockWidget(m_layoutDocks[2], failures); });
    m_scene->setFailureHighlight(m_wb->failures()->highlight());
    m_elevation->setFailureHighlight(m_wb->failures()->highlight());
    addHelpMenu(this);
    QToolBar* tools = addToolBar(QStringLiteral("Tools"));
    tools->setObjectName(QStringLiteral("ToolsBar"));
    m_tools->addToolBar(tools, m_edit->undoAction(), m_edit->redoAction());
}

void MainWindow::connectViews() {
    DesignEditor* ed = m_wb->editor();
    auto status = [this](const QString& t) { statusBar()->showMessage(t, 6000); };
    connect(ed, &DesignEditor::problem, this, status);
    connect(m_canvas, &views::FloorplanView::statusMessage, this, status);
    connect(m_elevation, &views::ElevationView::statusMessage, this, status);
    connect(m_canvas, &views::FloorplanView::racksMoveRequested, ed,
            [ed](const std::vector<RackTarget>& t, int serial) { ed->moveRacks(t, serial); });
    connect(m_canvas, &views::FloorplanView::powerRackMoveRequested, ed,
            [ed](PowerElementId id, const RectMm& area, int serial) {
                ed->setPowerElementArea(id, area, serial);
            });
    connect(m_canvas, &views::FloorplanView::catalogDropRequested, this,
            [this](const QString& id, PointMm at) { m_wb->dropCatalogItem(id, at); });
    connect(m_canvas, &views::FloorplanView::rackActivated, this, &MainWindow::openElevation);
    connect(m_canvas, &views::FloorplanView::linkRequested, this, &MainWindow::requestLink);
    connect(m_elevation, &views::ElevationView::deviceMoveRequested, ed, &DesignEditor::moveDevice);
    connect(m_elevation, &views::ElevationView::deviceDropRequested, ed,
            &DesignEditor::mountDevice);
    using Props = views::PropertiesPanel;
    connect(m_properties, &Props::racksEditRequested, ed, &DesignEditor::editRacks);
    connect(m_properties, &Props::rackCoolingRequested, ed, &DesignEditor::setRackCooling);
    connect(m_properties, &Props::rackPhaseRequested, ed, &DesignEditor::setRackPhase);
    connect(m_properties, &Props::deviceEditRequested, ed, &DesignEditor::editDevice);
    connect(m_properties, &Props::linkEditRequested, ed, &DesignEditor::editLink);
    connect(m_properties, &Props::priceOverrideRequested, ed, &DesignEditor::setPriceOverride);
    connect(m_properties, &Props::rackFeedRequested, ed, &DesignEditor::setRackFeed);
    connect(m_properties, &Props::powerRenameRequested, ed, &DesignEditor::renamePowerElement);
    connect(m_properties, &Props::powerCapacityRequested, ed, &DesignEditor::setPowerCapacity);
    connect(m_properties, &Props::powerUnitsRequested, ed, &DesignEditor::setPowerUnits);
    connect(m_properties, &Props::powerEfficiencyRequested, ed, &DesignEditor::setPowerEfficiency);
    connect(m_properties, &Props::powerTypeRequested, ed, &DesignEditor::setPowerType);
    connect(m_properties, &Props::powerUpstreamRequested, ed, &DesignEditor::setPowerUpstream);
    connect(m_properties, &Props::powerAreaRequested, ed,
            [ed](PowerElementId id, const RectMm& area) { ed->setPowerElementArea(id, area); });
    connect(m_properties, &Props::powerSettingsRequested, ed, &DesignEditor::setPowerSettings);
    connect(m_properties, &Props::powerPlaceRequested, m_powerActions, &PowerChainActions::place);
    connect(m_properties, &Props::powerChainBuildRequested, m_powerActions,
            &PowerChainActions::buildChain);
    connect(m_properties, &Props::pathwayEditRequested, ed,
            [ed](PathwayId id, const Pathway& after, const QString&) {
                ed->apply(edits::editPathway(ed->design()->data(), id, after));
            });
    connect(m_properties, &Props::siteHallEditRequested, ed, [ed](int hall, const SiteHall& after) {
        ed->apply(edits::setSiteHall(ed->design()->data(), std::size_t(hall), after));
    });
    connect(m_problems, &views::ProblemsPanel::findingActivated, this, &MainWindow::revealObjects);
    connect(m_problems, &views::ProblemsPanel::waiveRequested, ed, &DesignEditor::waive);
    connect(m_problems, &views::ProblemsPanel::unwaiveRequested, ed, &DesignEditor::unwaive);
    connect(m_palette, &views::CatalogPalette::currentChanged, this, [this](const QString& id) {
        const CatalogItem* it = m_wb->library().item(id);
        if (it && it->rack)
            m_canvas->placeRackTool()->setRackType(id,
                                                   QSizeF(it->rack->widthMm, it->rack->depthMm));
    });
}

void MainWindow::connectDocument() {
    StudioDocument* doc = m_wb->document();
    // During a drag the step is still open: journal it once the mouse is released.
    doc->setJournalHold([this] { return m_canvas->isDragging(); });
    connect(m_canvas, &views::FloorplanView::dragFinished, doc, &StudioDocument::checkpoint);
    connect(doc, &StudioDocument::titleChanged, this, &MainWindow::updateTitle);
    connect(m_wb->design(), &Design::metaChanged, this, &MainWindow::updateTitle);
    connect(m_wb->undoStack(), &QUndoStack::indexChanged, this, &MainWindow::updateTitle);
    connect(doc, &StudioDocument::reopened, this, &MainWindow::showReopened);
    connect(doc, &StudioDocument::message, this, &MainWindow::showMessage);
    connect(doc, &StudioDocument::failed, this, &MainWindow::showError);
    connect(m_wb->analysis(), &LiveAnalysis::updated, this,
            [this] { m_totals->setText(m_wb->totalsText()); });
}

void MainWindow::updateTitle() {
    setWindowTitle(m_wb->titleText());
    setWindowModified(m_wb->document()->isModified());
}

void MainWindow::showError(const QString& title, const QString& text) {
    statusBar()->showMessage(text, 10000);
    if (m_options.interactive)
        QMessageBox::critical(this, title, text);
}

void MainWindow::showReopened() {
    m_canvas->fitHall();
    if (!m_wb->design()->data().racks.contains(m_elevation->rack()))
        m_elevation->setRack(RackId());
}

void MainWindow::requestLink(RackId a, RackId b) {
    if (!m_options.interactive)
        return;
    LinkDialog dlg(m_wb->design()->data(), a, b, this);
    if (dlg.exec() == QDialog::Accepted)
        m_wb->editor()->addLink(dlg.portA(), dlg.portB());
}

void MainWindow::openElevation(RackId rack) {
    m_elevation->setRack(rack);
    m_elevationDock->show();
    m_elevationDock->raise();
}

void MainWindow::openPowerView() {
    QDockWidget* dock = m_layoutDocks[2];
    dock->show();
    dock->raise();
    m_dashboard->pages()->setCurrentWidget(m_power);
}

void MainWindow::openHall(int hall) {
    const std::vector<SiteHall>& halls = m_site->plan().halls;
    if (hall < 0 || hall >= int(halls.size()))
        return;
    const RectMm& a = halls[std::size_t(hall)].area;
    m_canvas->fitArea(QRectF(a.x, a.y, a.w, a.h));
    // A campus's hall is selected too: its name, place and size in Properties.
    const bool campus = !m_wb->design()->data().halls.empty();
    if (campus)
        m_wb->selection()->setHall(hall);
    showMessage(QStringLiteral("%1 on the floorplan%2")
                    .arg(halls[std::size_t(hall)].name,
                         campus ? QStringLiteral("; its place and size in Properties") : QString()),
                4000);
}

void MainWindow::revealObjects(const std::vector<ObjectRef>& objects) {
    // A power finding: its element in the diagram (shown first, so it scrolls into view).
    const bool power = std::any_of(objects.begin(), objects.end(), [](const ObjectRef& o) {
        return o.kind == ObjectRef::Kind::PowerElement;
    });
    if (power)
        openPowerView();
    m_wb->selection()->set(objects);
    if (power)
        return;
    const DesignData& d = m_wb->design()->data();
    for (const ObjectRef& o : objects) {
        RackId rack;
        if (o.kind == ObjectRef::Kind::Rack)
            rack = RackId(o.id);
        else if (o.kind == ObjectRef::Kind::Device)
            if (const Device* dev = d.devices.find(DeviceId(o.id)))
                rack = dev->rack;
        if (const Rack* r = d.racks.find(rack)) {
            m_canvas->centerOn(r->centre.x, r->centre.y);
            if (o.kind == ObjectRef::Kind::Device)
                openElevation(rack);
            return;
        }
    }
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (m_wb->document()->tasks()->busy() || !m_file->maybeSave()) {
        e->ignore();
        return;
    }
    saveWindowLayout(this);
    m_wb->document()->endSession();
    e->accept();
}

} // namespace cds::studio
