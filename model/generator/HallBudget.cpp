// A campus sized to a power budget per hall (issue #31, `generate --hall-mw X`): generate with
// one hall, then with as many as the load needs, one more until the fullest hall fits.
#include "Generator.h"

#include "../metrics/Metrics.h"
#include "../site/HallLoads.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {

/// The design's halls' loads: its metrics derived once.
std::vector<HallLoad> loadsOf(const DesignData& d) {
    return hallLoads(d, computeMetrics(d));
}

/// The hall with the most IT load.
HallLoad fullestHall(const std::vector<HallLoad>& loads) {
    const auto it = std::max_element(loads.begin(), loads.end(),
                                     [](const auto& a, const auto& b) { return a.itKw < b.itKw; });
    return it == loads.end() ? HallLoad{} : *it;
}

QString mw(double kw) {
    return QStringLiteral("%1 MW").arg(kw / 1000.0, 0, 'f', 2);
}

} // namespace

GenerateResult generateForHallBudget(GenerateParams params, const Catalog& library, double hallKw,
                                     const Progress& progress) {
    params.halls = 1;
    if (params.power) // each hall's chain from a utility service rated for the budget
        params.power->hallBudgetKw = hallKw;
    GenerateResult r = generateCluster(params, library, progress);
    if (!r.ok)
        return r;
    const std::vector<HallLoad> oneHall = loadsOf(r.design);
    HallLoad fullest = fullestHall(oneHall);
    double totalKw = 0;
    for (const HallLoad& h : oneHall)
        totalKw += h.itKw;
    QString smaller; // why one hall fewer does not do
    int testedHalls = 0;
    while (fullest.itKw > hallKw + 1e-6) {
        testedHalls = params.halls;
        smaller = QStringLiteral("%1 hall(s) would put %2 in %3")
                      .arg(params.halls)
                      .arg(mw(fullest.itKw), fullest.name);
        const int next =
            std::max(params.halls + 1, int(std::ceil(totalKw / std::max(1.0, hallKw) - 1e-9)));
        GenerateParams p = params;
        p.halls = next;
        GenerateResult g = next <= GenerateParams::kMaxHalls ? generateCluster(p, library, progress)
                                                             : GenerateResult{};
        if (!g.ok) {
            GenerateResult refused;
            refused.error = QStringLiteral("no campus of whole scalable units keeps every hall "
                                           "within %1: %2")
                                .arg(mw(hallKw), smaller);
            return refused;
        }
        params = p;
        r = std::move(g);
        fullest = fullestHall(loadsOf(r.design));
    }
    // Why no fewer: the last count tried, or, when the load skipped counts, the average.
    if (!smaller.isEmpty() && params.halls - 1 != testedHalls)
        smaller = QStringLiteral("%1 halls would carry %2 each on average")
                      .arg(params.halls - 1)
                      .arg(mw(totalKw / (params.halls - 1)));
    r.notes << QStringLiteral("halls: %1 for %2 a hall; the fullest, %3, carries %4%5")
                   .arg(params.halls)
                   .arg(mw(hallKw), fullest.name, mw(fullest.itKw),
                        smaller.isEmpty() ? QString() : QStringLiteral("; ") + smaller);
    return r;
}

} // namespace cds
