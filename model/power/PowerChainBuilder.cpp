#include "PowerChainBuilder.h"

#include "../DesignIndex.h"
#include "../site/Site.h"
#include "DcFeed.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cds {

namespace {

constexpr int kMaxModulesPerSystem = 4; ///< N+1: N modules of one UPS system at most

struct RackLoad {
    RackId id;
    double kw = 0;
    int row = -1;
    PointMm at;
    bool dc = false; ///< fed at 800 V DC from a power rack
    int hall = 0;    ///< a campus: the hall whose chain feeds it (index into DesignData::halls)
};

/// Consecutive racks of one row on one pair of busways (or power racks).
struct Segment {
    std::vector<std::size_t> racks; ///< indices into the rack loads
    double kw = 0;
    int row = -1;
    bool dc = false;
};

class ChainBuilder {
public:
    ChainBuilder(DesignData& d, const Catalog& lib, const PowerBuildOptions& o)
        : m_d(d)
        , m_lib(lib)
        , m_o(o) {
        m_chain.scheme = o.scheme;
        m_chain.blocks = o.scheme == PowerScheme::Block ? std::max(3, o.blocks) : 0;
        // A rebuild keeps the settings the user gave the chain: its kVA ratings are sized at
        // its power factor (a generated design has none yet: the defaults).
        m_chain.powerFactor = d.power.powerFactor;
        m_chain.strandedPct = d.power.strandedPct;
    }

    PowerBuildResult run();

private:
    /// Halls with a chain of their own: a campus's halls, else 1 (the floor).
    int chains() const { return m_d.halls.size() > 1 ? int(m_d.halls.size()) : 1; }
    /// One chain (a campus: one hall's) for @p segs under the scheme.
    void buildChain(const std::vector<Segment>& segs, const std::vector<RackLoad>& racks);
    /// "power chain 2N: 2 utility, ..." and, on a campus, how the halls' chains stand.
    QString summary(int halls) const;
    double capKw(const CatalogItem& it) const {
        const PowerElementSpec& s = *it.powerElement;
        return ratedInKva(s.kind) ? s.capacity * m_chain.powerFactor : s.capacity;
    }
    /// The catalog's entries of @p k, smallest first.
    std::vector<const CatalogItem*> entries(PowerKind k, double outputVdc = 0) const {
        std::vector<const CatalogItem*> out;
        for (const CatalogItem& it : m_lib.items())
            if (it.powerElement && it.powerElement->kind == k &&
                (k != PowerKind::PowerRack || it.powerElement->outputVdc >= outputVdc))
                out.push_back(&it);
        std::sort(out.begin(), out.end(), [&](auto a, auto b) {
            return std::tie(a->powerElement->capacity, a->id) <
                   std::tie(b->powerElement->capacity, b->id);
        });
        return out;
    }
    /// The largest entry of @p k's usable kW (at the design share), 0 when there is none.
    double largestKw(PowerKind k) const {
        const auto all = entries(k);
        return all.empty() ? 0 : capKw(*all.back()) * kPowerDesignLoadShare;
    }
    double efficiencyOf(PowerKind k, double needKw) const {
        int units = 1;
        const CatalogItem* it = pick(k, needKw, units);
        return it ? it->powerElement->efficiencyPct / 100.0 : 1.0;
    }
    /// The smallest entry that carries @p needKw alone, else the largest as parallel units.
    const CatalogItem* pick(PowerKind k, double needKw, int& units) const {
        const auto all = entries(k, k == PowerKind::PowerRack ? 800 : 0);
        units = 1;
        for (const CatalogItem* it : all)
            if (capKw(*it) * kPowerDesignLoadShare >= needKw)
                return it;
        if (all.empty())
            return nullptr;
        units = std::max(1, int(std::ceil(needKw / (capKw(*all.back()) * kPowerDesignLoadShare))));
        return all.back();
    }
    PowerElementId add(PowerKind k, const QString& name, double needKw,
                       std::vector<PowerElementId> up, const QString& group);
    PowerElementId addUtility(const QString& name, const QString& group);
    /// A UPS (with its battery), its switchgear, transformer and standby generator, sized for
    /// @p outKw at the UPS output, drawing from @p utility.
    PowerElementId addUpsLine(const QString& tag, const QString& group, double outKw,
                              PowerElementId utility);
    PowerElementId addDistribution(const Segment& s, const QString& tag,
                                   std::vector<PowerElementId> up, const QString& group);
    std::vector<RackLoad> rackLoads() const;
    /// The busway (or power-rack) segments of hall @p hall's racks.
    std::vector<Segment> segments(const std::vector<RackLoad>& racks, int hall) const;
    std::vector<std::vector<std::size_t>> systems(const std::vector<Segment>& segs,
                                                  double limitKw) const;
    void buildTwoN(const std::vector<Segment>& segs, const std::vector<RackLoad>& racks);
    void buildNPlusOne(const std::vector<Segment>& segs, const std::vector<RackLoad>& racks);
    void buildBlocks(const std::vector<Segment>& segs, const std::vector<RackLoad>& racks);
    void sizeUtilities();
    double budgetKva() const;
    void feed(const RackLoad& r, PowerElementId a, PowerElementId b) {
        m_d.racks[r.id].feeds.a = a;
        m_d.racks[r.id].feeds.b = b;
    }
    double distributionEff(const Segment& s) const {
        return efficiencyOf(s.dc ? PowerKind::PowerRack : PowerKind::Busway, s.kw);
    }

