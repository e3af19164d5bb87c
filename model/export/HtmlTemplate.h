#pragma once

#include <QByteArray>

namespace cds {

/// The page of the HTML deliverable (model/export/html/deliverable.html), built into the
/// program: @@CDS_TITLE@@ and @@CDS_DESIGN_JSON@@ mark where the title and the payload go.
QByteArray htmlTemplate();

} // namespace cds
