#include "BuildPlan.h"

#include "../metrics/Metrics.h"

#include <algorithm>
#include <climits>
#include <map>
#include <set>

namespace cds {

int phaseOfRack(const DesignData& d, RackId id) {
    const Rack* r = d.racks.find(id);
    if (!r || d.phases.empty())
        return 0;
    return std::clamp(int(r->phase), 0, int(d.phases.size()) - 1);
}

int phaseOfDevice(const DesignData& d, DeviceId id) {
    const Device* v = d.devices.find(id);
    return v ? phaseOfRack(d, v->rack) : 0;
}

int phaseOfLink(const DesignData& d, LinkId id) {
    const Link* l = d.links.find(id);
    return l ? std::max(phaseOfDevice(d, l->a.device), phaseOfDevice(d, l->b.device)) : 0;
}

std::vector<int> powerElementPhases(const DesignData& d) {
    std::size_t size = 0;
    d.power.elements.forEach([&](PowerElementId id, const PowerElement&) {
        size = std::max(size, std::size_t(id.value()) + 1);
    });
    std::vector<int> phase(size, INT_MAX);
    // Each rack's phase runs up its feeds: an element is needed by the first rack it feeds.
    std::vector<PowerElementId> stack;
    d.racks.forEach([&](RackId id, const Rack& r) {
        const int p = phaseOfRack(d, id);
        for (PowerElementId feed : {r.feeds.a, r.feeds.b})
            if (d.power.elements.contains(feed))
                stack.push_back(feed);
        while (!stack.empty()) {
            const PowerElementId e = stack.back();
            stack.pop_back();
            if (phase[e.value()] <= p)
                continue;
            phase[e.value()] = p;
            for (PowerElementId up : d.power.elements[e].upstream)
                if (d.power.elements.contains(up))
                    stack.push_back(up);
        }
    });
    for (int& p : phase)
        p = p == INT_MAX ? 0 : p;
    return phase;
}

DesignData designUpTo(const DesignData& d, int last) {
    DesignData out = d;
    out.scenarios.clear();
    d.racks.forEach([&](RackId id, const Rack&) {
        if (phaseOfRack(d, id) > last)
            out.racks.take(id);
    });
    d.devices.forEach([&](DeviceId id, const Device& v) {
        if (v.rack.isValid() && !out.racks.contains(v.rack))
            out.devices.take(id);
    });
    d.links.forEach([&](LinkId id, const Link& l) {
        if (!out.devices.contains(l.a.device) || !out.devices.contains(l.b.device))
            out.links.take(id);
    });
    const std::vector<int> power = powerElementPhases(d);
    d.power.elements.forEach([&](PowerElementId id, const PowerElement&) {
        if (power[id.value()] > last)
            out.power.elements.take(id);
    });
    return out;
}

Bom bomDelta(const DesignData& d, const Bom& later, const Bom& earlier) {
    struct Count {
        long long quantity = 0;
        std::map<double, long long> bins;
        CostCategory category = CostCategory::Other;
    };
    std::map<TypeId, Count> by;
    for (const BomLine& l : later.lines) {
        Count& c = by[l.type];
        c.quantity += l.quantity;
        c.category = l.category;
        for (const auto& [length, n] : l.lengthBins)
            c.bins[length] += n;
    }
    for (const BomLine& l : earlier.lines) {
        Count& c = by[l.type];
        c.quantity -= l.quantity;
        c.category = l.category;
        for (const auto& [length, n] : l.lengthBins)
            if ((c.bins[length] -= n) == 0)
                c.bins.erase(length);
    }
    Bom out;
    for (const auto& [type, c] : by) {
        if (c.quantity == 0 && c.bins.empty())
            continue;
        BomLine line;
        line.type = type;
        line.category = c.category;
        line.quantity = c.quantity;
        line.unitPriceUsd = d.unitPrice(type);
        line.lengthBins.assign(c.bins.begin(), c.bins.end());
        if (const std::optional<double> e = line.extendedUsd())
            out.totalUsd += *e;
        else
            ++out.unpricedLines;
        out.lines.push_back(std::move(line));
    }
    // The same order as computeBom's.
    std::sort(out.lines.begin(), out.lines.end(), [&](const BomLine& a, const BomLine& b) {
        const CatalogItem &x = d.catalog[a.type], &y = d.catalog[b.type];
        return std::tie(a.category, x.vendor, x.model, x.id) <
               std::tie(b.category, y.vendor, y.model, y.id);
    });
    out.transceivers = later.transceivers - earlier.transceivers;
    out.cables = later.cables - earlier.cables;
    out.opticsPowerW = later.opticsPowerW - earlier.opticsPowerW;
    out.opticsCostUsd = later.opticsCostUsd - earlier.opticsCostUsd;
    out.pluggableOptics = later.pluggableOptics - earlier.pluggableOptics;
    return out;
}

namespace {

InstallKind powerKindToInstall(PowerKind k) {
    switch (k) {
    case PowerKind::Transformer:
        return InstallKind::Transformer;
    case PowerKind::Switchgear:
        return InstallKind::Switchgear;
    case PowerKind::Generator:
        return InstallKind::Generator;
    case PowerKind::Ups:
    case PowerKind::Battery:
        return InstallKind::Ups;
    case PowerKind::Utility:
    case PowerKind::Busway:
    case PowerKind::Rpp:
    case PowerKind::PowerRack:
        return InstallKind::Distribution;
    }
    return InstallKind::Distribution;
}

/// What a phase holds of racks and cables.
struct PhaseCounts {
    std::vector<int> racks, links;
};

PhaseCounts countByPhase(const DesignData& d) {
    PhaseCounts c{std::vector<int>(d.phases.size(), 0), std::vector<int>(d.phases.size(), 0)};
    d.racks.forEach([&](RackId id, const Rack&) { ++c.racks[std::size_t(phaseOfRack(d, id))]; });
    d.links.forEach([&](LinkId id, const Link&) { ++c.links[std::size_t(phaseOfLink(d, id))]; });
    return c;
}

} // namespace

QDate PhaseSummary::firstOrderBy() const {
    QDate first;
    for (const PhaseOrder& o : orders)
        if (o.orderBy.isValid() && (!first.isValid() || o.orderBy < first))
            first = o.orderBy;
    return first;
}

InstallKind installKindOf(const DesignData& d, TypeId t) {
    const CatalogItem& it = d.catalog[t];
    switch (it.category) {
    case Category::Rack:
        return InstallKind::Rack;
    case Category::Server:
        return it.gpuCount() > 0 ? InstallKind::GpuServer : InstallKind::Server;
    case Category::Management:
    case Category::Nic:
        return InstallKind::Server;
    case Category::Storage:
        return InstallKind::Storage;
    case Category::Switch:
        return InstallKind::Switch;
    case Category::Cooling:
        return InstallKind::Cooling;
    case Category::Cable:
        return InstallKind::Cable;
    case Category::Transceiver:
        return InstallKind::Transceiver;
    case Category::Power: {
        std::optional<InstallKind> chain;
        d.power.elements.forEach([&](PowerElementId, const PowerElement& e) {
            if (!chain && e.type == t)
                chain = powerKindToInstall(e.kind);
        });
        return chain.value_or(InstallKind::Pdu);
    }
    }
    return InstallKind::Server;
}

BuildPlan buildPlan(const DesignData& d) {
    BuildPlan plan;
    if (d.phases.empty()) {
        plan.error = QStringLiteral("the design has no build phases (generate --phases N, or "
                                    "\"phases\" in the design file)");
        return plan;
    }
    const PhaseCounts counts = countByPhase(d);
    for (std::size_t i = 0; i < d.phases.size(); ++i)
        if (counts.racks[i] == 0) {
            plan.error = QStringLiteral("phase %1 \"%2\" holds no racks: give it racks or "
                                        "remove it")
                             .arg(i + 1)
                             .arg(d.phases[i].name);
            return plan;
        }
    Bom before;
    for (int k = 0; k < int(d.phases.size()); ++k) {
        const DesignData upTo = designUpTo(d, k);
        const Bom bom = computeBom(upTo);
        const Metrics m = computeMetrics(upTo);
        PhaseSummary s;
        s.index = k;
        s.phase = d.phases[std::size_t(k)];
        s.bom = bomDelta(d, bom, before);
        s.racks = counts.racks[std::size_t(k)];
        s.gpusReady = m.gpus;
        s.gpus = m.gpus - (plan.phases.empty() ? 0 : plan.phases.back().gpusReady);
        s.bf16Pflops = m.bf16Pflops;
        s.itKwReady = m.itMaxW / 1000.0;
        s.facilityKwReady = m.facilityW / 1000.0;
        s.cables = counts.links[std::size_t(k)];
        const QDate date = QDate::fromString(s.phase.date, Qt::ISODate);
        for (const BomLine& l : s.bom.lines) {
            const InstallKind kind = installKindOf(d, l.type);
            s.labourHours += double(l.quantity) * d.settings.labourHours.of(kind);
            if (l.quantity <= 0)
                continue;
            const LeadTime lead = leadTimeOf(kind);
            s.orders.push_back({l.type, kind, l.quantity, lead,
                                date.isValid() ? date.addDays(-7LL * lead.weeks) : QDate()});
        }
        std::stable_sort(
            s.orders.begin(), s.orders.end(),
            [](const PhaseOrder& a, const PhaseOrder& b) { return a.lead.weeks > b.lead.weeks; });
        plan.phases.push_back(std::move(s));
        before = bom;
    }
    return plan;
}

QString splitByScalableUnit(DesignData& d, int count, const QDate& first, int everyWeeks) {
    if (count < 1 || count > kMaxBuildPhases)
        return QStringLiteral("the number of phases is 1 to %1, not %2")
            .arg(kMaxBuildPhases)
            .arg(count);
    // A rack's scalable unit: the lowest group of the GPU servers and leaf switches in it (a
    // unit's leaf racks go with its servers; spines and cores serve every unit).
    std::map<RackId, int> suOf;
    d.devices.forEach([&](DeviceId, const Device& v) {
        if (!v.rack.isValid() || v.group < 0 ||
            (d.typeOf(v).gpuCount() == 0 && v.tier != Tier::Leaf))
            return;
        const auto [it, added] = suOf.try_emplace(v.rack, v.group);
        if (!added)
            it->second = std::min(it->second, int(v.group));
    });
    std::set<int> units;
    for (const auto& [rack, su] : suOf)
        units.insert(su);
    if (int(units.size()) < count)
        return QStringLiteral("%1 phases need at least %1 scalable units to split; the design "
                              "has %2")
            .arg(count)
            .arg(units.size());
    const std::vector<int> order(units.begin(), units.end());
    auto phaseOfUnit = [&](int su) {
        const auto rank = std::lower_bound(order.begin(), order.end(), su) - order.begin();
        return int(rank * count / std::ptrdiff_t(order.size()));
    };
    d.phases.clear();
    for (int i = 0; i < count; ++i)
        d.phases.push_back({QStringLiteral("Phase %1").arg(i + 1),
                            first.isValid()
                                ? first.addDays(7LL * everyWeeks * i).toString(Qt::ISODate)
                                : QString()});
    d.racks.forEach([&](RackId id, Rack& r) {
        const auto it = suOf.find(id);
        r.phase = std::int16_t(it == suOf.end() ? 0 : phaseOfUnit(it->second));
    });
    return {};
}

} // namespace cds
