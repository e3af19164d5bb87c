#pragma once

#include "model/Catalog.h"
#include "model/DesignData.h"

#include <QColor>
#include <QFont>

namespace cds::render {

/// @brief The print palette shared by every static renderer: quiet fills, one accent, so a
/// report reads as one document. Colours are fixed (not from the widget palette) so
/// exports look the same on every desktop theme.
struct RenderStyle {
    static QColor ink() { return QColor(0x1d, 0x26, 0x33); }
    static QColor muted() { return QColor(0x6b, 0x76, 0x85); }
    static QColor hairline() { return QColor(0xc9, 0xd1, 0xdb); }
    static QColor paper() { return QColor(0xff, 0xff, 0xff); }
    static QColor panel() { return QColor(0xf3, 0xf5, 0xf8); }
    static QColor accent() { return QColor(0x1f, 0x5f, 0xa8); }
    static QColor warning() { return QColor(0xc7, 0x7c, 0x02); }
    static QColor error() { return QColor(0xb4, 0x23, 0x18); }
    /// Power gear on the floor (DC power racks): amber, apart from every cooling fill.
    static QColor power() { return QColor(0xd9, 0x8e, 0x04); }
    static QColor category(Category c);
    static QColor cooling(CoolingType c);
    /// A pale fill of @p c for large areas (device faces, tier boxes), readable under ink.
    static QColor tint(const QColor& c) {
        return QColor((c.red() + 2 * 255) / 3, (c.green() + 2 * 255) / 3, (c.blue() + 2 * 255) / 3);
    }
    /// A sans font of @p px pixels (device units), so text sizes follow the drawing scale.
    static QFont font(double px, bool bold = false);
};

} // namespace cds::render
