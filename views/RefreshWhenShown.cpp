#include "RefreshWhenShown.h"

#include <QEvent>
#include <QWidget>

namespace cds::views {

RefreshWhenShown::RefreshWhenShown(QWidget* widget, std::function<void()> work)
    : QObject(widget)
    , m_widget(widget)
    , m_work(std::move(work)) {
    widget->installEventFilter(this);
}

void RefreshWhenShown::changed() {
    m_due = true;
    if (m_widget->isVisible())
        ensure();
}

void RefreshWhenShown::ensure() {
    if (!m_due)
        return;
    m_due = false; // first: the work may show widgets or ask for its own results
    m_work();
}

bool RefreshWhenShown::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_widget && event->type() == QEvent::Show)
        ensure();
    return QObject::eventFilter(watched, event);
}

} // namespace cds::views
