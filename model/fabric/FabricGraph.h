#pragma once

#include "../DesignData.h"

#include <mutex>
#include <vector>

namespace cds {

/// @brief The compute-style view of one fabric's links that the fabric rules share:
/// per switch, the links going down and up a tier, with speeds. Built in one pass.
struct FabricGraph {
    struct Edge {
        DeviceId other;
        double gbps = 0;
    };
    struct Node {
        double downGbps = 0, upGbps = 0;
        std::vector<Edge> up; ///< links to the tier above (leaf -> spine, spine -> core)
    };
    std::vector<Node> nodes;           ///< by device id; only switches of the fabric are filled
    std::vector<DeviceId> switches[4]; ///< by Tier (index 1..3 used)
};

/// Builds the graph of fabric @p f from the design's links.
FabricGraph buildFabricGraph(const DesignData& d, FabricId f);
/// The graphs of every fabric (by fabric index), in one pass over the links.
std::vector<FabricGraph> buildFabricGraphs(const DesignData& d);

/// @brief The fabric graphs of one check run, built on first use and shared by the rules
/// that need them (CheckContext::graphs). Thread-safe: rules run on two threads.
class FabricGraphCache {
public:
    const FabricGraph& graph(const DesignData& d, FabricId f) {
        std::lock_guard lock(m_mutex); // the first caller builds; the other waits for it
        if (!m_built) {
            m_graphs = buildFabricGraphs(d);
            m_built = true;
        }
        return m_graphs[f.value()];
    }

private:
    std::mutex m_mutex;
    std::vector<FabricGraph> m_graphs;
    bool m_built = false;
};

} // namespace cds
