#include "ResilienceActions.h"

#include "FailureAnalysis.h"
#include "MenuAction.h"
#include "WindowHost.h"
#include "Workbench.h"

#include "views/SelectionModel.h"
#include "views/resilience/ImpactPanel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QMenuBar>

#include <utility>

namespace cds::studio {

ResilienceActions::ResilienceActions(Workbench& workbench, WindowHost& host, QObject* parent)
    : ActionSet(workbench, host, parent)
    , m_failures(*workbench.failures())
    , m_panel(new views::ImpactPanel(host.dialogParent()))
    , m_dock(host.addDock(m_panel, QStringLiteral("Failures")))
    , m_failAction(new QAction(QStringLiteral("&What if this fails?"), this))
    , m_clearAction(new QAction(QStringLiteral("&Clear failure shown"), this))
    , m_sweepAction(new QAction(QStringLiteral("&N-1: fail each element alone…"), this)) {
    m_failAction->setObjectName(QStringLiteral("whatIfFails"));
    m_failAction->setShortcut(QKeySequence(Qt::Key_F));
    m_failAction->setToolTip(QStringLiteral(
        "Show what the failure of the selected racks, devices, trays or power elements takes "
        "down: GPUs lost and degraded, racks down, bisection and the largest job left"));
    m_clearAction->setObjectName(QStringLiteral("clearFailure"));
    m_clearAction->setEnabled(false);
    m_sweepAction->setObjectName(QStringLiteral("runN1"));
    connect(m_failAction, &QAction::triggered, this, &ResilienceActions::failSelection);
    connect(m_clearAction, &QAction::triggered, &m_failures, &FailureAnalysis::clear);
    connect(m_sweepAction, &QAction::triggered, this, [this] {
        showPanel();
        runSweep(m_panel->kindBox()->currentData().toStringList());
    });
    connect(m_panel, &views::ImpactPanel::failRequested, this, &ResilienceActions::failNames);
    connect(m_panel, &views::ImpactPanel::clearRequested, &m_failures, &FailureAnalysis::clear);
    connect(m_panel, &views::ImpactPanel::sweepRequested, this, &ResilienceActions::runSweep);
    connect(m_panel, &views::ImpactPanel::elementActivated, this,
            [this](const QString& name) { failNames({name}); });
    connect(&m_failures, &FailureAnalysis::impactChanged, this, &ResilienceActions::showFailure);
    connect(&m_failures, &FailureAnalysis::sweepStale, m_panel,
            &views::ImpactPanel::markSweepStale);
    connect(&m_failures, &FailureAnalysis::sweepFinished, this,
            [this] { m_panel->showSweep(m_failures.sweepRows(), m_failures.sweptKinds()); });
    connect(&m_failures, &FailureAnalysis::message, this,
            [this](const QString& text, int ms) { m_host.showMessage(text, ms); });
    // The kinds offered follow the design (refreshed when the panel is shown).
    // Opened from the View menu: placed as when a failure opens it.
    connect(m_dock->toggleViewAction(), &QAction::triggered, this, [this](bool on) {
        if (on && m_place)
            showPanel();
    });
    connect(m_dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            m_panel->setKinds(m_failures.kinds());
    });
}

void ResilienceActions::addMenu(QMenuBar* bar) {
    QMenu* menu = bar->addMenu(QStringLiteral("&Analyse"));
    menu->setObjectName(QStringLiteral("analyseMenu"));
    menu->addAction(m_failAction);
    menu->addAction(m_sweepAction);
    menu->addAction(m_clearAction);
    menu->addSeparator();
    addMenuAction(menu, QStringLiteral("&Failures panel"), this, [this] { showPanel(); });
}

void ResilienceActions::addContextMenuTo(QWidget* view) {
    view->addAction(m_failAction);
    view->addAction(m_clearAction);
}

void ResilienceActions::showPanel() {
    if (m_place)
        std::exchange(m_place, {})(m_dock);
    m_panel->setKinds(m_failures.kinds());
    m_dock->show();
    m_dock->raise();
}

bool ResilienceActions::failSelection() {
    const QString why = m_failures.failObjects(m_wb.selection()->objects());
    if (!why.isEmpty()) {
        m_host.showMessage(why, 6000);
        return false;
    }
    showPanel();
    return true;
}

QString ResilienceActions::failNames(const QStringList& names) {
    const QString why = m_failures.failNames(names);
    showPanel();
    if (!why.isEmpty()) {
        m_panel->showFailProblem(why);
        m_host.showMessage(why, 6000);
        return why;
    }
    // Bring the failure into view: the first rack down, else the first failed element's rack.
    const ImpactResult& r = m_failures.impact();
    const DesignData& d = m_wb.design()->data();
    RackId rack = r.racksDownList.empty() ? RackId() : r.racksDownList.front();
    for (const FailureElement& e : r.failed) {
        if (rack)
            break;
        if (e.type == FailureElement::Type::Device)
            if (const Device* v = d.devices.find(DeviceId(e.id)))
                rack = v->rack;
        if (e.type == FailureElement::Type::Rack || e.type == FailureElement::Type::Feed ||
            e.type == FailureElement::Type::Cooling)
            rack = RackId(e.id);
    }
    if (rack && d.racks.contains(rack))
        m_host.revealObjects({ObjectRef::rack(rack)});
    return {};
}

bool ResilienceActions::runSweep(const QStringList& kinds) {
    QString why;
    if (m_failures.sweep(kinds, &why))
        return true;
    m_panel->showSweepProblem(why == QLatin1String("cancelled")
                                  ? QStringLiteral("N-1 cancelled: the table is as it was.")
                                  : why);
    m_host.showMessage(QStringLiteral("N-1: %1").arg(why), 6000);
    return false;
}

void ResilienceActions::showFailure() {
    m_clearAction->setEnabled(m_failures.active());
    if (m_failures.active())
        m_panel->showImpact(m_failures.model(), m_failures.impact(), m_failures.failedNames());
    else
        m_panel->showNothing();
}

} // namespace cds::studio
