#pragma once

#include "ActionSet.h"

#include "model/Ids.h"

#include <functional>

class QAction;
class QMenuBar;

namespace cds::views {
class PowerView;
} // namespace cds::views

namespace cds::studio {

class PowerChainDialog;

/// @brief The Power menu and the power diagram's context menu: Build power chain…
/// (PowerChainDialog), Add element below… (PowerElementDialog), Delete element (Edit > Delete)
/// and Place on floor for a power rack without a place. Each entry runs a Workbench command,
/// one undoable edit.
class PowerChainActions : public ActionSet {
    Q_OBJECT
public:
    PowerChainActions(Workbench& workbench, WindowHost& host, QObject* parent = nullptr);
    /// Adds the Power menu to @p bar.
    void addMenu(QMenuBar* bar);
    /// Puts the entries in @p view's context menu; its Build power chain… button (a design
    /// without a chain) runs buildChain().
    void addContextMenuTo(views::PowerView* view);
    QAction* buildAction() const { return m_build; }
    QAction* addBelowAction() const { return m_addBelow; }
    QAction* deleteAction() const { return m_delete; }
    QAction* placeAction() const { return m_place; }
    /// Build power chain…: asks the scheme, 800 V DC and the IT budget (saying first, on a
    /// design with a chain, that building replaces it) and builds it as one step. Without a
    /// window to ask in (WindowHost::interactive() false) the dialog's values are taken as
    /// they stand. The status bar says what was done, or why not.
    bool buildChain();
    /// Tests: sets the dialog's values before buildChain() asks (or, in a test, takes them).
    void setDialogPreparer(std::function<void(PowerChainDialog&)> prepare) {
        m_prepare = std::move(prepare);
    }
    /// Add element below…: asks the kind, catalog entry and name of an element drawing from
    /// the one selected, and adds it (selected then). The status bar says why not.
    bool addBelowSelection();
    /// Place on floor: the selected power rack, which has no place yet, beside the racks it
    /// feeds (Workbench::placePowerRack). The status bar says why not.
    bool placeSelection();
    /// Place on floor for power rack @p id (the Properties panel's button).
    bool place(PowerElementId id);

private:
    QAction* m_build;
    QAction* m_addBelow;
    QAction* m_delete;
    QAction* m_place;
    std::function<void(PowerChainDialog&)> m_prepare;
};

} // namespace cds::studio
