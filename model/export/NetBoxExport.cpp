#include "NetBoxExport.h"

#include "../AtomicFile.h"

#include "CablingSchedule.h"
#include "Csv.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>
#include <set>

namespace cds {

namespace {

QString yamlString(const QString& s) {
    QString q = s;
    q.replace(QLatin1String("\\"), QLatin1String("\\\\"))
        .replace(QLatin1String("\""), QLatin1String("\\\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString num(double v) {
    return QString::number(v, 'g', 10);
}

/// NetBox's interface type choice for a port, from its speed and cage.
QString interfaceType(const PortDef& p, const QString& cage, Technology tech) {
    const int g = int(std::lround(p.speedGbps));
    if (tech == Technology::InfiniBand && p.role != PortRole::Oob) {
        if (g >= 800)
            return QStringLiteral("infiniband-xdr");
        if (g >= 400)
            return QStringLiteral("infiniband-ndr");
        if (g >= 200)
            return QStringLiteral("infiniband-hdr");
    }
    const QString c = cage.toLower();
    if (c == QLatin1String("rj45"))
        return g >= 10 ? QStringLiteral("10gbase-t") : QStringLiteral("1000base-t");
    if (c == QLatin1String("osfp"))
        return QStringLiteral("%1gbase-x-osfp").arg(g);
    if (c == QLatin1String("qsfp112") || c == QLatin1String("qsfp-dd") ||
        c == QLatin1String("qsfpdd"))
        return g >= 400 ? QStringLiteral("400gbase-x-qsfpdd")
                        : QStringLiteral("%1gbase-x-qsfp112").arg(g);
    if (c == QLatin1String("qsfp56"))
        return QStringLiteral("200gbase-x-qsfp56");
    if (c == QLatin1String("qsfp28"))
        return QStringLiteral("100gbase-x-qsfp28");
    if (c == QLatin1String("sfp28"))
        return QStringLiteral("25gbase-x-sfp28");
    if (c == QLatin1String("sfp+") || c == QLatin1String("sfpp"))
        return QStringLiteral("10gbase-x-sfpp");
    return QStringLiteral("other");
}

/// NetBox cable type choice for a medium.
QString cableType(const DesignData& d, const Link& l) {
    const TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
    if (!d.catalog.contains(m) || !d.catalog[m].media)
        return {};
    const MediaSpec& s = *d.catalog[m].media;
    switch (s.type) {
    case MediaType::Dac:
        return d.catalog[m].id.contains(QLatin1String("cat")) ? QStringLiteral("cat6")
                                                              : QStringLiteral("dac-passive");
    case MediaType::Acc:
        return QStringLiteral("dac-active");
    case MediaType::Aoc:
        return QStringLiteral("aoc");
    case MediaType::Mmf:
        return s.fiber.compare(QLatin1String("OM3"), Qt::CaseInsensitive) == 0
                   ? QStringLiteral("mmf-om3")
                   : QStringLiteral("mmf-om4");
    case MediaType::Smf:
        return QStringLiteral("smf");
    }
    return {};
}

QString role(const CatalogItem& t, const Device& v) {
    if (t.gpuCount() > 0)
        return QStringLiteral("GPU server");
    if (t.category == Category::Switch)
        return v.tier == Tier::None
                   ? QStringLiteral("Switch")
                   : QStringLiteral("%1 switch")
                         .arg(tierKey(v.tier).left(1).toUpper() + tierKey(v.tier).mid(1));
    return categoryLabel(t.category);
}

QByteArray deviceTypeYaml(const CatalogItem& t) {
    QString y;
    y += QStringLiteral("---\nmanufacturer: %1\nmodel: %2\nslug: %3\npart_number: %4\n")
             .arg(yamlString(t.vendor), yamlString(t.model),
                  yamlString(netboxSlug(t.vendor + QLatin1Char('-') + t.model)), yamlString(t.id));
    y += QStringLiteral("u_height: %1\nis_full_depth: true\n").arg(t.uHeight);
    if (t.weightKg)
        y += QStringLiteral("weight: %1\nweight_unit: kg\n").arg(num(*t.weightKg));
    if (!t.description.isEmpty())
        y += QStringLiteral("comments: %1\n").arg(yamlString(t.description));
    const Technology tech = t.switchSpec ? t.switchSpec->technology : Technology::Ethernet;
    if (!t.ports.empty()) {
        y += QStringLiteral("interfaces:\n");
        for (const PortDef& p : t.ports) {
            const QString cage =
                p.group < t.portGroups.size() ? t.portGroups[p.group].cage : QString();
            y += QStringLiteral("  - name: %1\n    type: %2\n")
                     .arg(yamlString(p.name), interfaceType(p, cage, tech));
            if (p.role == PortRole::Oob)
                y += QStringLiteral("    mgmt_only: true\n");
        }
    }
    if (t.powerMaxW) {
        // The catalog holds the device's total draw, not its PSU layout: one port carries it.
        y += QStringLiteral("power-ports:\n  - name: \"PSU\"\n    type: iec-60320-c20\n"
                            "    maximum_draw: %1\n")
                 .arg(std::lround(*t.powerMaxW));
        if (t.powerTypicalW)
            y += QStringLiteral("    allocated_draw: %1\n").arg(std::lround(*t.powerTypicalW));
    }
    return y.toUtf8();
}

} // namespace

QString netboxSlug(const QString& s) {
    static const QRegularExpression nonSlug(QStringLiteral("[^a-z0-9]+"));
    QString out = s.toLower().replace(nonSlug, QStringLiteral("-"));
    while (out.startsWith(QLatin1Char('-')))
        out.remove(0, 1);
    while (out.endsWith(QLatin1Char('-')))
        out.chop(1);
    return out;
}

NetBoxExport netboxExport(const DesignData& d, const QString& site) {
    NetBoxExport e;
    QString racks = csv::row({QStringLiteral("name"), QStringLiteral("site"),
                              QStringLiteral("status"), QStringLiteral("form_factor"),
                              QStringLiteral("width"), QStringLiteral("u_height"),
                              QStringLiteral("outer_width"), QStringLiteral("outer_depth"),
                              QStringLiteral("outer_unit"), QStringLiteral("description")});
    d.racks.forEach([&](RackId, const Rack& r) {
        const CatalogItem& t = d.typeOf(r);
        const RackSpec spec = t.rack.value_or(RackSpec{});
        racks +=
            csv::row({r.name, site, QStringLiteral("planned"), QStringLiteral("4-post-cabinet"),
                      QStringLiteral("19"), QString::number(spec.uCapacity), num(spec.widthMm),
                      num(spec.depthMm), QStringLiteral("mm"),
                      QStringLiteral("%1 (%2), %3").arg(t.model, t.id, coolingLabel(r.cooling))});
    });
    e.racksCsv = racks.toUtf8();

    QString devices =
        csv::row({QStringLiteral("name"), QStringLiteral("role"), QStringLiteral("manufacturer"),
                  QStringLiteral("device_type"), QStringLiteral("status"), QStringLiteral("site"),
                  QStringLiteral("rack"), QStringLiteral("position"), QStringLiteral("face")});
    std::set<TypeId> used;
    d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& t = d.typeOf(v);
        used.insert(v.type);
        const Rack* r = d.racks.find(v.rack);
        const bool mounted = r && v.uPosition > 0 && t.uHeight > 0;
        devices += csv::row(
            {v.name, role(t, v), t.vendor, t.model, QStringLiteral("planned"), site,
             r ? r->name : QString(), mounted ? QString::number(v.uPosition) : QString(),
             mounted ? (v.face == Face::Front ? QStringLiteral("front") : QStringLiteral("rear"))
                     : QString()});
    });
    e.devicesCsv = devices.toUtf8();

