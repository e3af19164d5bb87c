#include "MediaChooser.h"

#include "../DesignIndex.h"
#include "CableParts.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {

bool speedTechMatch(const MediaSpec& m, const LinkEnds& e) {
    if (std::abs(m.speedGbps - e.speedGbps) > 1e-6)
        return false;
    return m.technology == Technology::Any || e.technology == Technology::Any ||
           m.technology == e.technology;
}

// The catalog marks a 1:2 / 1:4 splitter only in its model text (catalogs/README.md).
bool isSplitter(const CatalogItem& it) {
    return it.model.contains(QLatin1String("splitter"), Qt::CaseInsensitive);
}

// A host's NIC port, where a one-connector optic may go; a switch port is not one.
bool isHostPort(const PortInfo& p) {
    return p.role != PortRole::Fabric && p.role != PortRole::Uplink;
}

} // namespace

MediaChooser::MediaChooser(const DesignData& d, PortTable& ports)
    : m_d(d)
    , m_ports(ports) {
    m_topsKnown =
        std::any_of(d.catalog.items().begin(), d.catalog.items().end(), [](const CatalogItem& it) {
            return it.category == Category::Transceiver && it.media && !it.media->top.isEmpty();
        });
}

LinkEnds MediaChooser::ends(const DesignIndex& index, const Link& l) {
    LinkEnds e;
    const Device* a = m_d.devices.find(l.a.device);
    const Device* b = m_d.devices.find(l.b.device);
    if (!a || !b)
        return e;
    const PortInfo& pa = m_ports.info(*a, l.a.port);
    const PortInfo& pb = m_ports.info(*b, l.b.port);
    if (!pa.valid || !pb.valid)
        return e;
    e.valid = true;
    e.speedGbps = std::min(pa.speedGbps, pb.speedGbps);
    const Fabric* f = m_d.fabric(l.fabric);
    e.technology = f ? f->technology : Technology::Any;
    e.cageA = pa.cageKind;
    e.cageB = pb.cageKind;
    e.multiA = pa.cageLanes > 1;
    e.multiB = pb.cageLanes > 1;
    e.flatA = m_topsKnown && pa.flatTop;
    e.flatB = m_topsKnown && pb.flatTop;
    e.hostA = isHostPort(pa);
    e.hostB = isHostPort(pb);
    if (e.multiA && e.multiB && pa.cageLanes == pb.cageLanes) {
        // Lanes of one cage are consecutive logical ports.
        e.paired = true;
        const int n = m_ports.portCount(*a);
        const int lo = std::max(0, int(l.a.port) - pa.cageLanes + 1);
        const int hi = std::min(n, int(l.a.port) + pa.cageLanes);
        for (int p = lo; p < hi && e.paired; ++p) {
            if (p == l.a.port || m_ports.info(*a, p).cage != pa.cage)
                continue;
            const LinkId sib = index.linkAt({l.a.device, std::uint16_t(p)});
            const Link* s = sib ? m_d.links.find(sib) : nullptr;
            if (!s) {
                e.paired = false;
                break;
            }
            const PortRef far = s->a.device == l.a.device && s->a.port == p ? s->b : s->a;
            e.paired = far.device == l.b.device && m_ports.info(*b, far.port).cage == pb.cage;
        }
    }
    return e;
}

bool MediaChooser::cableFits(const CatalogItem& it, const LinkEnds& e) const {
    const MediaSpec& m = *it.media;
    if (m.type == MediaType::Mmf || m.type == MediaType::Smf) // passive fibre: with optics
        return false;
    if (!speedTechMatch(m, e))
        return false;
    const QString ca = m_ports.cageName(e.cageA), cb = m_ports.cageName(e.cageB);
    if (!m.twinPort)
        return !e.multiA && !e.multiB && cageAccepts(ca, m.formFactor) &&
               cageAccepts(cb, m.formFactor);
    if (isSplitter(it)) {
        const QString osfp = QStringLiteral("OSFP");
        return (e.multiA && !e.multiB && ca == osfp && cageAccepts(cb, m.formFactor)) ||
               (e.multiB && !e.multiA && cb == osfp && cageAccepts(ca, m.formFactor));
    }
    return e.multiA && e.multiB && e.paired && cageAccepts(ca, m.formFactor) &&
           cageAccepts(cb, m.formFactor);
}

