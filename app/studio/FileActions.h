#pragma once

#include "ActionSet.h"

#include <memory>

class QMenu;
class QMenuBar;

namespace cds::studio {

class ExportActions;
class RecentFiles;
/// @brief The File menu: new, open (and the recent files), save, save as, project details,
/// export (ExportActions) and quit; and the questions around them (save the changes first?
/// restore the work a crash left?). The files themselves are the Workbench's document's.
class FileActions : public ActionSet {
    Q_OBJECT
public:
    FileActions(Workbench& workbench, WindowHost& host, QObject* parent = nullptr);
    ~FileActions() override;
    /// Adds the File menu to @p bar, with @p exports as its Export submenu.
    QMenu* addTo(QMenuBar* bar, ExportActions& exports);

    /// Unsaved changes: asks whether to save them first (when interactive). false: the user
    /// cancelled, or the save failed.
    bool maybeSave();
    bool save();
    bool saveAs();
    /// After a crash: restores the autosave if there is one (asks first when interactive).
    bool offerRecovery();

private:
    void openDialog();
    void showProjectDialog();
    void showQuoteDialog();
    void showAddressingDialog();
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    QMenu* m_recentMenu = nullptr;
    std::unique_ptr<RecentFiles> m_recent;
};

} // namespace cds::studio
