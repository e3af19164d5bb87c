#include "PowerChainActions.h"

#include "PowerChainDialog.h"
#include "PowerElementDialog.h"
#include "WindowHost.h"
#include "Workbench.h"

#include "views/power/PowerView.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QUndoStack>

namespace cds::studio {

PowerChainActions::PowerChainActions(Workbench& workbench, WindowHost& host, QObject* parent)
    : ActionSet(workbench, host, parent)
    , m_build(new QAction(QStringLiteral("&Build power chain…"), this))
    , m_addBelow(new QAction(QStringLiteral("&Add element below…"), this))
    , m_delete(new QAction(QStringLiteral("&Delete element"), this))
    , m_place(new QAction(QStringLiteral("&Place on floor"), this)) {
    m_build->setObjectName(QStringLiteral("buildPowerChain"));
    m_build->setToolTip(QStringLiteral("Build the power chain for the racks' loads under a "
                                       "redundancy scheme, or rebuild it under another, as one "
                                       "step"));
    m_addBelow->setObjectName(QStringLiteral("addPowerElementBelow"));
    m_addBelow->setToolTip(QStringLiteral("A new element of the chain drawing from this one"));
    m_delete->setObjectName(QStringLiteral("deletePowerElement"));
    m_delete->setToolTip(QStringLiteral("Delete the element: what draws from it loses it, and "
                                        "the racks it feeds are left unconnected on that side"));
    m_place->setObjectName(QStringLiteral("placePowerRack"));
    m_place->setToolTip(QStringLiteral("Stand a power rack without a place on the first free "
                                       "floor in line with the racks it feeds"));
    connect(m_build, &QAction::triggered, this, &PowerChainActions::buildChain);
    connect(m_addBelow, &QAction::triggered, this, &PowerChainActions::addBelowSelection);
    connect(m_delete, &QAction::triggered, this, [this] {
        if (m_wb.selectedPowerElements().empty())
            m_host.showMessage(QStringLiteral("Select the power element to delete"), 6000);
        else
            m_wb.deleteSelection();
    });
    connect(m_place, &QAction::triggered, this, &PowerChainActions::placeSelection);
}

void PowerChainActions::addMenu(QMenuBar* bar) {
    QMenu* menu = bar->addMenu(QStringLiteral("&Power"));
    menu->setObjectName(QStringLiteral("powerMenu"));
    menu->addAction(m_build);
    menu->addSeparator();
    menu->addAction(m_addBelow);
    menu->addAction(m_delete);
    menu->addAction(m_place);
}

void PowerChainActions::addContextMenuTo(views::PowerView* view) {
    view->addAction(m_addBelow);
    view->addAction(m_delete);
    view->addAction(m_place);
    connect(view, &views::PowerView::buildChainRequested, this, &PowerChainActions::buildChain);
}

bool PowerChainActions::buildChain() {
    PowerChainDialog dlg(m_wb.design()->data(), m_host.dialogParent());
    if (m_prepare)
        m_prepare(dlg);
    if (m_host.interactive() && dlg.exec() != QDialog::Accepted)
        return false;
    bool unchanged = false;
    if (!m_wb.buildPowerChain(dlg.options(), &unchanged)) {
        if (unchanged)
            m_host.showMessage(QStringLiteral("The power chain is built so already: nothing "
                                              "changed"),
                               6000);
        return false; // a refusal: the editor's problem() is in the status bar
    }
    m_host.showMessage(m_wb.undoStack()->undoText(), 6000);
    return true;
}

bool PowerChainActions::addBelowSelection() {
    const std::vector<PowerElementId> selected = m_wb.selectedPowerElements();
    if (selected.size() != 1) {
        m_host.showMessage(QStringLiteral("Select the one element the new one draws from"), 6000);
        return false;
    }
    const PowerElement& above = m_wb.design()->data().power.elements[selected.front()];
    const QString aboveName = above.name;
    PowerElementDialog dlg(m_wb.design()->data(), m_wb.library(), aboveName, above.kind,
                           m_host.dialogParent());
    if (!m_host.interactive() || dlg.exec() != QDialog::Accepted)
        return false;
    return m_wb.addPowerElement(dlg.kind(), dlg.catalogId(), {aboveName}, dlg.name());
}

bool PowerChainActions::placeSelection() {
    const std::vector<PowerElementId> selected = m_wb.selectedPowerElements();
    if (selected.size() != 1) {
        m_host.showMessage(QStringLiteral("Select the one power rack to place on the floor"), 6000);
        return false;
    }
    return place(selected.front());
}

bool PowerChainActions::place(PowerElementId id) {
    if (!m_wb.placePowerRack(id))
        return false;
    m_host.showMessage(m_wb.undoStack()->undoText(), 6000);
    return true;
}

} // namespace cds::studio
