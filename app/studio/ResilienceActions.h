#pragma once

#include "ActionSet.h"

#include <QStringList>

#include <functional>

class QAction;
class QDockWidget;
class QMenuBar;
class QWidget;

namespace cds::views {
class ImpactPanel;
} // namespace cds::views

namespace cds::studio {

class FailureAnalysis;

/// @brief The Analyse menu and the Failures panel: "What if this fails?" on the selection (F,
/// and the floorplan's and elevation's context menus), naming elements in the panel, the N-1
/// sweep and its table, and clearing the failure shown. Analysis only: nothing enters undo.
class ResilienceActions : public ActionSet {
    Q_OBJECT
public:
    ResilienceActions(Workbench& workbench, WindowHost& host, QObject* parent = nullptr);
    /// Adds the Analyse menu to @p bar.
    void addMenu(QMenuBar* bar);
    /// Puts "What if this fails?" and "Clear failure shown" in @p view's context menu.
    void addContextMenuTo(QWidget* view);

    views::ImpactPanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }
    QAction* failAction() const { return m_failAction; }
    QAction* clearAction() const { return m_clearAction; }
    /// Where the panel goes the first time it opens (the window tabs it with the dashboard
    /// then, so until a failure is asked about the dashboard is not behind a tab).
    void setPlacement(std::function<void(QDockWidget*)> place) { m_place = std::move(place); }

    /// Analyse > What if this fails?: the selection's failure (the status bar says why not).
    bool failSelection();
    /// Fails @p names together, shows the panel and brings the first affected rack into view;
    /// the refusal, or empty when shown.
    QString failNames(const QStringList& names);
    /// Analyse > N-1: fails each element of @p kinds alone (every kind when empty).
    bool runSweep(const QStringList& kinds);

private:
    void showPanel();
    void showFailure(); ///< the panel and the canvas follow FailureAnalysis
    FailureAnalysis& m_failures;
    views::ImpactPanel* m_panel;
    QDockWidget* m_dock;
    QAction* m_failAction;
    QAction* m_clearAction;
    QAction* m_sweepAction;
    std::function<void(QDockWidget*)> m_place; ///< called once, before the panel first shows
};

} // namespace cds::studio
