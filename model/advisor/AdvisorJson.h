#pragma once

#include "InferenceAdvisor.h"
#include "SizeGuide.h"
#include "TrainingAdvisor.h"

#include <QByteArray>

namespace cds {

/// `advise train --json`: {flops, gpus, days, compute_days, goodput_pct, job_mtbf_hours,
/// checkpoint_interval_min, model_state_gb, memory_per_gpu_gb, parallelism: {tp, pp, dp},
/// step_time_s, comm_fraction, energy_mwh, cost_usd}; days are wall-clock (compute_days /
/// goodput), interruptions included.
QByteArray trainingJson(const TrainingEstimate& e);
/// `advise infer --json`: {weights_gb, kv_cache_gb, gpus_per_replica, replicas}.
QByteArray inferenceJson(const InferenceEstimate& e);
/// `advise guide --json`: {servers: [{server, gpu, gpus_per_server, memory_per_gpu_gb,
/// sizes: [{size, gpus_min, gpus_max, gpu_memory_gb_min, gpu_memory_gb_max, gpu_memory,
/// train_params_max, serve_params_max, suits}]}]}.
QByteArray sizeGuideJson(const std::vector<SizeGuideServer>& guide);

} // namespace cds
