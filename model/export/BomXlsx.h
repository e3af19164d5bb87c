#pragma once

#include "../Bom.h"

namespace cds {

/// Writes the BOM as an Excel workbook at @p path (libxlsxwriter):
/// - "BOM": lines grouped by cost category, each with unit and extended price (a formula),
///   a subtotal per category and a grand total;
/// - "Cables and optics": cables and transceivers counted per medium and length bin.
/// Returns false and sets @p error (path and reason) when the file cannot be written.
bool writeBomXlsx(const DesignData& d, const Bom& bom, const QString& path, QString* error);

} // namespace cds
