#pragma once

#include "model/Progress.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>

class QWidget;

namespace cds::studio {

/// @brief Runs one long operation (open, save, generate, export) with progress and Cancel.
///
/// The work runs on a worker thread (or, for work that paints widgets, on the UI thread
/// between event-loop turns) while the UI keeps painting. Interactive runs show a
/// window-modal progress dialog after a short delay, so quick operations never flash one and
/// the design cannot be edited underneath the operation. The work reports through the
/// cds::Progress it is given and stops when that returns false; each caller makes sure a
/// cancelled operation changes nothing (a QSaveFile that is not committed, a result that is
/// not applied).
class TaskRunner : public QObject {
    Q_OBJECT
public:
    enum class Thread : std::uint8_t {
        Worker, ///< the work must not touch widgets or the live Design
        Ui,     ///< the work paints widgets (the PDF report's charts); events run at each report
    };
    TaskRunner(QObject* owner, bool interactive);
    /// The window the progress dialog is modal to (none: the dialog stands alone).
    void setDialogParent(QWidget* w) { m_parent = w; }

    /// Runs @p work and returns once it finished: true, or false when it was cancelled.
    /// Only one operation runs at a time; a second call while busy() returns false at once.
    bool run(const QString& title, const std::function<void(const Progress&)>& work,
             Thread thread = Thread::Worker);
    bool busy() const { return m_busy; }
    /// Asks the running operation to stop at its next progress report (the dialog's Cancel).
    void cancel() { m_cancel = true; }
    bool cancelRequested() const { return m_cancel; }
    /// Milliseconds before the dialog appears.
    static constexpr int kDialogDelayMs = 400;

Q_SIGNALS:
    /// On the UI thread before the work starts: tests cancel here.
    void started(const QString& title);
    /// On the UI thread, at most every 50 ms while the work runs.
    void progressed(int percent);

private:
    QWidget* m_parent = nullptr;
    bool m_interactive;
    bool m_busy = false;
    std::atomic<bool> m_cancel = false;
    std::atomic<int> m_percent = 0;
};

} // namespace cds::studio
