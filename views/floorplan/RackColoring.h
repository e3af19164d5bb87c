#pragma once

#include "../FailureHighlight.h"
#include "model/metrics/Metrics.h"
#include "model/rules/Finding.h"

#include <QColor>
#include <QString>

#include <vector>

namespace cds::views {

enum class ColorMetric : std::uint8_t { Power, UFill, Status, Phase };

/// @brief Colours racks by a chosen metric and says what the colours mean (the legend).
/// Computed from Metrics and findings, never from the scene. While a failure is shown
/// (FailureHighlight), it colours by what the failure does to each rack instead.
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
    /// The failure to show over the metric while it is active (null: none).
    void setFailure(const FailureHighlight* f) { m_failure = f; }
    bool showingFailure() const { return m_failure && m_failure->active(); }
    /// The legend's heading: the metric's label, or the failure's title while one is shown.
    QString title() const;

    /// A build phase's colour: a qualitative palette, repeating after twelve.
    static QColor phaseColour(int phase);

    /// Recomputes every rack's colour; @p findings only matter for the Status metric.
    void update(const DesignData& d, const Metrics& m, const std::vector<Finding>& findings);
    QColor colourOf(RackId r) const;
    std::vector<LegendEntry> legend() const;

private:
    void updateFailure(const DesignData& d);
    ColorMetric m_metric = ColorMetric::Power;
    const FailureHighlight* m_failure = nullptr;
    std::vector<LegendEntry> m_failureLegend; ///< each state with its rack count
    int m_phaseLimit = -1;
    std::vector<QColor> m_colours;     ///< by rack id
    std::vector<LegendEntry> m_phases; ///< the Phase metric's legend: one entry a build phase
};

} // namespace cds::views
