#pragma once

#include <QString>
#include <QStringList>

namespace cds::render {

/// Natural order of names: digit runs compare as numbers, the rest case-insensitively, so
/// "spine-2" comes before "spine-10" (and "R9" before "R10"). Ties fall back to the plain
/// comparison, so the order is total and stable across runs.
bool naturalLess(const QString& a, const QString& b);

/// @p names (in natural order) written short: consecutive numbered names become a range
/// ("su01-c01–su01-c32"), the rest are listed, comma separated. When the text would pass
/// @p maxChars it stops at a whole item and ends "… and N more".
QString abbreviateNames(const QStringList& names, int maxChars = 400);

} // namespace cds::render
