#include "AdvisorJson.h"

#include "../json/Json.h"

#include <cmath>

namespace cds {

using OJson = nlohmann::ordered_json;

namespace {
QByteArray bytes(const OJson& j) {
    const std::string s = json::dumpStable(j);
    return QByteArray(s.data(), qsizetype(s.size()));
}
double round(double v, int digits) {
    const double f = std::pow(10.0, digits);
    return std::round(v * f) / f;
}
/// Three significant digits: 3.79e25 FLOPs, 4.05e11 params.
double sig3(double v) {
    if (v == 0)
        return 0;
    const int digits = 2 - int(std::floor(std::log10(std::abs(v))));
    const double f = std::pow(10.0, digits);
    return std::round(v * f) / f;
}
} // namespace

QByteArray trainingJson(const TrainingEstimate& e) {
    return bytes(OJson{{"flops", sig3(e.flops)},
                       {"gpus", e.gpus},
                       {"days", round(e.days, 2)},
                       {"compute_days", round(e.computeDays, 2)},
                       {"goodput_pct", round(e.reliability.goodputPct, 2)},
                       {"job_mtbf_hours", round(e.reliability.jobMtbfHours, 2)},
                       {"checkpoint_interval_min", round(e.reliability.checkpointIntervalMin, 2)},
                       {"model_state_gb", round(e.modelStateGb, 1)},
                       {"memory_per_gpu_gb", round(e.memory.totalGb(), 2)},
                       {"parallelism", {{"tp", e.plan.tp}, {"pp", e.plan.pp}, {"dp", e.plan.dp}}},
                       {"step_time_s", round(e.stepTimeS, 3)},
                       {"comm_fraction", round(e.commFraction, 4)},
                       {"energy_mwh", round(e.energyMwh, 2)},
                       {"cost_usd", round(e.costUsd, 0)}});
}

QByteArray inferenceJson(const InferenceEstimate& e) {
    return bytes(OJson{{"weights_gb", round(e.weightsGb, 2)},
                       {"kv_cache_gb", round(e.kvCacheGb, 2)},
                       {"gpus_per_replica", e.gpusPerReplica},
                       {"replicas", e.replicas}});
}

QByteArray sizeGuideJson(const std::vector<SizeGuideServer>& guide) {
    OJson servers = OJson::array();
    for (const SizeGuideServer& g : guide) {
        OJson sizes = OJson::array();
        for (const SizeGuideRow& r : g.rows)
            sizes.push_back({{"size", r.size.toStdString()},
                             {"gpus_min", r.gpusMin},
                             {"gpus_max", r.gpusMax},
                             {"gpu_memory_gb_min", round(r.memoryGbMin, 1)},
                             {"gpu_memory_gb_max", round(r.memoryGbMax, 1)},
                             {"gpu_memory", r.memoryText.toStdString()},
                             {"train_params_max", sig3(r.trainParamsMax)},
                             {"serve_params_max", sig3(r.serveParamsMax)},
                             {"suits", r.suits.toStdString()}});
        servers.push_back({{"server", g.server.serverId.toStdString()},
                           {"gpu", g.server.gpuModel.toStdString()},
                           {"gpus_per_server", g.server.gpusPerServer},
                           {"memory_per_gpu_gb", g.server.memoryGb},
                           {"sizes", sizes}});
    }
    return bytes(OJson{{"servers", servers}});
}

} // namespace cds
