#include "Names.h"

namespace cds::names {

namespace {

bool isAsciiAlnum(QChar c) {
    const char16_t u = c.unicode();
    return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9');
}

bool isControl(QChar c) {
    const char16_t u = c.unicode();
    return u < 0x20 || u == 0x7f || (u >= 0x80 && u < 0xa0) || u == 0x2028 || u == 0x2029 ||
           u == 0xfeff;
}

} // namespace

QString hostNameProblem(const QString& name) {
    if (name.isEmpty())
        return QStringLiteral("is empty");
    if (name.size() > kMaxHostName)
        return QStringLiteral("is %1 characters long (at most %2)")
            .arg(name.size())
            .arg(kMaxHostName);
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (isAsciiAlnum(c) || c == u'-' || c == u'_' || c == u'.')
            continue;
        return isControl(c) || c.isSpace()
                   ? QStringLiteral("holds a line break, tab or other control character at "
                                    "position %1")
                         .arg(i + 1)
                   : QStringLiteral("holds '%1' at position %2 (only letters, digits, '-', '_' "
                                    "and '.' can be host names)")
                         .arg(c)
                         .arg(i + 1);
    }
    if (!isAsciiAlnum(name.front()))
        return QStringLiteral("starts with '%1' (a host name starts with a letter or digit)")
            .arg(name.front());
    if (name.back() == u'-' || name.back() == u'.')
        return QStringLiteral("ends with '%1'").arg(name.back());
    return {};
}

QString netBoxNameProblem(const QString& name) {
    if (name.isEmpty())
        return QStringLiteral("is empty");
    if (name.size() > kMaxNetBoxName)
        return QStringLiteral("is %1 characters long (NetBox takes at most %2)")
            .arg(name.size())
            .arg(kMaxNetBoxName);
    for (qsizetype i = 0; i < name.size(); ++i)
        if (isControl(name.at(i)))
            return QStringLiteral("holds a line break, tab or other control character at "
                                  "position %1")
                .arg(i + 1);
    if (name.front().isSpace() || name.back().isSpace())
        return QStringLiteral("starts or ends with white space, which NetBox strips");
    return {};
}

QString safeFileName(const QString& name) {
    constexpr qsizetype kMaxFileName = 100;
    QString out;
    out.reserve(name.size());
    for (const QChar c : name) {
        const bool keep = isAsciiAlnum(c) || c == u' ' || c == u'.' || c == u'_' || c == u'+' ||
                          c == u'(' || c == u')' || c == u'-';
        out += keep ? c : QChar(u'-');
    }
    while (out.startsWith(u'.') || out.startsWith(u' '))
        out.remove(0, 1);
    out = out.left(kMaxFileName).trimmed();
    return out.isEmpty() ? QStringLiteral("unnamed") : out;
}

QString yamlQuoted(const QString& s) {
    QString out;
    out.reserve(s.size() + 2);
    out += u'"';
    for (const QChar c : s) {
        const char16_t u = c.unicode();
        if (c == u'"' || c == u'\\') {
            out += u'\\';
            out += c;
        } else if (u == u'\n') {
            out += QLatin1String("\\n");
        } else if (u == u'\t') {
            out += QLatin1String("\\t");
        } else if (isControl(c)) {
            out += QStringLiteral("\\u%1").arg(int(u), 4, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    out += u'"';
    return out;
}

QString oneLine(const QString& s) {
    QString out = s;
    for (QChar& c : out)
        if (isControl(c))
            c = u' ';
    return out;
}

QString quotedForMessage(const QString& name) {
    constexpr qsizetype kShown = 60;
    QString q = yamlQuoted(name.size() > kShown ? name.left(kShown) : name);
    if (name.size() > kShown)
        q.insert(q.size() - 1, QStringLiteral("..."));
    return q;
}

} // namespace cds::names
