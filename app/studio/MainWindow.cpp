#include "MainWindow.h"

#include "DesignEditor.h"
#include "EditingActions.h"
#include "GenerateDialog.h"
#include "HelpMenu.h"
#include "LinkDialog.h"
#include "ProjectDialog.h"
#include "RecentFiles.h"
#include "RecoveryManager.h"
#include "StudioDocument.h"
#include "TaskRunner.h"
#include "WindowGeometry.h"
#include "export/Exports.h"

#include "model/analysis/LiveAnalysis.h"
#include "views/SelectionModel.h"
#include "views/dashboard/DashboardWidget.h"
#include "views/elevation/ElevationView.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"
#include "views/panels/AdvisorPanel.h"
#include "views/panels/CatalogPalette.h"
#include "views/panels/ProblemsPanel.h"
#include "views/panels/PropertiesPanel.h"
#include "views/report/PresentationView.h"
#include "views/tools/PlaceRackTool.h"

#include "model/json/CatalogFile.h"
#include "model/json/DesignFile.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>

namespace cds::studio {

using exports::ExportInfo;
using exports::exportInfo;

MainWindow::MainWindow(CatalogLibrary library)
    : MainWindow(std::move(library), Options{}) {}

MainWindow::MainWindow(CatalogLibrary library, Options options)
    : m_options(std::move(options))
    , m_doc(new StudioDocument(
          std::move(library),
          {m_options.interactive, m_options.recoveryFolder, m_options.autosaveDelayMs}, this))
    , m_design(m_doc->design())
    , m_undo(m_doc->undoStack())
    , m_editor(m_doc->editor())
    , m_analysis(m_doc->analysis())
    , m_selection(new views::SelectionModel(this))
    , m_scene(new views::FloorplanScene(m_design, m_analysis, m_selection, this))
    , m_canvas(new views::FloorplanView(m_scene, this))
    , m_tasks(m_doc->tasks()) {
    setObjectName(QStringLiteral("MainWindow"));
    m_recent = std::make_unique<RecentFiles>();
    m_tasks->setDialogParent(this);
    setCentralWidget(m_canvas);
    m_totals = new QLabel(this);
    statusBar()->addPermanentWidget(m_totals);
    buildDocks();
    buildActions();
    connectViews();
    m_editing = new EditingActions(this);
    // During a drag the step is still open: journal it once the mouse is released.
    m_doc->setJournalHold([this] { return m_canvas->isDragging(); });
    connect(m_canvas, &views::FloorplanView::dragFinished, m_doc, &StudioDocument::checkpoint);
    connect(m_doc, &StudioDocument::titleChanged, this, &MainWindow::updateTitle);
    connect(m_design, &Design::metaChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &StudioDocument::reopened, this, &MainWindow::showReopened);
    connect(m_doc, &StudioDocument::message, this,
            [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); });
    connect(m_doc, &StudioDocument::failed, this, &MainWindow::showError);
    connect(m_doc, &StudioDocument::fileUsed, this, &MainWindow::addRecent);
    restoreWindowLayout(this, m_layoutDocks[0], m_layoutDocks[1], m_layoutDocks[2]);
    updateTitle();
    m_analysis->runNow(); // the views built above show it from the start
    m_canvas->fitHall();
}

void MainWindow::startPresentation() {
    // Full screen, read only; Escape returns. It reads the design, which outlives it.
    auto* view = new report::PresentationView(*m_design, this);
    view->setWindowFlag(Qt::Window); // a top-level window owned by (and closed with) this one
    view->setAttribute(Qt::WA_DeleteOnClose);
    connect(view, &report::PresentationView::finished, view, &QWidget::close);
    view->start();
}

MainWindow::~MainWindow() {
    // The document outlives the views it feeds only until QObject deletes the children.
    disconnect(m_doc, nullptr, this, nullptr);
    disconnect(m_undo, nullptr, this, nullptr);
}

RecoveryManager* MainWindow::recovery() const {
    return m_doc->recovery();
}
const Catalog& MainWindow::library() const {
    return m_doc->library();
}
QString MainWindow::currentPath() const {
    return m_doc->path();
}
QString MainWindow::lastError() const {
    return m_doc->lastError();
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
    if (m_viewMenu)
        m_viewMenu->addAction(dock->toggleViewAction());
    return dock;
}

