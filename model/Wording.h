#pragma once

#include <QString>

namespace cds {

/// "1 rack", "3 racks", "2 switches": a count with its noun in the right number, for every
/// text a user reads (undo texts, headings, chart labels). @p plural: the irregular form,
/// when adding "s" (or "es" after s, x, ch, sh) is not it.
inline QString counted(long long n, const QString& noun, const QString& plural = {}) {
    QString many = plural;
    if (many.isEmpty()) {
        const bool es = noun.endsWith(QLatin1Char('s')) || noun.endsWith(QLatin1Char('x')) ||
                        noun.endsWith(QLatin1String("ch")) || noun.endsWith(QLatin1String("sh"));
        many = noun + (es ? QStringLiteral("es") : QStringLiteral("s"));
    }
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? noun : many);
}

} // namespace cds
