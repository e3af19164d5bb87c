// Generator phase: the power chain, from the utility to each rack's A and B feeds
// (model/power/PowerChainBuilder) with its power racks on the floor (PowerRackPlacement), and
// power-first sizing: the largest whole number of scalable units that fits an IT or facility
// budget.

#include "Generation.h"
#include "Placement.h"

#include <cmath>

namespace cds {

namespace generation {

bool Generation::buildPower() {
    m_d.power.itBudgetKw = m_p.itBudgetKw;
    m_d.power.siteBudgetKw = m_p.siteBudgetKw;
    if (!m_p.support || !m_p.power)
        return true;
    const PowerBuildResult r = buildPowerChain(m_d, m_lib, *m_p.power);
    if (!r.ok)
        return fail(r.error);
    m_r.notes << r.notes;
    // Its DC power racks stand on the floor beside their racks (none on an AC chain).
    const PowerRackPlacement floor = placePowerRacks(m_d, m_p.hallWidthMm);
    if (!floor.error.isEmpty())
        return fail(floor.error);
    if (!floor.note.isEmpty())
        m_r.notes << floor.note;
    return true;
}

std::optional<std::pair<double, double>> Generation::probeLoadKw() {
    if (!plan() || !buildNetworks() || !placeOnFloor())
        return std::nullopt;
    double it = 0, facility = 0;
    m_d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& t = m_d.typeOf(v);
        const double kw = t.isItLoad() ? t.powerMaxW.value_or(0) / 1000.0 : 0;
        const Rack* r = m_d.racks.find(v.rack);
        it += kw;
        facility += kw * m_d.settings.cooling[std::size_t(r ? r->cooling : CoolingType::Air)].pue;
    });
    return std::pair{it, facility};
}

} // namespace generation

namespace {

struct Probe {
    bool ok = false;
    double itKw = 0, facilityKw = 0;
    int gpusPerSu = 0;
    QString error;
};

Probe probe(const GenerateParams& params, const Catalog& lib, int sus, int gpusPerSu) {
    GenerateParams p = params;
    p.gpus = std::max(1, sus) * std::max(1, gpusPerSu);
    generation::Generation g(p, lib, {});
    Probe r;
    const auto load = g.probeLoadKw();
    r.gpusPerSu = g.gpusPerSu();
    if (!load) {
        r.error = g.error();
        return r;
    }
    r.ok = true;
    r.itKw = load->first;
    r.facilityKw = load->second;
    return r;
}

QString kw(double v) {
    return QString::number(v, 'f', 0) + QStringLiteral(" kW");
}

} // namespace

BudgetSizing sizeToBudget(const GenerateParams& params, const Catalog& lib, double itBudgetKw,
                          double siteBudgetKw) {
    BudgetSizing s;
    const bool site = siteBudgetKw > 0;
    const double budget = site ? siteBudgetKw : itBudgetKw;
    const char* what = site ? "facility" : "IT";
    // One SU first: its size in GPUs, and whether anything fits at all.
    const CatalogItem* server = lib.item(params.serverId);
    Probe one = probe(params, lib, 1, server ? std::max(1, server->gpuCount()) : 1);
    if (one.gpusPerSu > 0)
        one = probe(params, lib, 1, one.gpusPerSu);
    if (!one.ok) {
        s.error = one.error;
        return s;
    }
    s.gpusPerSu = one.gpusPerSu;
    auto load = [&](const Probe& p) { return site ? p.facilityKw : p.itKw; };
    if (!(load(one) <= budget)) {
        s.error = QStringLiteral("one scalable unit (%1 GPUs) needs %2 of %3 load, more than the "
                                 "budget of %4")
                      .arg(s.gpusPerSu)
                      .arg(kw(load(one)), QLatin1String(what), kw(budget));
        return s;
    }
    // A straight line through 1 and 2 SUs guesses the size; whole SUs up or down settle it.
    const Probe two = probe(params, lib, 2, s.gpusPerSu);
    const double slope = two.ok ? std::max(1.0, load(two) - load(one)) : 1e18;
    int n = std::max(1, 1 + int(std::floor((budget - load(one)) / slope)));
    Probe at = n == 1 ? one : probe(params, lib, n, s.gpusPerSu);
    while (n > 1 && !(at.ok && load(at) <= budget))
        at = probe(params, lib, --n, s.gpusPerSu);
    Probe next = probe(params, lib, n + 1, s.gpusPerSu);
    while (next.ok && load(next) <= budget) {
        at = next;
        next = probe(params, lib, ++n + 1, s.gpusPerSu);
    }
    s.ok = true;
    s.gpus = n * s.gpusPerSu;
    s.itKw = at.itKw;
    s.facilityKw = at.facilityKw;
    s.nextItKw = next.ok ? next.itKw : 0;
    s.nextFacilityKw = next.ok ? next.facilityKw : 0;
    s.why = QStringLiteral("%1 scalable units of %2 GPUs (%3 GPUs): %4 load %5 within the %6 "
                           "budget; ")
                .arg(n)
                .arg(s.gpusPerSu)
                .arg(s.gpus)
                .arg(QLatin1String(what), kw(load(at)), kw(budget)) +
            (next.ok ? QStringLiteral("%1 units would need %2").arg(n + 1).arg(kw(load(next)))
                     : QStringLiteral("%1 units cannot be built: %2").arg(n + 1).arg(next.error));
    return s;
}

} // namespace cds
