#include "Loss.h"

#include "../Buckets.h"
#include "RackState.h"

namespace cds {

using namespace rackstate;

LossCalculator::LossCalculator(const FailureModel& m)
    : m_m(m) {
    const auto& racks = m_m.racks();
    const std::size_t nRacks = racks.size(), nElements = m_m.power().elements().size();
    m_rackGpus.assign(nRacks, 0);
    for (const FailureModel::Server& s : m_m.servers())
        if (const std::uint32_t r = m_m.rackOf(s.device.value()); r != UINT32_MAX)
            m_rackGpus[r] += s.gpus;
    // The racks each chain element feeds, as one flat list.
    groupByBucket(
        nElements,
        [&](const auto& put) {
            for (std::uint32_t i = 0; i < nRacks; ++i)
                for (int s = 0; racks[i].live && s < racks[i].feeds; ++s)
                    if (racks[i].feed[s] != UpstreamPower::kNone)
                        put(std::size_t(racks[i].feed[s]), i);
        },
        m_feedStart, m_feedRacks);
    // The healthy state: nothing failed, nothing dead.
    m_rackFlags.assign(nRacks, 0);
    m_touched.assign(nRacks, 0);
    m_down.assign(nRacks, 0);
    m_devFailed.assign(m_m.deviceSlots(), 0);
    m_dead.assign(nElements, 0);
    m_healthyPowerDown.assign(nRacks, 0);
    for (std::uint32_t i = 0; i < nRacks; ++i)
        m_healthyPowerDown[i] = racks[i].live && powerDown(i);
    m_rackCdus.assign(nRacks, {});
    m_plantCdu.assign(m_m.deviceSlots(), 0);
    for (std::uint32_t cdu : m_m.plantCdus()) {
        m_plantCdu[cdu] = 1;
        const double k = m_m.cduCapacityKw(cdu);
        m_capTotal += k;
        const std::uint32_t r = m_m.rackOf(cdu);
        if (r != UINT32_MAX)
            m_rackCdus[r].push_back(cdu);
        if (r == UINT32_MAX || !m_healthyPowerDown[r])
            m_capHealthy += k;
    }
    for (const bool ok : {false, true})
        for (std::uint32_t i = 0; i < nRacks; ++i)
            if (racks[i].live && healthyDown(i, ok)) {
                m_totals[ok].gpus += m_rackGpus[i];
                ++m_totals[ok].racks;
            }
}

void LossCalculator::touchRack(std::uint32_t rack) {
    if (!m_touched[rack]) {
        m_touched[rack] = 1;
        m_racks.push_back(rack);
    }
}

void LossCalculator::mark(const std::vector<FailureElement>& failed) {
    using T = FailureElement::Type;
    for (const FailureElement& e : failed) {
        switch (e.type) {
        case T::Rack:
            m_rackFlags[e.id] |= kRackFailed;
            touchRack(e.id);
            break;
        case T::Device:
            if (!m_devFailed[e.id]) {
                m_devFailed[e.id] = 1;
                m_devs.push_back(e.id);
            }
            if (const std::uint32_t r = m_m.rackOf(e.id); r != UINT32_MAX)
                touchRack(r); // its PDUs: the rack's feeds may go
            break;
        case T::Feed:
            m_rackFlags[e.id] |= e.side ? kFeedB : kFeedA;
            touchRack(e.id);
            break;
        case T::Cooling:
            m_rackFlags[e.id] |= kCooling;
            touchRack(e.id);
            break;
        case T::Pathway:
            break; // cables only: the network degrades, nothing is lost
        case T::Power:
            m_powerFailed.push_back(e.id);
            break;
        }
    }
    m_m.power().propagateFrom(m_powerFailed, m_dead, m_deadList);
    for (std::uint32_t el : m_deadList)
        for (std::uint32_t k = m_feedStart[el]; k < m_feedStart[el + 1]; ++k)
            touchRack(m_feedRacks[k]);
}

bool LossCalculator::powerDown(std::uint32_t rack) const {
    return rackstate::powerDown(
        m_m.racks()[rack], m_rackFlags[rack], [&](std::uint32_t pdu) { return m_devFailed[pdu]; },
        [&](std::uint32_t e) { return m_dead[e] != 0; });
}

bool LossCalculator::healthyDown(std::uint32_t rack, bool plantOk) const {
    return m_healthyPowerDown[rack] || coolingDown(m_m.racks()[rack], 0, plantOk, airMaxKw(m_m));
}

double LossCalculator::plantCapacity() const {
    // The healthy running capacity, less the CDUs of racks this failure takes down and the
    // CDUs failed themselves (in a rack still powered, or in none).
    double cap = m_capHealthy;
    for (std::uint32_t r : m_racks)
        if (m_down[r] && !m_healthyPowerDown[r])
            for (std::uint32_t cdu : m_rackCdus[r])
                cap -= m_m.cduCapacityKw(cdu);
    for (std::uint32_t dev : m_devs) // a failed device touches its rack: m_down is set
        if (const std::uint32_t r = m_m.rackOf(dev);
            m_plantCdu[dev] && (r == UINT32_MAX || !m_down[r]))
            cap -= m_m.cduCapacityKw(dev);
    return cap;
}

LossCalculator::Loss LossCalculator::run(const std::vector<FailureElement>& failed) {
    mark(failed);
    const auto& racks = m_m.racks();
    for (std::uint32_t r : m_racks)
        m_down[r] = racks[r].live && powerDown(r); // the power stage, as the plant sees it
    const bool ok = plantOk(plantCapacity(), m_capTotal, m_m.plantHeatKw());
    const double air = airMaxKw(m_m);
    Loss loss{m_totals[ok].gpus, m_totals[ok].racks};
    for (std::uint32_t r : m_racks) {
        if (!racks[r].live)
            continue;
        const bool before = healthyDown(r, ok);
        m_down[r] = m_down[r] || coolingDown(racks[r], m_rackFlags[r], ok, air);
        if (before != bool(m_down[r])) {
            const int sign = m_down[r] ? 1 : -1;
            loss.gpusLost += sign * m_rackGpus[r];
            loss.racksDown += sign;
        }
    }
    for (std::uint32_t dev : m_devs) // a server failed itself, its rack still up
        if (const int s = m_m.serverIndex(dev); s >= 0) {
            const std::uint32_t r = m_m.rackOf(dev);
            if (r == UINT32_MAX || !m_down[r])
                loss.gpusLost += m_m.servers()[std::size_t(s)].gpus;
        }
    clear();
    return loss;
}

void LossCalculator::clear() {
    for (std::uint32_t r : m_racks)
        m_rackFlags[r] = m_touched[r] = m_down[r] = 0;
    for (std::uint32_t dev : m_devs)
        m_devFailed[dev] = 0;
    for (std::uint32_t e : m_deadList)
        m_dead[e] = 0;
    m_racks.clear();
    m_devs.clear();
    m_powerFailed.clear();
    m_deadList.clear();
}

} // namespace cds
