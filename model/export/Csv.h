#pragma once

#include <QString>
#include <QStringList>

namespace cds::csv {

/// RFC 4180 field: quoted when it holds a comma, quote or line break.
inline QString field(const QString& s) {
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) &&
        !s.contains(QLatin1Char('\n')) && !s.contains(QLatin1Char('\r')))
        return s;
    QString q = s;
    q.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

inline QString row(const QStringList& fields) {
    QStringList out;
    out.reserve(fields.size());
    for (const QString& f : fields)
        out << field(f);
    return out.join(QLatin1Char(',')) + QLatin1String("\r\n");
}

/// A money or quantity figure without locale grouping: 1234.5 -> "1234.50".
inline QString money(double v) {
    return QString::number(v, 'f', 2);
}

} // namespace cds::csv
