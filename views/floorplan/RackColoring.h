#pragma once

#include "model/metrics/Metrics.h"
#include "model/rules/Finding.h"

#include <QColor>
#include <QString>

#include <vector>

namespace cds::views {

enum class ColorMetric : std::uint8_t { Power, UFill, Status, Phase };

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
    /// The Phase metric's filter: racks of phases after @p last (0-based) are drawn as not
    /// yet built, so the floor reads as it stands at the end of that phase; -1 shows all.
    void setPhaseLimit(int last) { m_phaseLimit = last; }
    int phaseLimit() const { return m_phaseLimit; }
    static QString metricLabel(ColorMetric m);

    /// A build phase's colour: a qualitative palette, repeating after twelve.
    static QColor phaseColour(int phase);

    /// Recomputes every rack's colour; @p findings only matter for the Status metric.
    void update(const DesignData& d, const Metrics& m, const std::vector<Finding>& findings);
    QColor colourOf(RackId r) const;
    std::vector<LegendEntry> legend() const;

private:
    ColorMetric m_metric = ColorMetric::Power;
    int m_phaseLimit = -1;
    std::vector<QColor> m_colours;     ///< by rack id
    std::vector<LegendEntry> m_phases; ///< the Phase metric's legend: one entry a build phase
};

} // namespace cds::views
