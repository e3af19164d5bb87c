#include "PowerChainActions.h"

#include "PowerElementDialog.h"
#include "WindowHost.h"
#include "Workbench.h"

#include "views/power/PowerView.h"

#include <QAction>

namespace cds::studio {

PowerChainActions::PowerChainActions(Workbench& workbench, WindowHost& host, QObject* parent)
    : ActionSet(workbench, host, parent)
    , m_addBelow(new QAction(QStringLiteral("&Add element below…"), this))
    , m_delete(new QAction(QStringLiteral("&Delete element"), this)) {
    m_addBelow->setObjectName(QStringLiteral("addPowerElementBelow"));
    m_addBelow->setToolTip(QStringLiteral("A new element of the chain drawing from this one"));
    m_delete->setObjectName(QStringLiteral("deletePowerElement"));
    m_delete->setToolTip(QStringLiteral("Delete the element: what draws from it loses it, and "
                                        "the racks it feeds are left unconnected on that side"));
    connect(m_addBelow, &QAction::triggered, this, &PowerChainActions::addBelowSelection);
    connect(m_delete, &QAction::triggered, this, [this] {
        if (m_wb.selectedPowerElements().empty())
            m_host.showMessage(QStringLiteral("Select the power element to delete"), 6000);
        else
            m_wb.deleteSelection();
    });
}

void PowerChainActions::addContextMenuTo(views::PowerView* view) {
    view->addAction(m_addBelow);
    view->addAction(m_delete);
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

} // namespace cds::studio
