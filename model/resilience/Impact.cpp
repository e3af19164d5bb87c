#include "Impact.h"

#include "RackState.h"

#include <algorithm>
#include <bitset>
#include <cmath>
#include <numeric>

namespace cds {

using namespace rackstate;

namespace {

std::uint32_t findRoot(std::vector<std::uint32_t>& uf, std::uint32_t x) {
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

void unite(std::vector<std::uint32_t>& uf, std::uint32_t a, std::uint32_t b) {
    a = findRoot(uf, a);
    b = findRoot(uf, b);
    if (a != b)
        uf[std::max(a, b)] = std::min(a, b);
}

} // namespace

bool ImpactResult::worseThan(const ImpactResult& o) const {
    if (gpusLost != o.gpusLost)
        return gpusLost > o.gpusLost;
    if (gpusDegraded != o.gpusDegraded)
        return gpusDegraded > o.gpusDegraded;
    if (std::abs(bisectionAfterTbps - o.bisectionAfterTbps) > 1e-9)
        return bisectionAfterTbps < o.bisectionAfterTbps;
    return largestJobGpus < o.largestJobGpus;
}

ImpactCalculator::ImpactCalculator(const FailureModel& model)
    : m_m(model) {
    const std::size_t n = m_m.deviceSlots();
    m_upBefore.assign(n, 0);
    m_downLinksBefore.assign(n, 0);
    for (const FailureModel::NetLink& l : m_m.links()) {
        if (l.level >= 1)
            m_upBefore[l.a] += l.gbps;
        else
            ++m_downLinksBefore[l.b];
    }
    m_healthy = run({}, false);
    m_healthyLevel2 = m_levelGbps[2];
    m_healthy.bisectionBeforeTbps = m_healthy.bisectionAfterTbps;
    m_healthy.largestJobGpusBefore = m_healthy.largestJobGpus;
}

ImpactResult ImpactCalculator::run(const std::vector<FailureElement>& failed, bool details) {
    ImpactResult r;
    r.failed = failed;
    r.gpusTotal = m_m.totalGpus();
    r.bisectionBeforeTbps = m_healthy.bisectionAfterTbps;
    r.largestJobGpusBefore = m_healthy.largestJobGpus;
    applyFailures(failed);
    powerAndCooling();
    network(r);
    servers(r, details);
    nvlink(r, details);
    largestJob(r);
    const auto& racks = m_m.racks();
    for (std::uint32_t i = 0; i < racks.size(); ++i)
        if (racks[i].live && m_rackDown[i]) {
            ++r.racksDown;
            if (details)
                r.racksDownList.push_back(RackId(i));
        }
    if (details)
        for (std::uint32_t dev = 0; dev < m_m.deviceSlots(); ++dev)
            if ((m_m.tierOf(dev) != Tier::None || m_m.nvswitchDomain(dev) >= 0) && down(dev))
                r.switchesDown.push_back(DeviceId(dev));
    return r;
}

void ImpactCalculator::applyFailures(const std::vector<FailureElement>& failed) {
    m_devDown.assign(m_m.deviceSlots(), 0);
    m_rackDown.assign(m_m.racks().size(), 0);
    m_rackFlags.assign(m_m.racks().size(), 0);
    m_powerFailed.assign(m_m.power().elements().size(), 0);
    m_linkDead.assign(m_m.links().size(), 0);
    using T = FailureElement::Type;
    for (const FailureElement& e : failed) {
        switch (e.type) {
        case T::Rack:
            m_rackFlags[e.id] |= kRackFailed;
            break;
        case T::Device:
            m_devDown[e.id] = 1;
            break;
        case T::Feed:
            m_rackFlags[e.id] |= e.side ? kFeedB : kFeedA;
            break;
        case T::Cooling:
            m_rackFlags[e.id] |= kCooling;
            break;
        case T::Pathway:
            for (std::uint32_t l : m_m.linksOnTray(PathwayId(e.id)))
                m_linkDead[l] = 1;
            break;
        case T::Power:
            m_powerFailed[e.id] = 1;
            break;
        }
    }
    m_m.power().propagate(m_powerFailed, m_powerDown);
}

void ImpactCalculator::powerAndCooling() {
    const auto& racks = m_m.racks();
    for (std::uint32_t i = 0; i < racks.size(); ++i)
        if (racks[i].live)
            m_rackDown[i] = powerDown(
                racks[i], m_rackFlags[i], [&](std::uint32_t pdu) { return m_devDown[pdu] != 0; },
                [&](std::uint32_t e) { return m_powerDown[e] != 0; });
    double cap = 0, capTotal = 0;
    for (std::uint32_t cdu : m_m.plantCdus()) {
        const double k = m_m.cduCapacityKw(cdu);
        capTotal += k;
        if (!down(cdu))
            cap += k;
    }
    const bool plant = plantOk(cap, capTotal, m_m.plantHeatKw());
    const double air = airMaxKw(m_m);
    for (std::uint32_t i = 0; i < racks.size(); ++i)
        if (racks[i].live && !m_rackDown[i])
            m_rackDown[i] = coolingDown(racks[i], m_rackFlags[i], plant, air);
}

void ImpactCalculator::network(ImpactResult& r) {
    m_upAfter.assign(m_m.deviceSlots(), 0);
    double gbps[3] = {0, 0, 0};
    const auto& links = m_m.links();
    for (std::uint32_t i = 0; i < links.size(); ++i) {
        const FailureModel::NetLink& l = links[i];
        const bool dead = m_linkDead[i] || down(l.a) || down(l.b);
        m_linkDead[i] = dead;
        if (dead) {
            ++r.linksCut;
            continue;
        }
        gbps[l.level] += l.gbps;
        if (l.level >= 1)
            m_upAfter[l.a] += l.gbps;
    }
    double low = gbps[0];
    if (m_m.switchCount(Tier::Spine) > 0)
        low = std::min(low, gbps[1]);
    if (m_m.switchCount(Tier::Core) > 0)
        low = std::min(low, gbps[2]);
    r.bisectionAfterTbps = low / 2.0 / 1000.0;
    std::copy(std::begin(gbps), std::end(gbps), m_levelGbps);
}

void ImpactCalculator::servers(ImpactResult& r, bool details) {
    const auto& links = m_m.links();
    const auto& servers = m_m.servers();
    m_serverUsable.assign(servers.size(), 0);
    for (std::uint32_t s = 0; s < servers.size(); ++s) {
        const FailureModel::Server& sv = servers[s];
        const std::uint32_t dev = sv.device.value();
        if (down(dev)) {
            r.gpusLost += sv.gpus;
            if (details)
                r.serversLost.push_back(sv.device);
            continue;
        }
        // A NIC is hit when one of its links is down or its leaf lost every uplink.
        std::bitset<256> badNic;
        int total = 0, effective = 0;
        for (std::uint32_t li : m_m.linksOf(dev)) {
            const FailureModel::NetLink& l = links[li];
            if (l.level != 0)
                continue;
            ++total;
            const bool cutOff = m_upBefore[l.b] > 0 && m_upAfter[l.b] <= 0;
            if (!m_linkDead[li] && !cutOff)
                ++effective;
            else
                badNic.set(std::size_t(std::clamp<int>(l.nic, 0, 255)));
        }
        int hit = 0;
        if (total > 0 && effective == 0) {
            hit = sv.gpus;
            r.gpusIsolated += sv.gpus;
        } else if (badNic.any()) {
            // GPU g goes out through the NICs whose share of the board overlaps its own.
            const int n = std::max(1, sv.nics), g = sv.gpus;
            std::bitset<256> gpus;
            for (int k = 0; k < std::min(n, 256); ++k)
                if (badNic.test(std::size_t(k)))
                    for (int x = k * g / n; x < std::min(g, ((k + 1) * g + n - 1) / n); ++x)
                        gpus.set(std::size_t(std::min(x, 255)));
            hit = int(gpus.count());
        }
        if (hit > 0) {
            r.gpusDegraded += hit;
            if (details)
                r.serversDegraded.push_back(sv.device);
        } else {
            m_serverUsable[s] = 1;
        }
    }
}

void ImpactCalculator::nvlink(ImpactResult& r, bool details) {
    // A domain is broken when one of its hosts or NVLink switch trays is down; with a switch
    // tray down its running GPUs lose that NVLink plane (degraded, not lost).
    for (const FailureModel::Domain& dom : m_m.domains()) {
        bool hostDown = false, switchDown = false;
        for (std::uint32_t s : dom.servers)
            hostDown = hostDown || down(m_m.servers()[s].device.value());
        for (std::uint32_t sw : dom.nvswitches)
            switchDown = switchDown || down(sw);
        if (!hostDown && !switchDown)
            continue;
        ++r.nvlinkDomainsBroken;
        if (!switchDown)
            continue;
        for (std::uint32_t s : dom.servers) {
            const FailureModel::Server& sv = m_m.servers()[s];
            if (down(sv.device.value()) || !m_serverUsable[s])
                continue; // lost, or already counted as degraded
            r.gpusDegraded += sv.gpus;
            m_serverUsable[s] = 0;
            if (details)
                r.serversDegraded.push_back(sv.device);
        }
    }
}

void ImpactCalculator::largestJob(ImpactResult& r) {
    const auto& links = m_m.links();
    const auto& servers = m_m.servers();
    // Each leaf takes no more of its servers' links than its remaining uplinks carry at the
    // design's ratio; servers are taken in id order, whole or not at all.
    m_used.assign(m_m.deviceSlots(), 0);
    for (std::uint32_t s = 0; s < servers.size(); ++s) {
        if (!m_serverUsable[s])
            continue;
        const auto& mine = m_m.linksOf(servers[s].device.value());
        bool fits = true;
        for (std::uint32_t li : mine) {
            const std::uint32_t leaf = links[li].b;
            const float before = m_upBefore[leaf];
            const double allowed = before > 0 ? m_downLinksBefore[leaf] * m_upAfter[leaf] / before
                                              : m_downLinksBefore[leaf];
            fits = fits && ++m_used[leaf] <= int(allowed + 1e-6);
        }
        if (!fits) {
            for (std::uint32_t li : mine)
                --m_used[links[li].b];
            m_serverUsable[s] = 0;
        }
    }
    m_uf.resize(m_m.deviceSlots());
    std::iota(m_uf.begin(), m_uf.end(), 0u);
    for (std::uint32_t i = 0; i < links.size(); ++i)
        if (!m_linkDead[i] &&
            (links[i].level >= 1 || m_serverUsable[std::size_t(m_m.serverIndex(links[i].a))]))
            unite(m_uf, links[i].a, links[i].b);
    std::vector<int>& sum = m_used; // reused: GPUs per component root
    std::fill(sum.begin(), sum.end(), 0);
    int best = 0;
    for (std::uint32_t s = 0; s < servers.size(); ++s)
        if (m_serverUsable[s]) {
            const std::uint32_t root = findRoot(m_uf, servers[s].device.value());
            best = std::max(best, sum[root] += servers[s].gpus);
        }
    // Above the spines: the share of the spine-core bandwidth left bounds a job likewise.
    if (m_m.switchCount(Tier::Core) > 0 && m_healthyLevel2 > 0 && m_levelGbps[2] < m_healthyLevel2)
        best = int(best * (m_levelGbps[2] / m_healthyLevel2));
    r.largestJobGpus = best;
}

} // namespace cds
