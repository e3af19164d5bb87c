#pragma once

#include "../DesignData.h"

#include <memory>
#include <vector>

namespace cds {

class DesignIndex;

/// @brief Where a cable runs: its length from the physical placement.
/// Rack to rack: along the floor between the racks (Manhattan distance between their
/// centres, i.e. along a row and across the aisles), plus a vertical run from each device up
/// to the overhead tray (DesignSettings::trayHeightAboveRackMm above the rack top), plus the
/// design's slack (DesignSettings::cableSlackM). Within one rack: the vertical distance
/// between the two U positions plus slack.
double routedLengthM(const DesignData& d, const Link& l);

/// The cheapest catalog medium that carries @p speedGbps over @p lengthM on @p tech between
/// two single-port cages of any form factor, preferring copper, then AOC, multimode,
/// single-mode (reach order); invalid if none. routeCables() also matches the cages.
TypeId chooseMedium(const DesignData& d, double speedGbps, double lengthM, Technology tech);

/// @brief Routes links one at a time with the full media choice (cages, twin ports, a
/// different transceiver per end), for callers that apply results through Design (e.g. a
/// view re-deriving the links of a dragged rack). Build one per pass: it indexes the design.
class LinkRouter {
public:
    struct Route {
        float lengthM = 0;
        TypeId medium, mediumB; ///< as Link::medium / Link::mediumB
    };
    /// @p index: a current index of @p d to reuse (cheap re-routing), or null to build one.
    explicit LinkRouter(const DesignData& d, const DesignIndex* index = nullptr);
    ~LinkRouter();
    Route route(const Link& l);

private:
    const DesignData& m_d;
    std::unique_ptr<DesignIndex> m_ownIndex;
    const DesignIndex& m_index;
    std::unique_ptr<class PortTable> m_ports;
    std::unique_ptr<class MediaChooser> m_chooser;
};

/// Derives every link's length and medium (pinned media are kept as chosen), in the design
/// and in each of its scenarios.
void routeCables(DesignData& d);
/// Re-derives only @p links (after a rack or device moved); @p index must be current.
void rerouteLinks(DesignData& d, const DesignIndex& index, const std::vector<LinkId>& links);
/// The links with an end in a device of @p rack: what moving that rack re-derives.
std::vector<LinkId> linksOfRack(const DesignIndex& index, RackId rack);

} // namespace cds
