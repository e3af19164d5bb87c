#pragma once

#include <QString>

class QMainWindow;
class QMenu;

namespace cds::studio {

/// Adds the Help menu to @p window: Keyboard shortcuts, User guide (the README, bundled),
/// About. Returns the menu.
QMenu* addHelpMenu(QMainWindow* window);

/// Every action of @p window's menus that has a shortcut, as an HTML table (menu, action,
/// keys): what Help > Keyboard shortcuts shows, so it cannot drift from the menus.
QString shortcutsHtml(const QMainWindow* window);

/// The user guide: the README bundled into the studio (Markdown).
QString userGuideMarkdown();

} // namespace cds::studio
