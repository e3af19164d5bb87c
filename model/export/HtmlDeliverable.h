#pragma once

#include "../DesignData.h"

#include <QByteArray>

namespace cds {

struct Analysis;
class DesignIndex;

/// @brief The customer deliverable as one self-contained HTML file (`export --format html`):
/// the floorplan with pan, zoom and labels by zoom level, each rack's front and rear
/// elevations, the BOM and quote, the findings and waivers, and the power chain and build
/// phases where the design has them. No network access is needed to open it: the page's
/// script draws everything from one JSON document embedded in it, which holds the design's
/// names only as data (the payload escapes <, > and &, and the page sets text, never markup).
QByteArray htmlDeliverable(const DesignData& d, const DesignIndex& index, const Analysis& a);
/// As above, analysing @p d (its cables routed, as a loaded or generated design has them).
QByteArray htmlDeliverable(const DesignData& d);

/// The embedded JSON document on its own (what the page draws), for tests and tools.
QByteArray htmlDeliverablePayload(const DesignData& d, const DesignIndex& index, const Analysis& a);

} // namespace cds
