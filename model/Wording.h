#pragma once

#include "Geometry.h"

#include <QLocale>
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

/// 16384 -> "16,384", (3276.8, 1) -> "3,276.8": a figure as every text a user reads gives it,
/// whatever the system's locale. @p decimals may be QLocale::FloatingPointShortest (96.5 ->
/// "96.5", 1200 -> "1,200").
inline QString figures(double v, int decimals = 0) {
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(v, 'f', decimals);
}

/// A floor rectangle as findings and refusals quote it: "600 x 1200 mm at (6000, 1200)".
inline QString rectText(const RectMm& r) {
    return QStringLiteral("%1 x %2 mm at (%3, %4)")
        .arg(r.w, 0, 'f', 0)
        .arg(r.h, 0, 'f', 0)
        .arg(r.x, 0, 'f', 0)
        .arg(r.y, 0, 'f', 0);
}

} // namespace cds
