#include "CablingSchedule.h"

#include "../fabric/PortTable.h"
#include "Csv.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace cds {

QString CableEnd::location() const {
    const QString where = rack.isEmpty()
                              ? QStringLiteral("UNPLACED")
                              : QStringLiteral("%1-U%2").arg(rack).arg(u, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1-%2").arg(where, port);
}

CableEnd cableEnd(const DesignData& d, PortRef p) {
    CableEnd e;
    const Device* dev = d.devices.find(p.device);
    if (!dev)
        return e;
    e.device = dev->name;
    if (const Rack* r = d.racks.find(dev->rack)) {
        e.rack = r->name;
        e.u = dev->uPosition;
    }
    const auto lp = d.typeOf(*dev).logicalPort(dev->breakout, p.port);
    e.port = lp ? lp->name : QStringLiteral("port%1").arg(p.port);
    return e;
}

namespace {

/// Adds @p v to a '+'-joined list unless it is there already.
void join(QString& list, const QString& v) {
    if (list.isEmpty())
        list = v;
    else if (!list.split(QLatin1Char('+')).contains(v))
        list += QLatin1Char('+') + v;
}

void joinEnd(CableEnd& into, const CableEnd& e) {
    join(into.rack, e.rack);
    join(into.device, e.device);
    join(into.port, e.port);
    if (into.u != e.u)
        into.u = std::min(into.u, e.u); // the lower device of a splitter's legs
}

} // namespace

std::vector<CableRow> cablingRows(const DesignData& d) {
    std::vector<CableRow> rows;
    rows.reserve(d.links.size());
    // Same rule as the BOM: a twin-port cable is one per occupied cage at its twin-port end.
    PortTable ports(d.catalog);
    auto info = [&](PortRef p) {
        const Device* dev = d.devices.find(p.device);
        return dev ? ports.info(*dev, p.port) : PortInfo{};
    };
    std::unordered_map<std::uint64_t, std::size_t> rowOfCage;
    d.links.forEach([&](LinkId id, const Link& l) {
        const TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
        const CatalogItem* medium = d.catalog.contains(m) ? &d.catalog[m] : nullptr;
        PortRef a = l.a, b = l.b;
        if (medium && medium->category == Category::Cable && medium->media &&
            medium->media->twinPort) {
            if (!(info(a).cageLanes > 1 || info(b).cageLanes <= 1))
                std::swap(a, b); // A is the twin-port end
            const std::uint64_t key = (std::uint64_t(a.device.value()) << 32) |
                                      (std::uint64_t(m.value()) << 16) | info(a).cage;
            const auto [it, fresh] = rowOfCage.emplace(key, rows.size());
            if (!fresh) {
                CableRow& r = rows[it->second];
                r.links.push_back(id);
                joinEnd(r.a, cableEnd(d, a));
                joinEnd(r.b, cableEnd(d, b));
                r.lengthM = std::max(r.lengthM, std::round(double(l.lengthM) * 10.0) / 10.0);
                return;
            }
        }
        CableRow r;
        r.links = {id};
        r.id = QStringLiteral("C%1").arg(id.value() + 1, 5, 10, QLatin1Char('0'));
        if (const Fabric* f = d.fabric(l.fabric))
            r.fabric = f->name;
        r.a = cableEnd(d, a);
        r.b = cableEnd(d, b);
        if (medium) {
            r.mediumId = medium->id;
            r.mediumModel = medium->model;
            if (medium->media)
                r.mediumType = mediaTypeKey(medium->media->type);
        }
        r.lengthM = std::round(double(l.lengthM) * 10.0) / 10.0;
        rows.push_back(std::move(r));
    });
    for (CableRow& r : rows) {
        r.labelA = QStringLiteral("%1 %2 / %3").arg(r.id, r.a.location(), r.b.location());
        r.labelB = QStringLiteral("%1 %2 / %3").arg(r.id, r.b.location(), r.a.location());
    }
    return rows;
}

QByteArray cablingCsv(const DesignData& d) {
    QString out = csv::row(
        {QStringLiteral("cable_id"), QStringLiteral("fabric"), QStringLiteral("a_rack"),
         QStringLiteral("a_u"), QStringLiteral("a_device"), QStringLiteral("a_port"),
         QStringLiteral("b_rack"), QStringLiteral("b_u"), QStringLiteral("b_device"),
         QStringLiteral("b_port"), QStringLiteral("medium"), QStringLiteral("medium_type"),
         QStringLiteral("length_m"), QStringLiteral("label_a"), QStringLiteral("label_b")});
    auto u = [](const CableEnd& e) { return e.u ? QString::number(e.u) : QString(); };
    for (const CableRow& r : cablingRows(d))
        out += csv::row({r.id, r.fabric, r.a.rack, u(r.a), r.a.device, r.a.port, r.b.rack, u(r.b),
                         r.b.device, r.b.port, r.mediumId, r.mediumType,
                         QString::number(r.lengthM, 'f', 1), r.labelA, r.labelB});
    return out.toUtf8();
}

} // namespace cds
