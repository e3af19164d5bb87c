#pragma once

#include "model/DesignData.h"
#include "model/metrics/Metrics.h"

#include <QRectF>

class QPainter;

namespace cds::render {

/// @brief Draws the compute fabric as tiers (core / spine / leaf / GPU servers) with the
/// switch count of each tier, the links between tiers, oversubscription and bisection
/// bandwidth, plus a panel with the storage and management networks.
class FabricDiagramRenderer {
public:
    FabricDiagramRenderer(const DesignData& d, const Metrics& m);
    void paint(QPainter& p, const QRectF& target) const;

private:
    const DesignData& m_d;
    const Metrics& m_m;
};

} // namespace cds::render
