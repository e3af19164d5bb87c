#pragma once

#include <QList>
#include <QRect>
#include <QSize>

class QDockWidget;
class QMainWindow;

namespace cds::studio {

/// The smallest studio window, in logical pixels: it fits a 1280x720 screen (1366x768 and
/// 1920x1080 at 150 %) with room for a taskbar and the window frame.
QSize minimumWindowSize();

/// First-start geometry on a screen whose available area is @p available: most of it,
/// centred, never larger than the area nor smaller than minimumWindowSize() allows.
QRect initialWindowGeometry(const QRect& available);

/// @p geometry moved (and shrunk if need be) to lie inside @p available: a window saved on a
/// larger or a removed monitor opens on this one, whole.
QRect fitIntoScreen(const QRect& geometry, const QRect& available);

/// Sizes @p w for its screen: the geometry and dock layout saved by saveWindowLayout() if
/// there are any (fitted into the screen; returns true), else initialWindowGeometry() with
/// the @p left dock at about a sixth of the width, the @p right one at about a quarter (its
/// tabs readable) and the @p bottom one at 45 % of the height (applied once the window is
/// laid out).
bool restoreWindowLayout(QMainWindow* w, QDockWidget* left, QDockWidget* right,
                         QDockWidget* bottom);
/// Stores @p w's geometry and dock layout in QSettings for the next start.
void saveWindowLayout(const QMainWindow* w);

} // namespace cds::studio
