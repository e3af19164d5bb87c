#pragma once

#include "model/metrics/Metrics.h"
#include "model/rules/Finding.h"

#include <QColor>
#include <QString>

#include <vector>

namespace cds::views {

enum class ColorMetric : std::uint8_t { Power, UFill, Status };

/// @brief Colours racks by a chosen metric and says what the colours mean (the legend).
/// Computed from Metrics and findings, never from the scene.
class RackColoring {
public:
    struct LegendEntry {
        QColor colour;
        QString label;
    };
    void setMetric(ColorMetric m) { m_metric = m; }
    ColorMetric metric() const { return m_metric; }
    static QString metricLabel(ColorMetric m);

    /// Recomputes every rack's colour; @p findings only matter for the Status metric.
    void update(const DesignData& d, const Metrics& m, const std::vector<Finding>& findings);
    QColor colourOf(RackId r) const;
    std::vector<LegendEntry> legend() const;

private:
    ColorMetric m_metric = ColorMetric::Power;
    std::vector<QColor> m_colours; ///< by rack id
};

} // namespace cds::views
