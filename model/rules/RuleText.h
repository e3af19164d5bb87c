#pragma once
// Wording the rules share when they quote the design in a finding.

#include "../Geometry.h"

#include <QString>

namespace cds {

/// A floor rectangle as findings quote it: "600 x 1200 mm at (6000, 1200)".
inline QString rectText(const RectMm& r) {
    return QStringLiteral("%1 x %2 mm at (%3, %4)")
        .arg(r.w, 0, 'f', 0)
        .arg(r.h, 0, 'f', 0)
        .arg(r.x, 0, 'f', 0)
        .arg(r.y, 0, 'f', 0);
}

} // namespace cds
