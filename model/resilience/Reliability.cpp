#include "Reliability.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {

const QString kLlama3 = QStringLiteral(
    "Llama 3 405B pre-training, 54-day snapshot on 16,384 H100 GPUs: Dubey et al. 2024, "
    "\"The Llama 3 Herd of Models\", arXiv:2407.21783, table 5");

/// Local NVMe when the design has no storage to write to (estimate: one PCIe Gen4 drive's
/// sequential write, ~4 GB/s, per server).
constexpr double kLocalNvmeGbpsPerServer = 32;

} // namespace

double FailureRate::perUnitDay() const {
    const double units = basis == RateBasis::PerGpu      ? kReferenceGpus
                         : basis == RateBasis::PerServer ? kReferenceServers
                                                         : kReferenceComputeLinks;
    return interruptions / (units * kReferenceDays);
}

const std::vector<FailureRate>& failureRates() {
    // Counts as table 5 gives them (they sum to 419; the table prints 30.1 % beside the 148
    // faulty-GPU interruptions, where 148 / 419 is 35.3 %: the counts are used).
    static const std::vector<FailureRate> rates = [] {
        using B = RateBasis;
        const auto gpu = QStringLiteral("GPU"), host = QStringLiteral("Host");
        std::vector<FailureRate> r = {
            {QStringLiteral("Faulty GPU"), gpu, 148, B::PerGpu, kLlama3},
            {QStringLiteral("GPU HBM3 memory"), gpu, 72, B::PerGpu, kLlama3},
            {QStringLiteral("Software bug"), QStringLiteral("Dependency"), 54, B::PerGpu, kLlama3},
            {QStringLiteral("Network switch/cable"), QStringLiteral("Network"), 35,
             B::PerComputeLink,
             kLlama3 + QStringLiteral("; per compute link of a three-tier non-blocking Clos "
                                      "(estimate: the paper does not count links)")},
            {QStringLiteral("Host maintenance (unplanned)"),
             QStringLiteral("Unplanned maintenance"), 32, B::PerServer, kLlama3},
            {QStringLiteral("GPU SRAM memory"), gpu, 19, B::PerGpu, kLlama3},
            {QStringLiteral("GPU system processor"), gpu, 17, B::PerGpu, kLlama3},
            {QStringLiteral("NIC"), host, 7, B::PerServer, kLlama3},
            {QStringLiteral("NCCL watchdog timeouts"), QStringLiteral("Unknown"), 7, B::PerGpu,
             kLlama3},
            {QStringLiteral("Silent data corruption"), gpu, 6, B::PerGpu, kLlama3},
            {QStringLiteral("GPU thermal interface and sensor"), gpu, 6, B::PerGpu, kLlama3},
            {QStringLiteral("SSD"), host, 3, B::PerServer, kLlama3},
            {QStringLiteral("Power supply"), host, 3, B::PerServer, kLlama3},
            {QStringLiteral("Server chassis"), host, 2, B::PerServer, kLlama3},
            {QStringLiteral("IO expansion board"), host, 2, B::PerServer, kLlama3},
            {QStringLiteral("Dependency"), QStringLiteral("Dependency"), 2, B::PerGpu, kLlama3},
            {QStringLiteral("CPU"), host, 2, B::PerServer, kLlama3},
            {QStringLiteral("System memory"), host, 2, B::PerServer, kLlama3},
        };
        return r;
    }();
    return rates;
}

Reliability reliabilityFor(const ReliabilityInputs& in) {
    Reliability r;
    if (in.gpus <= 0)
        return r;
    for (const FailureRate& f : failureRates()) {
        const double units = f.basis == RateBasis::PerGpu      ? in.gpus
                             : f.basis == RateBasis::PerServer ? in.servers
                                                               : in.computeLinks;
        r.interruptionsPerDay += f.perUnitDay() * units;
    }
    r.clusterMtbfHours = r.interruptionsPerDay > 0 ? 24.0 / r.interruptionsPerDay : 0;
    // A job sees the failures of its share of the cluster (one failure stops a synchronous job).
    r.jobGpus = in.jobGpus > 0 ? std::min(in.jobGpus, in.gpus) : in.gpus;
    const double share = double(r.jobGpus) / in.gpus;
    r.jobMtbfHours = r.clusterMtbfHours / share;
    const double bytes = in.checkpointBytes > 0 ? in.checkpointBytes
                                                : defaultCheckpointBytes(r.jobGpus, in.gpuMemoryGb);
    r.checkpointGb = bytes / 1e9;
    double gbps = in.storageWriteGbps;
    r.checkpointPath = QStringLiteral("storage");
    if (gbps <= 0) {
        gbps = kLocalNvmeGbpsPerServer * std::max(1.0, std::ceil(in.servers * share));
        r.checkpointPath = QStringLiteral("local NVMe (estimate)");
    }
    const double delta = writeSeconds(bytes, gbps);
    r.checkpointWriteS = delta;
    r.restartMin = kRestartMinutes + delta / 60.0; // reading it back: no faster than writing
    const double m = r.jobMtbfHours * 3600.0;
    if (m <= 0)
        return r;
    // Daly 2006, "A higher order estimate of the optimum checkpoint interval for restart
    // dumps" (Future Generation Computer Systems 22(3)): Young's (1974) sqrt(2 delta M) with
    // higher-order terms.
    const double x = delta / (2 * m);
    const double tau =
        delta < 2 * m ? std::sqrt(2 * delta * m) * (1 + std::sqrt(x) / 3 + x / 9) - delta : m;
    r.checkpointIntervalMin = tau / 60.0;
    // Daly's expected wall-clock time for exponential failures in the same paper: T_wall / T_solve
    // = M / tau * e^(R/M) * (e^((tau + delta)/M) - 1); goodput is its inverse.
    const double restart = r.restartMin * 60.0;
    const double ratio = m / tau * std::exp(restart / m) * std::expm1((tau + delta) / m);
    r.goodputPct = ratio > 0 ? 100.0 / ratio : 0;
    return r;
}

ReliabilityInputs reliabilityInputs(const DesignData& d, const Metrics& m, int jobGpus) {
    ReliabilityInputs in;
    in.gpus = m.gpus;
    in.servers = m.servers;
    const LinkTierCounts& l = m.links[std::size_t(FabricKind::Compute)];
    in.computeLinks = double(l.nodeLeaf + l.leafSpine + l.spineCore);
    in.gpuMemoryGb = m.gpus > 0 ? m.gpuMemoryGb / m.gpus : 0;
    d.devices.forEach([&](DeviceId, const Device& v) {
        const CatalogItem& t = d.typeOf(v);
        if (t.category == Category::Storage)
            in.storageWriteGbps += t.writeGbps.value_or(0);
    });
    in.jobGpus = jobGpus > 0 ? jobGpus : d.settings.resilienceJobGpus;
    return in;
}

Reliability reliabilityOf(const DesignData& d, const Metrics& m) {
    return reliabilityFor(reliabilityInputs(d, m));
}

} // namespace cds
