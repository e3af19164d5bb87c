#pragma once

#include <QString>
#include <QStringList>

namespace cds::csv {

/// True when a spreadsheet would read @p s as a formula (OWASP "CSV injection"): it starts
/// with '=', '+', '-', '@', a tab or a carriage return and is not a plain number such as
/// "-3.5", which must stay a number.
inline bool readsAsFormula(const QString& s) {
    if (s.isEmpty())
        return false;
    const char16_t c = s.front().unicode();
    if (c != u'=' && c != u'+' && c != u'-' && c != u'@' && c != u'\t' && c != u'\r')
        return false;
    bool number = false;
    s.toDouble(&number);
    return !number;
}

/// RFC 4180 field: quoted when it holds a comma, quote or line break. A text a spreadsheet
/// would run as a formula gets a leading apostrophe, so it is shown, never evaluated.
inline QString field(const QString& s) {
    if (readsAsFormula(s))
        return field(QLatin1Char('\'') + s);
    // One pass over the characters: the cabling schedule writes millions of fields.
    bool special = false;
    for (const QChar c : s)
        if (c == QLatin1Char(',') || c == QLatin1Char('"') || c == QLatin1Char('\n') ||
            c == QLatin1Char('\r')) {
            special = true;
            break;
        }
    if (!special)
        return s;
    QString q = s;
    q.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

inline QString row(const QStringList& fields) {
    QString out;
    qsizetype n = 2;
    for (const QString& f : fields)
        n += f.size() + 1;
    out.reserve(n);
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i)
            out += QLatin1Char(',');
        out += field(fields[i]);
    }
    out += QLatin1String("\r\n");
    return out;
}

/// A money or quantity figure without locale grouping: 1234.5 -> "1234.50".
inline QString money(double v) {
    return QString::number(v, 'f', 2);
}

} // namespace cds::csv
