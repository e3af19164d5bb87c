#include "Placement.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {
/// Headroom for the rack's own PDUs and accessories, which are added after placement.
constexpr double kAccessoryKw = 0.25;
} // namespace

DesignSettings planningSettings(const DesignSettings& s, std::optional<CoolingEnvelope> rearDoor) {
    DesignSettings out = s;
    CoolingEnvelope& e = out.cooling[std::size_t(CoolingType::RearDoorHx)];
    if (rearDoor && rearDoor->warnKw > e.warnKw) {
        e.warnKw = rearDoor->warnKw;
        e.maxKw = rearDoor->maxKw;
    }
    return out;
}

std::pair<int, CoolingType> FloorPlanner::serversPerRack(const DesignSettings& s,
                                                         std::optional<CoolingType> forced,
                                                         double kw, int uHeight, int uCapacity,
                                                         int maxPerRack) {
    const int byU = std::max(1, uCapacity / std::max(1, uHeight));
    const int cap = std::min(byU, std::max(1, maxPerRack));
    auto fit = [&](CoolingType c, bool hard) {
        const CoolingEnvelope& e = s.cooling[std::size_t(c)];
        const double limit = hard ? e.maxKw : e.warnKw;
        return kw > 0 ? std::min(cap, int(std::floor(limit / kw + 1e-9))) : cap;
    };
    if (forced) {
        int n = fit(*forced, false);
        if (n == 0)
            n = fit(*forced, true);
        return {std::max(1, n), *forced};
    }
    CoolingType best = CoolingType::Air;
    int bestN = 0;
    for (int c = 0; c < kCoolingTypeCount; ++c) {
        const int n = fit(CoolingType(c), false);
        if (n > bestN) {
            bestN = n;
            best = CoolingType(c);
        }
    }
    return {std::max(1, bestN), best};
}

CoolingType FloorPlanner::coolingForLoad(const DesignSettings& s, double kw) {
    for (int c = 0; c < kCoolingTypeCount; ++c)
        if (kw <= s.cooling[std::size_t(c)].warnKw + 1e-9)
            return CoolingType(c);
    return CoolingType::Immersion;
}

double FloorPlanner::kwOf(DeviceId id) const {
    return m_d.typeOf(m_d.devices[id]).powerMaxW.value_or(0) / 1000.0;
}

int FloorPlanner::uOf(DeviceId id) const {
    return std::max(1, m_d.typeOf(m_d.devices[id]).uHeight);
}

std::vector<FloorPlanner::PlannedRack> FloorPlanner::packNetwork(const std::vector<DeviceId>& devs,
                                                                 const QString& name) {
    const int uCap = m_d.catalog[m_in.rackType].rack->uCapacity;
    // Switch racks stay air or rear-door cooled unless the user forced a cooling type.
    const double limitKw =
        m_d.settings.cooling[std::size_t(m_in.cooling.value_or(CoolingType::RearDoorHx))].warnKw -
        kAccessoryKw;
    std::vector<PlannedRack> racks;
    double kw = 0;
    int used = uCap;
    for (DeviceId id : devs) {
        if (used + uOf(id) > uCap || (kw + kwOf(id) > limitKw && kw > 0)) {
            racks.push_back({QStringLiteral("%1-%2").arg(name).arg(racks.size() + 1), {}, {}});
            kw = 0;
            used = 0;
        }
        racks.back().devices.push_back(id);
        kw += kwOf(id);
        used += uOf(id);
    }
    return racks;
}

bool FloorPlanner::place() {
    const RackSpec spec = m_d.catalog[m_in.rackType].rack.value_or(RackSpec{});
    // Compute racks of air-cooled servers may take the catalog's largest rear door.
    const DesignSettings computeSettings = planningSettings(m_d.settings, m_in.rearDoor);
    Chunks chunks = planChunks(computeSettings, spec);
    m_centralHall = chunks.hall[chunks.central];
    if (const int sus = int(m_in.suServers.size()); m_in.halls > std::max(1, sus)) {
        m_error = QStringLiteral("%1 halls need at least %1 scalable units; this design has %2")
                      .arg(m_in.halls)
                      .arg(sus);
        return false;
    }
    const int perRow = racksPerRow(chunks, spec);
    if (perRow < 1)
        return false;
    const int rows = layRows(chunks, perRow, computeSettings, spec);
    return sizeHall(rows, perRow, chunks.racks, spec);
}