    DesignData& m_d;
    const Catalog& m_lib;
    const PowerBuildOptions& m_o;
    PowerChain m_chain;
    QString m_missing; ///< a kind the catalog lacks
    /// A campus: what the current hall's element names and groups start with ("H2-", "H2 ").
    QString m_namePrefix, m_groupPrefix;
};

PowerElementId ChainBuilder::add(PowerKind k, const QString& name, double needKw,
                                 std::vector<PowerElementId> up, const QString& group) {
    int units = 1;
    const CatalogItem* it = pick(k, needKw, units);
    PowerElement e;
    e.name = m_namePrefix + name;
    e.kind = k;
    e.upstream = std::move(up);
    e.group = group.isEmpty() ? group : m_groupPrefix + group;
    if (!it) {
        m_missing = powerKindLabel(k);
        e.capacity = needKw;
        return m_chain.elements.add(std::move(e));
    }
    e.type = m_d.catalog.add(*it);
    e.units = units;
    e.capacity = it->powerElement->capacity * units;
    e.efficiencyPct = it->powerElement->efficiencyPct;
    e.outputVdc = it->powerElement->outputVdc;
    return m_chain.elements.add(std::move(e));
}

PowerElementId ChainBuilder::addUtility(const QString& name, const QString& group) {
    PowerElement e;
    e.name = m_namePrefix + name;
    e.kind = PowerKind::Utility;
    e.group = group.isEmpty() ? group : m_groupPrefix + group;
    e.capacity = 1; // sized by sizeUtilities() once its transformers are known
    return m_chain.elements.add(std::move(e));
}

PowerElementId ChainBuilder::addUpsLine(const QString& tag, const QString& group, double outKw,
                                        PowerElementId utility) {
    const double upsIn = outKw / efficiencyOf(PowerKind::Ups, outKw);
    const double swgIn = upsIn / efficiencyOf(PowerKind::Switchgear, upsIn);
    const PowerElementId tx =
        add(PowerKind::Transformer, QStringLiteral("TX-") + tag, swgIn, {utility}, group);
    const PowerElementId gen =
        add(PowerKind::Generator, QStringLiteral("GEN-") + tag, swgIn, {}, group);
    const PowerElementId swg =
        add(PowerKind::Switchgear, QStringLiteral("SWG-") + tag, upsIn, {tx, gen}, group);
    const PowerElementId bat =
        add(PowerKind::Battery, QStringLiteral("BAT-") + tag, upsIn, {}, group);
    return add(PowerKind::Ups, QStringLiteral("UPS-") + tag, outKw, {swg, bat}, group);
}

PowerElementId ChainBuilder::addDistribution(const Segment& s, const QString& tag,
                                             std::vector<PowerElementId> up, const QString& group) {
    const PowerKind k = s.dc ? PowerKind::PowerRack : PowerKind::Busway;
    return add(k, (s.dc ? QStringLiteral("PR-") : QStringLiteral("BUS-")) + tag, s.kw,
               std::move(up), group);
}

std::vector<RackLoad> ChainBuilder::rackLoads() const {
    const DesignIndex index(m_d);
    const std::vector<int> rackHall = chains() > 1 ? rackHalls(m_d, m_d.halls) : std::vector<int>();
    std::vector<RackLoad> out;
    m_d.racks.forEach([&](RackId id, const Rack& r) {
        RackLoad l{id, 0, index.rowOf(id), r.centre, false, std::max(0, hallOfRack(rackHall, id))};
        for (DeviceId dev : index.devicesIn(id)) {
            const CatalogItem& t = m_d.typeOf(m_d.devices[dev]);
            l.kw += t.powerMaxW.value_or(0) / 1000.0;
            // Since formatVersion 5 a rack-scale system is its trays: any tray marks the rack.
            l.dc = l.dc || (m_o.dc800 && fedAt800VoltsDc(t));
        }
        out.push_back(l);
    });
    std::sort(out.begin(), out.end(), [](const RackLoad& a, const RackLoad& b) {
        return std::tie(a.row, a.at.y, a.at.x, a.id) < std::tie(b.row, b.at.y, b.at.x, b.id);
    });
    return out;
}

std::vector<Segment> ChainBuilder::segments(const std::vector<RackLoad>& racks, int hall) const {
    std::vector<Segment> out;
    const double acMax = largestKw(PowerKind::Busway);
    const double dcMax = largestKw(PowerKind::PowerRack);
    for (std::size_t i = 0; i < racks.size(); ++i) {
        const RackLoad& r = racks[i];
        if (r.hall != hall)
            continue;
        const double max = r.dc ? dcMax : acMax;
        if (out.empty() || out.back().row != r.row || out.back().dc != r.dc ||
            (out.back().kw + r.kw > max && !out.back().racks.empty()))
            out.push_back({{}, 0, r.row, r.dc});
        out.back().racks.push_back(i);
        out.back().kw += r.kw;
    }
    return out;
}

std::vector<std::vector<std::size_t>> ChainBuilder::systems(const std::vector<Segment>& segs,
                                                            double limitKw) const {
    std::vector<std::vector<std::size_t>> out;
    double kw = 0;
    for (std::size_t i = 0; i < segs.size(); ++i) {
        const double need = segs[i].kw / distributionEff(segs[i]);
        if (out.empty() || (kw + need > limitKw && !out.back().empty())) {
            out.emplace_back();
            kw = 0;
        }
        out.back().push_back(i);
        kw += need;
    }
    return out;
}

QString rowTag(int row) {
    return row < 0 ? QStringLiteral("F")
                   : QStringLiteral("R%1").arg(row + 1, 2, 10, QLatin1Char('0'));
}

void ChainBuilder::buildTwoN(const std::vector<Segment>& segs, const std::vector<RackLoad>& racks) {
    const bool twoSides = m_o.scheme == PowerScheme::TwoN;
    const PowerElementId utilA = addUtility(QStringLiteral("UTIL-A"), QStringLiteral("A"));
    const PowerElementId utilB =
        twoSides ? addUtility(QStringLiteral("UTIL-B"), QStringLiteral("B")) : PowerElementId();
    const auto groups = systems(segs, largestKw(PowerKind::Ups));
    for (std::size_t k = 0; k < groups.size(); ++k) {
        double kw = 0;
        for (std::size_t s : groups[k])
            kw += segs[s].kw / distributionEff(segs[s]);
        const QString n = QString::number(k + 1);
        const PowerElementId upsA =
            addUpsLine(QStringLiteral("A") + n, QStringLiteral("A"), kw, utilA);
        const PowerElementId upsB =
            twoSides ? addUpsLine(QStringLiteral("B") + n, QStringLiteral("B"), kw, utilB)
                     : PowerElementId();
        for (std::size_t s : groups[k]) {
            const QString tag = QStringLiteral("%1-%2").arg(rowTag(segs[s].row)).arg(s + 1);
            const PowerElementId a =
                addDistribution(segs[s], QStringLiteral("A-") + tag, {upsA}, QStringLiteral("A"));
            const PowerElementId b = twoSides ? addDistribution(segs[s], QStringLiteral("B-") + tag,
                                                                {upsB}, QStringLiteral("B"))
                                              : PowerElementId();
            for (std::size_t r : segs[s].racks)
                feed(racks[r], a, b);
        }
    }
}

void ChainBuilder::buildNPlusOne(const std::vector<Segment>& segs,
                                 const std::vector<RackLoad>& racks) {
    const PowerElementId util = addUtility(QStringLiteral("UTIL"), {});
    const double module = largestKw(PowerKind::Ups);
    const auto groups = systems(segs, module * kMaxModulesPerSystem);
    for (std::size_t k = 0; k < groups.size(); ++k) {
        const QString sys = QStringLiteral("N+1 system %1").arg(k + 1);
        double kw = 0;
        for (std::size_t s : groups[k])
            kw += segs[s].kw / distributionEff(segs[s]);
        const int n = std::max(1, int(std::ceil(kw / std::max(1e-9, module) - 1e-9)));
        const int modules = n + std::max(0, m_o.reserve);
        const double upsIn = kw / efficiencyOf(PowerKind::Ups, kw / n);
        const double swgIn = upsIn / efficiencyOf(PowerKind::Switchgear, upsIn);
        // Transformers and generators N+1 as well: each carries its share with one out.
        const int nTx =
            std::max(1, int(std::ceil(swgIn / std::max(1e-9, largestKw(PowerKind::Transformer)))));
        std::vector<PowerElementId> supplies;
        for (int t = 0; t < nTx + m_o.reserve; ++t)
            supplies.push_back(add(PowerKind::Transformer,
                                   QStringLiteral("TX-%1.%2").arg(k + 1).arg(t + 1), swgIn / nTx,
                                   {util}, sys));
        const int nGen =
            std::max(1, int(std::ceil(swgIn / std::max(1e-9, largestKw(PowerKind::Generator)))));
        for (int g = 0; g < nGen + m_o.reserve; ++g)
            supplies.push_back(add(PowerKind::Generator,
                                   QStringLiteral("GEN-%1.%2").arg(k + 1).arg(g + 1), swgIn / nGen,
                                   {}, sys));
        const PowerElementId swg =
            add(PowerKind::Switchgear, QStringLiteral("SWG-%1").arg(k + 1), upsIn, supplies, sys);
        std::vector<PowerElementId> ups;
        for (int m = 0; m < modules; ++m) {
            const QString tag = QStringLiteral("%1.%2").arg(k + 1).arg(m + 1);
            const PowerElementId bat =
                add(PowerKind::Battery, QStringLiteral("BAT-") + tag, upsIn / n, {}, sys);
            ups.push_back(
                add(PowerKind::Ups, QStringLiteral("UPS-") + tag, kw / n, {swg, bat}, sys));
        }
        for (std::size_t s : groups[k]) {
            const QString tag = QStringLiteral("%1-%2").arg(rowTag(segs[s].row)).arg(s + 1);
            const PowerElementId a = addDistribution(segs[s], QStringLiteral("A-") + tag, ups, sys);
            const PowerElementId b = addDistribution(segs[s], QStringLiteral("B-") + tag, ups, sys);
            for (std::size_t r : segs[s].racks)
                feed(racks[r], a, b);
        }
    }
}

void ChainBuilder::buildBlocks(const std::vector<Segment>& segs,
                               const std::vector<RackLoad>& racks) {
    const int blocks = m_chain.blocks;
    const PowerElementId util = addUtility(QStringLiteral("UTIL"), {});
    // Pairs of blocks in turn: with one block out, its load spreads over all the others.
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < blocks; ++i)
        for (int j = i + 1; j < blocks; ++j)
            pairs.push_back({i, j});
    const auto groups = systems(segs, largestKw(PowerKind::Ups) * (blocks - 1));
    for (std::size_t k = 0; k < groups.size(); ++k) {
        double kw = 0;
        for (std::size_t s : groups[k])
            kw += segs[s].kw / distributionEff(segs[s]);
        std::vector<PowerElementId> ups;
        for (int b = 0; b < blocks; ++b)
            ups.push_back(addUpsLine(QStringLiteral("%1.%2").arg(k + 1).arg(b + 1),
                                     QStringLiteral("block %1").arg(b + 1), kw / (blocks - 1),
                                     util));
        std::size_t turn = 0;
        for (std::size_t s : groups[k]) {
            std::map<int, PowerElementId> perBlock; // this segment's busway on each block
            auto on = [&](int b) {
                auto [it, fresh] = perBlock.try_emplace(b);
                if (fresh)
                    it->second = addDistribution(
                        segs[s],
                        QStringLiteral("%1-%2-%3").arg(b + 1).arg(rowTag(segs[s].row)).arg(s + 1),
                        {ups[std::size_t(b)]}, QStringLiteral("block %1").arg(b + 1));
                return it->second;
            };
            for (std::size_t r : segs[s].racks) {
                const auto [i, j] = pairs[turn++ % pairs.size()];
                const PowerElementId a = on(i);
                feed(racks[r], a, on(j));
            }
        }
    }
}

