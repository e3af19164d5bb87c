#include "SweepRunner.h"

#include <QPointer>

namespace cds {

SweepRunner::SweepRunner(QObject* parent)
    : QObject(parent) {}

SweepRunner::~SweepRunner() {
    cancel();
    if (m_thread)
        m_thread->wait();
}

bool SweepRunner::start(const GenerateParams& base, std::vector<int> gpuCounts, Catalog library,
                        GeneratorFn generate) {
    if (m_thread)
        return false;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    QPointer<SweepRunner> self(this);
    // The worker owns copies of everything it reads; it talks back only through queued calls.
    m_thread.reset(QThread::create([self, cancelFlag, base, counts = std::move(gpuCounts),
                                    lib = std::move(library), gen = std::move(generate)] {
        Progress progress = [&](int pc) {
            if (cancelFlag->load())
                return false;
            QMetaObject::invokeMethod(
                self,
                [self, pc] {
                    if (self)
                        Q_EMIT self->progressed(pc);
                },
                Qt::QueuedConnection);
            return true;
        };
        SweepResult r = runSweep(base, counts, lib, gen, progress);
        QMetaObject::invokeMethod(
            self,
            [self, r = std::move(r)]() mutable {
                if (self)
                    self->done(std::move(r));
            },
            Qt::QueuedConnection);
    }));
    m_thread->start();
    return true;
}

void SweepRunner::cancel() {
    if (m_cancel)
        m_cancel->store(true);
}

void SweepRunner::done(SweepResult r) {
    if (m_thread)
        m_thread->wait();
    m_thread.reset();
    m_result = std::move(r);
    Q_EMIT finished();
}

} // namespace cds