FloorPlanner::Chunks FloorPlanner::planChunks(const DesignSettings& computeSettings,
                                              const RackSpec& spec) {
    std::vector<std::vector<PlannedRack>> units;
    for (std::size_t s = 0; s < m_in.suServers.size(); ++s) {
        std::vector<PlannedRack> chunk;
        const auto& servers = m_in.suServers[s];
        const QString su = QStringLiteral("su%1").arg(s + 1, 2, 10, QChar(u'0'));
        if (!servers.empty()) {
            const auto [per, cooling] =
                serversPerRack(computeSettings, m_in.serverCooling, kwOf(servers[0]),
                               uOf(servers[0]), spec.uCapacity, m_in.maxServersPerRack);
            for (std::size_t i = 0; i < servers.size(); i += std::size_t(per)) {
                PlannedRack r{QStringLiteral("%1-c%2").arg(su).arg(i / per + 1, 2, 10, QChar(u'0')),
                              cooling,
                              {},
                              m_in.serverCooling.has_value()};
                for (std::size_t j = i; j < std::min(servers.size(), i + per); ++j)
                    r.devices.push_back(servers[j]);
                chunk.push_back(std::move(r));
            }
        }
        for (PlannedRack& r : packNetwork(m_in.suNetwork[s], su + QStringLiteral("-net")))
            chunk.push_back(std::move(r));
        units.push_back(std::move(chunk));
    }
    // With the spines in their pods' halls, what stays central is the core tier.
    const bool pods = !m_in.suHall.empty();
    std::vector<PlannedRack> central =
        packNetwork(m_in.central, pods ? QStringLiteral("core") : QStringLiteral("spine"));
    for (PlannedRack& r : packNetwork(m_in.storage, QStringLiteral("storage")))
        central.push_back(std::move(r));
    for (PlannedRack& r : packNetwork(m_in.management, QStringLiteral("mgmt")))
        central.push_back(std::move(r));
    Chunks out = pods ? hallChunks(std::move(units), std::move(central))
                      : middleChunks(std::move(units), std::move(central));
    for (const auto& chunk : out.list)
        out.racks += chunk.size();
    return out;
}

FloorPlanner::Chunks FloorPlanner::middleChunks(std::vector<std::vector<PlannedRack>> units,
                                                std::vector<PlannedRack> central) const {
    // Central rows go in the middle of the hall: the longest leaf-spine run is then half the
    // hall, which keeps 100G management links within AOC reach in large designs.
    Chunks out;
    out.list = std::move(units);
    out.central = out.list.size() / 2;
    out.list.insert(out.list.begin() + std::ptrdiff_t(out.central), std::move(central));
    out.network.assign(out.list.size(), 0);
    out.network[out.central] = 1;
    for (std::size_t ci = 0; ci < out.list.size(); ++ci)
        out.hall.push_back(hallOfChunk(out, ci));
    return out;
}

FloorPlanner::Chunks FloorPlanner::hallChunks(std::vector<std::vector<PlannedRack>> units,
                                              std::vector<PlannedRack> central) {
    const int halls = std::max(1, m_in.halls);
    const int middle = campusCentralHall(halls);
    std::vector<std::vector<std::size_t>> unitsOf(static_cast<std::size_t>(halls));
    for (std::size_t s = 0; s < units.size(); ++s) {
        const int h = s < m_in.suHall.size() ? m_in.suHall[s] : 0;
        unitsOf[std::size_t(std::clamp(h, 0, halls - 1))].push_back(s);
    }
    Chunks out;
    auto add = [&](std::vector<PlannedRack> chunk, int hall, bool network) {
        out.list.push_back(std::move(chunk));
        out.hall.push_back(hall);
        out.network.push_back(network ? 1 : 0);
    };
    for (int h = 0; h < halls; ++h) {
        std::vector<PlannedRack> net;
        if (std::size_t(h) < m_in.hallNetwork.size())
            net = packNetwork(m_in.hallNetwork[std::size_t(h)],
                              QStringLiteral("hall%1-spine").arg(h + 1));
        if (h == middle)
            for (PlannedRack& r : central)
                net.push_back(std::move(r));
        // A hall's network rows in the middle of its units, as the central rows stand in a
        // hall's: the longest leaf-spine run is then half the hall.
        const std::vector<std::size_t>& own = unitsOf[std::size_t(h)];
        for (std::size_t i = 0; i <= own.size(); ++i) {
            if (i == own.size() / 2) {
                if (h == middle)
                    out.central = out.list.size();
                add(std::move(net), h, true);
            }
            if (i < own.size())
                add(std::move(units[own[i]]), h, false);
        }
    }
    return out;
}

int FloorPlanner::racksPerRow(const Chunks& chunks, const RackSpec& spec) {
    std::size_t widest = 1;
    for (std::size_t ci = 0; ci < chunks.list.size(); ++ci)
        if (!chunks.network[ci]) // network rows wrap; a scalable unit keeps to one row
            widest = std::max(widest, chunks.list[ci].size());
    if (m_in.hallWidthMm > 0) {
        const int perRow = int((m_in.hallWidthMm - 2 * kMarginMm) / spec.widthMm);
        if (perRow < 1)
            m_error = QStringLiteral("a hall %1 mm wide has no room for a row of racks")
                          .arg(m_in.hallWidthMm);
        return perRow;
    }
    // Roughly square: perRow * width ~ rows * (depth + aisle); on a campus each hall is, so
    // that the halls stand side by side in a grid (arrangeHallsInGrid) on a site near square.
    const double racks = double(chunks.racks) / std::max(1, m_in.halls);
    const double ideal = std::sqrt(racks * (spec.depthMm + kAisleMm) / spec.widthMm);
    return int(std::max<std::size_t>(1, std::size_t(std::lround(ideal / double(widest))))) *
           int(widest);
}

