#pragma once
// The power chain of a design, from the utility down to the racks' feeds: what a design file's
// "power" section holds. Analysis of it (topology, load flow in normal operation and N-1, the
// builder for generated designs) lives in model/power/.

#include "Geometry.h"
#include "Ids.h"
#include "SlotVector.h"

#include <QString>

#include <optional>
#include <vector>

namespace cds {

/// Kinds of element, from the source to the rack. A generator and a battery are standby
/// sources: they carry load only when every other supply of the element they feed is down.
enum class PowerKind : std::uint8_t {
    Utility,
    Transformer,
    Switchgear,
    Generator,
    Ups,
    Battery,
    Busway,
    Rpp,      ///< remote power panel
    PowerRack ///< a DC power rack or sidecar beside its racks (800 V DC or +/-400 V DC)
};
inline constexpr int kPowerKindCount = 9;
/// "utility", "transformer", "switchgear", "generator", "ups", "battery", "busway", "rpp",
/// "power-rack": the keys of files, catalogs and `stats --json`.
QString powerKindKey(PowerKind k);
std::optional<PowerKind> powerKindFromKey(const QString& key);
QString powerKindLabel(PowerKind k); ///< "Transformer", "UPS", "Remote power panel"...
/// True for the kinds rated in kVA (their kW capacity is kVA x the chain's power factor).
bool ratedInKva(PowerKind k);
/// Generators and batteries: they carry only when the element's other supplies are down.
inline bool isStandby(PowerKind k) {
    return k == PowerKind::Generator || k == PowerKind::Battery;
}

/// The kinds a rack's A or B feed may name: the last stage before the rack (a busway, a remote
/// power panel or a DC power rack beside its row).
inline bool feedsRacks(PowerKind k) {
    return k == PowerKind::Busway || k == PowerKind::Rpp || k == PowerKind::PowerRack;
}

// What a design file and an edit of the chain (model/edits/PowerOps) accept for an element, so
// that the studio never holds a chain its own file would refuse.
inline constexpr double kMinPowerCapacity = 0.001;
inline constexpr double kMaxPowerCapacity = 1e7; ///< 10 GVA (or GW), beyond any site
inline constexpr double kMinPowerEfficiencyPct = 50;
inline constexpr int kMaxPowerUnits = 10000;
inline constexpr int kMaxPowerNameLength = 256; ///< UTF-8 bytes

/// Redundancy schemes: 2N (two independent sides, each able to carry everything), N+1 (N
/// modules in parallel plus one reserve), block-redundant ("4N/3": B blocks, racks fed from two
/// of them, each block able to take its share of a failed one) and a single-corded feed.
enum class PowerScheme : std::uint8_t { TwoN, NPlusOne, Block, Single };
inline constexpr int kPowerSchemeCount = 4;
QString powerSchemeKey(PowerScheme s); ///< "2N", "N+1", "block", "single"
/// Also accepts "xN/y" (e.g. "4N/3") for block.
std::optional<PowerScheme> powerSchemeFromKey(const QString& key);

/// @brief One element of the chain: a utility service, transformer, switchboard, generator,
/// UPS, battery, busway, remote power panel or DC power rack.
struct PowerElement {
    QString name; ///< unique in the chain, e.g. "UPS-A1"
    PowerKind kind = PowerKind::Ups;
    TypeId type; ///< its catalog entry (priced in the BOM); invalid: none (a utility service)
    /// Rated output of the element, all its units together: kVA for the kinds ratedInKva(),
    /// else kW.
    double capacity = 0;
    /// Identical units in parallel that the element stands for (battery cabinets, generator
    /// sets of one block): billed as many; they fail together.
    int units = 1;
    double efficiencyPct = 100; ///< output / input at the design load
    /// The elements it draws from; several share its load in proportion to their capacity
    /// (parallel modules). Standby kinds among them carry only when the others are down.
    std::vector<PowerElementId> upstream;
    /// Which side or block of the scheme it belongs to ("A", "B", "block 2", "N+1 system 1").
    QString group;
    double outputVdc = 0; ///< power racks: 800 (or 400 for +/-400 V DC); 0: AC
    /// Floor space it takes in the hall (power racks beside their rows); none: off the floor.
    std::optional<RectMm> area;
    bool operator==(const PowerElement&) const = default;
};

/// @brief The design's power chain and the settings its checks read.
struct PowerChain {
    PowerScheme scheme = PowerScheme::Single;
    int blocks = 0; ///< block-redundant: blocks sharing one block's reserve (4 for "4N/3")
    /// Power factor of the IT load: the kW a kVA-rated element carries (servers with active
    /// PFC run at 0.95-0.99; 0.95 is the usual planning figure).
    double powerFactor = 0.95;
    double itBudgetKw = 0;   ///< power-first sizing: the IT budget it was sized to; 0 none
    double siteBudgetKw = 0; ///< the facility budget given (--site-mw); 0 none
    /// Synchronous swing of the GPUs' power in a training job, % of their power (0: not
    /// checked): the load step the UPS, battery and generator must absorb.
    double transientPct = 0;
    /// Capacity unused at the UPS tier (after the worst single failure) above this share of
    /// it is reported as stranded (info).
    double strandedPct = 30;
    SlotVector<PowerElement, PowerElementId> elements;

    /// Nothing set: the design has no power chain (and its file no "power" section).
    bool isEmpty() const { return *this == PowerChain{}; }
    /// "2N", "N+1", "4N/3", "single".
    QString schemeLabel() const;
    /// The element's capacity in kW (kVA x power factor where rated in kVA).
    double capacityKw(const PowerElement& e) const {
        return ratedInKva(e.kind) ? e.capacity * powerFactor : e.capacity;
    }
    PowerElementId findByName(const QString& name) const;
    bool operator==(const PowerChain&) const = default;
};

} // namespace cds
