#pragma once

#include "model/Catalog.h"
#include "model/Design.h"
#include "model/generator/Generator.h"
#include "model/json/CatalogFile.h"
#include "model/rules/Finding.h"

#include <QMainWindow>

#include <array>
#include <memory>

class QDockWidget;
class QLabel;
class QMenu;
class QUndoStack;

namespace cds {
class EditJournal;
}

namespace cds {
class LiveAnalysis;
}

namespace cds::views {
class CatalogPalette;
class DashboardWidget;
class ElevationView;
class FloorplanScene;
class FloorplanView;
class ProblemsPanel;
class PropertiesPanel;
class SelectionModel;
} // namespace cds::views

namespace cds::exports {
enum class ExportKind : std::uint8_t;
} // namespace cds::exports

namespace cds::studio {

class DesignEditor;
class EditingActions;
class RecentFiles;
class RecoveryManager;
class StudioDocument;
class TaskRunner;
using exports::ExportKind;

/// @brief The studio window: floorplan canvas in the middle, catalog, properties, problems,
/// rack elevation and undo history in docks, menus and status totals. The document it shows
/// (file handling, undo, analysis, journal, recovery, autosave, long tasks) is a
/// StudioDocument; the window adds the dialogs.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        bool interactive = true; ///< false: no dialogs (tests); errors go to lastError()
        QString recoveryFolder;  ///< empty: AppDataLocation/recovery
        int autosaveDelayMs = 3000;
    };
    explicit MainWindow(CatalogLibrary library, Options options);
    explicit MainWindow(CatalogLibrary library = CatalogLibrary::loadDefault());
    ~MainWindow() override;

    StudioDocument* document() const { return m_doc; }
    Design* design() const { return m_design; }
    QUndoStack* undoStack() const { return m_undo; }
    DesignEditor* editor() const { return m_editor; }
    views::SelectionModel* selection() const { return m_selection; }
    LiveAnalysis* analysis() const { return m_analysis; }
    views::FloorplanScene* scene() const { return m_scene; }
    views::FloorplanView* canvas() const { return m_canvas; }
    views::ElevationView* elevation() const { return m_elevation; }
    views::PropertiesPanel* properties() const { return m_properties; }
    views::ProblemsPanel* problems() const { return m_problems; }
    views::CatalogPalette* palette() const { return m_palette; }
    /// Trays, cables and hall editing: tools, Cables panel, menus, dialogs.
    EditingActions* editing() const { return m_editing; }
    RecoveryManager* recovery() const;
    /// Runs open, save, generate and export with progress and Cancel.
    TaskRunner* tasks() const { return m_tasks; }
    const Catalog& library() const;

    /// Docks @p w on the right (tabbed with the others) and lists it in the View menu. For
    /// panels other areas provide (the dashboard).
    QDockWidget* addDock(QWidget* w, const QString& title,
                         Qt::DockWidgetArea area = Qt::RightDockWidgetArea);

    /// Opens @p path, reading it on a worker thread with progress; a broken file is reported
    /// (file:line:column) and a cancelled or failed open leaves the current design as it was.
    bool openFile(const QString& path);
    /// Saves to @p path on a worker thread (the UI keeps painting) with progress; a cancelled
    /// save leaves the file as it was and the design unsaved.
    bool saveTo(const QString& path);
    /// File > Export: writes @p kind to @p path on a worker thread (the PDF report on this one,
    /// its charts are widgets), with progress and Cancel.
    bool exportTo(ExportKind kind, const QString& path);
    void newDesign();
    QString currentPath() const;
    QString lastError() const;
    /// The status bar totals, e.g. "16 GPUs · 2 racks · 21.5 kW IT · $711,000".
    QString totalsText() const;

    /// After a crash: restores the autosave if there is one (asks first when interactive).
    bool offerRecovery();
    bool restoreRecovery();
    /// Writes the autosave on a worker thread from a copy of the design; returns at once.
    void autosaveNow();
    /// Waits until an autosave in progress has been written.
    void waitForAutosave();
    /// Runs cds::generateCluster and applies the result as one undo step, as a new untitled
    /// document. A refusal goes to @p error when given (the dialog shows it), else to the user.
    bool generate(const GenerateParams& params, QString* error = nullptr);
    /// Selects a finding's objects and brings them into view.
    void revealObjects(const std::vector<ObjectRef>& objects);
    void openElevation(RackId rack);
    /// View > Presentation mode (F5): floorplan, racks, fabric and charts, full screen.
    void startPresentation();

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    /// After new, open, restore and generate: fresh selection, the whole hall in view.
    void showReopened();
    void buildDocks();
    void buildActions();
    void connectViews();
    void updateTitle();
    void updateTotals();
    void showError(const QString& title, const QString& text);
    bool maybeSave();
    bool save();
    bool saveAs();
    void openDialog();
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    void requestLink(RackId a, RackId b);
    void showGenerateDialog();
    void showProjectDialog();
    void exportDialog(ExportKind kind);

    Options m_options;
    StudioDocument* m_doc;
    // The document's parts, for the wiring below (the document owns them).
    Design* m_design;
    QUndoStack* m_undo;
    DesignEditor* m_editor;
    LiveAnalysis* m_analysis;
    views::SelectionModel* m_selection;
    views::FloorplanScene* m_scene;
    views::FloorplanView* m_canvas;
    views::ElevationView* m_elevation = nullptr;
    views::PropertiesPanel* m_properties = nullptr;
    views::ProblemsPanel* m_problems = nullptr;
    views::DashboardWidget* m_dashboard = nullptr;
    views::CatalogPalette* m_palette = nullptr;
    QDockWidget* m_elevationDock = nullptr;
    /// Sized on first start: the left, right and bottom docks.
    std::array<QDockWidget*, 3> m_layoutDocks{};
    QMenu* m_viewMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    std::unique_ptr<RecentFiles> m_recent;
    QLabel* m_totals = nullptr;
    TaskRunner* m_tasks;
    EditingActions* m_editing = nullptr;
    GenerateParams m_lastGenerate; ///< the Generate dialog opens with the last inputs
};

} // namespace cds::studio
