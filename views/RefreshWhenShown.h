#pragma once

#include <QObject>

#include <functional>

class QWidget;

namespace cds::views {

/// @brief Work a view does only while it can be seen: each change of what it shows marks the
/// work due, and it is done at once when the widget is visible, else when the widget is next
/// shown or what the work makes is asked for (an export, a report, a test). So a hidden
/// dashboard tab or a closed dock costs nothing per analysis: at 500,000 GPUs every analysis
/// of a drag step would otherwise pay for pages nobody looks at.
class RefreshWhenShown : public QObject {
public:
    /// Watches @p widget (its parent too: destroyed with it) for being shown; @p work
    /// brings the view up to date. Due from the start: the first show does it.
    RefreshWhenShown(QWidget* widget, std::function<void()> work);

    /// What the view shows changed: the work is done now if the widget is visible.
    void changed();
    /// Does the work if it is due; call before reading what it makes.
    void ensure();
    bool due() const { return m_due; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_widget;
    std::function<void()> m_work;
    bool m_due = true;
};

} // namespace cds::views
