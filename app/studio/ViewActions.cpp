#include "ViewActions.h"

#include "MenuAction.h"
#include "WindowHost.h"
#include "Workbench.h"

#include "views/floorplan/FloorplanView.h"
#include "views/report/PresentationView.h"

#include <QAction>
#include <QDockWidget>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenuBar>

namespace cds::studio {

ViewActions::ViewActions(Workbench& workbench, WindowHost& host, views::FloorplanView& canvas,
                         QObject* parent)
    : ActionSet(workbench, host, parent)
    , m_canvas(canvas) {}

QMenu* ViewActions::addTo(QMenuBar* bar) {
    m_menu = bar->addMenu(QStringLiteral("&View"));
    views::FloorplanView* canvas = &m_canvas;
    addMenuAction(
        m_menu, QStringLiteral("Zoom &in"), canvas, [canvas] { canvas->zoomBy(1.25); },
        QKeySequence::ZoomIn);
    addMenuAction(
        m_menu, QStringLiteral("Zoom &out"), canvas, [canvas] { canvas->zoomBy(0.8); },
        QKeySequence::ZoomOut);
    addMenuAction(
        m_menu, QStringLiteral("&Fit hall"), canvas, [canvas] { canvas->fitHall(); },
        QKeySequence(Qt::CTRL | Qt::Key_0));
    addMenuAction(
        m_menu, QStringLiteral("F&ind by name…"), this,
        [this] {
            if (!m_host.interactive())
                return;
            bool ok = false;
            const QString name = QInputDialog::getText(
                m_host.dialogParent(), QStringLiteral("Find by name"),
                QStringLiteral("Rack, device or row name:"), QLineEdit::Normal, {}, &ok);
            if (ok)
                find(name);
        },
        QKeySequence::Find);
    addMenuAction(
        m_menu, QStringLiteral("&Presentation mode"), this, [this] { startPresentation(); },
        QKeySequence(Qt::Key_F5));
    QMenu* layers = m_menu->addMenu(QStringLiteral("Floorplan &layers"));
    m_canvas.addLayerActions(layers);
    m_layers = layers->menuAction();
    m_menu->addSeparator();
    return m_menu;
}

void ViewActions::addDockToggle(QDockWidget* dock) {
    if (m_menu)
        m_menu->addAction(dock->toggleViewAction());
}

QAction* ViewActions::addSitePlan(QDockWidget* dock) {
    auto* a = new QAction(QStringLiteral("&Site plan"), this);
    a->setObjectName(QStringLiteral("sitePlan"));
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    a->setToolTip(QStringLiteral("The halls of the site to scale, with the links between them; "
                                 "click a hall to open it in the floorplan"));
    connect(a, &QAction::triggered, dock, [dock] {
        dock->show();
        dock->raise();
    });
    if (m_menu)
        m_menu->insertAction(m_layers, a);
    return a;
}

bool ViewActions::find(const QString& name) {
    if (m_canvas.findByName(name)) {
        m_host.showMessage(QStringLiteral("Found %1").arg(name.trimmed()), 4000);
        return true;
    }
    m_host.showMessage(QStringLiteral("No rack, device or row is named \"%1\"").arg(name.trimmed()),
                       6000);
    return false;
}

void ViewActions::startPresentation() {
    // Full screen, read only; Escape returns. It reads the design, which outlives it.
    auto* view = new report::PresentationView(*m_wb.design(), m_host.dialogParent());
    view->setWindowFlag(Qt::Window); // a top-level window owned by (and closed with) the studio
    view->setAttribute(Qt::WA_DeleteOnClose);
    connect(view, &report::PresentationView::finished, view, &QWidget::close);
    view->start();
}

} // namespace cds::studio