/// --hall-mw: the rating a hall's IT budget asks of its utility service, through the losses of
/// the stages between the racks and the service (distribution, UPS, switchgear, transformer),
/// at the chain's power factor, at most kMaxPowerCapacity; 0 without a budget.
double ChainBuilder::budgetKva() const {
    if (m_o.hallBudgetKw <= 0)
        return 0;
    double kw = m_o.hallBudgetKw;
    const double busway = efficiencyOf(PowerKind::Busway, kw);
    kw /= m_o.dc800 ? std::min(busway, efficiencyOf(PowerKind::PowerRack, kw)) : busway;
    for (PowerKind k : {PowerKind::Ups, PowerKind::Switchgear, PowerKind::Transformer})
        kw /= efficiencyOf(k, kw);
    // A service beyond what a design file holds (10 GVA) is out of any site's reach anyway.
    return std::min(kMaxPowerCapacity, kw / m_chain.powerFactor);
}

/// Each utility service sized to the transformers it feeds (their kVA), and with --hall-mw to
/// its hall's budget when that asks more, rounded up to 500 kVA.
void ChainBuilder::sizeUtilities() {
    std::map<PowerElementId, double> kva;
    m_chain.elements.forEach([&](PowerElementId, const PowerElement& e) {
        if (e.kind == PowerKind::Transformer)
            for (PowerElementId u : e.upstream)
                kva[u] += e.capacity;
    });
    const double budget = budgetKva();
    m_chain.elements.forEach([&](PowerElementId id, PowerElement& e) {
        if (e.kind == PowerKind::Utility)
            e.capacity = std::max(500.0, std::ceil(std::max(kva[id], budget) / 500.0) * 500.0);
    });
}

