#pragma once

#include "../metrics/Bom.h"

#include <QByteArray>

#include <optional>

namespace cds {

/// Writes the BOM as a quote-ready Excel workbook at @p path (libxlsxwriter):
/// - "BOM": a quote header from the design's meta (customer, project, site, revision, date,
///   currency, price date), then lines grouped by cost category with part number, unit and
///   extended price (a formula) and price source, a subtotal per category and a grand total;
///   margin / discount columns when the design's settings set them;
/// - "Cables and optics": cables and transceivers per medium, kind and numeric length bin.
/// Both sheets print A4 landscape, one page wide, with the header row repeated.
/// Returns false and sets @p error (path and reason) when the file cannot be written.
bool writeBomXlsx(const DesignData& d, const Bom& bom, const QString& path, QString* error);

/// The same workbook as bytes (a folder export holds it), or nullopt with @p error the reason.
std::optional<QByteArray> bomXlsxBytes(const DesignData& d, const Bom& bom, QString* error);

} // namespace cds
