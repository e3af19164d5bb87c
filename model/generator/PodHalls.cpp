// A campus of a 3-tier compute fabric (issue #31): each hall holds whole pods, and each pod's
// spines stand in a network row of its own hall, as published campus designs keep a pod's
// leaves and spines together and only the top tier central (NVIDIA's 3-tier SuperPODs: leaf
// and spine per pod, core joining the pods; Meta's 24k clusters: an aggregation layer across
// buildings). The cores, and the storage and management gear, stay in the middle hall, so
// of the compute fabric only spine-core links cross between halls.

#include "Generation.h"
#include "Placement.h"

#include <algorithm>
#include <climits>
#include <map>
#include <utility>

namespace cds::generation {

namespace {

/// Each scalable unit's first and last pod in a 3-tier compute fabric, read from its
/// leaf-spine links (a leaf's group is its unit, a 3-tier spine's its pod); empty when no
/// compute fabric has pods (one or two tiers).
std::vector<std::pair<int, int>> podsOfUnits(const DesignData& d, std::size_t units) {
    std::vector<std::pair<int, int>> out(units, {INT_MAX, -1});
    bool any = false;
    d.links.forEach([&](LinkId, const Link& l) {
        const Fabric* f = d.fabric(l.fabric);
        const Device* leaf = d.devices.find(l.a.device);
        const Device* spine = d.devices.find(l.b.device);
        if (!f || f->kind != FabricKind::Compute || !leaf || !spine)
            return;
        if (leaf->tier == Tier::Spine)
            std::swap(leaf, spine);
        if (leaf->tier != Tier::Leaf || spine->tier != Tier::Spine || leaf->group < 0 ||
            spine->group < 0 || std::size_t(leaf->group) >= units)
            return;
        std::pair<int, int>& pods = out[std::size_t(leaf->group)];
        pods.first = std::min(pods.first, int(spine->group));
        pods.second = std::max(pods.second, int(spine->group));
        any = true;
    });
    if (!any)
        out.clear();
    return out;
}

} // namespace

void Generation::alignPodsWithHalls() {
    const int halls = m_p.halls;
    if (halls <= 1)
        return;
    const std::vector<std::pair<int, int>> pods = podsOfUnits(m_d, m_suServers.size());
    // Two tiers: the spines join every hall's leaves and stay central. A third tier would
    // not take a link off the roads (at 1:1 a pod's spines send up as many links as its
    // leaves do) but would add a tier of switches, their optics and a hop; --pod-gpus asks
    // for it.
    if (pods.empty())
        return;
    // Runs of consecutive units sharing a pod (a fat tree's pod may end inside a unit): a
    // hall takes whole runs.
    std::vector<int> run(pods.size(), 0);
    int runs = 0, reach = -1;
    for (std::size_t s = 0; s < pods.size(); ++s) {
        if (pods[s].second < 0)
            return; // a unit without a pod: leave the campus as it is
        if (s == 0 || pods[s].first > reach)
            ++runs;
        run[s] = runs - 1;
        reach = std::max(reach, pods[s].second);
    }
    if (runs < halls) {
        m_r.notes << QStringLiteral("campus: the compute fabric's %1 pods cannot give each of %2 "
                                    "halls whole pods; its spines stay with the cores in the "
                                    "middle hall (--pod-gpus sets smaller pods)")
                         .arg(reach + 1)
                         .arg(halls);
        return;
    }
    // Every hall gets runs, the first ones one more when they do not divide evenly.
    m_suHall.assign(pods.size(), 0);
    std::map<int, int> hallOfPod;
    for (std::size_t s = 0; s < pods.size(); ++s) {
        m_suHall[s] = int(1LL * run[s] * halls / runs);
        for (int p = pods[s].first; p <= pods[s].second; ++p)
            hallOfPod[p] = m_suHall[s];
    }
    m_hallNetwork.assign(std::size_t(halls), {});
    std::vector<DeviceId> central;
    int spines = 0, cores = 0;
    for (DeviceId id : m_central) {
        const Device& v = m_d.devices[id];
        const Fabric* f = m_d.fabric(v.fabric);
        const bool compute = f && f->kind == FabricKind::Compute;
        const auto it =
            compute && v.tier == Tier::Spine ? hallOfPod.find(int(v.group)) : hallOfPod.end();
        if (it != hallOfPod.end()) {
            m_hallNetwork[std::size_t(it->second)].push_back(id);
            ++spines;
        } else {
            central.push_back(id);
            cores += compute && v.tier == Tier::Core ? 1 : 0;
        }
    }
    m_central = std::move(central);
    m_r.notes << QStringLiteral("campus: %1 pods in %2 halls, each hall holding whole pods with "
                                "their %3 spines in its own network rows; the %4 cores in Hall "
                                "%5, so only spine-core links of the compute fabric cross "
                                "between halls")
                     .arg(reach + 1)
                     .arg(halls)
                     .arg(spines)
                     .arg(cores)
                     .arg(campusCentralHall(halls) + 1);
}

} // namespace cds::generation
