#pragma once
// Failure rates as catalog data (catalogs/failure-rates.json): the causes of unexpected job
// interruptions counted over a reference run, each with its source.

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace cds {

/// What a failure rate scales with.
enum class RateBasis : std::uint8_t { PerGpu, PerServer, PerComputeLink };
inline constexpr int kRateBasisCount = 3;
QString rateBasisKey(RateBasis b); ///< "gpu", "server", "compute-link" as in the file
std::optional<RateBasis> rateBasisFromKey(const QString& key);

/// @brief One cause of unexpected job interruptions, with how often it struck the reference
/// run and where that count comes from.
struct FailureRate {
    QString cause;    ///< "Faulty GPU"
    QString category; ///< the source's category: "GPU", "Host", "Network", ...
    int interruptions = 0;
    RateBasis basis = RateBasis::PerGpu;
    QString source;
};

/// @brief The run the counts were taken over: its size and length.
struct FailureReference {
    int gpus = 0;
    int servers = 0;
    double days = 0;
    double computeLinks = 0; ///< compute-fabric links (cables) of the run
    QString source;
};

/// @brief The failure-rate table of a catalog: causes counted over one reference run.
struct FailureRateTable {
    QString file; ///< where it was read from, for messages
    FailureReference reference;
    std::vector<FailureRate> causes;

    /// Units of @p b in the reference run (GPUs, servers or compute links).
    double referenceUnits(RateBasis b) const;
    /// Interruptions per day for one unit of the cause's basis (one GPU, server or link).
    double perUnitDay(const FailureRate& f) const;
    int totalInterruptions() const;
};

} // namespace cds
