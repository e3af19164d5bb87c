#pragma once

#include "model/DesignData.h"

#include <functional>

class QFormLayout;
class QWidget;

namespace cds::views {

/// Fills @p form with a tray's properties (name, kind, ends, elevation, width, depth) as
/// editors on @p body; a finished edit calls @p commit with the tray as it would be and the
/// undo text. Shown by the Properties panel when one tray is selected.
void addPathwayForm(QFormLayout* form, QWidget* body, const DesignData& d, PathwayId id,
                    const std::function<void(const Pathway&, const QString&)>& commit);

} // namespace cds::views
