#pragma once
// Two parts of one computation on the machine's two cores.

#include <exception>
#include <thread>

namespace cds {

/// Runs @p there on a second thread while @p here runs on this one, and returns when both are
/// done. The two must not write what the other reads. An exception thrown by either is
/// thrown here once both have stopped (@p here's first). Where the machine has one core, runs
/// them in turn on this thread.
template <typename Here, typename There> void alongside(Here&& here, There&& there) {
    if (std::thread::hardware_concurrency() < 2) {
        here();
        there();
        return;
    }
    std::exception_ptr failed;
    std::thread helper([&] {
        try {
            there();
        } catch (...) {
            failed = std::current_exception();
        }
    });
    try {
        here();
    } catch (...) {
        helper.join();
        throw;
    }
    helper.join();
    if (failed)
        std::rethrow_exception(failed);
}

} // namespace cds