void MainWindow::buildDocks() {
    m_palette = new views::CatalogPalette(&m_doc->library(), this);
    m_properties = new views::PropertiesPanel(m_design, m_selection, this);
    m_properties->setLibrary(&m_doc->library());
    m_problems = new views::ProblemsPanel(m_design, m_analysis, this);
    m_elevation = new views::ElevationView(m_design, m_selection, this);
    m_elevation->setLibrary(&m_doc->library());
    auto* history = new QUndoView(m_undo, this);
    history->setEmptyLabel(QStringLiteral("<opened>"));
    QDockWidget* catalog = addDock(m_palette, QStringLiteral("Catalog"), Qt::LeftDockWidgetArea);
    addDock(m_properties, QStringLiteral("Properties"));
    m_elevationDock = addDock(m_elevation, QStringLiteral("Rack elevation"));
    // The history shares the left side with the catalog: the right keeps three tabs, whose
    // titles fit a 1280-pixel-wide window whole.
    tabifyDockWidget(catalog, addDock(history, QStringLiteral("History"), Qt::LeftDockWidgetArea));
    catalog->raise();
    // The problems list is tabbed with the panels on the right: an empty list takes no room
    // from the floorplan, and the dashboard below it stays on screen while designing.
    addDock(m_problems, QStringLiteral("Problems"));
    m_dashboard = new views::DashboardWidget(m_analysis, this);
    m_dashboard->setEditSink([this](std::unique_ptr<Edit> e) { m_editor->push(std::move(e)); });
    connect(m_dashboard, &views::DashboardWidget::rackActivated, this,
            [this](RackId rack) { revealObjects({ObjectRef::rack(rack)}); });
    connect(m_dashboard, &views::DashboardWidget::racksActivated, this,
            [this](const std::vector<RackId>& racks) {
                std::vector<ObjectRef> refs;
                for (RackId r : racks)
                    refs.push_back(ObjectRef::rack(r));
                revealObjects(refs);
            });
    QDockWidget* dashboard =
        addDock(m_dashboard, QStringLiteral("Dashboard"), Qt::BottomDockWidgetArea);
    // The dashboard spans the window's width under the floorplan and the side panels.
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    // The advisor answers "how big, how long" as a page of the dashboard, which gives its form
    // and reasoning the width they need; it scrolls, so it never makes the dashboard taller.
    auto* advisor = new views::AdvisorPanel(m_analysis, &m_doc->library(), this);
    connect(advisor, &views::AdvisorPanel::generateRequested, this,
            [this](const GenerateParams& p) { generate(p); });
    auto* advisorScroll = new QScrollArea(this);
    advisorScroll->setObjectName(QStringLiteral("AdvisorPage"));
    advisorScroll->setWidget(advisor);
    advisorScroll->setWidgetResizable(true);
    advisorScroll->setFrameShape(QFrame::NoFrame);
    m_dashboard->pages()->addTab(advisorScroll, QStringLiteral("Advisor"));
    findChild<QDockWidget*>(QStringLiteral("PropertiesDock"))->raise();
    m_layoutDocks = {catalog, findChild<QDockWidget*>(QStringLiteral("PropertiesDock")), dashboard};
}

