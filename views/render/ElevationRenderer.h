#pragma once

#include "model/DesignData.h"
#include "model/DesignIndex.h"

#include <QRectF>

class QPainter;

namespace cds::render {

/// @brief Draws the front elevation of one rack: U scale, rails, every device across its
/// U span with name and model, coloured by category, and a header with the rack's figures.
class ElevationRenderer {
public:
    ElevationRenderer(const DesignData& d, const DesignIndex& index);

    /// Width : height of a drawn rack (19-inch face plus the U scale and header).
    static double aspect(int uCapacity);
    /// Draws @p rack into @p target keeping the aspect ratio, centred horizontally.
    void paint(QPainter& p, RackId rack, const QRectF& target) const;
    /// Draws several racks side by side in @p target, @p gap pixels apart.
    void paintRow(QPainter& p, const std::vector<RackId>& racks, const QRectF& target,
                  double gap) const;
    /// Live racks in natural name order (R2 before R10): the order of every elevation listing.
    static std::vector<RackId> racksByName(const DesignData& d);

private:
    const DesignData& m_d;
    const DesignIndex& m_index;
};

} // namespace cds::render