bool MediaChooser::transceiverFits(const CatalogItem& it, std::uint8_t cage, bool multi, bool flat,
                                   bool host, const LinkEnds& e) const {
    const MediaSpec& m = *it.media;
    return speedTechMatch(m, e) && m.twinPort == multi && m.isFlatTop() == flat &&
           cageAccepts(m_ports.cageName(cage), m.formFactor) && (host || !oneConnectorForCage(it));
}

const std::vector<MediaChooser::Option>& MediaChooser::options(const LinkEnds& e) {
    const std::uint64_t key = (std::uint64_t(std::llround(e.speedGbps * 10)) << 32) |
                              (std::uint64_t(e.technology) << 24) | (std::uint64_t(e.cageA) << 16) |
                              (std::uint64_t(e.cageB) << 8) | (e.multiA ? 4u : 0u) |
                              (e.multiB ? 2u : 0u) | (e.paired ? 1u : 0u) | (e.flatA ? 8u : 0u) |
                              (e.flatB ? 16u : 0u) | (e.hostA ? 32u : 0u) | (e.hostB ? 64u : 0u) |
                              (e.betweenHalls ? 128u : 0u);
    auto it = m_cache.find(key);
    if (it != m_cache.end())
        return it->second;
    std::vector<Option> opts;
    const auto& items = m_d.catalog.items();
    std::vector<std::size_t> endA, endB;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const CatalogItem& c = items[i];
        if (!c.media || (e.betweenHalls && c.media->type != MediaType::Smf))
            continue; // between halls: single-mode optics (a single-mode cable is their fibre)
        const TypeId t(static_cast<TypeId::Rep>(i));
        const double price = c.price ? c.price->usd : 1e9;
        if (c.category == Category::Cable && cableFits(c, e))
            opts.push_back({{t, {}, c.media->maxReachM}, int(c.media->type), true, price});
        if (c.category == Category::Transceiver) {
            if (transceiverFits(c, e.cageA, e.multiA, e.flatA, e.hostA, e))
                endA.push_back(i);
            if (transceiverFits(c, e.cageB, e.multiB, e.flatB, e.hostB, e))
                endB.push_back(i);
        }
    }
    for (std::size_t ia : endA) {
        for (std::size_t ib : endB) {
            const MediaSpec &ma = *items[ia].media, &mb = *items[ib].media;
            if (ma.type != mb.type || ma.fiber != mb.fiber)
                continue;
            // A splitter's legs end in plugs of one connector per link, never in another's.
            const bool oneA = oneConnectorForCage(items[ia]), oneB = oneConnectorForCage(items[ib]);
            if (oneA && oneB)
                continue;
            const TypeId ta(static_cast<TypeId::Rep>(ia)), tb(static_cast<TypeId::Rep>(ib));
            const double price = (items[ia].price ? items[ia].price->usd : 1e9) +
                                 (items[ib].price ? items[ib].price->usd : 1e9);
            opts.push_back({{ta, ia == ib ? TypeId() : tb, std::min(ma.maxReachM, mb.maxReachM)},
                            int(ma.type),
                            !oneA && !oneB,
                            price});
        }
    }
    std::stable_sort(opts.begin(), opts.end(), [](const Option& x, const Option& y) {
        // One splitter assembly per port before a fibre per lane, then the cheapest.
        return std::tie(x.rank, x.fibrePerLane, x.cost) < std::tie(y.rank, y.fibrePerLane, y.cost);
    });
    return m_cache.emplace(key, std::move(opts)).first->second;
}

MediumChoice MediaChooser::choose(const LinkEnds& e, double lengthM) {
    if (!e.valid)
        return {};
    for (const Option& o : options(e))
        if (o.choice.maxReachM + 1e-9 >= lengthM)
            return o.choice;
    return {};
}

bool MediaChooser::fits(TypeId t, const LinkEnds& e) {
    for (const Option& o : options(e))
        if (o.choice.a == t || o.choice.b == t)
            return true;
    return false;
}

} // namespace cds
