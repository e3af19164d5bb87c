#pragma once

#include "../resilience/Sweep.h"

#include <QByteArray>

namespace cds {

/// `impact --fail ... --json`: the figures and every affected object, by name.
QByteArray impactJson(const FailureModel& m, const ImpactResult& r);
/// The same for people, one figure a line, then the affected objects.
QString impactText(const FailureModel& m, const ImpactResult& r);
/// `impact --n-1 --json`: the worst single failure per kind, then every element worst first.
QByteArray sweepJson(const FailureModel& m, const N1SweepResult& s);
/// The per-kind summary and the worst @p top elements.
QString sweepText(const FailureModel& m, const N1SweepResult& s, int top = 20);

} // namespace cds
