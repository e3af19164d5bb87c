#include "CablingSchedule.h"

#include "Csv.h"

#include <cmath>

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

std::vector<CableRow> cablingRows(const DesignData& d) {
    std::vector<CableRow> rows;
    rows.reserve(d.links.size());
    d.links.forEach([&](LinkId id, const Link& l) {
        CableRow r;
        r.link = id;
        r.id = QStringLiteral("C%1").arg(id.value() + 1, 5, 10, QLatin1Char('0'));
        if (const Fabric* f = d.fabric(l.fabric))
            r.fabric = f->name;
        r.a = cableEnd(d, l.a);
        r.b = cableEnd(d, l.b);
        const TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
        if (d.catalog.contains(m)) {
            const CatalogItem& it = d.catalog[m];
            r.mediumId = it.id;
            r.mediumModel = it.model;
            if (it.media)
                r.mediumType = mediaTypeKey(it.media->type);
        }
        r.lengthM = std::round(double(l.lengthM) * 10.0) / 10.0;
        r.labelA = QStringLiteral("%1 %2 / %3").arg(r.id, r.a.location(), r.b.location());
        r.labelB = QStringLiteral("%1 %2 / %3").arg(r.id, r.b.location(), r.a.location());
        rows.push_back(std::move(r));
    });
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
