#include "Reliability.h"

#include "../json/CatalogFile.h"

#include <algorithm>
#include <cmath>

namespace cds {

namespace {

/// Local NVMe when the design has no storage to write to (estimate: one PCIe Gen4 drive's
/// sequential write, ~4 GB/s, per server).
constexpr double kLocalNvmeGbpsPerServer = 32;

} // namespace

Reliability reliabilityFor(const ReliabilityInputs& in) {
    Reliability r;
    // No second copy of the numbers in code: without rates of its own, the catalog folders'.
    const std::shared_ptr<const FailureRateTable> rates =
        in.rates ? in.rates : CatalogLibrary::defaultFailureRates();
    if (in.gpus <= 0 || !rates)
        return r;
    r.ratesFile = rates->file;
    for (const FailureRate& f : rates->causes) {
        const double units = f.basis == RateBasis::PerGpu      ? in.gpus
                             : f.basis == RateBasis::PerServer ? in.servers
                                                               : in.computeLinks;
        r.interruptionsPerDay += rates->perUnitDay(f) * units;
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
    in.rates = d.catalog.failureRates();
    return in;
}

Reliability reliabilityOf(const DesignData& d, const Metrics& m) {
    return reliabilityFor(reliabilityInputs(d, m));
}

} // namespace cds