    QString lanes = csv::row({QStringLiteral("device"), QStringLiteral("name"),
                              QStringLiteral("type"), QStringLiteral("description")});
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (v.breakout <= 1)
            return;
        const CatalogItem& t = d.typeOf(v);
        const Technology tech = t.switchSpec ? t.switchSpec->technology : Technology::Ethernet;
        for (int i = 0; i < t.logicalPortCount(v.breakout); ++i) {
            const auto lp = t.logicalPort(v.breakout, i);
            if (!lp || std::size_t(lp->catalogPort) >= t.ports.size())
                continue;
            const PortDef& parent = t.ports[std::size_t(lp->catalogPort)];
            if (lp->name == parent.name)
                continue; // not split: the device type already has it
            PortDef lane = parent;
            lane.speedGbps = lp->speedGbps;
            const QString cage =
                parent.group < t.portGroups.size() ? t.portGroups[parent.group].cage : QString();
            lanes += csv::row({v.name, lp->name, interfaceType(lane, cage, tech),
                               QStringLiteral("lane %1 of %2 (%3-way breakout)")
                                   .arg(lp->lane)
                                   .arg(parent.name)
                                   .arg(v.breakout)});
        }
    });
    e.interfacesCsv = lanes.toUtf8();

    QString cables =
        csv::row({QStringLiteral("side_a_device"), QStringLiteral("side_a_type"),
                  QStringLiteral("side_a_name"), QStringLiteral("side_b_device"),
                  QStringLiteral("side_b_type"), QStringLiteral("side_b_name"),
                  QStringLiteral("type"), QStringLiteral("status"), QStringLiteral("label"),
                  QStringLiteral("length"), QStringLiteral("length_unit")});
    const QString iface = QStringLiteral("dcim.interface");
    // NetBox's CSV import takes one termination per side, so a twin-port cable becomes one
    // NetBox cable per link, all labelled with the schedule's cable id.
    PortNames names(d);
    for (const CableRow& r : cablingRows(d))
        for (LinkId id : r.links) {
            const Link& l = d.links[id];
            const CableEnd a = cableEnd(d, l.a, names), b = cableEnd(d, l.b, names);
            cables += csv::row({a.device, iface, a.port, b.device, iface, b.port, cableType(d, l),
                                QStringLiteral("planned"), r.id,
                                QString::number(double(l.lengthM), 'f', 1), QStringLiteral("m")});
        }
    e.cablesCsv = cables.toUtf8();

    for (TypeId t : used) {
        const CatalogItem& it = d.catalog[t];
        e.deviceTypes.emplace_back(
            QStringLiteral("device-types/%1/%2.yaml")
                .arg(netboxSlug(it.vendor), netboxSlug(it.vendor + QLatin1Char('-') + it.model)),
            deviceTypeYaml(it));
    }
    return e;
}

bool writeNetBoxFolder(const NetBoxExport& e, const QString& dir, QString* error) {
    std::vector<std::pair<QString, QByteArray>> files = {
        {QStringLiteral("racks.csv"), e.racksCsv},
        {QStringLiteral("devices.csv"), e.devicesCsv},
        {QStringLiteral("interfaces.csv"), e.interfacesCsv},
        {QStringLiteral("cables.csv"), e.cablesCsv}};
    files.insert(files.end(), e.deviceTypes.begin(), e.deviceTypes.end());
    for (const auto& [rel, bytes] : files) {
        const QString path = QDir(dir).filePath(rel);
        if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
            if (error)
                *error = QStringLiteral("%1: cannot create the folder")
                             .arg(QFileInfo(path).absolutePath());
            return false;
        }
        if (!writeFileAtomically(path, bytes, error))
            return false;
    }
    return true;
}

} // namespace cds