void MainWindow::buildActions() {
    QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
    auto add = [this](QMenu* m, const QString& text, auto slot, QKeySequence key = {}) {
        QAction* a = m->addAction(text);
        a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    add(
        file, QStringLiteral("&New"),
        [this] {
            if (maybeSave())
                newDesign();
        },
        QKeySequence::New);
    add(
        file, QStringLiteral("&Open…"), [this] { openDialog(); }, QKeySequence::Open);
    m_recentMenu = file->addMenu(QStringLiteral("Open &recent"));
    add(
        file, QStringLiteral("&Save"), [this] { save(); }, QKeySequence::Save);
    add(
        file, QStringLiteral("Save &as…"), [this] { saveAs(); }, QKeySequence::SaveAs);
    add(file, QStringLiteral("Project &details…"), [this] { showProjectDialog(); });
    QMenu* exports = file->addMenu(QStringLiteral("&Export"));
    for (const ExportInfo& info : exports::exportKinds()) {
        QAction* a = add(exports, info.menuText, [this, k = info.kind] { exportDialog(k); });
        if (info.kind == ExportKind::PdfReport)
            a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    }
    file->addSeparator();
    add(
        file, QStringLiteral("&Quit"), [this] { close(); }, QKeySequence::Quit);
    rebuildRecentMenu();

    QMenu* edit = menuBar()->addMenu(QStringLiteral("&Edit"));
    QAction* undo = m_undo->createUndoAction(this);
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_undo->createRedoAction(this);
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    add(
        edit, QStringLiteral("&Copy"), [this] { m_editor->copyRacks(m_selection->racks()); },
        QKeySequence::Copy);
    add(
        edit, QStringLiteral("&Paste"),
        [this] {
            std::vector<ObjectRef> sel;
            for (RackId r : m_editor->paste())
                sel.push_back(ObjectRef::rack(r));
            if (!sel.empty())
                m_selection->set(sel);
        },
        QKeySequence::Paste);
    add(
        edit, QStringLiteral("&Delete"), [this] { m_editing->deleteSelection(); },
        QKeySequence::Delete);
    add(
        edit, QStringLiteral("Select &all"),
        [this] {
            std::vector<ObjectRef> all;
            m_design->data().racks.forEach(
                [&](RackId id, const Rack&) { all.push_back(ObjectRef::rack(id)); });
            m_selection->set(all);
        },
        QKeySequence::SelectAll);
    edit->addSeparator();
    add(
        edit, QStringLiteral("&Rotate 90°"),
        [this] { m_editor->rotateRacks(m_selection->racks()); },
        QKeySequence(Qt::CTRL | Qt::Key_R));
    add(edit, QStringLiteral("Align &left edges"),
        [this] { m_editor->alignRacks(m_selection->racks(), DesignEditor::Align::Left); });
    add(edit, QStringLiteral("Align &top edges"),
        [this] { m_editor->alignRacks(m_selection->racks(), DesignEditor::Align::Top); });
    edit->addSeparator();
    add(
        edit, QStringLiteral("&Generate cluster…"), [this] { showGenerateDialog(); },
        QKeySequence(Qt::CTRL | Qt::Key_G));

    m_viewMenu = menuBar()->addMenu(QStringLiteral("&View"));
    add(
        m_viewMenu, QStringLiteral("Zoom &in"), [this] { m_canvas->zoomBy(1.25); },
        QKeySequence::ZoomIn);
    add(
        m_viewMenu, QStringLiteral("Zoom &out"), [this] { m_canvas->zoomBy(0.8); },
        QKeySequence::ZoomOut);
    add(
        m_viewMenu, QStringLiteral("&Fit hall"), [this] { m_canvas->fitHall(); },
        QKeySequence(Qt::CTRL | Qt::Key_0));
    add(
        m_viewMenu, QStringLiteral("&Presentation mode"), [this] { startPresentation(); },
        QKeySequence(Qt::Key_F5));
    m_canvas->addLayerActions(m_viewMenu->addMenu(QStringLiteral("Floorplan &layers")));
    m_viewMenu->addSeparator();
    for (QDockWidget* d : findChildren<QDockWidget*>())
        m_viewMenu->addAction(d->toggleViewAction());
    addHelpMenu(this);

    QToolBar* tools = addToolBar(QStringLiteral("Tools"));
    tools->setObjectName(QStringLiteral("ToolsBar"));
    auto* group = new QActionGroup(this);
    auto tool = [&](const QString& text, views::FloorplanView::Tool t, QKeySequence key) {
        QAction* a = tools->addAction(text);
        a->setCheckable(true);
        a->setShortcut(key);
        a->setChecked(t == views::FloorplanView::Tool::Select);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, t] { m_canvas->setTool(t); });
    };
    tool(QStringLiteral("Select"), views::FloorplanView::Tool::Select, QKeySequence(Qt::Key_S));
    tool(QStringLiteral("Place rack"), views::FloorplanView::Tool::PlaceRack,
         QKeySequence(Qt::Key_R));
    tool(QStringLiteral("Draw link"), views::FloorplanView::Tool::DrawLink,
         QKeySequence(Qt::Key_L));
    tools->addSeparator();
    tools->addAction(undo);
    tools->addAction(redo);
    tools->addSeparator();
    tools->addWidget(new QLabel(QStringLiteral(" Colour racks by "), this));
    auto* metric = new QComboBox(this);
    for (auto m :
         {views::ColorMetric::Power, views::ColorMetric::UFill, views::ColorMetric::Status})
        metric->addItem(views::RackColoring::metricLabel(m), int(m));
    tools->addWidget(metric);
    connect(metric, &QComboBox::activated, this, [this, metric](int i) {
        m_scene->setColorMetric(views::ColorMetric(metric->itemData(i).toInt()));
    });
}

