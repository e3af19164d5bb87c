#include "EditActions.h"

#include "DesignEditor.h"
#include "GenerateDialog.h"
#include "MenuAction.h"
#include "PhasesDialog.h"
#include "WindowHost.h"
#include "Workbench.h"

#include <QMenuBar>
#include <QUndoStack>

namespace cds::studio {

EditActions::EditActions(Workbench& workbench, WindowHost& host, QObject* parent)
    : ActionSet(workbench, host, parent)
    , m_undo(workbench.undoStack()->createUndoAction(this))
    , m_redo(workbench.undoStack()->createRedoAction(this)) {
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo->setShortcut(QKeySequence::Redo);
}

QMenu* EditActions::addTo(QMenuBar* bar) {
    QMenu* edit = bar->addMenu(QStringLiteral("&Edit"));
    edit->addAction(m_undo);
    edit->addAction(m_redo);
    edit->addSeparator();
    Workbench* wb = &m_wb;
    addMenuAction(
        edit, QStringLiteral("&Copy"), this, [wb] { wb->copySelection(); }, QKeySequence::Copy);
    addMenuAction(
        edit, QStringLiteral("&Paste"), this, [wb] { wb->paste(); }, QKeySequence::Paste);
    addMenuAction(
        edit, QStringLiteral("&Delete"), this, [wb] { wb->deleteSelection(); },
        QKeySequence::Delete);
    addMenuAction(
        edit, QStringLiteral("Select &all"), this, [wb] { wb->selectAll(); },
        QKeySequence::SelectAll);
    edit->addSeparator();
    addMenuAction(
        edit, QStringLiteral("&Rotate 90°"), this, [wb] { wb->rotateSelection(); },
        QKeySequence(Qt::CTRL | Qt::Key_R));
    addMenuAction(edit, QStringLiteral("Align &left edges"), this,
                  [wb] { wb->alignSelection(edits::Align::Left); });
    addMenuAction(edit, QStringLiteral("Align &top edges"), this,
                  [wb] { wb->alignSelection(edits::Align::Top); });
    edit->addSeparator();
    addMenuAction(
        edit, QStringLiteral("&Generate cluster…"), this, [this] { showGenerateDialog(); },
        QKeySequence(Qt::CTRL | Qt::Key_G));
    addMenuAction(edit, QStringLiteral("Build p&hases…"), this, [this] { showPhasesDialog(); });
    return edit;
}

void EditActions::showPhasesDialog() {
    const DesignData& d = m_wb.design()->data();
    PhasesDialog dlg(d.phases, d.settings.labourHours, m_host.dialogParent());
    if (dlg.exec() == QDialog::Accepted)
        m_wb.editor()->setPhases(dlg.phases(), dlg.labourHours());
}

void EditActions::showGenerateDialog() {
    GenerateDialog dlg(m_wb.library(), m_host.dialogParent());
    dlg.setParams(m_lastGenerate);
    dlg.setGenerator([this](const GenerateParams& p) {
        QString error;
        return m_wb.document()->generate(p, &error) ? QString() : error;
    });
    dlg.exec();
    m_lastGenerate = dlg.params();
}

} // namespace cds::studio
