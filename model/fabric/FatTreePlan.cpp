#include "FatTreePlan.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {

/// Smallest divisor of @p n that is at least @p atLeast, or 0 when there is none.
int divisorAtLeast(int n, int atLeast) {
    for (int s = std::max(1, atLeast); s <= n; ++s)
        if (n % s == 0)
            return s;
    return 0;
}

int ceilDiv(long long a, long long b) {
    return int((a + b - 1) / b);
}

bool planTwoTier(const FatTreeInput& in, FatTreePlan& p) {
    const int k = in.radix;
    // At least two spines, so no leaf depends on one uplink path.
    const int needed = std::max(std::min(2, p.leafUp), ceilDiv(1LL * in.leaves * p.leafUp, k));
    const int s = divisorAtLeast(p.leafUp, needed);
    if (s == 0 || 1LL * in.leaves * (p.leafUp / s) > k)
        return false;
    p.tiers = 2;
    p.spines = s;
    p.spinesPerPod = s;
    p.linksPerLeafSpine = p.leafUp / s;
    p.leavesPerPod = in.leaves;
    p.pods = 1;
    if (s > needed)
        p.notes << QStringLiteral("spines rounded up from %1 to %2 for balanced wiring (%3 "
                                  "uplinks per leaf, %4 to each spine)")
                       .arg(needed)
                       .arg(s)
                       .arg(p.leafUp)
                       .arg(p.linksPerLeafSpine);
    return true;
}

bool planThreeTier(const FatTreeInput& in, FatTreePlan& p) {
    const int k = in.radix;
    p.tiers = 3;
    p.spineDown = k / 2;
    p.spineUp = k / 2;
    p.spinesPerPod = p.leafUp;
    p.linksPerLeafSpine = 1;
    const int unit = std::max(1, in.leafUnit);
    p.leavesPerPod = (p.spineDown / unit) * unit;
    if (p.leavesPerPod == 0) {
        p.error = QStringLiteral("a pod must hold whole groups of %1 leaves but a %2-port spine "
                                 "has only %3 downlinks")
                      .arg(unit)
                      .arg(k)
                      .arg(p.spineDown);
        return false;
    }
    if (in.podLeaves > 0) {
        if (in.podLeaves > p.leavesPerPod || in.podLeaves % unit != 0) {
            p.error = QStringLiteral("a pod of %1 leaves needs whole groups of %2 leaves and at "
                                     "most %3 (a %4-port spine's downlinks)")
                          .arg(in.podLeaves)
                          .arg(unit)
                          .arg(p.leavesPerPod)
                          .arg(k);
            return false;
        }
        p.leavesPerPod = in.podLeaves;
    }
    p.leavesPerPod = std::min(p.leavesPerPod, ceilDiv(in.leaves, unit) * unit);
    p.pods = ceilDiv(in.leaves, p.leavesPerPod);
    const int needed = ceilDiv(1LL * p.pods * p.spineUp, k);
    p.coresPerPlane = divisorAtLeast(p.spineUp, needed);
    if (p.coresPerPlane == 0) {
        p.error =
            QStringLiteral("%1 pods need more than 3 tiers of %2-port switches").arg(p.pods).arg(k);
        return false;
    }
    p.linksPerSpineCore = p.spineUp / p.coresPerPlane;
    p.spines = p.pods * p.spinesPerPod;
    p.cores = p.spinesPerPod * p.coresPerPlane;
    if (p.coresPerPlane > needed)
        p.notes << QStringLiteral("cores per plane rounded up from %1 to %2 for balanced wiring")
                       .arg(needed)
                       .arg(p.coresPerPlane);
    return true;
}

} // namespace

long long fatTreeCapacity(int k, int tiers) {
    const long long kk = k;
    return tiers <= 2 ? kk * kk / 2 : kk * kk * kk / 4;
}

int leafDownlinks(int k, double oversubscription) {
    const double r = std::max(1.0, oversubscription);
    return int(std::floor(k * r / (r + 1.0) + 1e-9));
}

FatTreePlan planFatTree(const FatTreeInput& in) {
    FatTreePlan p;
    const int k = in.radix;
    const double r = std::max(1.0, in.oversubscription);
    if (k < 2 || in.leaves < 1 || in.leafDown < 1) {
        p.error = QStringLiteral("nothing to connect");
        return p;
    }
    p.leafDown = in.leafDown;
    if (in.leaves == 1 && in.tiers == 0) { // one switch carries everything
        p.ok = true;
        p.tiers = 1;
        p.leavesPerPod = 1;
        return p;
    }
    p.leafUp = int(std::ceil(in.leafDown / r - 1e-9));
    if (in.leafDown + p.leafUp > k) {
        p.error = QStringLiteral("a leaf needs %1 downlinks and %2 uplinks but has %3 ports")
                      .arg(in.leafDown)
                      .arg(p.leafUp)
                      .arg(k);
        return p;
    }
    const bool pods = in.podLeaves > 0 && in.podLeaves < in.leaves;
    if (in.tiers != 3 && !pods && planTwoTier(in, p)) {
        p.ok = true;
        return p;
    }
    if (in.tiers == 2 && pods) {
        p.error = QStringLiteral("pods of %1 leaves need a third tier to join them, but 2 tiers "
                                 "were asked")
                      .arg(in.podLeaves);
        return p;
    }
    if (in.tiers == 2) {
        p.error = QStringLiteral("%1 leaves do not fit 2 tiers of %2-port switches (at most %3 "
                                 "leaves)")
                      .arg(in.leaves)
                      .arg(k)
                      .arg(k);
        return p;
    }
    p.notes.clear();
    p.ok = planThreeTier(in, p);
    return p;
}

} // namespace cds
