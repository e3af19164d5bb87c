#include "Facility.h"
#include "../DesignIndex.h"
#include "Placement.h"

#include "../RackCooling.h"
#include "../RackGeometry.h"
#include "../power/DcFeed.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cds {

namespace {

/// Water: c_p 4.18 kJ/(kg K), 1 kg per litre; the technology loop's design rise.
constexpr double kWaterCpKjPerKgK = 4.18;
constexpr double kLoopRiseK = 10;

double rackKw(const DesignData& d, const DesignIndex& index, RackId id) {
    double w = 0;
    for (DeviceId dev : index.devicesIn(id))
        w += d.typeOf(d.devices[dev]).powerMaxW.value_or(0);
    return w / 1000.0;
}

/// Whether the 800 V DC chain will feed rack @p id from power racks (see fedAt800VoltsDc).
bool rackOnDc(const DesignData& d, const DesignIndex& index, RackId id) {
    const std::vector<DeviceId>& devices = index.devicesIn(id);
    return std::any_of(devices.begin(), devices.end(),
                       [&](DeviceId dev) { return fedAt800VoltsDc(d.typeOf(d.devices[dev])); });
}

const CatalogItem* largest(const Catalog& lib, Category c, bool floorStanding) {
    const CatalogItem* best = nullptr;
    for (const CatalogItem& it : lib.items()) {
        const double cap =
            c == Category::Power ? it.feedKw.value_or(0) : it.coolingCapacityKw.value_or(0);
        if (it.category != c || cap <= 0)
            continue;
        if (c == Category::Cooling &&
            (it.coolingType != QLatin1String("cdu") || isFloorStanding(it) != floorStanding))
            continue;
        const double bestCap = !best                  ? 0
                               : c == Category::Power ? best->feedKw.value_or(0)
                                                      : best->coolingCapacityKw.value_or(0);
        if (cap > bestCap)
            best = &it;
    }
    return best;
}

} // namespace

QString addRearDoors(DesignData& d, const Catalog& library) {
    const std::vector<const CatalogItem*> doors =
        coolingProductsFor(library, CoolingType::RearDoorHx); // smallest first
    DesignIndex index(d);
    std::map<QString, int> used;
    d.racks.forEach([&](RackId id, Rack& r) {
        if (r.cooling != CoolingType::RearDoorHx || doors.empty())
            return;
        const double kw = rackKw(d, index, id);
        const auto fits = std::find_if(doors.begin(), doors.end(), [&](const CatalogItem* it) {
            return *it->coolingCapacityKw * kProductWarnShare >= kw;
        });
        const CatalogItem* door = fits != doors.end() ? *fits : doors.back();
        r.coolingProduct = d.catalog.add(*door);
        ++used[door->model];
    });
    QStringList parts;
    for (const auto& [model, n] : used)
        parts << QStringLiteral("%1 x %2").arg(n).arg(model);
    return parts.isEmpty() ? QString()
                           : QStringLiteral("rear doors: ") + parts.join(QStringLiteral(", "));
}

QString addPdus(DesignData& d, const Catalog& library, bool dc800) {
    const CatalogItem* pdu = largest(library, Category::Power, false);
    if (!pdu)
        return QStringLiteral("no PDUs: the catalog has no rack PDU");
    const TypeId t = d.catalog.add(*pdu);
    const double feedKw = *pdu->feedKw;
    DesignIndex index(d);
    std::vector<std::pair<RackId, double>> racks;
    int dcRacks = 0;
    d.racks.forEach([&](RackId id, const Rack&) {
        if (dc800 && rackOnDc(d, index, id))
            ++dcRacks; // its A and B feeds come from power racks at 800 V DC
        else
            racks.push_back({id, rackKw(d, index, id)});
    });
    int count = 0;
    for (const auto& [id, kw] : racks) {
        // Each feed carries the whole rack when the other fails (2N).
        const int perFeed = std::max(1, int(std::ceil(kw / feedKw - 1e-9)));
        Rack& r = d.racks[id];
        r.feeds.count = 2;
        r.feeds.kwPerFeed = perFeed * feedKw;
        for (char feed : {'a', 'b'})
            for (int i = 0; i < perFeed; ++i) {
                Device v;
                v.name = QStringLiteral("%1-pdu-%2%3").arg(r.name).arg(QChar(feed)).arg(i + 1);
                v.type = t;
                v.rack = id;
                v.uPosition = 0; // 0U: mounted in the rack's side channel
                v.face = Face::Rear;
                d.devices.add(std::move(v));
                ++count;
            }
    }
    QString note = QStringLiteral("power: %1 x %2 (%3 kW each), A+B feeds per rack, each feed "
                                  "sized for the whole rack")
                       .arg(count)
                       .arg(pdu->id)
                       .arg(feedKw);
    if (dcRacks > 0)
        note +=
            QStringLiteral("; none in the %1 racks fed at 800 V DC from power racks").arg(dcRacks);
    return note;
}

