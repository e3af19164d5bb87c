#pragma once

#include "Operations.h"

#include <utility>
#include <vector>

namespace cds::edits {

// The Properties and Problems panels' edits: a value typed into a field, a waiver given or
// taken back. Each is one undo step; one that changes nothing is a no-op Edit (never pushed).

/// Racks @p after replace the racks of the same ids; ids the design lacks are skipped.
Result editRacks(const DesignData& d, const std::vector<std::pair<RackId, Rack>>& after,
                 const QString& text);
/// Device @p id becomes @p after; an id the design lacks gives neither edit nor refusal.
Result editDevice(const DesignData& d, DeviceId id, const Device& after, const QString& text);
/// Link @p id becomes @p after; an id the design lacks gives neither edit nor refusal.
Result editLink(const DesignData& d, LinkId id, const Link& after, const QString& text);
/// Customer, project, site, author, revision, date, notes.
Result setProjectDetails(const DesignData& d, const DesignMeta& after);
/// The quote workbook's margin on list price and discount, in percent (0-1000 and 0-100, as
/// the file accepts); out of range is refused.
Result setQuoteTerms(const DesignData& d, double marginPercent, double discountPercent);
/// The IP plan's pools and ASN scheme (settings.addressing); refused when pools overlap or
/// the ASN base is out of range. Whether the pools hold the design is the plan's question
/// (model/addressing), asked by the dialog and the export.
Result setAddressing(const DesignData& d, const AddressPools& pools);
/// The price of @p catalogId in this design; @p usd < 0 removes the override.
Result setPriceOverride(const DesignData& d, const QString& catalogId, double usd,
                        const QString& note);
/// Waives the finding @p findingKey (or changes its reason); refused without a reason.
Result waive(const DesignData& d, const QString& findingKey, const QString& reason);
Result unwaive(const DesignData& d, const QString& findingKey);

} // namespace cds::edits
