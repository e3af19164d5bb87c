#pragma once

#include <QString>
#include <QStringList>

namespace cds {

/// @brief What a fat tree must carry: leaves already formed (by rail or by block of
/// servers), each with at most leafDown endpoint links, on switches of @p radix logical ports.
struct FatTreeInput {
    int radix = 64;                ///< logical ports per switch at the chosen breakout
    int leaves = 1;                ///< leaf switches needed for the endpoints
    int leafDown = 32;             ///< endpoint links on the fullest leaf
    double oversubscription = 1.0; ///< leaf downlink:uplink target; upper tiers are 1:1
    int tiers = 0;                 ///< 0 = automatic (2 if it fits, else 3)
    int leafUnit = 1;              ///< a pod holds whole multiples (rail-optimized: rails)
    /// Leaves per pod asked (--pod-gpus); 0 = as many as a spine's downlinks take. Fewer
    /// than the leaves makes the fabric 3 tiers.
    int podLeaves = 0;
};

/// @brief The switch counts and balanced wiring of a 2- or 3-tier folded Clos.
/// 2 tiers: every leaf has leafUp uplinks, spread evenly over all spines. 3 tiers: pods of
/// leavesPerPod leaves and spinesPerPod spines (one link per leaf-spine pair); spine j of
/// every pod belongs to core plane j, whose coresPerPlane cores each take
/// linksPerSpineCore links from every spine of the plane.
struct FatTreePlan {
    bool ok = false;
    QString error;
    QStringList notes; ///< e.g. "spines rounded up from 3 to 4 for balanced wiring"
    int tiers = 2;     ///< 1: a single leaf and no spines
    int leafDown = 0;
    int leafUp = 0;
    int spines = 0; ///< total
    int linksPerLeafSpine = 0;
    int leavesPerPod = 0; ///< 3 tiers: leaves per pod; 2 tiers: all leaves
    int pods = 1;
    int spinesPerPod = 0;
    int spineDown = 0; ///< spine ports reserved for leaves (3 tiers)
    int spineUp = 0;
    int coresPerPlane = 0;
    int cores = 0;
    int linksPerSpineCore = 0;
};

FatTreePlan planFatTree(const FatTreeInput& in);

/// Endpoints a fat tree of k-port switches carries at 1:1: k^2/2 in 2 tiers, k^3/4 in 3.
long long fatTreeCapacity(int k, int tiers);

/// Leaf downlinks a k-port leaf offers at @p oversubscription (down:up), e.g. 32 of 64 at 1:1.
int leafDownlinks(int k, double oversubscription);

} // namespace cds
