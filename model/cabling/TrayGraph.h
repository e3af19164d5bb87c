#pragma once

#include "../DesignData.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace cds {

/// @brief Where a rack's cables reach the trays: the nearest point of the nearest tray (never
/// a duct bank: cables reach one along the trays).
struct TrayDrop {
    std::int32_t piece = -1; ///< -1: no tray within TrayGraph::kMaxDropMm
    double alongMm = 0;      ///< from the piece's first node
    double lateralMm = 0;    ///< horizontal run from the rack centre to the tray
    double elevationMm = 0;  ///< of that tray
    bool valid() const { return piece >= 0; }
};

/// @brief The overhead trays as a graph: segments are split into pieces where they meet or
/// cross (within kJoinToleranceMm), and cables take the shortest way along pieces. Shortest
/// distances are computed lazily, one Dijkstra per graph node a route starts from, and kept,
/// so routing a whole hall costs a few hundred small Dijkstras, not one per cable. Each
/// Dijkstra runs only until the node asked for is settled and keeps its queue, so a later
/// question resumes it: a settled node's distance and way are final, the same to the bit as a
/// search run to the end (the same steps in the same order, stopped earlier). A graph built
/// for pathways that just changed (a drag's next step) starts each search from the last
/// graph's where the two cannot differ (see carryOver()).
class TrayGraph {
public:
    static constexpr double kJoinToleranceMm = kPathwayJoinToleranceMm;
    static constexpr double kMaxDropMm = 3000; ///< a rack farther from every tray has no drop

    explicit TrayGraph(const SlotVector<Pathway, PathwayId>& pathways);
    /// As above, carrying searches over from @p before, the graph of the pathways as they
    /// stood a moment ago (null: none). The answers are those of a graph built anew.
    TrayGraph(const SlotVector<Pathway, PathwayId>& pathways,
              std::shared_ptr<const TrayGraph> before);
    /// The graph of @p d's pathways, shared while they stay the same (a drag re-routes
    /// without rebuilding it). Thread-safe.
    static std::shared_ptr<const TrayGraph> of(const DesignData& d);

    bool empty() const { return m_pieces.empty(); }
    TrayDrop drop(PointMm p) const;
    /// Length along the trays from @p a to @p b in mm; negative when no tray path joins them.
    double distanceMm(const TrayDrop& a, const TrayDrop& b) const;
    /// The pieces a route from @p a to @p b runs on (both drops' own pieces included); empty
    /// when there is no route. @p lengthMm, when given, is set to its length (distanceMm()).
    std::vector<std::int32_t> route(const TrayDrop& a, const TrayDrop& b,
                                    double* lengthMm = nullptr) const;
    /// By piece of @p before: the same piece here (on the same pathway, between the same two
    /// points), or -1.
    std::vector<std::int32_t> piecesFrom(const TrayGraph& before) const;
    /// The route as a polyline in plan: @p from (a rack centre), its drop point on the tray,
    /// the tray junctions passed, the far drop point and @p to. Empty when there is no route.
    /// @p pieces, when given, is set to route(a, b), found on the same walk (a drawing wants
    /// both: choosing the ends and walking the way once, not twice), and @p lengthMm to
    /// distanceMm(a, b).
    std::vector<PointMm> polyline(PointMm from, const TrayDrop& a, PointMm to, const TrayDrop& b,
                                  std::vector<std::int32_t>* pieces = nullptr,
                                  double* lengthMm = nullptr) const;
    /// The plan position of a drop point.
    PointMm pointOf(const TrayDrop& drop) const;
    std::size_t nodeCount() const { return m_nodes.size(); }
    /// The nodes a piece joins (first, second) and its length.
    std::int32_t pieceFirstNode(std::size_t piece) const { return m_pieces[piece].u; }
    std::int32_t pieceSecondNode(std::size_t piece) const { return m_pieces[piece].v; }
    double pieceLengthMm(std::size_t piece) const { return m_pieces[piece].lengthMm; }
    /// By node: the least of `seed[y] + the way along the trays to y` over every node y (one
    /// search from all nodes at once, summed in doubles); @p seed is by node (+inf: none).
    std::vector<double> spread(std::vector<double> seed) const;
    /// The least of `along @p drop's piece to one of its ends + byNode[that end]`.
    double viaEnds(const TrayDrop& drop, const std::vector<double>& byNode) const;

