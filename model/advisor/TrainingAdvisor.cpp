#include "TrainingAdvisor.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace cds {

namespace {

constexpr double kGB = 1e9;
constexpr double kMinBatchTokens = 4.0 * 1024 * 1024;
constexpr double kMaxBatchTokens = 16.0 * 1024 * 1024;

/// Everything one (tp, pp) split of a GPU count gives.
struct Candidate {
    ParallelPlan plan;
    TrainingMemory memory;
    double seqsPerStep = 0;
};

/// Layers of the largest pipeline stage: ceil(L / pp). Every stage waits for it, so a split
/// that does not divide the layers runs at the pace of its heaviest stage.
int stageLayers(const ModelShape& shape, int pp) {
    return (shape.layers + pp - 1) / pp;
}

/// How much longer than a balanced split the pipeline takes: pp stages at the deepest stage's
/// pace over the layers (52 stages of an 80-layer model hold 2 layers each in the time of 104).
double unevenStages(const ModelShape& shape, int pp) {
    return double(stageLayers(shape, pp)) * pp / shape.layers;
}

/// Memory per GPU of one split, or nullopt when the split is not possible.
/// Activations follow Korthikanti et al. 2022, "Reducing Activation Recomputation in Large
/// Transformer Models" (sections 4-5), with tensor and sequence parallelism: per layer
/// s b h 34 / t bytes under selective recomputation, 2 s b h / t under full recomputation
/// (the layer inputs) plus one layer being recomputed. Under 1F1B the first stage keeps
/// min(pp, micro-batches) micro-batches of its L / pp layers in flight.
std::optional<Candidate> split(const TrainingWorkload& w, const ModelShape& shape,
                               const ServerFigures& server, int gpus, int tp, int pp,
                               Recompute recompute) {
    if (gpus % (tp * pp) != 0 || pp > shape.layers || shape.heads % tp != 0)
        return std::nullopt;
    Candidate c;
    c.plan.tp = tp;
    c.plan.pp = pp;
    c.plan.dp = gpus / (tp * pp);
    const double perReplica = double(c.plan.dp) * w.microBatch;
    // Auto batch: enough micro-batches to keep the pipeline busy (4 per stage), within the
    // 4M-16M tokens Llama 3 405B ramped through (Llama 3 paper, section 3.4.1).
    const double autoTokens =
        std::clamp(perReplica * 4 * pp * w.sequenceLength, kMinBatchTokens, kMaxBatchTokens);
    const double batchTokens = w.globalBatchTokens > 0 ? w.globalBatchTokens : autoTokens;
    const double wanted = std::ceil(batchTokens / w.sequenceLength);
    c.seqsPerStep = std::ceil(std::max(wanted, perReplica) / perReplica) * perReplica;
    c.plan.microBatches = int(c.seqsPerStep / perReplica);
    const double shard = w.params / (tp * pp);
    c.memory.weightsAndGradsGb = shard * 4 / kGB;
    c.memory.optimizerGb = shard * 12 / c.plan.dp / kGB; // ZeRO stage 1 (distributed optimizer)
    const double sbh = double(w.sequenceLength) * w.microBatch * shape.hidden;
    // The first stage holds ceil(L / pp) layers when pp does not divide L.
    const double inFlight = double(stageLayers(shape, pp)) * std::min(pp, c.plan.microBatches);
    c.memory.capacityGb = server.memoryGb * kUsableMemoryShare;
    // Share r of the layers fully recomputed (2 s b h / t kept each, plus one layer of
    // 34 s b h / t while it is recomputed), the rest selectively (34 s b h / t kept each).
    auto activations = [&](double r) {
        return (inFlight * ((1 - r) * 34.0 + r * 2.0) + (r > 0 ? 34.0 : 0.0)) * sbh / tp / kGB;
    };
    double r = recompute == Recompute::Full ? 1.0 : 0.0;
    if (recompute == Recompute::Auto) {
        // Auto: the fewest whole layers of full recomputation that fit (Megatron-LM's
        // --recompute-num-layers).
        const double room = c.memory.capacityGb - c.memory.weightsAndGradsGb - c.memory.optimizerGb;
        const double sel = activations(0), full = activations(1);
        if (sel > room && full < sel)
            r = std::clamp(std::ceil((sel - room) / (sel - full) * shape.layers) / shape.layers,
                           0.0, 1.0);
    }
    c.plan.fullRecomputeShare = r;
    c.memory.activationsGb = activations(r);
    return c;
}

bool fits(const Candidate& c) {
    return c.memory.totalGb() <= c.memory.capacityGb;
}

std::vector<int> tensorSizes(const ModelShape& shape, const ServerFigures& server) {
    std::vector<int> out;
    for (int tp = 1; tp <= server.nvlinkDomain; tp *= 2)
        if (shape.heads % tp == 0)
            out.push_back(tp);
    return out;
}

/// Step time and its parts for a split on @p facts.
void time(const TrainingWorkload& w, const ModelShape& shape, const ClusterFacts& facts, int gpus,
          const Candidate& c, double efficiency, TrainingEstimate& e) {
    const ParallelPlan& p = c.plan;
    const ServerFigures& s = facts.server;
    const double peak = s.bf16Tflops * 1e12 * peakFactor(w.precision);
    e.tokensPerStep = c.seqsPerStep * w.sequenceLength;
    // Full recomputation runs the forward pass twice: 8 N instead of 6 N per token.
    const double recomputeCost = 1.0 + p.fullRecomputeShare / 3.0;
    // Stages of unequal depth: the pipeline runs at the pace of the deepest.
    const double uneven = unevenStages(shape, p.pp);
    e.computeS =
        6.0 * w.params * e.tokensPerStep / (gpus * peak * efficiency) * recomputeCost * uneven;
    // Interleaved 1F1B with v model chunks per stage: bubble (pp - 1) / (v m) of the compute,
    // v times the point-to-point traffic (Narayanan et al. 2021, "Efficient Large-Scale
    // Language Model Training on GPU Clusters Using Megatron-LM", section 2.2).
    const int chunks = p.pp > 1 ? std::clamp(shape.layers / p.pp, 1, 4) : 1;
    e.bubbleS = e.computeS * (p.pp - 1) / (double(chunks) * p.microBatches);
    const double activationBytes = double(w.sequenceLength) * w.microBatch * shape.hidden * 2;
    const double nvlink = s.nvlinkGBps * 1e9;
    // Megatron tensor parallelism: 2 all-reduces of the activations forward and 2 backward
    // per layer and micro-batch (3 + 3 with full recomputation), on NVLink, not overlapped.
    e.tpCommS = 0;
    if (p.tp > 1) {
        const double perLayer = 4 + 2 * p.fullRecomputeShare;
        const double one = 2.0 * (p.tp - 1) / p.tp * activationBytes / nvlink;
        e.tpCommS = double(stageLayers(shape, p.pp)) * p.microBatches * perLayer * one;
    }
    // Pipeline: each stage sends activations forward and gradients back per micro-batch;
    // over NVLink while the stages share a domain, else the fabric.
    const AllReduceEstimate fabric = facts.allReduce(std::max(2, p.dp), 1.0);
    const double fabricBps = fabric.perGpuGbps * 1e9 / 8;
    e.ppCommS = 0;
    if (p.pp > 1) {
        const bool inDomain = p.tp * p.pp <= s.nvlinkDomain;
        const double bps = inDomain ? nvlink : fabricBps;
        e.ppCommS = bps > 0 ? 2.0 * chunks * p.microBatches * activationBytes / bps : 0;
    }
    // Data parallel: a ring all-reduce of the bf16 gradients of each GPU's shard among the dp
    // replicas (same volume as ZeRO-1's reduce-scatter + all-gather), timed on the fabric by
    // the all-reduce estimate, or on NVLink when the whole job fits one domain. It overlaps
    // the backward pass of the last micro-batch.
    e.dpAllReduceS = 0;
    if (p.dp > 1) {
        const double bytes = w.params / (p.tp * p.pp) * 2;
        if (gpus <= s.nvlinkDomain)
            e.dpAllReduceS = 2.0 * (p.dp - 1) / p.dp * bytes / nvlink;
        else
            e.dpAllReduceS = facts.allReduce(p.dp, bytes).seconds;
    }
    const double hidden = (2.0 / 3.0) * e.computeS / recomputeCost / uneven / p.microBatches;
    e.dpCommS = std::max(0.0, e.dpAllReduceS - hidden);
    e.stepTimeS = e.computeS + e.bubbleS + e.tpCommS + e.ppCommS + e.dpCommS;
    e.commFraction = (e.tpCommS + e.ppCommS + e.dpCommS) / e.stepTimeS;
    const double steps = w.tokens / e.tokensPerStep;
    e.computeDays = steps * e.stepTimeS / 86400.0;
    e.effectiveMfu = e.flops / (gpus * peak * e.computeDays * 86400.0);
}

/// The MFU the workload gives is end to end, as published: it already pays for the bubble,
/// recomputation and the communication of the fabric it was measured on. So plan @p c is
/// timed on a non-blocking fabric of the server's own NICs (ClusterFacts::nominal), and the
/// compute efficiency that makes it reach the MFU is derived; the plan needing the least is
/// the reference. Every plan is then timed at that efficiency on the real fabric: a fabric slower
/// than non-blocking lengthens the step, and a deeper pipeline pays its larger bubble and its
/// uneven stages instead of having them calibrated away; no plan beats the MFU on a
/// non-blocking fabric.
double calibratedEfficiency(const TrainingWorkload& w, const ModelShape& shape,
                            const ClusterFacts& facts, int gpus, const Candidate& c) {
    const ClusterFacts nominal = ClusterFacts::nominal(facts.server, gpus);
    TrainingEstimate ref;
    time(w, shape, nominal, gpus, c, w.mfu, ref);
    // The step the MFU allows, compute only: without recomputation or uneven stages.
    const double ideal =
        ref.computeS / (1.0 + c.plan.fullRecomputeShare / 3.0) / unevenStages(shape, c.plan.pp);
    const double comm = ref.tpCommS + ref.ppCommS + ref.dpCommS;
    if (ideal - comm <= 0)
        return 1.0;
    double efficiency = std::min(1.0, w.mfu * (ref.computeS + ref.bubbleS) / (ideal - comm));
    // The gradient all-reduce hides behind compute, which the efficiency shortens: a few
    // corrections bring the step to the MFU's exactly.
    for (int i = 0; i < 4 && efficiency < 1.0; ++i) {
        TrainingEstimate at;
        time(w, shape, nominal, gpus, c, efficiency, at);
        efficiency = std::min(1.0, efficiency * at.stepTimeS / ideal);
    }
    return efficiency;
}

QString gb(double v) {
    return QString::number(v, 'f', v < 10 ? 1 : 0) + QStringLiteral(" GB");
}

/// Stretches the compute days of @p e by the goodput of its job: its share of @p facts'
/// cluster fails at the cluster's rates, and its checkpoint is its own model state.
void addInterruptions(const TrainingWorkload& w, const ClusterFacts& facts, TrainingEstimate& e) {
    ReliabilityInputs in = facts.reliability;
    in.jobGpus = e.gpus;
    in.checkpointBytes = w.params * kModelStateBytesPerParam;
    e.reliability = reliabilityFor(in);
    // No failure figures (a cluster of unknown size) or no failures: nothing is lost.
    if (!(e.reliability.goodputPct > 0))
        e.reliability.goodputPct = 100;
    e.days = e.computeDays / (e.reliability.goodputPct / 100.0);
}

/// "Interruptions: job MTBF 62.2 h, checkpoint of 1120 GB to storage every 25 min, goodput
/// 99.1 % (Llama 3 failure rates): 29.6 days of compute take 29.9 days."
QString interruptionsText(const TrainingEstimate& e) {
    const Reliability& r = e.reliability;
    if (!(r.jobMtbfHours > 0))
        return QStringLiteral("Interruptions: none expected (no failure figures for this "
                              "cluster): %1 days.")
            .arg(e.days, 0, 'f', 1);
    return QStringLiteral("Interruptions: job MTBF %1 h, checkpoint of %2 to %3 every %4 min, "
                          "goodput %5 % (Llama 3 failure rates): %6 days of compute take %7 "
                          "days.")
        .arg(r.jobMtbfHours, 0, 'f', 1)
        .arg(gb(r.checkpointGb), r.checkpointPath)
        .arg(r.checkpointIntervalMin, 0, 'f', 0)
        .arg(r.goodputPct, 0, 'f', 1)
        .arg(e.computeDays, 0, 'f', 1)
        .arg(e.days, 0, 'f', 1);
}

/// The reasoning of a sized run, in words.
void explain(const TrainingWorkload& w, const ClusterFacts& facts, TrainingEstimate& e) {
    const ServerFigures& s = facts.server;
    const ParallelPlan& p = e.plan;
    e.reasoning << QStringLiteral("Compute: 6 x %1 params x %2 tokens = %3 FLOPs.")
                       .arg(w.params, 0, 'g', 3)
                       .arg(w.tokens, 0, 'g', 3)
                       .arg(e.flops, 0, 'g', 3)
                << QStringLiteral("Model state: 16 bytes/param = %1; per GPU %2 of %3 usable "
                                  "(weights+grads %4, optimizer %5, activations %6).")
                       .arg(gb(e.modelStateGb), gb(e.memory.totalGb()), gb(e.memory.capacityGb),
                            gb(e.memory.weightsAndGradsGb), gb(e.memory.optimizerGb),
                            gb(e.memory.activationsGb))
                << QStringLiteral("Plan: tensor %1 (NVLink domain %2) x pipeline %3 x data %4, %5 "
                                  "micro-batches, %6 recomputation.")
                       .arg(p.tp)
                       .arg(s.nvlinkDomain)
                       .arg(p.pp)
                       .arg(p.dp)
                       .arg(p.microBatches)
                       .arg(p.fullRecomputeShare <= 0 ? QStringLiteral("selective")
                            : p.fullRecomputeShare >= 1
                                ? QStringLiteral("full")
                                : QStringLiteral("full for %1 % of the layers, "
                                                 "selective")
                                      .arg(p.fullRecomputeShare * 100, 0, 'f', 0))
                << QStringLiteral(
                       "Step %1 s: compute %2 s (%3 % of peak while computing, which gives "
                       "the %9 % MFU on a non-blocking fabric to the plan that runs fastest "
                       "there), bubble %4 s, tensor %5 s, pipeline %6 s, "
                       "gradient all-reduce %7 s (%8 s not hidden).")
                       .arg(e.stepTimeS, 0, 'f', 2)
                       .arg(e.computeS, 0, 'f', 2)
                       .arg(e.computeEfficiency * 100, 0, 'f', 0)
                       .arg(e.bubbleS, 0, 'f', 2)
                       .arg(e.tpCommS, 0, 'f', 2)
                       .arg(e.ppCommS, 0, 'f', 3)
                       .arg(e.dpAllReduceS, 0, 'f', 2)
                       .arg(e.dpCommS, 0, 'f', 2)
                       .arg(w.mfu * 100, 0, 'f', 0)
                << QStringLiteral("Time: %1 days of compute on %2 GPUs (effective MFU %3 %).")
                       .arg(e.computeDays, 0, 'f', 1)
                       .arg(e.gpus)
                       .arg(e.effectiveMfu * 100, 0, 'f', 1)
                << interruptionsText(e);
    if (facts.hasDesign)
        e.reasoning << QStringLiteral("Energy: %1 MWh at PUE %2; cost $%3 (capex $%4 + energy "
                                      "$%5 at $%6/kWh).")
                           .arg(e.energyMwh, 0, 'f', 0)
                           .arg(facts.pue(), 0, 'f', 2)
                           .arg(e.costUsd, 0, 'f', 0)
                           .arg(e.capexUsd, 0, 'f', 0)
                           .arg(e.energyCostUsd, 0, 'f', 0)
                           .arg(facts.priceUsdPerKwh, 0, 'f', 3);
}

} // namespace