void MainWindow::connectViews() {
    auto status = [this](const QString& t) { statusBar()->showMessage(t, 6000); };
    connect(m_editor, &DesignEditor::problem, this, status);
    connect(m_canvas, &views::FloorplanView::statusMessage, this, status);
    connect(m_elevation, &views::ElevationView::statusMessage, this, status);
    connect(
        m_canvas, &views::FloorplanView::racksMoveRequested, m_editor,
        [this](const std::vector<RackTarget>& t, int serial) { m_editor->moveRacks(t, serial); });
    connect(m_canvas, &views::FloorplanView::catalogDropRequested, m_editor,
            &DesignEditor::dropCatalogItem);
    connect(m_canvas, &views::FloorplanView::rackActivated, this, &MainWindow::openElevation);
    connect(m_canvas, &views::FloorplanView::linkRequested, this, &MainWindow::requestLink);
    connect(m_elevation, &views::ElevationView::deviceMoveRequested, m_editor,
            &DesignEditor::moveDevice);
    connect(m_elevation, &views::ElevationView::deviceDropRequested, m_editor,
            &DesignEditor::mountDevice);
    connect(m_properties, &views::PropertiesPanel::racksEditRequested, m_editor,
            &DesignEditor::editRacks);
    connect(m_properties, &views::PropertiesPanel::rackCoolingRequested, m_editor,
            &DesignEditor::setRackCooling);
    connect(m_properties, &views::PropertiesPanel::deviceEditRequested, m_editor,
            &DesignEditor::editDevice);
    connect(m_properties, &views::PropertiesPanel::linkEditRequested, m_editor,
            &DesignEditor::editLink);
    connect(m_properties, &views::PropertiesPanel::priceOverrideRequested, m_editor,
            &DesignEditor::setPriceOverride);
    connect(m_problems, &views::ProblemsPanel::findingActivated, this, &MainWindow::revealObjects);
    connect(m_problems, &views::ProblemsPanel::waiveRequested, m_editor, &DesignEditor::waive);
    connect(m_problems, &views::ProblemsPanel::unwaiveRequested, m_editor, &DesignEditor::unwaive);
    connect(m_analysis, &LiveAnalysis::updated, this, &MainWindow::updateTotals);
    connect(m_palette, &views::CatalogPalette::currentChanged, this, [this](const QString& id) {
        const CatalogItem* it = m_doc->library().item(id);
        if (it && it->rack)
            m_canvas->placeRackTool()->setRackType(id,
                                                   QSizeF(it->rack->widthMm, it->rack->depthMm));
    });
    connect(m_undo, &QUndoStack::indexChanged, this, &MainWindow::updateTitle);
}

QString MainWindow::totalsText() const {
    const Metrics& m = m_analysis->metrics();
    QLocale c = QLocale::c();
    c.setNumberOptions({}); // C locale, with thousands separators: "$270,000"
    QString cost = QStringLiteral("$") + c.toString(m.totalCostUsd, 'f', 0);
    if (m.unpricedLines > 0)
        cost += QStringLiteral(" (+%1 unpriced)").arg(m.unpricedLines);
    QString kw = c.toString(m.itMaxW / 1000.0, 'f', 1) + QStringLiteral(" kW IT");
    if (m.powerMissing > 0)
        kw += QStringLiteral(" (%1 unknown)").arg(m.powerMissing);
    return QStringLiteral("%1 GPUs · %2 racks · %3 · %4")
        .arg(c.toString(m.gpus), c.toString(m.racks), kw, cost);
}

void MainWindow::updateTotals() {
    m_totals->setText(totalsText());
}

void MainWindow::updateTitle() {
    // "file[*] — Customer · Project · rev C — Cluster Design Studio"
    const DesignMeta& meta = m_design->data().meta;
    QStringList who;
    for (const QString& s : {meta.customer, meta.project})
        if (!s.isEmpty())
            who << s;
    if (!meta.revision.isEmpty())
        who << QStringLiteral("rev ") + meta.revision;
    const QString details =
        who.isEmpty() ? QString() : QStringLiteral(" — ") + who.join(QStringLiteral(" · "));
    setWindowTitle(m_doc->displayName() + QStringLiteral("[*]") + details +
                   QStringLiteral(" — Cluster Design Studio"));
    setWindowModified(m_doc->isModified());
}

void MainWindow::showError(const QString& title, const QString& text) {
    statusBar()->showMessage(text, 10000);
    if (m_options.interactive)
        QMessageBox::critical(this, title, text);
}

void MainWindow::showReopened() {
    m_selection->clear();
    m_canvas->fitHall();
    if (!m_design->data().racks.contains(m_elevation->rack()))
        m_elevation->setRack(RackId());
}

void MainWindow::newDesign() {
    m_doc->newDesign();
}