    std::size_t pieceCount() const { return m_pieces.size(); }
    PathwayId segmentOf(std::size_t piece) const { return m_pieces[piece].segment; }
    /// The plan ends of a piece (its first and second node).
    PointMm pieceStart(std::size_t piece) const { return m_nodes[std::size_t(m_pieces[piece].u)]; }
    PointMm pieceEnd(std::size_t piece) const { return m_nodes[std::size_t(m_pieces[piece].v)]; }
    const SlotVector<Pathway, PathwayId>& pathways() const { return m_pathways; }

private:
    struct Piece {
        std::int32_t u = 0, v = 0;
        double lengthMm = 0;
        PathwayId segment;
    };
    /// A piece as seen from one of its ends: its length as Dijkstra adds it, and the far end.
    struct Arc {
        float lengthMm = 0;
        std::int32_t piece = 0, node = 0;
    };
    /// One root's Dijkstra, run as far as it has been asked.
    struct Tree {
        std::vector<float> dist;       ///< from the root; final where settled
        std::vector<std::int32_t> via; ///< piece that reaches each node, -1 at the root
        std::vector<char> settled;     ///< taken off the queue: dist and via are final
        std::vector<std::uint64_t>
            queue; ///< a min-heap of (distance, node) keys; empty: all settled
        std::vector<std::int32_t> order; ///< the settled nodes, in the order settled
    };
    std::int32_t nodeAt(PointMm p);
    /// @p root's tree, searched until @p target is settled (or found unreachable: +inf).
    /// Call with m_mutex held.
    Tree& treeLocked(std::int32_t root, std::int32_t target) const;
    /// As treeLocked(), taking the lock: the settled part never changes again, so it may be
    /// read after the lock is released.
    const Tree& treeTo(std::int32_t root, std::int32_t target) const;
    /// m_arcStart and m_arcs from m_pieces: each node's arcs in piece order.
    void buildArcs();
    /// Which of @p before's nodes stand here too, at the same place with the same arcs in the
    /// same order (the same lengths, to the same places, on the same segments).
    void matchNodes(const TrayGraph& before);
    /// Starts @p t, the new tree of @p root, from the search of the same node in m_before:
    /// the nodes it settled before its first one that does not stand here alike, and the
    /// queue those leave. Dijkstra from scratch takes the same steps up to there, so the tree
    /// goes on as if it had. False when nothing can be carried over (then start @p t again).
    /// Call with m_mutex held.
    bool carryOver(Tree& t, std::int32_t root) const;
    /// @p t as a search from @p root that has not begun.
    void start(Tree& t, std::int32_t root) const;
    /// Lets go of m_before (a newer graph has been built: this one is the one it carries from).
    void forgetBefore() const;
    /// The nodes on @p t's way from @p eb back to its root @p ea, both counted.
    std::size_t wayNodes(const Tree& t, std::int32_t ea, std::int32_t eb) const;
    /// Best pair of piece ends for a route, and its length; length < 0 when none.
    struct Choice {
        std::int32_t ea = -1, eb = -1;
        double lengthMm = -1;
    };
    Choice choose(const TrayDrop& a, const TrayDrop& b) const;
    void indexPieces();
    static int cellOf(double v, double origin, int cells);

    SlotVector<Pathway, PathwayId> m_pathways;
    std::vector<PointMm> m_nodes;
    /// While the graph is built (nodeAt()): the nodes by cell of the join tolerance, as an
    /// open-addressed table of (cell key, the cell's last node) whose other nodes are chained
    /// through m_nodeNext. Flat, so a drag step's graph costs a few allocations, not one per
    /// node and cell: on a heap holding a 500,000-GPU design, malloc was two thirds of it.
    struct CellHead {
        std::uint64_t key = 0;
        std::int32_t node = -1; ///< -1: an empty slot
    };
    std::vector<CellHead> m_cellHeads;
    std::size_t m_cellCount = 0;
    std::vector<std::int32_t> m_nodeNext; ///< by node: the cell's node made before it, or -1
    std::size_t cellSlot(std::uint64_t key) const;  ///< @p key's slot, or the empty one it takes
    std::int32_t cellNode(std::uint64_t key) const; ///< the cell's last node, or -1
    void setCellNode(std::uint64_t key, std::int32_t node); ///< adds the cell if new
    std::vector<Piece> m_pieces;
    std::vector<std::int32_t> m_arcStart; ///< by node: its first arc in m_arcs; one past the last
    std::vector<Arc> m_arcs;              ///< each node's pieces, in piece order
    PointMm m_gridOrigin;
    int m_gridCols = 0, m_gridRows = 0;
    /// The pieces a drop in each cell can reach: cell c's are m_gridPieces[m_gridStart[c]] up
    /// to m_gridPieces[m_gridStart[c + 1]], in piece order.
    std::vector<std::int32_t> m_gridStart;
    std::vector<std::int32_t> m_gridPieces;
    mutable std::mutex m_mutex;
    mutable std::vector<std::unique_ptr<Tree>> m_trees;
    mutable std::shared_ptr<const TrayGraph> m_before; ///< guarded by m_mutex
    std::vector<std::int32_t> m_nodeOfBefore; ///< by m_before's node: the same node here, or -1
    std::vector<std::int32_t> m_beforeOfNode; ///< by node: the same node in m_before, or -1
};

} // namespace cds
