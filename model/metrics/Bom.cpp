#include "Bom.h"

#include "../DesignIndex.h"
#include "../FlatKeyMap.h"
#include "../PortTable.h"
#include "../cabling/CableParts.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <variant>

#include <QSet>

namespace cds {

namespace {
constexpr std::array<const char*, kCostCategoryCount> kKeys = {
    "gpu_servers", "network_switches", "cables_and_optics", "racks_and_power", "cooling", "storage",
    "other"};
constexpr std::array<const char*, kCostCategoryCount> kLabels = {
    "GPU servers", "Network switches", "Cables and optics", "Racks and power", "Cooling", "Storage",
    "Other"};

TypeId findCooling(const DesignData& d, const char* type) {
    for (std::size_t i = 0; i < d.catalog.size(); ++i) {
        const CatalogItem& it = d.catalog.items()[i];
        if (it.category == Category::Cooling && it.coolingType == QLatin1String(type))
            return TypeId(static_cast<TypeId::Rep>(i));
    }
    return {};
}

/// @brief Which (device, cage, medium) were seen: one slot per physical cage of the design
/// holds the first medium plugged there, in device order, so the lookups of one device stay
/// close in memory; a second medium in the same cage (rare) goes to a set of keys.
class CageFirsts {
public:
    CageFirsts(const DesignData& d, PortTable& ports, std::size_t links)
        : m_others(links / 16 + 16) {
        m_base.assign(d.devices.capacity() + 1, 0);
        std::uint32_t at = 0;
        for (std::size_t i = 0; i < d.devices.capacity(); ++i) {
            m_base[i] = at;
            if (const Device* dev = d.devices.find(DeviceId(static_cast<DeviceId::Rep>(i))))
                at += std::uint32_t(ports.cageCount(*dev));
        }
        m_base.back() = at;
        m_first.assign(at, kNone);
    }
    /// True the first time @p medium is seen in @p cage of @p device.
    bool insert(DeviceId device, std::uint16_t cage, TypeId medium) {
        const std::size_t i = device.value();
        if (i + 1 >= m_base.size() || m_base[i] + cage >= m_base[i + 1])
            return m_others.tryEmplace(key(device, cage, medium), {})
                .second; // not a cage of the catalog
        std::uint32_t& slot = m_first[m_base[i] + cage];
        if (slot == kNone) {
            slot = medium.value();
            return true;
        }
        return slot != medium.value() && m_others.tryEmplace(key(device, cage, medium), {}).second;
    }

private:
    static constexpr std::uint32_t kNone = 0xffffffffU;
    static std::uint64_t key(DeviceId device, std::uint16_t cage, TypeId medium) {
        // +1 keeps every key non-zero (FlatKeyMap's empty slot).
        return ((std::uint64_t(device.value()) + 1) << 32) | (std::uint64_t(medium.value()) << 16) |
               cage;
    }
    std::vector<std::uint32_t> m_base; ///< first slot of each device id; back() = total
    std::vector<std::uint32_t> m_first;
    FlatKeyMap<std::monostate> m_others;
};

double binLength(const MediaSpec& m, double lengthM) {
    for (double l : m.lengthsM) // catalogs list lengths ascending
        if (l + 1e-9 >= lengthM)
            return l;
    return std::ceil(lengthM);
}
} // namespace

QString costCategoryKey(CostCategory c) {
    return QLatin1String(kKeys[std::size_t(c)]);
}
QString costCategoryLabel(CostCategory c) {
    return QLatin1String(kLabels[std::size_t(c)]);
}

CostCategory costCategoryOf(const CatalogItem& it) {
    switch (it.category) {
    case Category::Server:
        return it.gpuCount() > 0 ? CostCategory::GpuServers : CostCategory::Other;
    case Category::Switch:
        return CostCategory::NetworkSwitches;
    case Category::Cable:
    case Category::Transceiver:
        return CostCategory::CablesAndOptics;
    case Category::Rack:
    case Category::Power:
        return CostCategory::RacksAndPower;
    case Category::Cooling:
        return CostCategory::Cooling;
    case Category::Storage:
        return CostCategory::Storage;
    case Category::Management:
    case Category::Nic:
        return CostCategory::Other;
    }
    return CostCategory::Other;
}

Bom computeBom(const DesignData& d) {
    return BomTally(d).bom(d);
}

BomTally::BomTally(const DesignData& d)
    : m_qty(d.catalog.size(), 0)
    , m_cablesOf(d.catalog.size(), 0)
    , m_endsOf(d.catalog.size(), 0)
    , m_bins(d.catalog.size())
    , m_fibres(d.catalog) {
    d.racks.forEach([&](RackId, const Rack& r) { ++m_qty[r.type.value()]; });
    d.devices.forEach([&](DeviceId, const Device& v) { ++m_qty[v.type.value()]; });
    // The power chain's equipment: each element as many times as the units it stands for.
    d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
        if (d.catalog.contains(e.type))
            m_qty[e.type.value()] += e.units;
    });

    // Cables and optics. A twin-port plug (transceiver or cable) serves every link of its
    // cage, so it is counted once per occupied (device, cage); everything else per link end.
    PortTable ports(d.catalog);
    CageFirsts twinCages(d, ports, d.links.size());
    auto firstInCage = [&](const PortRef& p, TypeId medium) {
        const Device* dev = d.devices.find(p.device);
        const PortInfo& pi = dev ? ports.info(*dev, p.port) : PortInfo{};
        return twinCages.insert(p.device, pi.cage, medium);
    };
    auto multiLane = [&](const PortRef& p) {
        const Device* dev = d.devices.find(p.device);
        return dev && ports.info(*dev, p.port).cageLanes > 1;
    };
    d.links.forEach([&](LinkId, const Link& l) {
        TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
        if (!d.catalog.contains(m) || !d.catalog[m].media)
            return;
        const CatalogItem& item = d.catalog[m];
        const MediaSpec& ms = *item.media;
        if (item.category == Category::Cable) {
            // Twin-to-twin or splitter: one cable per cage at its twin-port (switch) end.
            const PortRef& twinEnd = multiLane(l.a) || !multiLane(l.b) ? l.a : l.b;
            if (!ms.twinPort || firstInCage(twinEnd, m))
                addCable(d, m, l.lengthM, +1);
            return;
        }
        // Transceiver at each end (the B end may differ) plus the passive fibre between them:
        // one per link, or a splitter that is one assembly, billed once per cage at its end.
        for (int end = 0; end < 2; ++end) {
            const PortRef& p = end == 0 ? l.a : l.b;
            const TypeId t = end == 1 && l.mediumB && !l.pinnedMedium ? l.mediumB : m;
            const MediaSpec& ts = *d.catalog[t].media;
            if (!ts.twinPort || firstInCage(p, t))
                addEnd(t, +1);
        }
        const LinkFibre fibre = linkFibre(d, m_fibres, l);
        if (fibre.splitEnd < 0 || firstInCage(fibre.splitEnd == 0 ? l.a : l.b, fibre.fibre))
            addFibre(d, fibre.fibre, l.lengthM, +1);
    });

    // Cooling implied by each rack's cooling type, for each kind the design does not place
    // itself: a generated design places its CDUs (N+1, FloorPlanner::addCdus), and those
    // devices are already counted above; implying more would bill the plant twice.
    QSet<QString> placed;
    d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& it = d.catalog[v.type];
        if (it.category == Category::Cooling)
            placed.insert(it.coolingType);
    });
    auto implied = [&](const char* type) {
        return placed.contains(QLatin1String(type)) ? TypeId{} : findCooling(d, type);
    };
    const TypeId rdhx = implied("rear-door-hx"), cdu = implied("cdu"), tank = implied("immersion");
    // A rack that names its cooling product is billed that product, once.
    double dlcKw = 0;
    d.racks.forEach([&](RackId, const Rack& r) {
        if (r.coolingProduct)
            ++m_qty[r.coolingProduct.value()];
        else if (r.cooling == CoolingType::RearDoorHx && rdhx)
            ++m_qty[rdhx.value()];
        else if (r.cooling == CoolingType::Immersion && tank)
            ++m_qty[tank.value()];
    });
    d.devices.forEach([&](DeviceId, const Device& v) {
        const Rack* r = d.racks.find(v.rack);
        if (r && r->cooling == CoolingType::DirectLiquid && !r->coolingProduct)
            dlcKw += d.catalog[v.type].powerMaxW.value_or(0) / 1000.0;
    });
    if (cdu && dlcKw > 0) {
        double cap = d.catalog[cdu].coolingCapacityKw.value_or(0);
        m_qty[cdu.value()] += cap > 0 ? (long long)std::ceil(dlcKw / cap) : 1;
    }
}

