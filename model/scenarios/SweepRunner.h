#pragma once

#include "Sweep.h"

#include <QObject>
#include <QThread>

#include <atomic>
#include <memory>

namespace cds {

/// @brief Runs a what-if sweep on a worker thread, reporting progress and honouring cancel.
/// Signals arrive on the runner's own thread (the UI thread), queued.
class SweepRunner : public QObject {
    Q_OBJECT
public:
    explicit SweepRunner(QObject* parent = nullptr);
    ~SweepRunner() override;

    /// Starts a sweep; returns false if one is already running. @p library is copied.
    bool start(const GenerateParams& base, std::vector<int> gpuCounts, Catalog library,
               GeneratorFn generate);
    void cancel();
    bool isRunning() const { return m_thread != nullptr; }
    /// The last finished (or cancelled) sweep.
    const SweepResult& result() const { return m_result; }

Q_SIGNALS:
    void progressed(int percent);
    void finished();

private:
    void done(SweepResult r);
    std::unique_ptr<QThread> m_thread;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    SweepResult m_result;
};

} // namespace cds
