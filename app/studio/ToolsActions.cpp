#include "ToolsActions.h"

#include "ConnectRailsDialog.h"
#include "DesignEditor.h"
#include "FailureAnalysis.h"
#include "HallDialog.h"
#include "MenuAction.h"
#include "WindowHost.h"
#include "Workbench.h"

#include "model/edits/CableOps.h"
#include "model/edits/HallOps.h"
#include "views/SelectionModel.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"
#include "views/floorplan/PathwayOverlayItem.h"
#include "views/panels/CablePanel.h"
#include "views/tools/HallTool.h"
#include "views/tools/TrayTool.h"

#include <QActionGroup>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QToolBar>

namespace cds::studio {

namespace {
/// The "Colour racks by" entry shown while a failure colours the racks (not a ColorMetric).
constexpr int kFailureEntry = -1;
/// The combo box's property: the metric entry to return to when the failure ends.
constexpr const char* kMetricIndex = "metricIndex";
} // namespace

using Tool = views::FloorplanView::Tool;

ToolsActions::ToolsActions(Workbench& wb, WindowHost& host, views::FloorplanView& canvas,
                           QObject* parent)
    : ActionSet(wb, host, parent)
    , m_canvas(&canvas)
    , m_trays(std::make_unique<views::TrayTool>(&canvas, wb.selection()))
    , m_hall(std::make_unique<views::HallTool>(&canvas))
    , m_overlay(new views::PathwayOverlayItem(wb.design(), wb.selection()))
    , m_cables(new views::CablePanel(wb.design(), wb.selection()))
    , m_cableDock(host.addDock(m_cables, QStringLiteral("Cables")))
    , m_group(new QActionGroup(this)) {
    canvas.floorplan()->addItem(m_overlay);
    buildActions();
    connectTools();
}

ToolsActions::~ToolsActions() {
    // The view may still point at a tool of ours while the window closes.
    if (m_canvas && m_canvas->tool() == Tool::Extra)
        m_canvas->setExtraTool(nullptr);
}

QAction* ToolsActions::toolAction(const QString& text, const QKeySequence& key) {
    auto* a = new QAction(text, this);
    a->setCheckable(true);
    a->setShortcut(key);
    m_group->addAction(a);
    return a;
}

void ToolsActions::buildActions() {
    auto canvasTool = [this](const QString& text, Tool t, QKeySequence key) {
        QAction* a = toolAction(text, key);
        a->setChecked(t == Tool::Select);
        connect(a, &QAction::triggered, this, [this, t] { m_canvas->setTool(t); });
        return a;
    };
    m_select = canvasTool(QStringLiteral("Select"), Tool::Select, QKeySequence(Qt::Key_S));
    m_place = canvasTool(QStringLiteral("Place rack"), Tool::PlaceRack, QKeySequence(Qt::Key_R));
    m_link = canvasTool(QStringLiteral("Draw link"), Tool::DrawLink, QKeySequence(Qt::Key_L));
    m_trayAction = toolAction(QStringLiteral("&Trays: draw, move, split"), QKeySequence(Qt::Key_T));
    m_trayAction->setIconText(QStringLiteral("Trays"));
    connect(m_trayAction, &QAction::triggered, this,
            [this] { m_canvas->setExtraTool(m_trays.get()); });
    using Draw = views::HallTool::Draw;
    for (auto [text, key, kind] :
         {std::tuple{QStringLiteral("Draw &rows"), QKeySequence(Qt::Key_H), Draw::Row},
          std::tuple{QStringLiteral("Draw &columns"), QKeySequence(), Draw::Column},
          std::tuple{QStringLiteral("Draw C&RAC units"), QKeySequence(), Draw::Crac},
          std::tuple{QStringLiteral("Draw &obstacles"), QKeySequence(), Draw::Obstacle}}) {
        QAction* a = toolAction(text, key);
        connect(a, &QAction::triggered, this, [this, k = kind] {
            m_hall->setDraw(k);
            m_canvas->setExtraTool(m_hall.get());
        });
        m_hallDraw.push_back(a);
    }
    m_hallDraw.front()->setIconText(QStringLiteral("Hall"));
}

void ToolsActions::addToolBar(QToolBar* bar, QAction* undo, QAction* redo) {
    for (QAction* a : {m_select, m_place, m_link, m_trayAction, m_hallDraw.front()})
        bar->addAction(a);
    bar->addSeparator();
    bar->addAction(undo);
    bar->addAction(redo);
    bar->addSeparator();
    bar->addWidget(new QLabel(QStringLiteral(" Colour racks by "), bar));
    auto* metric = new QComboBox(bar);
    metric->setObjectName(QStringLiteral("colourBy"));
    for (auto m : {views::ColorMetric::Power, views::ColorMetric::UFill, views::ColorMetric::Status,
                   views::ColorMetric::Phase})
        metric->addItem(views::RackColoring::metricLabel(m), int(m));
    bar->addWidget(metric);
    // The build phase filter, beside "Build phase": the floor as it stands after a phase.
    auto* upTo = new QComboBox(bar);
    upTo->setObjectName(QStringLiteral("phaseLimit"));
    upTo->setToolTip(QStringLiteral("Show the racks built up to the end of a phase; later "
                                    "phases' racks are drawn as not yet built"));
    QAction* upToAction = bar->addWidget(upTo);
    upToAction->setVisible(false);
    auto fill = [this, upTo] {
        const int was = upTo->currentData().isValid() ? upTo->currentData().toInt() : -1;
        const QSignalBlocker quiet(upTo);
        upTo->clear();
        upTo->addItem(QStringLiteral("all phases"), -1);
        const std::vector<BuildPhase>& phases = m_wb.design()->data().phases;
        for (std::size_t i = 0; i < phases.size(); ++i)
            upTo->addItem(QStringLiteral("up to %1").arg(phases[i].name), int(i));
        const int at = std::max(0, upTo->findData(was));
        upTo->setCurrentIndex(at);
        m_canvas->floorplan()->setPhaseLimit(upTo->itemData(at).toInt());
    };
    fill();
    connect(m_wb.design(), &Design::phasesChanged, this, fill);
    connect(m_wb.design(), &Design::resetDone, this, fill);
    connect(upTo, &QComboBox::activated, this, [this, upTo](int i) {
        m_canvas->floorplan()->setPhaseLimit(upTo->itemData(i).toInt());
    });
    connect(metric, &QComboBox::activated, this, [this, metric, upToAction](int i) {
        if (metric->itemData(i).toInt() == kFailureEntry)
            return;
        metric->setProperty(kMetricIndex, i);
        m_wb.failures()->clear(); // a metric picked: the racks are coloured by it again
        const auto m = views::ColorMetric(metric->itemData(i).toInt());
        m_canvas->floorplan()->setColorMetric(m);
        upToAction->setVisible(m == views::ColorMetric::Phase);
    });
    followFailure(metric);
}

void ToolsActions::followFailure(QComboBox* metric) {
    const views::FailureHighlight* h = m_wb.failures()->highlight();
    connect(h, &views::FailureHighlight::changed, metric, [metric, h] {
        const int at = metric->findData(kFailureEntry);
        if (h->active() && at < 0) {
            metric->setProperty(kMetricIndex, metric->currentIndex());
            metric->addItem(QStringLiteral("What if it fails"), kFailureEntry);
            metric->setCurrentIndex(metric->count() - 1);
        } else if (!h->active() && at >= 0) {
            metric->removeItem(at);
            metric->setCurrentIndex(metric->property(kMetricIndex).toInt());
        }
    });
}

void ToolsActions::addMenus(QMenuBar* bar) {
    QMenu* cables = bar->addMenu(QStringLiteral("&Cables"));
    cables->addAction(m_trayAction);
    cables->addSeparator();
    addMenuAction(
        cables, QStringLiteral("&Connect servers to leaves…"), this,
        [this] { showConnectDialog(); }, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    addMenuAction(cables, QStringLiteral("Cables &panel"), this, [this] {
        m_cableDock->show();
        m_cableDock->raise();
    });

    QMenu* hall = bar->addMenu(QStringLiteral("H&all"));
    addMenuAction(
        hall, QStringLiteral("&Hall settings…"), this, [this] { showHallDialog(); },
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    hall->addSeparator();
    for (QAction* a : m_hallDraw)
        hall->addAction(a);
}

void ToolsActions::connectTools() {
    Workbench* wb = &m_wb;
    connect(m_canvas, &views::FloorplanView::floorClicked, this, &ToolsActions::pickAt);
    // The floorplan draws the trays (View > Floorplan layers); while the Trays tool is on they
    // are shown as editable bands with their names.
    connect(m_trays.get(), &views::TrayTool::activeChanged, m_overlay,
            &views::PathwayOverlayItem::setTraysShown);
    views::TrayTool* t = m_trays.get();
    connect(t, &views::TrayTool::drawRequested, this,
            [wb](PointMm a, PointMm b) { wb->drawTray(a, b); });
    connect(t, &views::TrayTool::moveRequested, this,
            [wb](const std::vector<PathwayId>& ids, PointMm step, int serial) {
                wb->moveTrays(ids, step, serial);
            });
    connect(t, &views::TrayTool::splitRequested, this,
            [wb](PathwayId id, PointMm at) { wb->splitTray(id, at); });
    connect(t, &views::TrayTool::deleteRequested, this,
            [wb](const std::vector<PathwayId>& ids) { wb->deleteTrays(ids); });
    connect(m_cables, &views::CablePanel::pinRequested, this,
            [wb](const std::vector<LinkId>& links, TypeId medium) {
                wb->editor()->apply(edits::pinMedium(wb->design()->data(), links, medium));
            });
    connect(m_cables, &views::CablePanel::deleteRequested, this,
            [wb](const std::vector<LinkId>& links) {
                wb->editor()->apply(edits::deleteLinks(wb->design()->data(), links));
            });
    views::HallTool* h = m_hall.get();
    connect(h, &views::HallTool::rowDrawRequested, this, [wb](RectMm r) { wb->drawRow(r); });
    connect(h, &views::HallTool::obstacleDrawRequested, this,
            [wb](RectMm r, int kind) { wb->drawObstacle(r, kind); });
    connect(h, &views::HallTool::rowMoveRequested, this,
            [wb](int i, RectMm r) { wb->moveRow(i, r); });
    connect(h, &views::HallTool::obstacleMoveRequested, this,
            [wb](int i, RectMm r) { wb->moveObstacle(i, r); });
    connect(h, &views::HallTool::rowAisleFlipRequested, this, [wb](int i) { wb->flipRowAisle(i); });
    connect(h, &views::HallTool::rowDeleteRequested, this, [wb](int i) { wb->removeRow(i); });
    connect(h, &views::HallTool::obstacleDeleteRequested, this,
            [wb](int i) { wb->removeObstacle(i); });
}

void ToolsActions::pickAt(PointMm at, double mmPerPixel) {
    if (!m_wb.pickAt(at, mmPerPixel))
        return;
    m_cableDock->show();
    m_cableDock->raise();
}

void ToolsActions::showConnectDialog() {
    const std::vector<RackId> racks = m_wb.selection()->racks();
    if (racks.empty()) {
        m_host.showMessage(QStringLiteral("Select the server racks to connect first"), 6000);
        return;
    }
    ConnectRailsDialog dlg(m_wb.design()->data(), racks, m_host.dialogParent());
    dlg.setConnector(
        [this](const std::vector<DeviceId>& leaves) { return m_wb.connectRails(leaves); });
    dlg.exec();
}

void ToolsActions::showHallDialog() {
    HallDialog dlg(m_wb.design()->data(), m_host.dialogParent());
    if (dlg.exec() == QDialog::Accepted)
        m_wb.editor()->apply(
            edits::setSite(m_wb.design()->data(), dlg.hall(), dlg.roomAir(), dlg.halls()));
}

} // namespace cds::studio
