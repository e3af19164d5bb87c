#pragma once

#include "../DesignData.h"
#include "PlanGrid.h"
#include "TrayGraph.h"

#include <array>
#include <memory>
#include <vector>

namespace cds {

/// Fabric kinds a drawing separates (FabricKind, with links of no fabric as out-of-band).
inline constexpr int kCableLayers = 4;

/// @brief Where the cables of one rack pair and network run in plan: the route the routing
/// computes (over the trays, or along the floor without pathways) as an orthogonal polyline.
struct BundleRoute {
    RackId a, b;                 ///< a < b
    std::uint8_t fabricKind = 0; ///< FabricKind as an index, 0-3 (the drawing's layer)
    int cables = 0;
    double areaMm2 = 0;     ///< cross-section of its cables (TrayFill's diameters)
    bool noPathway = false; ///< the design has trays but none joins the racks (link.no-pathway)
    std::vector<PointMm> points;      ///< orthogonal: each step is horizontal or vertical
    std::vector<std::int32_t> pieces; ///< the tray pieces it runs on
    std::vector<LinkId> links;        ///< its cables, in id order
};

/// @brief One piece of the tray graph with what runs on it.
struct TrayPieceLoad {
    PointMm from, to;
    PathwayId segment;
    std::array<int, kCableLayers> cables{}; ///< per layer
    double areaMm2 = 0;
    double fillPct = 0;  ///< areaMm2 over the segment's width x depth
    double limitPct = 0; ///< DesignSettings::trayFillLimitPct of its kind
    int total() const { return cables[0] + cables[1] + cables[2] + cables[3]; }
};

/// Makes @p pts orthogonal: a diagonal step becomes a horizontal then a vertical one; repeated
/// points and straight-through points are dropped.
std::vector<PointMm> orthogonalize(const std::vector<PointMm>& pts);

/// @brief The plan geometry of every cable bundle and the load of every tray piece, for the
/// floorplan and its drawings; one source, so the studio and the exports draw the same routes.
/// Re-routing after a rack moved touches only that rack's bundles.
class CableRouteMap {
public:
    /// Routes every rack-to-rack bundle of @p d (cables inside one rack are not drawn).
    void build(const DesignData& d);
    /// @p rack moved: re-derives its drop and its bundles' routes and the pieces' loads (the
    /// trays having changed too, as followTrays()).
    void rackMoved(const DesignData& d, RackId rack);
    /// The trays changed (and the racks @p moved, if any): a bundle whose way cannot change
    /// (TrayChange) keeps it, on the new graph's pieces; the others are routed again, and
    /// every piece's load and every bundle's cross-section counted again, as build() would.
    void followTrays(const DesignData& d, const std::vector<RackId>& moved = {});
    /// How many bundles the last followTrays() routed again (the rest kept their way).
    std::size_t reroutedLast() const { return m_reroutedLast; }
    /// True when @p d's pathways are no longer those this map was built on.
    bool traysChanged(const DesignData& d) const;

    const std::vector<BundleRoute>& bundles() const { return m_bundles; }
    const std::vector<TrayPieceLoad>& pieces() const { return m_pieces; }
    bool hasPathways() const { return m_graph && !m_graph->empty(); }
    double maxFillPct() const;

private:
    /// What bundle @p i's way was found from, for followTrays() (by bundle).
    struct WayFrom {
        double lateralA = 0, lateralB = 0; ///< the drops
        double alongMm = -1;               ///< along the trays (negative: none)
    };
    void route(const DesignData& d, std::size_t i);
    /// Bundle @p i runs as bundle i - 1 does when both join the same racks (on other layers).
    bool routeAsPrevious(std::size_t i);
    /// Every piece of the graph, loaded with the bundles' cables, its fill worked out.
    void loadPieces(const DesignData& d);
    void addLoad(const BundleRoute& b, int sign);
    void updateFill(const DesignData& d, std::int32_t piece);
    const TrayDrop& dropOf(const DesignData& d, RackId r);

    std::shared_ptr<const TrayGraph> m_graph;
    std::vector<BundleRoute> m_bundles;
    std::vector<WayFrom> m_from; ///< by bundle
    std::size_t m_reroutedLast = 0;
    std::vector<std::uint32_t> m_loadedBy; ///< by piece: the addLoad() call that last loaded it
    std::uint32_t m_loadMark = 0;
    std::vector<TrayPieceLoad> m_pieces;
    std::vector<std::vector<std::uint32_t>> m_bundlesOfRack; ///< by rack id
    std::vector<TrayDrop> m_drops;                           ///< by rack id
    std::vector<char> m_dropKnown;
};

/// @brief Which bundles and tray pieces of a CableRouteMap lie near a rectangle, for drawings
/// of many sheets: each sheet asks for what it shows instead of testing every bundle (the
/// report's floorplan sheets were quadratic in the design, ten minutes at 500,000 GPUs).
/// Built once; the map must not change while it is used.
class CableRouteIndex {
public:
    /// @p marginMm grows each bundle's and piece's box (what a drawing counts as visible).
    CableRouteIndex(const CableRouteMap& routes, double marginMm);
    /// Indices into routes().bundles() / pieces() whose grown box meets @p r, in order.
    std::vector<std::uint32_t> bundlesMeeting(const RectMm& r) const {
        return m_bundles.meeting(r);
    }
    std::vector<std::uint32_t> piecesMeeting(const RectMm& r) const { return m_pieces.meeting(r); }

private:
    PlanGrid m_bundles, m_pieces;
};

} // namespace cds