bool BomTally::twinPortInvolved(const DesignData& d, const Link& l) {
    for (TypeId t : {l.pinnedMedium ? l.pinnedMedium : l.medium, l.mediumB})
        if (d.catalog.contains(t) && d.catalog[t].media && d.catalog[t].media->twinPort)
            return true;
    return false;
}

void BomTally::addBin(const DesignData& d, TypeId t, double lengthM, int sign) {
    auto& bins = m_bins[t.value()];
    const double at = binLength(*d.catalog[t].media, lengthM);
    if ((bins[at] += sign) == 0)
        bins.erase(at);
}

void BomTally::addCable(const DesignData& d, TypeId cable, double lengthM, int sign) {
    m_qty[cable.value()] += sign;
    m_cablesOf[cable.value()] += sign;
    m_cables += sign;
    addBin(d, cable, lengthM, sign);
}

void BomTally::addEnd(TypeId transceiver, int sign) {
    m_qty[transceiver.value()] += sign;
    m_endsOf[transceiver.value()] += sign;
    m_transceivers += sign;
}

void BomTally::addFibre(const DesignData& d, TypeId fibre, double lengthM, int sign) {
    if (fibre) {
        m_qty[fibre.value()] += sign;
        m_cables += sign;
        addBin(d, fibre, lengthM, sign);
    }
}