QString FloorPlanner::addCdus(const Catalog& library) {
    DesignIndex index(m_d);
    const int halls = std::max(1, m_in.halls);
    std::vector<double> heatKw(std::size_t(halls), 0);
    std::vector<int> dlcRacks(std::size_t(halls), 0);
    m_d.racks.forEach([&](RackId id, const Rack& r) {
        if (r.cooling == CoolingType::DirectLiquid) {
            const std::size_t h = std::size_t(std::max(0, hallAtY(r.centre.y)));
            heatKw[h] += rackKw(m_d, index, id);
            ++dlcRacks[h];
        }
    });
    if (std::all_of(dlcRacks.begin(), dlcRacks.end(), [](int n) { return n == 0; }))
        return QStringLiteral("no CDUs: no direct-liquid racks");
    const CatalogItem* cdu = largest(library, Category::Cooling, true);
    if (!cdu)
        return QStringLiteral("no CDUs: the catalog has no in-row CDU");
    const TypeId cduType = m_d.catalog.add(*cdu);
    const RackSpec spec = m_d.catalog[m_in.rackType].rack.value_or(RackSpec{});
    const double x0 = m_d.hall.rows.empty() ? kMarginMm : m_d.hall.rows.front().area.x;
    const double rowW = m_d.hall.rows.empty() ? 0 : m_d.hall.rows.front().area.w;
    // In rows of their own after the last, as long as the racks' rows: each in-row CDU
    // takes one rack footprint. A campus's halls each have their own (separateHalls moves
    // them to their hall).
    const int perRow = std::max(1, int(std::lround(rowW / spec.widthMm)));
    int placed = 0, n = 0, widest = 0;
    double heatAll = 0;
    int dlcAll = 0;
    for (int h = 0; h < halls; ++h) {
        if (dlcRacks[std::size_t(h)] == 0)
            continue;
        const int units =
            int(std::ceil(heatKw[std::size_t(h)] / *cdu->coolingCapacityKw - 1e-9)) + 1; // N+1
        for (int k = 0; k < units; k += perRow) {
            const int inRow = std::min(perRow, units - k);
            const double y0 = m_d.hall.rows.empty() ? kMarginMm
                                                    : kMarginMm + double(m_d.hall.rows.size()) *
                                                                      (spec.depthMm + kAisleMm);
            for (int i = 0; i < inRow; ++i) {
                ++placed;
                Rack r;
                r.name = QStringLiteral("cdu-%1").arg(placed, 2, 10, QChar(u'0'));
                r.type = m_in.rackType;
                r.cooling = CoolingType::Air;
                r.centre = {x0 + (i + 0.5) * spec.widthMm, y0 + spec.depthMm / 2};
                const RackId rid = m_d.racks.add(std::move(r));
                Device v;
                v.name = QStringLiteral("cdu-%1-unit").arg(placed, 2, 10, QChar(u'0'));
                v.type = cduType;
                v.rack = rid;
                v.uPosition = 0; // floor-standing: fills the footprint, no rack units
                m_d.devices.add(std::move(v));
            }
            m_rowHall.resize(m_d.hall.rows.size() + 1, -1);
            m_rowHall[m_d.hall.rows.size()] = h;
            m_d.hall.rows.push_back({QStringLiteral("Row %1 (CDUs)").arg(m_d.hall.rows.size() + 1),
                                     {x0, y0, inRow * spec.widthMm, spec.depthMm},
                                     m_d.hall.rows.size() % 2 == 1});
            widest = std::max(widest, inRow);
        }
        n += units;
        heatAll += heatKw[std::size_t(h)];
        dlcAll += dlcRacks[std::size_t(h)];
    }
    const Row& last = m_d.hall.rows.back();
    const double needD =
        std::ceil((last.area.y + spec.depthMm + kMarginMm) / m_d.hall.tileMm) * m_d.hall.tileMm;
    const double needW =
        std::ceil((x0 + widest * spec.widthMm + kMarginMm) / m_d.hall.tileMm) * m_d.hall.tileMm;
    if (m_in.hallDepthMm <= 0 || halls > 1)
        m_d.hall.depthMm = std::max(m_d.hall.depthMm, needD);
    if (m_in.hallWidthMm <= 0)
        m_d.hall.widthMm = std::max(m_d.hall.widthMm, needW);
    const double flow = heatAll * 60.0 / (kWaterCpKjPerKgK * kLoopRiseK);
    return QStringLiteral("cooling plant: %1 x %2 (N+1%3) for %4 kW in %5 direct-liquid racks; "
                          "coolant flow %6 L/min at a %7 K rise")
        .arg(n)
        .arg(cdu->id)
        .arg(halls > 1 ? QStringLiteral(" in each hall") : QString())
        .arg(std::lround(heatAll))
        .arg(dlcAll)
        .arg(std::lround(flow))
        .arg(kLoopRiseK);
}

} // namespace cds