int FloorPlanner::hallOfChunk(const Chunks& chunks, std::size_t ci) const {
    const std::size_t sus = std::max<std::size_t>(1, chunks.list.size() - 1); // but the central
    const std::size_t halls = std::size_t(std::max(1, m_in.halls));
    // The central rows go with the unit before them: the middle hall.
    const std::size_t su = ci < chunks.central ? ci : ci > 0 ? ci - 1 : 0;
    // Every hall gets units, the first ones one more when they do not divide evenly.
    return int(std::min(halls - 1, su * halls / sus));
}

int FloorPlanner::layRows(Chunks& chunks, int perRow, const DesignSettings& computeSettings,
                          const RackSpec& spec) {
    int row = 0, slot = 0, hall = 0;
    m_rowHall.clear();
    for (std::size_t ci = 0; ci < chunks.list.size(); ++ci) {
        auto& chunk = chunks.list[ci];
        if (chunk.empty())
            continue;
        if (const int h = chunks.hall[ci]; h != hall) {
            // A hall begins on a row of its own that faces as the first hall's first row.
            if (slot > 0)
                ++row;
            row += row % 2;
            slot = 0;
            hall = h;
        }
        const bool ownRows = chunks.network[ci] || (ci > 0 && chunks.network[ci - 1]);
        if (slot > 0 && (ownRows || slot + int(chunk.size()) > perRow)) {
            ++row;
            slot = 0;
        }
        // Network rows wrap back and forth, so the rack after a row's last stands across the
        // aisle from it, not a row's length away (a leaf and the switches it serves).
        bool reverse = false;
        for (PlannedRack& pr : chunk) {
            if (slot == perRow) {
                ++row;
                slot = 0;
                reverse = chunks.network[ci] && !reverse;
            }
            double kw = 0;
            for (DeviceId id : pr.devices)
                kw += kwOf(id);
            Rack r;
            r.name = pr.name;
            r.type = pr.fixedCooling && m_in.serverRackType ? m_in.serverRackType : m_in.rackType;
            r.cooling = pr.fixedCooling ? pr.cooling
                        : m_in.cooling  ? *m_in.cooling
                                        : coolingForLoad(computeSettings, kw + kAccessoryKw);
            r.rotationDeg = row % 2 ? 180 : 0;
            const int col = reverse ? perRow - 1 - slot : slot;
            r.centre = {kMarginMm + (col + 0.5) * spec.widthMm,
                        kMarginMm + row * (spec.depthMm + kAisleMm) + spec.depthMm / 2};
            const RackId rid = m_d.racks.add(std::move(r));
            int u = 1;
            for (DeviceId id : pr.devices) {
                Device& dev = m_d.devices[id];
                dev.rack = rid;
                dev.uPosition = u;
                u += uOf(id);
            }
            m_rows = row + 1;
            m_rowHall.resize(std::size_t(std::max<int>(int(m_rowHall.size()), row + 1)), -1);
            m_rowHall[std::size_t(row)] = hall;
            ++slot;
        }
    }
    return row + 1;
}

bool FloorPlanner::sizeHall(int rows, int perRow, std::size_t total, const RackSpec& spec) {
    auto tiles = [&](double mm) { return std::ceil(mm / m_d.hall.tileMm) * m_d.hall.tileMm; };
    const double needW = tiles(2 * kMarginMm + perRow * spec.widthMm);
    const double needD = tiles(2 * kMarginMm + rows * spec.depthMm + (rows - 1) * kAisleMm);
    if (m_in.hallDepthMm > 0 && needD > m_in.hallDepthMm) {
        m_error = QStringLiteral("the hall is too small: %1 rows of %2 racks need %3 x %4 mm")
                      .arg(rows)
                      .arg(perRow)
                      .arg(needW)
                      .arg(needD);
        return false;
    }
    m_d.hall.widthMm = m_in.hallWidthMm > 0 ? m_in.hallWidthMm : needW;
    m_d.hall.depthMm = m_in.hallDepthMm > 0 ? m_in.hallDepthMm : needD;
    m_d.hall.rows.clear();
    for (int r = 0; r < rows; ++r)
        m_d.hall.rows.push_back({QStringLiteral("Row %1").arg(r + 1),
                                 {kMarginMm, kMarginMm + r * (spec.depthMm + kAisleMm),
                                  perRow * spec.widthMm, spec.depthMm},
                                 r % 2 == 1});
    m_notes << QStringLiteral("%1 racks in %2 rows of up to %3; hall %4 x %5 m")
                   .arg(total)
                   .arg(rows)
                   .arg(perRow)
                   .arg(m_d.hall.widthMm / 1000.0)
                   .arg(m_d.hall.depthMm / 1000.0);
    return true;
}

} // namespace cds
