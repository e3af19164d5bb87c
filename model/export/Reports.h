#pragma once

#include "../metrics/Bom.h"
#include "../metrics/Metrics.h"
#include "../rules/Finding.h"

#include <QByteArray>

namespace cds {

struct PowerAnalysis;

/// `stats --json`: the keys other tools rely on (README, "stats keys"). @p power: the power
/// chain's flow from the analysis (computed here when null).
QByteArray statsJson(const DesignData& d, const Metrics& m, const PowerAnalysis* power = nullptr);
/// `validate --json`: counts and every finding with its objects, rule and threshold.
QByteArray findingsJson(const DesignData& d, const std::vector<Finding>& findings,
                        const QString& file);
/// Human-readable findings, one per line: "error rack.power-density: message [rule: threshold]".
QString findingsText(const DesignData& d, const std::vector<Finding>& findings);
/// Display name of an object a finding refers to.
QString objectName(const DesignData& d, const ObjectRef& o);

/// BOM as CSV: category, vendor, model, catalog id, quantity, unit and extended price, and
/// a TOTAL row; cables add a length-bin column ("2m x 16; 3m x 4").
QByteArray bomCsv(const DesignData& d, const Bom& bom);
QByteArray bomJson(const DesignData& d, const Bom& bom);

/// `catalog list --json`.
QByteArray catalogJson(const Catalog& c);

} // namespace cds
