#pragma once

#include "ActionSet.h"

class QAction;

namespace cds::views {
class PowerView;
} // namespace cds::views

namespace cds::studio {

/// @brief The power diagram's context menu, on the element under the cursor: Add element
/// below… (PowerElementDialog) and Delete element (Edit > Delete). Each entry runs a Workbench
/// command, one undoable edit.
class PowerChainActions : public ActionSet {
    Q_OBJECT
public:
    PowerChainActions(Workbench& workbench, WindowHost& host, QObject* parent = nullptr);
    /// Puts the entries in @p view's context menu.
    void addContextMenuTo(views::PowerView* view);
    QAction* addBelowAction() const { return m_addBelow; }
    QAction* deleteAction() const { return m_delete; }
    /// Add element below…: asks the kind, catalog entry and name of an element drawing from
    /// the one selected, and adds it (selected then). The status bar says why not.
    bool addBelowSelection();

private:
    QAction* m_addBelow;
    QAction* m_delete;
};

} // namespace cds::studio
