#pragma once

#include <QColor>
#include <QRectF>
#include <QStringList>

#include <utility>
#include <vector>

class QPainter;

namespace cds::report {

/// A figure as the report prints it: "16,384", "7,383.4" (US English grouping).
QString thousands(double v, int decimals = 0);

/// @brief A printed table whose cells wrap instead of being cut: every vendor name and
/// figure prints whole, and a row is as tall as its tallest cell. Columns are fractions of
/// the width; numeric columns are right-aligned.
struct ReportTable {
    std::vector<double> widths;
    std::vector<bool> right;
    double fontPx = 11;
    double padPx = 4;

    /// Height of @p cells as one row of a table @p width wide.
    double rowHeight(const QStringList& cells, double width, bool head = false) const;
    /// Draws one row at @p y; returns its height. @p marker colours a bar at its left edge.
    double row(QPainter& p, const QRectF& r, double y, const QStringList& cells, bool head,
               bool shade, const QColor& marker = {}) const;
    /// Splits rows of @p heights into pages of @p available height under a header of
    /// @p headH: (first, count) per page, at least one (possibly empty) page. With
    /// @p keepLastWithPrevious (a total row), the last row never stands alone on a page: the
    /// row before it goes over with it.
    static std::vector<std::pair<int, int>> paginate(const std::vector<double>& heights,
                                                     double available, double headH,
                                                     bool keepLastWithPrevious = false);
};

} // namespace cds::report
