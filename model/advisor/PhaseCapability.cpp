#include "PhaseCapability.h"

#include "SizeGuide.h"
#include "TrainingAdvisor.h"

#include "../metrics/Metrics.h"

namespace cds {

QString PhaseCapability::runText(std::size_t i) const {
    return days[i] > 0 ? QStringLiteral("%1 days").arg(days[i], 0, 'f', days[i] < 10 ? 1 : 0)
                       : runWhy[i];
}

QString PhaseCapability::summary() const {
    if (!why.isEmpty())
        return why;
    QStringList parts{QStringLiteral("train up to %1").arg(paramsText(trainParamsMax)),
                      QStringLiteral("serve up to %1 (bf16)").arg(paramsText(serveParamsMax))};
    for (std::size_t i = 0; i < kReferenceRuns.size(); ++i)
        parts << QStringLiteral("%1: %2").arg(QLatin1String(kReferenceRuns[i].name), runText(i));
    return parts.join(QStringLiteral("; "));
}

std::vector<PhaseCapability> phaseCapabilities(const DesignData& d, const BuildPlan& plan) {
    std::vector<PhaseCapability> out;
    out.reserve(plan.phases.size());
    for (const PhaseSummary& s : plan.phases) {
        PhaseCapability c;
        c.gpusReady = s.gpusReady;
        const DesignData up = designUpTo(d, s.index);
        QString why;
        const std::optional<ClusterFacts> facts =
            ClusterFacts::fromDesign(up, computeMetrics(up), &why);
        if (!facts) {
            c.why = why;
            out.push_back(c);
            continue;
        }
        const double memoryGb = facts->server.memoryGb * facts->gpus;
        c.trainParamsMax = trainableParams(memoryGb);
        c.serveParamsMax = servableParams(memoryGb);
        for (std::size_t i = 0; i < kReferenceRuns.size(); ++i) {
            TrainingWorkload w;
            w.params = kReferenceRuns[i].params;
            w.tokens = kReferenceRuns[i].tokens;
            const TrainingEstimate e = estimateTraining(w, *facts);
            // Compute time, as the build-plan CSV documents it: its days compare phases by
            // their GPUs, and stay comparable with the runs' published figures.
            c.days[i] = e.ok ? e.computeDays : 0;
            if (!e.ok)
                c.runWhy[i] = e.reason;
        }
        out.push_back(c);
    }
    return out;
}

} // namespace cds
