#pragma once

#include "../analysis/Analysis.h"
#include "../metrics/Metrics.h"

#include <optional>
#include <vector>

namespace cds {

/// The figures scenarios are compared by.
enum class ScenarioFigure : std::uint8_t {
    CostPerGpu,
    TotalMw,    ///< facility power (IT x PUE)
    MeanRackKw, ///< over the racks that draw power
    MaxRackKw,
    Optics, ///< transceivers (twin-port counted per cage)
    BisectionTbps
};
inline constexpr int kScenarioFigureCount = 6;
QString scenarioFigureLabel(ScenarioFigure f); ///< "Cost per GPU"...
QString scenarioFigureUnit(ScenarioFigure f);  ///< "USD", "MW", "kW", "", "Tb/s"

/// @brief One column of a comparison: a design's name and its figures.
struct ScenarioFigures {
    QString name;
    int gpus = 0;
    /// Errors (unwaived) the design has: a design with errors is not a fair comparison, however
    /// cheap it looks (a fabric with missing switches costs less).
    int errors = 0;
    std::array<double, kScenarioFigureCount> values{};
    double value(ScenarioFigure f) const { return values[std::size_t(f)]; }
};

ScenarioFigures scenarioFigures(const QString& name, const Metrics& m, int errors = 0);
/// The figures and error count of @p a, an analysis of the design named @p name.
ScenarioFigures scenarioFigures(const QString& name, const Analysis& a);

/// @brief A figure of one column against the baseline: other - base, and the change in percent
/// (nullopt when the baseline is zero).
struct FigureDelta {
    double base = 0, value = 0, delta = 0;
    std::optional<double> percent;
};
FigureDelta figureDelta(const ScenarioFigures& base, const ScenarioFigures& other,
                        ScenarioFigure f);

/// @brief Side-by-side figures; column 0 is the baseline the deltas are taken against.
struct ScenarioComparison {
    std::vector<ScenarioFigures> columns;
    FigureDelta delta(std::size_t column, ScenarioFigure f) const {
        return figureDelta(columns.at(0), columns.at(column), f);
    }
};

/// The current design (named @p currentName, the baseline) followed by each of its scenarios.
/// Analyses every scenario; @p current may be passed in to reuse a computed analysis.
ScenarioComparison compareScenarios(const DesignData& d, const QString& currentName,
                                    const Analysis* current = nullptr);

} // namespace cds