void BomTally::countLink(const DesignData& d, const Link& l, int sign) {
    // The per-link share of the constructor's count, for media without twin-port plugs.
    TypeId m = l.pinnedMedium ? l.pinnedMedium : l.medium;
    if (!d.catalog.contains(m) || !d.catalog[m].media)
        return;
    if (d.catalog[m].category == Category::Cable) {
        addCable(d, m, l.lengthM, sign);
        return;
    }
    for (int end = 0; end < 2; ++end)
        addEnd(end == 1 && l.mediumB && !l.pinnedMedium ? l.mediumB : m, sign);
    addFibre(d, m_fibres.fibreFor(m), l.lengthM, sign);
}

bool BomTally::relink(const DesignData& d, const Link& before, const Link& now) {
    const TypeId m = now.pinnedMedium ? now.pinnedMedium : now.medium;
    if (before.pinnedMedium == now.pinnedMedium && before.medium == now.medium &&
        before.mediumB == now.mediumB && d.catalog.contains(m) && d.catalog[m].media) {
        // Same plugs, another length (the common drag step): only a length bin can move.
        const MediaSpec& ms = *d.catalog[m].media;
        const bool cable = d.catalog[m].category == Category::Cable;
        const LinkFibre fibre = cable ? LinkFibre{} : linkFibre(d, m_fibres, now);
        const TypeId binned = cable ? m : fibre.fibre;
        if (!binned)
            return true;
        const MediaSpec& bs = *d.catalog[binned].media;
        if (binLength(bs, before.lengthM) == binLength(bs, now.lengthM))
            return true;
        // Binned at the first link of its cage (a twin cable, a splitter fibre): count again.
        if ((cable && ms.twinPort) || fibre.splitEnd >= 0)
            return false;
        addBin(d, binned, before.lengthM, -1);
        addBin(d, binned, now.lengthM, +1);
        return true;
    }
    if (twinPortInvolved(d, before) || twinPortInvolved(d, now))
        return false;
    countLink(d, before, -1);
    countLink(d, now, +1);
    return true;
}

Bom BomTally::bom(const DesignData& d) const {
    Bom bom;
    bom.transceivers = m_transceivers;
    bom.pluggableOptics = m_transceivers;
    for (std::size_t i = 0; i < m_endsOf.size(); ++i)
        if (const auto& media = d.catalog.items()[i].media; media && media->formFactor == u"CPO")
            bom.pluggableOptics -= m_endsOf[i];
    bom.cables = m_cables;
    for (std::size_t i = 0; i < m_qty.size(); ++i) {
        const MediaSpec* ms = d.catalog.items()[i].media ? &*d.catalog.items()[i].media : nullptr;
        if (ms && ms->powerPerEndW) { // optics and active cables, both ends
            if (ms->type != MediaType::Dac)
                bom.opticsPowerW += 2 * *ms->powerPerEndW * double(m_cablesOf[i]);
            bom.opticsPowerW += *ms->powerPerEndW * double(m_endsOf[i]);
        }
        if (m_qty[i] == 0)
            continue;
        TypeId t(static_cast<TypeId::Rep>(i));
        BomLine line;
        line.type = t;
        line.category = costCategoryOf(d.catalog[t]);
        line.quantity = m_qty[i];
        line.unitPriceUsd = d.unitPrice(t);
        line.lengthBins.assign(m_bins[i].begin(), m_bins[i].end());
        if (auto e = line.extendedUsd()) {
            bom.totalUsd += *e;
            if (d.catalog[t].category == Category::Transceiver)
                bom.opticsCostUsd += *e;
        } else
            ++bom.unpricedLines;
        bom.lines.push_back(std::move(line));
    }
    std::sort(bom.lines.begin(), bom.lines.end(), [&](const BomLine& a, const BomLine& b) {
        const CatalogItem &x = d.catalog[a.type], &y = d.catalog[b.type];
        return std::tie(a.category, x.vendor, x.model, x.id) <
               std::tie(b.category, y.vendor, y.model, y.id);
    });
    return bom;
}

} // namespace cds
