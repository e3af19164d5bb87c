#pragma once
// Shared by the benchmarks: one line per figure, and the process's peak memory.

#include <QFile>
#include <QString>

#include <cstdio>

namespace cds::bench {

/// "bench  16384 GPUs  open (studio) ... 195.000 ms   (target < 250 ms: met)"
inline void line(int gpus, const char* what, double value, const char* unit, double target = 0) {
    std::printf("bench %6d GPUs  %-44s %10.2f %-3s", gpus, what, value, unit);
    if (target > 0)
        std::printf("  (target < %g %s: %s)", target, unit, value < target ? "met" : "MISSED");
    std::printf("\n");
    std::fflush(stdout);
}

/// Peak resident memory of this process so far (VmHWM), in MiB; 0 where /proc is missing.
inline double peakMemoryMiB() {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return 0;
    for (const QByteArray& l : f.readAll().split('\n'))
        if (l.startsWith("VmHWM:"))
            return l.mid(6).trimmed().split(' ').front().toDouble() / 1024.0;
    return 0;
}

} // namespace cds::bench
