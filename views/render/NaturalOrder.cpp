#include "NaturalOrder.h"

#include <optional>

namespace cds::render {

namespace {

/// A name split as prefix + trailing number ("su01-c07" -> "su01-c", 7, width 2).
struct Numbered {
    QString prefix;
    long long number = 0;
    int width = 0;
};

std::optional<Numbered> splitTrailingNumber(const QString& s) {
    int i = int(s.size());
    while (i > 0 && s[i - 1].isDigit())
        --i;
    const int digits = int(s.size()) - i;
    if (digits == 0 || digits > 15)
        return std::nullopt;
    return Numbered{s.left(i), s.mid(i).toLongLong(), digits};
}

} // namespace

bool naturalLess(const QString& a, const QString& b) {
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            qsizetype ie = i, je = j;
            while (ie < a.size() && a[ie].isDigit())
                ++ie;
            while (je < b.size() && b[je].isDigit())
                ++je;
            // Compare the digit runs as numbers without overflow: strip leading zeros, then
            // the longer run is larger, else compare digit by digit.
            qsizetype is = i, js = j;
            while (is + 1 < ie && a[is] == QLatin1Char('0'))
                ++is;
            while (js + 1 < je && b[js] == QLatin1Char('0'))
                ++js;
            if (ie - is != je - js)
                return ie - is < je - js;
            for (qsizetype k = 0; k < ie - is; ++k)
                if (a[is + k] != b[js + k])
                    return a[is + k] < b[js + k];
            i = ie;
            j = je;
            continue;
        }
        const QChar ca = a[i].toCaseFolded(), cb = b[j].toCaseFolded();
        if (ca != cb)
            return ca < cb;
        ++i;
        ++j;
    }
    if ((a.size() - i) != (b.size() - j))
        return a.size() - i < b.size() - j;
    return a < b;
}

QString abbreviateNames(const QStringList& names, int maxChars) {
    QStringList items;
    for (qsizetype i = 0; i < names.size();) {
        const auto first = splitTrailingNumber(names[i]);
        qsizetype end = i + 1;
        if (first) {
            long long expect = first->number + 1;
            while (end < names.size()) {
                const auto n = splitTrailingNumber(names[end]);
                // su01-c09, su01-c10 continue a padded run; spine-9, spine-10 an unpadded one.
                const bool padded = first->width > 1 &&
                                    names[i][names[i].size() - first->width] == QLatin1Char('0');
                if (!n || n->prefix != first->prefix || n->number != expect ||
                    (padded && n->width != first->width))
                    break;
                ++expect;
                ++end;
            }
        }
        if (end - i >= 3)
            items << names[i] + QChar(0x2013) + names[end - 1];
        else
            for (qsizetype k = i; k < end; ++k)
                items << names[k];
        i = end;
    }
    QString out;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString sep = out.isEmpty() ? QString() : QStringLiteral(", ");
        if (out.size() + sep.size() + items[i].size() > maxChars && i > 0) {
            // Count the names left, not the items: a range stands for many.
            qsizetype left = 0;
            for (qsizetype k = i; k < items.size(); ++k) {
                const qsizetype dash = items[k].indexOf(QChar(0x2013));
                if (dash < 0) {
                    ++left;
                    continue;
                }
                const auto lo = splitTrailingNumber(items[k].left(dash));
                const auto hi = splitTrailingNumber(items[k].mid(dash + 1));
                left += lo && hi ? hi->number - lo->number + 1 : 1;
            }
            return out + QStringLiteral(" … and %1 more").arg(left);
        }
        out += sep + items[i];
    }
    return out;
}

} // namespace cds::render
