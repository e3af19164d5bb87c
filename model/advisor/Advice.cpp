#include "Advice.h"

#include "../analysis/Analysis.h"

#include <cmath>

namespace cds {

std::optional<ServerFigures> serverFigures(const Catalog& library, const QString& id,
                                           QString* why) {
    const CatalogItem* item = library.item(id);
    std::optional<ServerFigures> s = item ? ServerFigures::of(*item) : std::nullopt;
    if (!s && why)
        *why = item ? QStringLiteral("catalog item '%1' is not a GPU server with memory and "
                                     "compute figures")
                          .arg(id)
                    : QStringLiteral("no catalog item '%1'").arg(id);
    return s;
}

namespace {

TrainingAdvice onDesign(const TrainingWorkload& w, const DesignData& d, const AdviceOptions& o) {
    TrainingAdvice a;
    QString why;
    const Analysis analysis = analyze(d);
    std::optional<ClusterFacts> facts = ClusterFacts::fromDesign(d, analysis.metrics, &why);
    if (!facts) {
        a.error = why;
        return a;
    }
    if (o.priceUsdPerKwh)
        facts->priceUsdPerKwh = *o.priceUsdPerKwh;
    a.facts = *facts;
    TrainingWorkload run = w;
    if (w.gpus == 0 && w.days > 0) {
        run.gpus = gpusForDays(
            w, facts->server, [&](int) { return *facts; }, facts->gpus);
        if (run.gpus == 0) {
            TrainingWorkload all = w;
            all.gpus = 0;
            const TrainingEstimate best = estimateTraining(all, *facts);
            a.error = best.ok ? QStringLiteral("the design's %1 GPUs need %2 days, more than %3")
                                    .arg(facts->gpus)
                                    .arg(best.days, 0, 'f', 1)
                                    .arg(w.days)
                              : best.reason;
            return a;
        }
    }
    a.estimate = estimateTraining(run, *facts);
    a.ok = a.estimate.ok;
    a.error = a.estimate.reason;
    return a;
}

} // namespace

TrainingAdvice adviseTraining(const TrainingWorkload& w, const Catalog& library,
                              const AdviceOptions& o) {
    if (o.design)
        return onDesign(w, *o.design, o);
    TrainingAdvice a;
    std::optional<ServerFigures> server = serverFigures(library, o.serverId, &a.error);
    if (!server)
        return a;
    a.error = trainingInputError(w);
    if (!a.error.isEmpty())
        return a;
    int gpus = w.gpus;
    if (gpus > 0 && gpus % server->gpusPerServer != 0) {
        a.error = QStringLiteral("%1 GPUs is not a multiple of the %2 GPUs of %3")
                      .arg(gpus)
                      .arg(server->gpusPerServer)
                      .arg(server->serverId);
        return a;
    }
    auto nominal = [&](int g) { return ClusterFacts::nominal(*server, g); };
    if (gpus == 0)
        gpus = w.days > 0 ? gpusForDays(w, *server, nominal) : minimumTrainingGpus(w, *server);
    if (gpus == 0) {
        const int least = minimumTrainingGpus(w, *server);
        a.error = least == 0 ? QStringLiteral("a %1B-parameter model fits no GPU count of %2")
                                   .arg(w.params / 1e9, 0, 'g', 4)
                                   .arg(server->gpuModel)
                             : QStringLiteral("no cluster of %1 trains it within %2 days")
                                   .arg(server->gpuModel)
                                   .arg(w.days);
        return a;
    }
    // Time it on the real cluster; a slower real fabric may need more GPUs for the target.
    for (int attempt = 0; attempt < 4; ++attempt) {
        GenerateParams g;
        g.gpus = gpus;
        g.serverId = server->serverId;
        const GenerateResult r = generateCluster(g, library);
        if (!r.ok) {
            a.error = r.error;
            return a;
        }
        AdviceOptions onIt = o;
        onIt.design = &r.design;
        TrainingWorkload fixed = w;
        fixed.gpus = gpus;
        a = onDesign(fixed, r.design, onIt);
        a.generate = g;
        if (!a.ok || w.days <= 0 || w.gpus > 0 || a.estimate.days <= w.days)
            return a;
        const int unit = server->gpusPerServer;
        gpus = int(std::ceil(gpus * a.estimate.days / w.days / unit)) * unit;
    }
    a.ok = false;
    a.error = QStringLiteral("the generated clusters stay slower than %1 days").arg(w.days);
    return a;
}

} // namespace cds
