#pragma once

#include "model/rules/Finding.h"

#include <QString>
#include <Qt>

#include <vector>

class QDockWidget;
class QWidget;

namespace cds::studio {

/// @brief What only a window can do for the action sets: be the parent of their dialogs,
/// hold their docks, show a message, bring objects into view, close. The MainWindow is one;
/// the action sets never see more of it than this.
class WindowHost {
public:
    virtual ~WindowHost() = default;
    /// The parent of the dialogs an action opens.
    virtual QWidget* dialogParent() = 0;
    /// false (tests): no questions or message boxes; each takes its default answer.
    virtual bool interactive() const = 0;
    virtual void showMessage(const QString& text, int timeoutMs) = 0;
    /// Docks @p panel (tabbed with the others on the right) and lists it in the View menu.
    virtual QDockWidget* addDock(QWidget* panel, const QString& title,
                                 Qt::DockWidgetArea area = Qt::RightDockWidgetArea) = 0;
    /// Selects @p objects and brings them into view (a device opens its rack's elevation).
    virtual void revealObjects(const std::vector<ObjectRef>& objects) = 0;
    /// File > Quit: closes the window (which may still ask to save).
    virtual void closeWindow() = 0;

protected:
    WindowHost() = default;
    WindowHost(const WindowHost&) = default;
    WindowHost& operator=(const WindowHost&) = default;
};

} // namespace cds::studio
