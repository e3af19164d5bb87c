#pragma once

#include <QString>

namespace cds::views {

/// Human figures for the dashboard: "$12.3M", "$351k", "1.25 MW", "38.2 ms"; fixed "C" style
/// separators so screenshots and tests do not depend on the locale.
QString formatUsd(double usd);
QString formatPower(double kw); ///< kW below 1 MW, MW above
QString formatSeconds(double s);
QString formatBytes(double bytes);
QString formatSigned(double v, int decimals); ///< "+1.5", "-0.2", "0"

} // namespace cds::views
