#include "TaskRunner.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QEventLoop>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>

#include <memory>

namespace cds::studio {

namespace {
/// While an operation runs, keyboard and mouse input goes only to its progress dialog: the
/// design must not change underneath a save, and an edit made during an open would be lost.
/// (The window-modal dialog does the same once it shows, after kDialogDelayMs.)
class InputBlocker : public QObject {
public:
    explicit InputBlocker(QWidget* allowed)
        : m_allowed(allowed) {
        QCoreApplication::instance()->installEventFilter(this);
    }
    ~InputBlocker() override { QCoreApplication::instance()->removeEventFilter(this); }
    bool eventFilter(QObject* watched, QEvent* e) override {
        switch (e->type()) {
        case QEvent::KeyPress:
        case QEvent::KeyRelease:
        case QEvent::ShortcutOverride:
        case QEvent::Shortcut:
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonRelease:
        case QEvent::MouseButtonDblClick:
        case QEvent::Wheel:
        case QEvent::DragEnter:
        case QEvent::Drop:
            break;
        default:
            return false;
        }
        for (QObject* o = watched; o; o = o->parent())
            if (o == m_allowed)
                return false;
        return true;
    }

private:
    QWidget* m_allowed;
};
} // namespace

TaskRunner::TaskRunner(QObject* owner, bool interactive)
    : QObject(owner)
    , m_interactive(interactive) {}

bool TaskRunner::run(const QString& title, const std::function<void(const Progress&)>& work,
                     Thread thread) {
    if (m_busy)
        return false;
    m_busy = true;
    m_cancel = false;
    m_percent = 0;
    std::unique_ptr<QProgressDialog> dialog;
    if (m_interactive) {
        dialog =
            std::make_unique<QProgressDialog>(title, QStringLiteral("Cancel"), 0, 100, m_parent);
        dialog->setWindowTitle(title);
        dialog->setWindowModality(Qt::WindowModal);
        dialog->setMinimumDuration(kDialogDelayMs);
        dialog->setAutoClose(false);
        dialog->setAutoReset(false);
        connect(dialog.get(), &QProgressDialog::canceled, this, [this] { m_cancel = true; });
        dialog->setValue(0);
    }
    const InputBlocker blocker(dialog.get());
    Q_EMIT started(title);
    auto show = [this, &dialog] {
        const int p = m_percent;
        if (dialog)
            dialog->setValue(p);
        Q_EMIT progressed(p);
    };

    if (thread == Thread::Ui) {
        // Between reports the UI thread is busy with the work: let it paint and see Cancel
        // every 50 ms.
        QElapsedTimer since;
        since.start();
        const Progress progress = [&](int percent) {
            m_percent = percent;
            if (since.elapsed() >= 50) {
                since.restart();
                show();
                QCoreApplication::processEvents();
            }
            return !m_cancel;
        };
        work(progress); // cancelled already: its first report tells it, and it says why
    } else {
        const Progress progress = [this](int percent) {
            m_percent = percent;
            return !m_cancel;
        };
        QEventLoop loop;
        QTimer poll;
        poll.setInterval(50);
        connect(&poll, &QTimer::timeout, this, show);
        std::unique_ptr<QThread> worker(QThread::create([&] { work(progress); }));
        connect(worker.get(), &QThread::finished, &loop, &QEventLoop::quit);
        poll.start();
        worker->start();
        loop.exec();
        worker->wait();
    }
    const bool finished = !m_cancel;
    m_busy = false;
    return finished;
}

} // namespace cds::studio