void ChainBuilder::buildChain(const std::vector<Segment>& segs,
                              const std::vector<RackLoad>& racks) {
    switch (m_o.scheme) {
    case PowerScheme::TwoN:
    case PowerScheme::Single:
        buildTwoN(segs, racks);
        break;
    case PowerScheme::NPlusOne:
        buildNPlusOne(segs, racks);
        break;
    case PowerScheme::Block:
        buildBlocks(segs, racks);
        break;
    }
}

QString ChainBuilder::summary(int halls) const {
    std::array<int, kPowerKindCount> byKind{};
    m_chain.elements.forEach(
        [&](PowerElementId, const PowerElement& e) { byKind[std::size_t(e.kind)] += e.units; });
    QStringList parts;
    for (int k = 0; k < kPowerKindCount; ++k)
        if (byKind[std::size_t(k)] > 0)
            parts << QStringLiteral("%1 %2")
                         .arg(byKind[std::size_t(k)])
                         .arg(powerKindKey(PowerKind(k)));
    QString note = QStringLiteral("power chain %1: %2")
                       .arg(m_chain.schemeLabel(), parts.join(QStringLiteral(", ")));
    if (halls > 1)
        note += QStringLiteral("; a chain per hall (%1 halls), each from its own utility "
                               "service")
                    .arg(halls);
    if (m_o.hallBudgetKw > 0)
        note += QStringLiteral("; utility services rated for %1 MW of IT a hall")
                    .arg(m_o.hallBudgetKw / 1000.0, 0, 'f', 2);
    return note;
}

