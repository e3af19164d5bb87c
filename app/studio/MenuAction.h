#pragma once

#include <QAction>
#include <QKeySequence>
#include <QMenu>

namespace cds::studio {

/// Adds an entry @p text with shortcut @p key to @p menu that runs @p slot (in @p context's
/// thread, and only while it lives). The one way the action sets add a menu entry.
template <typename Slot>
QAction* addMenuAction(QMenu* menu, const QString& text, const QObject* context, Slot slot,
                       const QKeySequence& key = {}) {
    QAction* a = menu->addAction(text);
    a->setShortcut(key);
    QObject::connect(a, &QAction::triggered, context, slot);
    return a;
}

} // namespace cds::studio