bool MainWindow::openFile(const QString& path) {
    return m_doc->openFile(path);
}

bool MainWindow::saveTo(const QString& path) {
    return m_doc->saveTo(path);
}

bool MainWindow::save() {
    return m_doc->path().isEmpty() ? saveAs() : saveTo(m_doc->path());
}

bool MainWindow::saveAs() {
    QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Save design"), m_doc->path(),
                                                QStringLiteral("Cluster designs (*.cds.json)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QStringLiteral(".cds.json")))
        path += QStringLiteral(".cds.json");
    return saveTo(path);
}

void MainWindow::openDialog() {
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, QStringLiteral("Open design"), QFileInfo(m_doc->path()).absolutePath(),
        QStringLiteral("Cluster designs (*.cds.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::maybeSave() {
    if (!isWindowModified() || !m_options.interactive)
        return true;
    const auto answer = QMessageBox::question(
        this, QStringLiteral("Unsaved changes"), QStringLiteral("Save the changes to this design?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::addRecent(const QString& path) {
    const QStringList before = m_recent->list();
    m_recent->add(path);
    if (m_recent->list() != before)
        rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = m_recent->list();
    for (const QString& p : recent)
        connect(m_recentMenu->addAction(p), &QAction::triggered, this, [this, p] {
            if (maybeSave())
                openFile(p);
        });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::autosaveNow() {
    m_doc->autosaveNow();
}

void MainWindow::waitForAutosave() {
    m_doc->waitForAutosave();
}

bool MainWindow::exportTo(ExportKind kind, const QString& path) {
    return m_doc->exportTo(kind, path);
}

void MainWindow::exportDialog(ExportKind kind) {
    const ExportInfo& info = exportInfo(kind);
    const QFileInfo current(m_doc->path());
    const QString folder = m_doc->path().isEmpty() ? QString() : current.absolutePath();
    QString base = current.fileName();
    base.chop(DesignFile::extension().size() + 1);
    QString path;
    if (info.filter.isEmpty()) {
        path = QFileDialog::getExistingDirectory(this, QStringLiteral("Export to folder"), folder);
    } else {
        const QString suggested =
            folder.isEmpty() ? QString() : QDir(folder).filePath(base + info.suffix);
        path = QFileDialog::getSaveFileName(this, QStringLiteral("Export"), suggested, info.filter);
        if (!path.isEmpty() && !path.endsWith(info.suffix))
            path += info.suffix;
    }
    if (!path.isEmpty())
        exportTo(kind, path);
}

bool MainWindow::offerRecovery() {
    if (!m_doc->hasPendingRecovery())
        return false;
    if (m_options.interactive &&
        QMessageBox::question(this, QStringLiteral("Restore unsaved work?"),
                              QStringLiteral("The studio did not exit cleanly last time. Restore "
                                             "the design as it was autosaved?")) !=
            QMessageBox::Yes) {
        m_doc->declineRecovery();
        return false;
    }
    return restoreRecovery();
}

bool MainWindow::restoreRecovery() {
    return m_doc->restoreRecovery();
}

bool MainWindow::generate(const GenerateParams& params, QString* error) {
    return m_doc->generate(params, error);
}

void MainWindow::showProjectDialog() {
    ProjectDialog dlg(m_design->data().meta, this);
    if (dlg.exec() == QDialog::Accepted)
        m_editor->setProjectDetails(dlg.meta());
}

void MainWindow::showGenerateDialog() {
    GenerateDialog dlg(m_doc->library(), this);
    dlg.setParams(m_lastGenerate);
    dlg.setGenerator([this](const GenerateParams& p) {
        QString error;
        return generate(p, &error) ? QString() : error;
    });
    dlg.exec();
    m_lastGenerate = dlg.params();
}

void MainWindow::requestLink(RackId a, RackId b) {
    if (!m_options.interactive)
        return;
    LinkDialog dlg(m_design->data(), a, b, this);
    if (dlg.exec() == QDialog::Accepted)
        m_editor->addLink(dlg.portA(), dlg.portB());
}

void MainWindow::openElevation(RackId rack) {
    m_elevation->setRack(rack);
    m_elevationDock->show();
    m_elevationDock->raise();
}

void MainWindow::revealObjects(const std::vector<ObjectRef>& objects) {
    m_selection->set(objects);
    const DesignData& d = m_design->data();
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
    if (m_tasks->busy() || !maybeSave()) {
        e->ignore();
        return;
    }
    saveWindowLayout(this);
    m_doc->endSession();
    e->accept();
}

} // namespace cds::studio
