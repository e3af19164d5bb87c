#include "WindowGeometry.h"

#include <QDockWidget>
#include <QGuiApplication>
#include <QMainWindow>
#include <QScreen>
#include <QSettings>
#include <QTimer>

#include <algorithm>

namespace cds::studio {

namespace {
// Bumped when the default dock layout changes, so an old saved layout (the dashboard tabbed
// behind the problems) does not come back over the new one.
constexpr int kLayoutVersion = 2;
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kVersionKey = QStringLiteral("window/layoutVersion");
} // namespace

QSize minimumWindowSize() {
    return {1024, 600};
}

QRect initialWindowGeometry(const QRect& available) {
    // 92 % of the area leaves the desktop visible around the window on a large screen; a small
    // screen gets all of it.
    QSize s(int(available.width() * 0.92), int(available.height() * 0.92));
    if (available.width() <= 1440 || available.height() <= 820)
        s = available.size();
    s = s.expandedTo(minimumWindowSize()).boundedTo(available.size());
    QRect r(QPoint(), s);
    r.moveCenter(available.center());
    return r;
}

QRect fitIntoScreen(const QRect& geometry, const QRect& available) {
    QRect r(geometry.topLeft(), geometry.size().boundedTo(available.size()));
    r.moveLeft(std::clamp(r.left(), available.left(), available.right() - r.width() + 1));
    r.moveTop(std::clamp(r.top(), available.top(), available.bottom() - r.height() + 1));
    return r;
}

bool restoreWindowLayout(QMainWindow* w, QDockWidget* left, QDockWidget* right,
                         QDockWidget* bottom) {
    QScreen* screen = w->screen() ? w->screen() : QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect(0, 0, 1280, 720);
    w->setMinimumSize(minimumWindowSize().boundedTo(available.size()));
    const QSettings s;
    const bool current = s.value(kVersionKey).toInt() == kLayoutVersion;
    if (current && w->restoreGeometry(s.value(kGeometryKey).toByteArray())) {
        if (!w->isMaximized() && !w->isFullScreen())
            w->setGeometry(fitIntoScreen(w->geometry(), available));
        w->restoreState(s.value(kStateKey).toByteArray(), kLayoutVersion);
        return true;
    }
    const QRect initial = initialWindowGeometry(available);
    w->setGeometry(initial);
    // A window as large as the screen is a maximised one: the window manager then keeps its
    // frame and title bar on screen too.
    if (initial.size() == available.size())
        w->setWindowState(w->windowState() | Qt::WindowMaximized);
    // Dock sizes only take once the window has laid its docks out, after it is shown.
    QTimer::singleShot(0, w, [w, left, right, bottom] {
        const QSize room = w->size();
        if (left)
            w->resizeDocks({left}, {std::clamp(room.width() / 6, 200, 330)}, Qt::Horizontal);
        if (right)
            w->resizeDocks({right}, {std::clamp(room.width() * 28 / 100, 360, 460)},
                           Qt::Horizontal);
        if (bottom)
            w->resizeDocks({bottom}, {std::max(300, room.height() * 9 / 20)}, Qt::Vertical);
    });
    return false;
}

void saveWindowLayout(const QMainWindow* w) {
    QSettings s;
    s.setValue(kGeometryKey, w->saveGeometry());
    s.setValue(kStateKey, w->saveState(kLayoutVersion));
    s.setValue(kVersionKey, kLayoutVersion);
}

} // namespace cds::studio
