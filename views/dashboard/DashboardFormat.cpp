#include "DashboardFormat.h"

#include <cmath>

namespace cds::views {

QString formatUsd(double usd) {
    const double a = std::abs(usd);
    const QString sign = usd < 0 ? QStringLiteral("-") : QString();
    if (a >= 1e9)
        return sign + QStringLiteral("$%1B").arg(a / 1e9, 0, 'f', 2);
    if (a >= 1e6)
        return sign + QStringLiteral("$%1M").arg(a / 1e6, 0, 'f', 2);
    if (a >= 1e3)
        return sign + QStringLiteral("$%1k").arg(a / 1e3, 0, 'f', 1);
    return sign + QStringLiteral("$%1").arg(a, 0, 'f', 0);
}

QString formatPower(double kw) {
    if (std::abs(kw) >= 1000)
        return QStringLiteral("%1 MW").arg(kw / 1000, 0, 'f', 2);
    return QStringLiteral("%1 kW").arg(kw, 0, 'f', 1);
}

QString formatSeconds(double s) {
    if (s >= 1)
        return QStringLiteral("%1 s").arg(s, 0, 'f', 2);
    if (s >= 1e-3)
        return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'f', 1);
    return QStringLiteral("%1 µs").arg(s * 1e6, 0, 'f', 0);
}

QString formatBytes(double bytes) {
    if (bytes >= 1e9)
        return QStringLiteral("%1 GB").arg(bytes / 1e9, 0, 'g', 3);
    if (bytes >= 1e6)
        return QStringLiteral("%1 MB").arg(bytes / 1e6, 0, 'g', 3);
    return QStringLiteral("%1 kB").arg(bytes / 1e3, 0, 'g', 3);
}

QString formatSigned(double v, int decimals) {
    if (std::abs(v) < 0.5 * std::pow(10.0, -decimals))
        return QStringLiteral("0");
    return (v > 0 ? QStringLiteral("+") : QString()) + QString::number(v, 'f', decimals);
}

} // namespace cds::views