QString trainingInputError(const TrainingWorkload& w) {
    if (!(w.params > 0))
        return QStringLiteral("the parameter count must be positive");
    if (!(w.tokens > 0))
        return QStringLiteral("the token count must be positive (zero tokens need no training)");
    if (!(w.mfu > 0 && w.mfu <= 1))
        return QStringLiteral("the MFU must be above 0 and at most 1");
    if (w.sequenceLength <= 0 || w.microBatch <= 0 || w.globalBatchTokens < 0)
        return QStringLiteral("sequence length, micro-batch and batch must be positive");
    if (w.days < 0 || w.gpus < 0)
        return QStringLiteral("GPUs and days cannot be negative");
    return {};
}

double trainingFlops(double params, double tokens) {
    return 6.0 * params * tokens;
}

int minimumTrainingGpus(const TrainingWorkload& w, const ServerFigures& server, int maxGpus) {
    if (!trainingInputError(w).isEmpty() || server.gpusPerServer <= 0)
        return 0;
    const ModelShape shape = w.modelShape();
    const std::vector<int> tps = tensorSizes(shape, server);
    // Model state alone bounds the count from below; start there.
    const double perGpu = server.memoryGb * kUsableMemoryShare * kGB;
    const int unit = server.gpusPerServer;
    int g = std::max(unit, int(std::ceil(w.params * 4 / perGpu / unit)) * unit);
    for (; g <= maxGpus; g += unit)
        for (int tp : tps)
            for (int pp = 1; pp <= shape.layers && tp * pp <= g; ++pp)
                if (auto c = split(w, shape, server, g, tp, pp, w.recompute); c && fits(*c))
                    return g;
    return 0;
}

