#pragma once

#include "../DesignData.h"
#include "TrayGraph.h"

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace cds {

class DesignIndex;

/// @brief Where a cable runs: its length from the physical placement.
/// Rack to rack: along the floor between the racks (Manhattan distance between their
/// centres, i.e. along a row and across the aisles), plus a vertical run from each device up
/// to the overhead tray (DesignSettings::trayHeightAboveRackMm above the rack top), plus the
/// design's slack (DesignSettings::cableSlackM). Within one rack: the vertical distance
/// between the two U positions plus slack.
/// This is the floor route, used when the design has no pathways; LinkRouter routes along
/// the trays when it has some.
double routedLengthM(const DesignData& d, const Link& l);

/// The cheapest catalog medium that carries @p speedGbps over @p lengthM on @p tech between
/// two single-port cages of any form factor, preferring copper, then AOC, multimode,
/// single-mode (reach order); invalid if none. routeCables() also matches the cages.
TypeId chooseMedium(const DesignData& d, double speedGbps, double lengthM, Technology tech);

/// @brief Routes links one at a time with the full media choice (cages, twin ports, a
/// different transceiver per end), for callers that apply results through Design (e.g. a
/// view re-deriving the links of a dragged rack). Build one per pass: it indexes the design.
/// With pathways (DesignData::pathways) a cable between racks runs rack drop -> nearest tray
/// -> shortest way through the tray graph (TrayGraph) -> drop -> rack; its length is that
/// route, the horizontal drops, the vertical runs from each device to the tray's elevation,
/// and slack. When no tray path joins the racks the floor route is used and Route::noPathway
/// is set (the rule `link.no-pathway` reports it). A link whose racks stand in different halls
/// of a campus gets single-mode optics only (MediaChooser, LinkEnds::betweenHalls).
class LinkRouter {
public:
    struct Route {
        float lengthM = 0;
        TypeId medium, mediumB; ///< as Link::medium / Link::mediumB
        bool noPathway = false; ///< the design has trays but none joins the two racks
    };
    /// @p index: a current index of @p d to reuse (cheap re-routing), or null to build one.
    explicit LinkRouter(const DesignData& d, const DesignIndex* index = nullptr);
    ~LinkRouter();
    Route route(const Link& l);
    /// Length in m of @p l along the trays (floor route without pathways); sets @p noPathway.
    double lengthM(const Link& l, bool& noPathway);
    /// @brief What the trays give every cable from rack a to rack b: the way along them and
    /// each end's drop. Two equal parts give every such cable the same length.
    struct TrayPart {
        double alongMm = 0;
        double lateralA = 0, lateralB = 0, elevationA = 0, elevationB = 0;
        bool operator==(const TrayPart&) const = default;
    };
    /// The part for cables from rack @p a to rack @p b (a cable's A end in @p a).
    TrayPart trayPart(RackId a, RackId b);
    /// The tray drop of @p rack (cached), for callers that follow the trays (tray fill). By
    /// value: the cache grows as racks are asked for, so a reference into it would dangle
    /// (`route(dropOf(a), dropOf(b))` read freed memory, found by AddressSanitizer).
    TrayDrop dropOf(RackId rack);
    const TrayGraph* trays() const { return m_trays.get(); }
    const DesignData& design() const { return m_d; }
    const std::shared_ptr<const TrayGraph>& sharedTrays() const { return m_trays; }

private:
    /// Along the trays from @p ra's drop to @p rb's, mm (negative: no tray path); every cable
    /// between the same two racks runs the same way, so it is found once per pair and pass.
    double alongMm(RackId ra, RackId rb);
    /// Whether @p l's two racks stand in different halls (never in a design of one hall).
    bool betweenHalls(const Link& l);
    /// The hall of @p rack (-1: none), found once per pass and rack, as a rack's drop is, so
    /// re-routing one rack's links after a move does not place every rack of the campus.
    int hallOf(RackId rack);
    const DesignData& m_d;
    std::unique_ptr<DesignIndex> m_ownIndex;
    const DesignIndex& m_index;
    std::unique_ptr<class PortTable> m_ports;
    std::unique_ptr<class MediaChooser> m_chooser;
    std::shared_ptr<const TrayGraph> m_trays; ///< null without pathways
    std::vector<TrayDrop> m_drops;            ///< by rack id
    std::vector<char> m_dropKnown;
    std::unordered_map<std::uint64_t, double> m_along; ///< by (rack a, rack b), as asked
    std::vector<int> m_rackHall; ///< by rack id: its hall, -1 in none, -2 until asked
};

/// Derives every link's length and medium (pinned media are kept as chosen), in the design
/// and in each of its scenarios.
void routeCables(DesignData& d);
/// Re-derives only @p links (after a rack or device moved); @p index must be current.
void rerouteLinks(DesignData& d, const DesignIndex& index, const std::vector<LinkId>& links);
/// The links with an end in a device of @p rack: what moving that rack re-derives.
std::vector<LinkId> linksOfRack(const DesignIndex& index, RackId rack);

} // namespace cds