PowerBuildResult ChainBuilder::run() {
    PowerBuildResult r;
    const std::vector<RackLoad> racks = rackLoads();
    m_d.racks.forEach([](RackId, Rack& rack) { rack.feeds.a = rack.feeds.b = PowerElementId(); });
    // A campus: each hall its own chain, from its own utility service down (README, Power
    // chain); one hall: the chain as it always was, its names and groups unprefixed.
    const int halls = chains();
    int built = 0;
    for (int h = 0; h < halls; ++h) {
        const std::vector<Segment> segs = segments(racks, h);
        if (halls > 1 && segs.empty())
            continue; // a hall with no racks needs no power
        m_namePrefix = halls > 1 ? QStringLiteral("H%1-").arg(h + 1) : QString();
        m_groupPrefix = halls > 1 ? QStringLiteral("H%1 ").arg(h + 1) : QString();
        buildChain(segs, racks);
        ++built;
    }
    if (!m_missing.isEmpty()) {
        r.error =
            QStringLiteral("the catalog has no %1 for the power chain").arg(m_missing.toLower());
        return r;
    }
    sizeUtilities();
    const PowerChain previous = m_d.power;
    m_chain.itBudgetKw = previous.itBudgetKw;
    m_chain.siteBudgetKw = previous.siteBudgetKw;
    m_chain.transientPct = previous.transientPct;
    r.notes << summary(built);
    m_d.power = std::move(m_chain);
    r.ok = true;
    return r;
}

} // namespace

PowerBuildResult buildPowerChain(DesignData& d, const Catalog& library,
                                 const PowerBuildOptions& o) {
    return ChainBuilder(d, library, o).run();
}

} // namespace cds
