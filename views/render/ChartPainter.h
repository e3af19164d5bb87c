#pragma once

#include <QRectF>
#include <QString>

#include <functional>
#include <vector>

class QPainter;

namespace cds::render {

/// @brief Minimal static charts for print (bars, donut) drawn with QPainter. A stand-in
/// for the dashboard's charts where no widget can be used: the PDF and presentation mode.
struct ChartPainter {
    struct Value {
        QString label;
        double value = 0;
    };
    using Format = std::function<QString(double)>;
    /// Horizontal bars, largest first, each labelled with @p fmt of its value.
    static void bars(QPainter& p, const QRectF& r, const QString& title, std::vector<Value> values,
                     const Format& fmt);
    /// A donut with a legend on its right; @p centre is written in the hole.
    static void donut(QPainter& p, const QRectF& r, const QString& title,
                      const std::vector<Value>& values, const QString& centre, const Format& fmt);
};

} // namespace cds::render
