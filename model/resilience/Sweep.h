#pragma once

#include "Impact.h"

#include "../Progress.h"

#include <optional>

namespace cds {

/// @brief One element's failure in an N-1 sweep.
struct N1SweepEntry {
    FailureElement element;
    QString kind;
    ImpactResult impact; ///< counts only (no lists of affected objects)
};

/// @brief An N-1 sweep: every element of the kinds asked failed alone, worst first, and the
/// worst of each kind.
struct N1SweepResult {
    QStringList kinds;                    ///< the kinds swept, in FailureModel::sweepKinds() order
    std::vector<N1SweepEntry> entries;    ///< worst first (ImpactResult::worseThan), then by name
    std::vector<std::size_t> worstOfKind; ///< per kinds[i]: its worst entry's index
    int elementsOfKind(const QString& kind) const;
};

/// Fails each element of @p kinds alone (all kinds the design has when empty). A kind that is
/// not a sweep kind, or that the design does not have, is refused: nullopt with @p why.
/// @p progress gets 0-100 and may cancel (nullopt, @p why "cancelled").
std::optional<N1SweepResult> sweepN1(ImpactCalculator& calc, const QStringList& kinds, QString* why,
                                     const Progress& progress = {});

} // namespace cds
