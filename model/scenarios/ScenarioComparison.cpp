#include "ScenarioComparison.h"

#include <algorithm>
#include <cmath>

namespace cds {

QString scenarioFigureLabel(ScenarioFigure f) {
    static const std::array<const char*, kScenarioFigureCount> labels = {
        "Cost per GPU",    "Total power (facility)", "Mean kW per rack",
        "Max kW per rack", "Optics (transceivers)",  "Bisection bandwidth"};
    return QLatin1String(labels[std::size_t(f)]);
}

QString scenarioFigureUnit(ScenarioFigure f) {
    static const std::array<const char*, kScenarioFigureCount> units = {"USD", "MW", "kW",
                                                                        "kW",  "",   "Tb/s"};
    return QLatin1String(units[std::size_t(f)]);
}

ScenarioFigures scenarioFigures(const QString& name, const Analysis& a) {
    return scenarioFigures(name, a.metrics, countFindings(a.findings).errors);
}

ScenarioFigures scenarioFigures(const QString& name, const Metrics& m, int errors) {
    ScenarioFigures s;
    s.name = name;
    s.gpus = m.gpus;
    s.errors = errors;
    double loadKw = 0;
    int loaded = 0;
    for (const RackMetrics& r : m.perRack) {
        if (r.itMaxW > 0) {
            loadKw += r.itMaxW / 1000.0;
            ++loaded;
        }
    }
    auto set = [&](ScenarioFigure f, double v) { s.values[std::size_t(f)] = v; };
    set(ScenarioFigure::CostPerGpu, m.costPerGpu());
    set(ScenarioFigure::TotalMw, m.facilityW / 1e6);
    set(ScenarioFigure::MeanRackKw, loaded ? loadKw / loaded : 0);
    set(ScenarioFigure::MaxRackKw, m.maxRackKw);
    set(ScenarioFigure::Optics, double(m.transceivers));
    set(ScenarioFigure::BisectionTbps, m.bisectionTbps);
    return s;
}

FigureDelta figureDelta(const ScenarioFigures& base, const ScenarioFigures& other,
                        ScenarioFigure f) {
    FigureDelta d;
    d.base = base.value(f);
    d.value = other.value(f);
    d.delta = d.value - d.base;
    if (std::abs(d.base) > 1e-12)
        d.percent = d.delta / d.base * 100.0;
    return d;
}

ScenarioComparison compareScenarios(const DesignData& d, const QString& currentName,
                                    const Analysis* current) {
    ScenarioComparison c;
    c.columns.push_back(scenarioFigures(currentName, current ? *current : analyze(d)));
    for (const Scenario& s : d.scenarios)
        if (s.design)
            c.columns.push_back(scenarioFigures(s.name, analyze(*s.design)));
    return c;
}

} // namespace cds
