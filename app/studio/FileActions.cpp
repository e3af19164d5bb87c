#include "FileActions.h"

#include "AddressingDialog.h"
#include "DesignEditor.h"
#include "ExportActions.h"
#include "MenuAction.h"
#include "ProjectDialog.h"
#include "QuoteDialog.h"
#include "RecentFiles.h"
#include "WindowHost.h"
#include "Workbench.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>

namespace cds::studio {

FileActions::FileActions(Workbench& workbench, WindowHost& host, QObject* parent)
    : ActionSet(workbench, host, parent)
    , m_recent(std::make_unique<RecentFiles>()) {
    connect(m_wb.document(), &StudioDocument::fileUsed, this, &FileActions::addRecent);
}

FileActions::~FileActions() = default;

QMenu* FileActions::addTo(QMenuBar* bar, ExportActions& exports) {
    QMenu* file = bar->addMenu(QStringLiteral("&File"));
    addMenuAction(
        file, QStringLiteral("&New"), this,
        [this] {
            if (maybeSave())
                m_wb.document()->newDesign();
        },
        QKeySequence::New);
    addMenuAction(
        file, QStringLiteral("&Open…"), this, [this] { openDialog(); }, QKeySequence::Open);
    m_recentMenu = file->addMenu(QStringLiteral("Open &recent"));
    addMenuAction(
        file, QStringLiteral("&Save"), this, [this] { save(); }, QKeySequence::Save);
    addMenuAction(
        file, QStringLiteral("Save &as…"), this, [this] { saveAs(); }, QKeySequence::SaveAs);
    addMenuAction(file, QStringLiteral("Project &details…"), this, [this] { showProjectDialog(); });
    addMenuAction(file, QStringLiteral("&Quote terms…"), this, [this] { showQuoteDialog(); });
    addMenuAction(file, QStringLiteral("Address poo&ls…"), this,
                  [this] { showAddressingDialog(); });
    exports.addTo(file);
    file->addSeparator();
    addMenuAction(
        file, QStringLiteral("&Quit"), this, [this] { m_host.closeWindow(); }, QKeySequence::Quit);
    rebuildRecentMenu();
    return file;
}

bool FileActions::save() {
    StudioDocument* doc = m_wb.document();
    return doc->path().isEmpty() ? saveAs() : doc->saveTo(doc->path());
}

bool FileActions::saveAs() {
    StudioDocument* doc = m_wb.document();
    QString path =
        QFileDialog::getSaveFileName(m_host.dialogParent(), QStringLiteral("Save design"),
                                     doc->path(), QStringLiteral("Cluster designs (*.cds.json)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QStringLiteral(".cds.json")))
        path += QStringLiteral(".cds.json");
    return doc->saveTo(path);
}

void FileActions::openDialog() {
    if (!maybeSave())
        return;
    StudioDocument* doc = m_wb.document();
    const QString path = QFileDialog::getOpenFileName(
        m_host.dialogParent(), QStringLiteral("Open design"), QFileInfo(doc->path()).absolutePath(),
        QStringLiteral("Cluster designs (*.cds.json);;All files (*)"));
    if (!path.isEmpty())
        doc->openFile(path);
}

bool FileActions::maybeSave() {
    if (!m_wb.document()->isModified() || !m_host.interactive())
        return true;
    const auto answer =
        QMessageBox::question(m_host.dialogParent(), QStringLiteral("Unsaved changes"),
                              QStringLiteral("Save the changes to this design?"),
                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool FileActions::offerRecovery() {
    StudioDocument* doc = m_wb.document();
    if (!doc->hasPendingRecovery())
        return false;
    if (m_host.interactive() &&
        QMessageBox::question(m_host.dialogParent(), QStringLiteral("Restore unsaved work?"),
                              QStringLiteral("The studio did not exit cleanly last time. Restore "
                                             "the design as it was autosaved?")) !=
            QMessageBox::Yes) {
        doc->declineRecovery();
        return false;
    }
    return doc->restoreRecovery();
}

void FileActions::showProjectDialog() {
    ProjectDialog dlg(m_wb.design()->data().meta, m_host.dialogParent());
    if (dlg.exec() == QDialog::Accepted)
        m_wb.editor()->setProjectDetails(dlg.meta());
}

void FileActions::showQuoteDialog() {
    const DesignSettings& s = m_wb.design()->data().settings;
    QuoteDialog dlg(s.quoteMarginPercent, s.quoteDiscountPercent, m_host.dialogParent());
    if (dlg.exec() == QDialog::Accepted)
        m_wb.editor()->setQuoteTerms(dlg.marginPercent(), dlg.discountPercent());
}

void FileActions::showAddressingDialog() {
    AddressingDialog dlg(m_wb.design()->data(), m_host.dialogParent());
    if (dlg.exec() == QDialog::Accepted)
        m_wb.editor()->setAddressing(dlg.pools());
}

void FileActions::addRecent(const QString& path) {
    const QStringList before = m_recent->list();
    m_recent->add(path);
    if (m_recent->list() != before)
        rebuildRecentMenu();
}

void FileActions::rebuildRecentMenu() {
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent = m_recent->list();
    for (const QString& p : recent)
        connect(m_recentMenu->addAction(p), &QAction::triggered, this, [this, p] {
            if (maybeSave())
                m_wb.document()->openFile(p);
        });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

} // namespace cds::studio
