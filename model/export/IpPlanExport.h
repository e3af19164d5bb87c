#pragma once

#include "../DesignData.h"

#include <QByteArray>

#include <optional>

namespace cds {

/// `export --format ip-plan`, CSV: one row per address the plan assigns (columns in README,
/// "IP plan"); nullopt with @p error when the pools cannot hold the design or overlap.
std::optional<QByteArray> ipPlanCsv(const DesignData& d, QString* error);
/// The same plan as JSON: the pools, the /31 links, the switches' loopbacks and ASNs, and the
/// racks' management and BMC subnets.
std::optional<QByteArray> ipPlanJson(const DesignData& d, QString* error);

} // namespace cds
