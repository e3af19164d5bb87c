#include "EditingActions.h"

#include "ConnectRailsDialog.h"
#include "DesignEditor.h"
#include "HallDialog.h"
#include "MainWindow.h"

#include "model/cabling/CableInspection.h"
#include "model/edits/CableOps.h"
#include "model/edits/HallOps.h"
#include "model/edits/PathwayOps.h"
#include "views/SelectionModel.h"
#include "views/floorplan/FloorplanScene.h"
#include "views/floorplan/FloorplanView.h"
#include "views/floorplan/PathwayOverlayItem.h"
#include "views/panels/CablePanel.h"
#include "views/panels/PropertiesPanel.h"
#include "views/tools/HallTool.h"
#include "views/tools/TrayTool.h"

#include <QActionGroup>
#include <QDockWidget>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>

namespace cds::studio {

EditingActions::EditingActions(MainWindow* w)
    : QObject(w)
    , m_w(w)
    , m_trays(std::make_unique<views::TrayTool>(w->canvas(), w->selection()))
    , m_hall(std::make_unique<views::HallTool>(w->canvas()))
    , m_overlay(new views::PathwayOverlayItem(w->design(), w->selection()))
    , m_cables(new views::CablePanel(w->design(), w->selection(), w)) {
    w->scene()->addItem(m_overlay);
    m_cableDock = w->addDock(m_cables, QStringLiteral("Cables"));
    // A new tab comes to the front; the properties stay there until a bundle is clicked.
    if (auto* props = w->findChild<QDockWidget*>(QStringLiteral("PropertiesDock")))
        props->raise();
    buildMenus();
    connectTools();
}

EditingActions::~EditingActions() {
    // The view may still point at a tool of ours while the window closes.
    if (m_w->canvas()->tool() == views::FloorplanView::Tool::Extra)
        m_w->canvas()->setExtraTool(nullptr);
}

void EditingActions::buildMenus() {
    QMenuBar* bar = m_w->menuBar();
    QAction* help = nullptr;
    for (QAction* a : bar->actions())
        if (a->text().contains(QLatin1String("Help")))
            help = a;
    auto* tools = m_w->findChild<QToolBar*>(QStringLiteral("ToolsBar"));
    QActionGroup* group = nullptr;
    QAction* afterTools = nullptr;
    if (tools && !tools->actions().isEmpty()) {
        group = tools->actions().front()->actionGroup();
        for (QAction* a : tools->actions())
            if (a->isSeparator()) {
                afterTools = a;
                break;
            }
    }
    auto toolAction = [&](QMenu* menu, const QString& text, QKeySequence key, auto activate) {
        QAction* a = menu->addAction(text);
        a->setCheckable(true);
        a->setShortcut(key);
        if (group)
            group->addAction(a);
        connect(a, &QAction::triggered, this, activate);
        return a;
    };

    auto* cables = new QMenu(QStringLiteral("&Cables"), bar);
    QAction* trays =
        toolAction(cables, QStringLiteral("&Trays: draw, move, split"), QKeySequence(Qt::Key_T),
                   [this] { m_w->canvas()->setExtraTool(m_trays.get()); });
    trays->setIconText(QStringLiteral("Trays"));
    // The floorplan draws the trays (View > Floorplan layers); while the Trays tool is on they
    // are shown as editable bands with their names.
    connect(m_trays.get(), &views::TrayTool::activeChanged, m_overlay,
            &views::PathwayOverlayItem::setTraysShown);
    cables->addSeparator();
    QAction* connectAct = cables->addAction(QStringLiteral("&Connect servers to leaves…"));
    connectAct->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    connect(connectAct, &QAction::triggered, this, &EditingActions::showConnectDialog);
    QAction* panel = cables->addAction(QStringLiteral("Cables &panel"));
    connect(panel, &QAction::triggered, this, [this] {
        m_cableDock->show();
        m_cableDock->raise();
    });

    auto* hall = new QMenu(QStringLiteral("H&all"), bar);
    QAction* settings = hall->addAction(QStringLiteral("&Hall settings…"));
    settings->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    connect(settings, &QAction::triggered, this, &EditingActions::showHallDialog);
    hall->addSeparator();
    using Draw = views::HallTool::Draw;
    QAction* rows = nullptr;
    for (auto [text, key, kind] :
         {std::tuple{QStringLiteral("Draw &rows"), QKeySequence(Qt::Key_H), Draw::Row},
          std::tuple{QStringLiteral("Draw &columns"), QKeySequence(), Draw::Column},
          std::tuple{QStringLiteral("Draw C&RAC units"), QKeySequence(), Draw::Crac},
          std::tuple{QStringLiteral("Draw &obstacles"), QKeySequence(), Draw::Obstacle}}) {
        QAction* a = toolAction(hall, text, key, [this, k = kind] {
            m_hall->setDraw(k);
            m_w->canvas()->setExtraTool(m_hall.get());
        });
        if (!rows)
            rows = a;
    }
    rows->setIconText(QStringLiteral("Hall"));
    bar->insertMenu(help, cables);
    bar->insertMenu(help, hall);
    if (tools && afterTools) {
        tools->insertAction(afterTools, trays);
        tools->insertAction(afterTools, rows);
    }
}

void EditingActions::connectTools() {
    DesignEditor* ed = m_w->editor();
    connect(m_w->canvas(), &views::FloorplanView::floorClicked, this, &EditingActions::pickAt);
    connect(m_trays.get(), &views::TrayTool::drawRequested, this, &EditingActions::drawTray);
    connect(m_trays.get(), &views::TrayTool::moveRequested, this,
            [ed](const std::vector<PathwayId>& ids, PointMm step, int serial) {
                ed->apply(edits::movePathways(ed->design()->data(), ids, step), serial);
            });
    connect(m_trays.get(), &views::TrayTool::splitRequested, this,
            [this, ed](PathwayId id, PointMm at) {
                PathwayId added;
                if (ed->apply(edits::splitPathway(ed->design()->data(), id, at, &added)))
                    m_w->selection()->set({ObjectRef::pathway(id), ObjectRef::pathway(added)});
            });
    connect(m_trays.get(), &views::TrayTool::deleteRequested, this,
            [ed](const std::vector<PathwayId>& ids) {
                ed->apply(edits::deletePathways(ed->design()->data(), ids));
            });
    connect(m_w->properties(), &views::PropertiesPanel::pathwayEditRequested, this,
            [ed](PathwayId id, const Pathway& after, const QString&) {
                ed->apply(edits::editPathway(ed->design()->data(), id, after));
            });
    connect(m_cables, &views::CablePanel::pinRequested, this,
            [ed](const std::vector<LinkId>& links, TypeId medium) {
                ed->apply(edits::pinMedium(ed->design()->data(), links, medium));
            });
    connect(m_cables, &views::CablePanel::deleteRequested, this,
            [ed](const std::vector<LinkId>& links) {
                ed->apply(edits::deleteLinks(ed->design()->data(), links));
            });
    views::HallTool* h = m_hall.get();
    connect(h, &views::HallTool::rowDrawRequested, this, [ed](RectMm area) {
        Row row;
        row.area = area;
        ed->apply(edits::addRow(ed->design()->data(), row));
    });
    connect(h, &views::HallTool::obstacleDrawRequested, this, [ed](RectMm area, int kind) {
        const DesignData& d = ed->design()->data();
        ed->apply(edits::addObstacle(
            d, {edits::nextObstacleName(d.hall, edits::ObstacleKind(kind)), area}));
    });
    connect(h, &views::HallTool::rowMoveRequested, this, [ed](int i, RectMm area) {
        const DesignData& d = ed->design()->data();
        if (i < 0 || std::size_t(i) >= d.hall.rows.size())
            return;
        Row row = d.hall.rows[std::size_t(i)];
        row.area = area;
        ed->apply(edits::editRow(d, std::size_t(i), row));
    });
    connect(h, &views::HallTool::obstacleMoveRequested, this, [ed](int i, RectMm area) {
        const DesignData& d = ed->design()->data();
        if (i < 0 || std::size_t(i) >= d.hall.obstacles.size())
            return;
        Obstacle o = d.hall.obstacles[std::size_t(i)];
        o.area = area;
        ed->apply(edits::editObstacle(d, std::size_t(i), o));
    });
    connect(h, &views::HallTool::rowAisleFlipRequested, this, [ed](int i) {
        const DesignData& d = ed->design()->data();
        if (i < 0 || std::size_t(i) >= d.hall.rows.size())
            return;
        Row row = d.hall.rows[std::size_t(i)];
        row.coldAisleNorth = !row.coldAisleNorth;
        ed->apply(edits::editRow(d, std::size_t(i), row));
    });
    connect(h, &views::HallTool::rowDeleteRequested, this,
            [ed](int i) { ed->apply(edits::removeRow(ed->design()->data(), std::size_t(i))); });
    connect(h, &views::HallTool::obstacleDeleteRequested, this, [ed](int i) {
        ed->apply(edits::removeObstacle(ed->design()->data(), std::size_t(i)));
    });
}

void EditingActions::deleteSelection() {
    views::SelectionModel* sel = m_w->selection();
    if (!sel->racks().empty() || !sel->devices().empty() || !sel->links().empty()) {
        m_w->editor()->deleteObjects(sel->racks(), sel->devices(), sel->links());
        return;
    }
    std::vector<PathwayId> trays;
    for (const ObjectRef& o : sel->objects())
        if (o.kind == ObjectRef::Kind::Pathway)
            trays.push_back(PathwayId(o.id));
    if (!trays.empty() && m_w->editor()->apply(edits::deletePathways(m_w->design()->data(), trays)))
        sel->clear();
}

void EditingActions::pickAt(PointMm at, double mmPerPixel) {
    const DesignData& d = m_w->design()->data();
    const double tolerance = 6 * mmPerPixel;
    const CableBundle bundle = bundleAt(d, at, tolerance);
    if (!bundle.links.empty()) {
        std::vector<ObjectRef> refs;
        refs.reserve(bundle.links.size());
        for (LinkId l : bundle.links)
            refs.push_back(ObjectRef::link(l));
        m_w->selection()->set(std::move(refs));
        m_cableDock->show();
        m_cableDock->raise();
        return;
    }
    if (const PathwayId tray = edits::pathwayAt(d, at, tolerance))
        m_w->selection()->set({ObjectRef::pathway(tray)});
}

bool EditingActions::drawTray(PointMm from, PointMm to) {
    const DesignData& d = m_w->design()->data();
    Pathway p;
    // A new tray takes the height and size of the trays already there, so it joins them.
    bool found = false;
    d.pathways.forEach([&](PathwayId, const Pathway& w) {
        if (!found && w.kind == PathwayKind::Ladder) {
            p = w;
            found = true;
        }
    });
    p.name.clear();
    p.kind = PathwayKind::Ladder;
    p.from = from;
    p.to = to;
    const PathwayId id = d.pathways.nextId();
    if (!m_w->editor()->apply(edits::addPathway(d, p)))
        return false;
    m_w->selection()->set({ObjectRef::pathway(id)});
    return true;
}

QString EditingActions::connectRails(const std::vector<DeviceId>& leaves) {
    edits::Result r = edits::connectRails(m_w->design()->data(), m_w->selection()->racks(), leaves);
    if (!r)
        return r.refusal;
    m_w->editor()->apply(std::move(r));
    return {};
}

void EditingActions::showConnectDialog() {
    if (m_w->selection()->racks().empty()) {
        m_w->statusBar()->showMessage(QStringLiteral("Select the server racks to connect first"),
                                      6000);
        return;
    }
    ConnectRailsDialog dlg(m_w->design()->data(), m_w->selection()->racks(), m_w);
    dlg.setConnector([this](const std::vector<DeviceId>& leaves) { return connectRails(leaves); });
    dlg.exec();
}

void EditingActions::showHallDialog() {
    HallDialog dlg(m_w->design()->data(), m_w);
    if (dlg.exec() == QDialog::Accepted)
        m_w->editor()->apply(edits::setHall(m_w->design()->data(), dlg.hall(), dlg.roomAir()));
}

} // namespace cds::studio
