#include "FailureRates.h"

#include "EnumKeys.h"

#include <array>

namespace cds {

namespace {

constexpr std::array<const char*, kRateBasisCount> kBasisKeys = {"gpu", "server", "compute-link"};

} // namespace

QString rateBasisKey(RateBasis b) {
    return QLatin1String(kBasisKeys[std::size_t(b)]);
}

std::optional<RateBasis> rateBasisFromKey(const QString& key) {
    return enumFromKey<RateBasis>(kBasisKeys, key);
}

double FailureRateTable::referenceUnits(RateBasis b) const {
    switch (b) {
    case RateBasis::PerGpu:
        return reference.gpus;
    case RateBasis::PerServer:
        return reference.servers;
    case RateBasis::PerComputeLink:
        return reference.computeLinks;
    }
    return 0;
}

double FailureRateTable::perUnitDay(const FailureRate& f) const {
    const double units = referenceUnits(f.basis) * reference.days;
    return units > 0 ? f.interruptions / units : 0;
}

int FailureRateTable::totalInterruptions() const {
    int n = 0;
    for (const FailureRate& f : causes)
        n += f.interruptions;
    return n;
}

} // namespace cds
