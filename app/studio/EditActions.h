#pragma once

#include "model/generator/Generator.h"

#include "ActionSet.h"

class QAction;
class QMenu;
class QMenuBar;

namespace cds::studio {

/// @brief The Edit menu: undo, redo, copy, paste, delete, select all, rotate, align and
/// Generate cluster…. Each entry runs a Workbench command; only the Generate dialog needs
/// the window.
class EditActions : public ActionSet {
    Q_OBJECT
public:
    EditActions(Workbench& workbench, WindowHost& host, QObject* parent = nullptr);
    /// Adds the Edit menu to @p bar.
    QMenu* addTo(QMenuBar* bar);
    /// The undo and redo entries, for the toolbar too.
    QAction* undoAction() const { return m_undo; }
    QAction* redoAction() const { return m_redo; }
    /// Edit > Generate cluster…: opens with the inputs used last.
    void showGenerateDialog();
    void showPhasesDialog();

private:
    QAction* m_undo;
    QAction* m_redo;
    GenerateParams m_lastGenerate;
};

} // namespace cds::studio
