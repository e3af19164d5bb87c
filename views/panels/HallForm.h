#pragma once

#include "model/DesignData.h"

#include <functional>

class QFormLayout;
class QWidget;

namespace cds::views {

/// Fills @p form with campus hall @p index's properties as editors on @p body: its name, and
/// its place and size on the site in mm (the x and y of its north-west corner, its width and
/// depth, in steps of a floor tile); a finished edit calls @p commit with the hall as it would
/// be (edits::setSiteHall moves what stands in it along). Shown by the Properties panel for
/// the hall selected in the site plan.
void addSiteHallForm(QFormLayout* form, QWidget* body, const DesignData& d, std::size_t index,
                     const std::function<void(const SiteHall&)>& commit);

} // namespace cds::views