int gpusForDays(const TrainingWorkload& w, const ServerFigures& server,
                const std::function<ClusterFacts(int)>& factsAt, int maxGpus) {
    const int unit = server.gpusPerServer;
    int g = minimumTrainingGpus(w, server, maxGpus);
    if (g == 0 || w.days <= 0)
        return g;
    // Start at the count that would do it with no overhead, then grow about 1 % a step.
    const double peak = server.bf16Tflops * 1e12 * peakFactor(w.precision) * w.mfu;
    const double ideal = trainingFlops(w.params, w.tokens) / (w.days * 86400.0 * peak);
    if (ideal > maxGpus)
        return 0;
    g = std::max(g, int(std::ceil(ideal / unit)) * unit);
    TrainingWorkload fixed = w;
    while (g <= maxGpus) {
        fixed.gpus = g;
        const TrainingEstimate e = estimateTraining(fixed, factsAt(g));
        if (e.ok && e.days <= w.days)
            return g;
        g += std::max(unit, g / 100 / unit * unit);
    }
    return 0;
}

TrainingEstimate estimateTraining(const TrainingWorkload& w, const ClusterFacts& facts) {
    TrainingEstimate e;
    e.reason = trainingInputError(w);
    if (!e.reason.isEmpty())
        return e;
    const ServerFigures& s = facts.server;
    e.gpus = w.gpus > 0 ? w.gpus : facts.gpus;
    if (e.gpus <= 0 || s.gpusPerServer <= 0) {
        e.reason = QStringLiteral("the cluster has no GPUs");
        return e;
    }
    if (e.gpus > facts.gpus) {
        e.reason =
            QStringLiteral("%1 GPUs asked for, the cluster has %2").arg(e.gpus).arg(facts.gpus);
        return e;
    }
    const ModelShape shape = w.modelShape();
    e.flops = trainingFlops(w.params, w.tokens);
    e.modelStateGb = w.params * kModelStateBytesPerParam / kGB;
    std::vector<Candidate> fitting;
    for (int tp : tensorSizes(shape, s))
        for (int pp = 1; pp <= shape.layers && tp * pp <= e.gpus; ++pp)
            if (auto c = split(w, shape, s, e.gpus, tp, pp, w.recompute); c && fits(*c))
                fitting.push_back(*c);
    // One compute efficiency for every plan: the least that lets some plan (the reference)
    // reach the MFU on a non-blocking fabric. The others then run slower there, as they would.
    const bool any = !fitting.empty();
    double efficiency = 1.0;
    for (const Candidate& c : fitting)
        efficiency = std::min(efficiency, calibratedEfficiency(w, shape, facts, e.gpus, c));
    for (const Candidate& c : fitting) {
        TrainingEstimate t = e;
        time(w, shape, facts, e.gpus, c, efficiency, t);
        t.computeEfficiency = efficiency;
        // Fastest wins; within 0.1 % the smaller model-parallel group. Every plan of the same
        // GPUs and model has the same interruptions, so compute time decides.
        const bool faster = t.computeDays < e.computeDays * 0.999;
        const bool same = t.computeDays <= e.computeDays * 1.001;
        if (&c == &fitting.front() || faster ||
            (same && c.plan.tp * c.plan.pp < e.plan.tp * e.plan.pp)) {
            t.plan = c.plan;
            t.memory = c.memory;
            e = t;
        }
    }
    if (!any) {
        const int need = minimumTrainingGpus(w, s);
        e.reason = need > 0 ? QStringLiteral("a %1B-parameter model (model state %2) does not fit "
                                             "%3 GPUs of %4; it needs at least %5")
                                  .arg(w.params / 1e9, 0, 'g', 4)
                                  .arg(gb(e.modelStateGb))
                                  .arg(e.gpus)
                                  .arg(gb(s.memoryGb))
                                  .arg(need)
                            : QStringLiteral("a %1B-parameter model fits no GPU count of %2")
                                  .arg(w.params / 1e9, 0, 'g', 4)
                                  .arg(s.gpuModel);
        return e;
    }
    addInterruptions(w, facts, e);
    // The cluster is held, and lost work redone at full power, for the wall-clock days.
    const double hours = e.days * 24.0;
    const double share = facts.gpus > 0 ? double(e.gpus) / facts.gpus : 0;
    e.energyMwh = facts.facilityW * share * hours / 1e6;
    e.energyCostUsd = e.energyMwh * 1000.0 * facts.priceUsdPerKwh;
    e.capexUsd = facts.capexUsd * share;
    e.costUsd = e.capexUsd + e.energyCostUsd;
    e.ok = true;
    explain(w, facts, e);
    return e;
}

} // namespace cds
