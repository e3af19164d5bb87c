#include "CablingSchedule.h"

#include "../site/Site.h"

#include "../cabling/CableInspection.h"

#include "../PortTable.h"
#include "../cabling/CableParts.h"
#include "Csv.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_map>

namespace cds {

QString CableEnd::location() const {
    // Concatenation, not QString::arg: this runs twice per cable on 400,000-link designs.
    if (rack.isEmpty())
        return QLatin1String("UNPLACED-") + port;
    return rack + QLatin1String(u < 10 ? "-U0" : "-U") + QString::number(u) + QLatin1Char('-') +
           port;
}

QString PortNames::name(const Device& dev, int port) {
    const std::uint64_t key = (std::uint64_t(dev.type.value()) << 8) | dev.breakout;
    auto it = m_names.find(key);
    if (it == m_names.end()) {
        const CatalogItem& t = m_d.typeOf(dev);
        std::vector<QString> names(std::size_t(std::max(0, t.logicalPortCount(dev.breakout))));
        for (std::size_t i = 0; i < names.size(); ++i)
            if (const auto lp = t.logicalPort(dev.breakout, int(i)))
                names[i] = lp->name;
        it = m_names.emplace(key, std::move(names)).first;
    }
    return port >= 0 && std::size_t(port) < it->second.size() ? it->second[std::size_t(port)]
                                                              : QStringLiteral("port%1").arg(port);
}

CableEnd cableEnd(const DesignData& d, PortRef p, PortNames& names) {
    CableEnd e;
    const Device* dev = d.devices.find(p.device);
    if (!dev)
        return e;
    e.device = dev->name;
    if (const Rack* r = d.racks.find(dev->rack)) {
        e.rack = r->name;
        e.u = dev->uPosition;
    }
    e.port = names.name(*dev, p.port);
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

/// The parts of @p r's cable, as the link's A end sees them: see CableRow::aEndPart.
void setParts(const DesignData& d, const LinkFibre& fibre, const Link& l, const CatalogItem& medium,
              CableRow& r) {
    if (!medium.media)
        return;
    if (medium.category == Category::Cable) {
        r.aEndPart = r.bEndPart = r.cablePart = medium.id;
        r.cableConnector = medium.media->formFactor;
        r.cableType = cableTypeKey(*medium.media);
        r.cableClass = cableClassKey(*medium.media);
        return;
    }
    const TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
    const TypeId atB = l.mediumB && !l.pinnedMedium ? l.mediumB : m; // as the BOM counts them
    r.aEndPart = medium.id;
    r.bEndPart = d.catalog.contains(atB) ? d.catalog[atB].id : medium.id;
    r.cableConnector = opticalConnector(medium);
    r.cableType = mediaTypeKey(medium.media->type);
    r.cableClass = QStringLiteral("optical");
    if (fibre.fibre) {
        const CatalogItem& f = d.catalog[fibre.fibre];
        r.cablePart = f.id;
        r.cableConnector = f.media->formFactor;
    }
}

/// The medium and parts of @p r, the row of link @p l's cable (none: no catalog medium).
void setMedium(const DesignData& d, const LinkFibre& fibre, const Link& l,
               const CatalogItem* medium, CableRow& r) {
    if (!medium) { // never an empty cell a reader could take for "any cable"
        r.mediumId = QStringLiteral("none");
        r.mediumModel = QStringLiteral("no catalog medium reaches (validate: link.no-medium)");
        r.mediumType = QStringLiteral("none");
        return;
    }
    r.mediumId = medium->id;
    r.mediumModel = medium->model;
    if (medium->media)
        r.mediumType = mediaTypeKey(medium->media->type);
    setParts(d, fibre, l, *medium, r);
    if (fibre.splitEnd == 1) { // the row runs from the splitter's end: its optic first
        std::swap(r.aEndPart, r.bEndPart);
        if (const TypeId t = d.catalog.find(r.aEndPart)) {
            r.mediumId = d.catalog[t].id;
            r.mediumModel = d.catalog[t].model;
        }
    }
}

/// Each row's tray route and its TIA-606 labels.
void setRoutesAndLabels(const DesignData& d, std::vector<CableRow>& rows) {
    // The route: one per ordered rack pair (a hall has far fewer pairs than cables).
    std::map<std::pair<RackId, RackId>, QString> routeOf;
    auto rackOf = [&](DeviceId dev) {
        const Device* v = d.devices.find(dev);
        return v ? v->rack : RackId();
    };
    for (CableRow& r : rows) {
        const Link& first = d.links[r.links.front()];
        const auto key = std::make_pair(rackOf(first.a.device), rackOf(first.b.device));
        auto [it, fresh] = routeOf.try_emplace(key);
        if (fresh) {
            const CableRoute route = cableRoute(d, r.links.front());
            QStringList trays;
            for (PathwayId s : route.segments)
                if (const Pathway* w = d.pathways.find(s))
                    trays << w->name;
            it->second = route.inRack      ? QStringLiteral("in rack")
                         : route.noPathway ? QStringLiteral("no tray path")
                                           : trays.join(QStringLiteral(" > "));
        }
        r.route = it->second;
    }
    for (CableRow& r : rows) {
        const QString a = r.a.location(), b = r.b.location();
        r.labelA = r.id + QLatin1Char(' ') + a + QLatin1String(" / ") + b;
        r.labelB = r.id + QLatin1Char(' ') + b + QLatin1String(" / ") + a;
        r.label = r.id + QLatin1Char(' ') + a + QLatin1Char(':') + b;
    }
}

/// @brief Which cable a link is on: the same rule as the BOM's. A twin-port cable, or the
/// splitter fibre of a one-connector optic, is one per occupied cage at its twin-port
/// (splitter) end, which is the row's A end.
class CableSharing {
public:
    explicit CableSharing(const DesignData& d)
        : m_d(d)
        , m_ports(d.catalog)
        , m_fibres(d.catalog) {}

    struct Of {
        PortRef a, b; ///< the row's ends: A the twin-port or splitter end
        LinkFibre fibre;
        const CatalogItem* medium = nullptr; ///< the chosen or pinned medium, if any
        /// The cage whose links share one cable; nullopt when the link's cable is its own.
        std::optional<std::uint64_t> cage;
    };
    Of operator()(const Link& l) {
        const TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
        Of c{l.a, l.b, linkFibre(m_d, m_fibres, l),
             m_d.catalog.contains(m) ? &m_d.catalog[m] : nullptr, std::nullopt};
        TypeId assembly; // one cable for every link of A's cage
        if (c.medium && c.medium->category == Category::Cable && c.medium->media &&
            c.medium->media->twinPort) {
            assembly = m;
            if (!(info(c.a).cageLanes > 1 || info(c.b).cageLanes <= 1))
                std::swap(c.a, c.b); // A is the twin-port end
        } else if (c.fibre.splitEnd >= 0) {
            assembly = c.fibre.fibre;
            if (c.fibre.splitEnd == 1)
                std::swap(c.a, c.b); // A is the one-connector end
        }
        if (assembly)
            c.cage = (std::uint64_t(c.a.device.value()) << 32) |
                     (std::uint64_t(assembly.value()) << 16) | info(c.a).cage;
        return c;
    }

private:
    PortInfo info(PortRef p) {
        const Device* dev = m_d.devices.find(p.device);
        return dev ? m_ports.info(*dev, p.port) : PortInfo{};
    }
    const DesignData& m_d;
    PortTable m_ports;
    const FibreMatch m_fibres;
};

} // namespace

QString cableId(LinkId first) {
    return QLatin1Char('C') +
           QString::number(first.value() + 1).rightJustified(5, QLatin1Char('0'));
}

void forEachCable(const DesignData& d,
                  const std::function<void(const std::vector<LinkId>& links)>& cable) {
    // First pass: each link that shares the cable of an earlier one is chained after it, in
    // arrays by link id (a few bytes a link, never a row).
    constexpr std::uint32_t kNone = ~std::uint32_t(0);
    std::vector<std::uint32_t> next(d.links.capacity(), kNone); // the cable's next link
    std::vector<std::uint32_t> last(d.links.capacity(), kNone); // of a first link: the last
    std::vector<bool> follows(d.links.capacity(), false);       // not its cable's first link
    std::unordered_map<std::uint64_t, std::uint32_t> firstOfCage;
    CableSharing sharing(d);
    d.links.forEach([&](LinkId id, const Link& l) {
        const CableSharing::Of c = sharing(l);
        if (!c.cage)
            return;
        const auto [it, fresh] = firstOfCage.emplace(*c.cage, id.value());
        if (fresh)
            return;
        const std::uint32_t first = it->second;
        next[last[first] == kNone ? first : last[first]] = id.value();
        last[first] = id.value();
        follows[id.value()] = true;
    });
    std::vector<LinkId> links;
    d.links.forEach([&](LinkId id, const Link&) {
        if (follows[id.value()])
            return;
        links.assign(1, id);
        for (std::uint32_t n = next[id.value()]; n != kNone; n = next[n])
            links.push_back(LinkId(n));
        cable(links);
    });
}

std::vector<CableRow> cablingRows(const DesignData& d) {
    std::vector<CableRow> rows;
    rows.reserve(d.links.size());
    PortNames names(d);
    CableSharing sharing(d);
    std::unordered_map<std::uint64_t, std::size_t> rowOfCage;
    const std::vector<int> rackHall = d.halls.empty() ? std::vector<int>() : rackHalls(d, d.halls);
    auto hallOf = [&](PortRef p) {
        const Device* dev = d.devices.find(p.device);
        const int h = dev ? hallOfRack(rackHall, dev->rack) : -1;
        return h >= 0 ? d.halls[std::size_t(h)].name : QString();
    };
    auto joinHall = [](QString& into, const QString& hall) {
        if (!hall.isEmpty() && !into.split(QLatin1Char('+')).contains(hall))
            into += (into.isEmpty() ? QString() : QStringLiteral("+")) + hall;
    };
    d.links.forEach([&](LinkId id, const Link& l) {
        const CableSharing::Of c = sharing(l);
        const PortRef a = c.a, b = c.b;
        if (c.cage) {
            const auto [it, fresh] = rowOfCage.emplace(*c.cage, rows.size());
            if (!fresh) {
                CableRow& r = rows[it->second];
                r.links.push_back(id);
                joinEnd(r.a, cableEnd(d, a, names));
                joinEnd(r.b, cableEnd(d, b, names));
                if (!rackHall.empty()) {
                    joinHall(r.hallA, hallOf(a));
                    joinHall(r.hallB, hallOf(b));
                }
                r.lengthM = std::max(r.lengthM, std::round(double(l.lengthM) * 10.0) / 10.0);
                return;
            }
        }
        CableRow r;
        r.links = {id};
        r.id = cableId(id);
        if (const Fabric* f = d.fabric(l.fabric))
            r.fabric = f->name;
        r.a = cableEnd(d, a, names);
        r.b = cableEnd(d, b, names);
        if (!rackHall.empty()) {
            r.hallA = hallOf(a);
            r.hallB = hallOf(b);
        }
        setMedium(d, c.fibre, l, c.medium, r);
        r.lengthM = std::round(double(l.lengthM) * 10.0) / 10.0;
        rows.push_back(std::move(r));
    });
    setRoutesAndLabels(d, rows);
    return rows;
}

QByteArray cablingCsv(const DesignData& d) {
    return cablingCsv(cablingRows(d));
}

QByteArray cablingCsv(const std::vector<CableRow>& rows) {
    QString out = csv::row({QStringLiteral("cable_id"),
                            QStringLiteral("fabric"),
                            QStringLiteral("a_rack"),
                            QStringLiteral("a_u"),
                            QStringLiteral("a_device"),
                            QStringLiteral("a_port"),
                            QStringLiteral("b_rack"),
                            QStringLiteral("b_u"),
                            QStringLiteral("b_device"),
                            QStringLiteral("b_port"),
                            QStringLiteral("medium"),
                            QStringLiteral("medium_type"),
                            QStringLiteral("length_m"),
                            QStringLiteral("label_a"),
                            QStringLiteral("label_b"),
                            QStringLiteral("a_end_part"),
                            QStringLiteral("b_end_part"),
                            QStringLiteral("cable_part"),
                            QStringLiteral("cable_connector"),
                            QStringLiteral("cable_type"),
                            QStringLiteral("cable_class"),
                            QStringLiteral("label"),
                            QStringLiteral("route")});
    // A campus's schedule names each end's hall; a one-hall design's stays as it was.
    const bool halls = std::any_of(rows.begin(), rows.end(), [](const CableRow& r) {
        return !r.hallA.isEmpty() || !r.hallB.isEmpty();
    });
    if (halls) {
        out.chop(2); // the row's CRLF
        out += QStringLiteral(",a_hall,b_hall\r\n");
    }
    auto u = [](const CableEnd& e) { return e.u ? QString::number(e.u) : QString(); };
    for (const CableRow& r : rows) {
        QStringList cells{r.id,
                          r.fabric,
                          r.a.rack,
                          u(r.a),
                          r.a.device,
                          r.a.port,
                          r.b.rack,
                          u(r.b),
                          r.b.device,
                          r.b.port,
                          r.mediumId,
                          r.mediumType,
                          QString::number(r.lengthM, 'f', 1),
                          r.labelA,
                          r.labelB,
                          r.aEndPart,
                          r.bEndPart,
                          r.cablePart,
                          r.cableConnector,
                          r.cableType,
                          r.cableClass,
                          r.label,
                          r.route};
        if (halls)
            cells << r.hallA << r.hallB;
        out += csv::row(cells);
    }
    return out.toUtf8();
}

} // namespace cds
