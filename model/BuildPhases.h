#pragma once

#include <QString>

#include <array>
#include <cstdint>
#include <optional>

/// @file Build phases (issue #34): what is installed and handed over together, with the
/// install labour and order lead times the build plan (model/phases) reads.
namespace cds {

/// @brief A build phase: the racks assigned to it (Rack::phase), installed and cabled by its
/// date. Devices go with their rack; a cable with the later of its two ends; a power-chain
/// element with the first phase whose racks it feeds.
struct BuildPhase {
    QString name; ///< "Phase 1", "SU 1-4"
    QString date; ///< ISO 8601 "YYYY-MM-DD": its GPUs ready to train; empty when not set
    bool operator==(const BuildPhase&) const = default;
};
inline constexpr int kMaxBuildPhases = 64;

/// What an item is, for install labour and order lead times: catalog categories, with GPU
/// servers apart from other servers and the power chain's equipment by its kind.
enum class InstallKind : std::uint8_t {
    Rack,
    GpuServer,
    Server, ///< CPU servers, management nodes
    Storage,
    Switch,
    Pdu, ///< rack power (PDUs, power shelves)
    Cooling,
    Cable,
    Transceiver,
    Transformer,
    Switchgear,
    Generator,
    Ups,          ///< UPS modules and their batteries
    Distribution, ///< busways, remote power panels, DC power racks
};
inline constexpr int kInstallKindCount = 14;
QString installKindKey(InstallKind k); ///< the file key: "rack", "gpu-server"...
QString installKindLabel(InstallKind k);
std::optional<InstallKind> installKindFromKey(const QString& key);

/// @brief Install labour, hours per unit of each kind (settings.labourHours). The defaults are
/// planning estimates for an integrator's crew: unpack, mount, power, label and test.
struct LabourHours {
    std::array<double, kInstallKindCount> hours = defaults();
    double of(InstallKind k) const { return hours[std::size_t(k)]; }
    static std::array<double, kInstallKindCount> defaults();
    bool operator==(const LabourHours&) const = default;
};

/// @brief How long before it is needed an item must be ordered.
struct LeadTime {
    int weeks = 0;
    QString source; ///< where the figure is from; every one is an estimate and says so
};
/// The built-in lead time of @p k (weeks from order to delivery at the site).
LeadTime leadTimeOf(InstallKind k);

} // namespace cds
