#include "Sweep.h"

#include "../metrics/Metrics.h"

#include <map>
#include <set>

namespace cds {

std::vector<int> doublingCounts(int from, int to) {
    std::vector<int> out;
    if (from <= 0)
        return out;
    for (long long n = from; n <= to; n *= 2)
        out.push_back(int(n));
    if (!out.empty() && out.back() != to && to > from)
        out.push_back(to);
    return out;
}

GenerateParams sweepBase(const DesignData& d) {
    GenerateParams p;
    std::map<QString, int> servers, leaves;
    std::set<CoolingType> gpuCooling;
    d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& t = d.catalog[v.type];
        if (t.gpuCount() > 0) {
            servers[t.id] += t.gpuCount();
            if (const Rack* r = d.racks.find(v.rack))
                gpuCooling.insert(r->cooling);
        }
        const Fabric* f = d.fabric(v.fabric);
        if (t.category == Category::Switch && v.tier == Tier::Leaf && f &&
            f->kind == FabricKind::Compute)
            ++leaves[t.id];
    });
    auto most = [](const std::map<QString, int>& m) {
        auto best = m.begin();
        for (auto it = m.begin(); it != m.end(); ++it)
            if (it->second > best->second)
                best = it;
        return best->first;
    };
    if (!servers.empty())
        p.serverId = most(servers);
    if (!leaves.empty())
        p.switchId = most(leaves);
    if (const Fabric* f = d.fabric(d.findFabric(FabricKind::Compute))) {
        p.topology = f->railOptimized ? Topology::RailOptimized : Topology::FatTree;
        p.oversubscription = f->targetOversubscription;
        p.suNodes = f->suNodes;
    }
    if (gpuCooling.size() == 1)
        p.cooling = *gpuCooling.begin();
    p.storageFabric = d.findFabric(FabricKind::Storage).isValid();
    p.inbandFabric = d.findFabric(FabricKind::Inband).isValid();
    p.oobFabric = d.findFabric(FabricKind::Oob).isValid();
    return p;
}

Catalog sweepLibrary(const DesignData& d, const Catalog& bundled) {
    Catalog lib = bundled;
    for (const CatalogItem& item : d.catalog.items())
        lib.add(item);
    return lib;
}

namespace {

SweepPoint measure(int gpus, const GenerateResult& g) {
    SweepPoint pt;
    pt.gpus = gpus;
    if (!g.ok) {
        pt.error = g.error;
        return pt;
    }
    const Metrics m = computeMetrics(g.design);
    pt.ok = true;
    pt.costUsd = m.totalCostUsd;
    pt.costPerGpuUsd = m.costPerGpu();
    pt.itKw = m.itMaxW / 1000.0;
    pt.facilityKw = m.facilityW / 1000.0;
    pt.bisectionTbps = m.bisectionTbps;
    const TierCounts& c = m.switches[std::size_t(FabricKind::Compute)];
    pt.tiers = c.core > 0 ? 3 : c.spine > 0 ? 2 : c.leaf > 0 ? 1 : 0;
    pt.racks = m.racks;
    std::set<int> rows;
    for (const RackMetrics& r : m.perRack)
        if (r.row >= 0)
            rows.insert(r.row);
    pt.rows = int(rows.size());
    return pt;
}

} // namespace

SweepResult runSweep(const GenerateParams& base, const std::vector<int>& gpuCounts,
                     const Catalog& library, const GeneratorFn& generate,
                     const Progress& progress) {
    SweepResult res;
    const int n = int(gpuCounts.size());
    res.points.reserve(gpuCounts.size()); // keeps `previous` valid
    const SweepPoint* previous = nullptr;
    for (int i = 0; i < n; ++i) {
        if (progress && !progress(i * 100 / n)) {
            res.cancelled = true;
            return res;
        }
        GenerateParams p = base;
        p.gpus = gpuCounts[std::size_t(i)];
        p.title = QStringLiteral("Sweep: %1 GPUs").arg(p.gpus);
        bool cancelled = false;
        // The generator's own progress maps into this point's share of the whole sweep.
        Progress inner = [&](int pc) {
            if (progress && !progress((i * 100 + pc) / n)) {
                cancelled = true;
                return false;
            }
            return true;
        };
        GenerateResult g = generate ? generate(p, library, inner) : GenerateResult{};
        if (!generate)
            g.error = QStringLiteral("no fabric generator is available");
        if (cancelled) {
            res.cancelled = true;
            return res;
        }
        SweepPoint pt = measure(p.gpus, g);
        if (pt.ok && previous) {
            pt.newTier = pt.tiers > previous->tiers;
            pt.newRow = pt.rows > previous->rows;
        }
        res.points.push_back(std::move(pt));
        if (res.points.back().ok)
            previous = &res.points.back();
    }
    if (progress)
        progress(100);
    return res;
}

} // namespace cds
