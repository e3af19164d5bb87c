#pragma once

#include "FailureRates.h"
#include "Ids.h"
#include "PowerChain.h"
#include "Units.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace cds {

enum class Category : std::uint8_t {
    Server,
    Switch,
    Rack,
    Cable,
    Transceiver,
    Cooling,
    Power,
    Storage,
    Management,
    Nic ///< network adapters (SuperNICs, DPUs) as parts; servers list their ports themselves
};
inline constexpr int kCategoryCount = 10;

enum class PortRole : std::uint8_t { Compute, Storage, Inband, Oob, Fabric, Uplink };
inline constexpr int kPortRoleCount = 6;
/// Ports a device's breakout splits: a switch's fabric ports (800G -> 2 x 400G), and a
/// server's compute NICs when they feed parallel planes (an 800G SuperNIC as 2 x 400G).
inline bool splitsOnBreakout(PortRole r) {
    return r == PortRole::Fabric || r == PortRole::Compute;
}
enum class MediaType : std::uint8_t { Dac, Acc, Aoc, Mmf, Smf };
inline constexpr int kMediaTypeCount = 5;
enum class Technology : std::uint8_t { Any, InfiniBand, Ethernet };
inline constexpr int kTechnologyCount = 3;

QString categoryKey(Category c); ///< "server", "switch"... as in the files
std::optional<Category> categoryFromKey(const QString& key);
QString categoryLabel(Category c); ///< "GPU servers"... for people
QString portRoleKey(PortRole r);
std::optional<PortRole> portRoleFromKey(const QString& key);
QString mediaTypeKey(MediaType t);
std::optional<MediaType> mediaTypeFromKey(const QString& key);
QString technologyKey(Technology t);
std::optional<Technology> technologyFromKey(const QString& key);

/// @brief A group of identical ports as written in a catalog file ("8 x 400G in 4 OSFP").
struct PortGroup {
    QString name;
    PortRole role = PortRole::Compute;
    int count = 0;
    double speedGbps = 0;
    QString cage;
    int portsPerCage = 1;
    bool required = false;
    /// "flat": the cage has a riding heat sink and takes flat-top modules only (DGX H100 /
    /// B200 and ConnectX-7 OSFP cages); empty or "finned": finned-top (switch) modules.
    QString moduleTop;
    /// Compute NICs: the ways the port may be split over parallel planes, one lane per plane
    /// (ConnectX-8 SuperNIC: {2, 4}); empty: the NIC feeds one plane only.
    std::vector<int> planes;
    bool operator==(const PortGroup&) const = default;
};

/// @brief One logical port of a device type, expanded from its groups.
struct PortDef {
    QString name; ///< e.g. "cx7-3"
    PortRole role = PortRole::Compute;
    double speedGbps = 0;
    std::uint16_t cage = 0; ///< physical cage index within the device (shared by twin ports)
    std::uint8_t group = 0; ///< index of the PortGroup it came from
    bool required = false;
};

/// @brief A port as a device uses it: possibly one lane of a split (breakout) catalog port.
struct LogicalPort {
    int catalogPort = 0; ///< index into CatalogItem::ports
    int lane = 0;        ///< 0 unless split
    double speedGbps = 0;
    PortRole role = PortRole::Compute;
    std::uint16_t cage = 0;
    bool required = false;
    QString name;
};

struct GpuSpec {
    QString model;
    int count = 0;
    double memoryGb = 0;        ///< per GPU
    double bf16DenseTflops = 0; ///< per GPU
    double tdpW = 0;            ///< per GPU
    /// GPUs joined by one NVLink/NVSwitch domain: the server's own GPUs for an 8-GPU HGX/DGX
    /// board, 72 for an NVL72 rack. Tensor parallelism and the all-reduce estimate stay
    /// inside it; traffic across domains uses the scale-out fabric.
    int nvlinkDomainGpus = 0;
};

struct RackSpec {
    int uCapacity = 42;
    double widthMm = 600;
    double depthMm = 1200;
    double heightMm = 0;
    std::optional<double> maxLoadKg;
};

struct MediaSpec {
    MediaType type = MediaType::Dac;
    double speedGbps = 0;
    double maxReachM = 0;
    std::optional<double> powerPerEndW;
    QString formFactor;
    Technology technology = Technology::Any;
    std::vector<double> lengthsM;
    bool twinPort = false;
    QString fiber;
    /// Transceivers: the optical connector on the module ("MPO-12/APC", "LC duplex"), which
    /// the passive fibre's formFactor must match. Empty when the catalog does not say.
    QString connector;
    /// Outside diameter of the cable (for a transceiver: of the fibre cord it takes), for
    /// tray fill; unknown when absent (tray fill then uses kDefaultCableDiameterMm).
    std::optional<double> diameterMm;
    /// Transceivers: the shell's top, "flat" (for cages with a riding heat sink) or "finned"
    /// (its own heat sink, for air-cooled switch cages); empty when the catalog does not say
    /// (taken as not flat).
    QString top;
    bool isFlatTop() const { return top == QLatin1String("flat"); }
};
inline constexpr double kDefaultCableDiameterMm = 8.0; ///< estimate for entries without one

struct SwitchSpec {
    Technology technology = Technology::Any;
    std::vector<int> breakouts; ///< factors a port may be split into, e.g. {2}
};

/// The part of a rack-scale system a catalog entry is: its hosts (compute trays), its NVLink
/// switch trays, its power shelves, the in-rack management switches that hand its BMC network
/// off. None: a device of its own.
enum class TrayKind : std::uint8_t { None, Compute, NvlinkSwitch, PowerShelf, Management };
inline constexpr int kTrayKindCount = 5;
QString trayKindKey(TrayKind k); ///< "", "compute", "nvlink-switch", "power-shelf", "management"
std::optional<TrayKind> trayKindFromKey(const QString& key);

/// @brief A run of identical trays of a rack-scale system, in the rack from the bottom up.
struct TraySlot {
    QString id; ///< catalog id of the tray
    int count = 0;
    bool operator==(const TraySlot&) const = default;
};

/// @brief Power-chain equipment (transformer, UPS, busway, power rack...), from the entry's
/// "power" section with an "element" key.
struct PowerElementSpec {
    PowerKind kind = PowerKind::Ups;
    double capacity = 0;             ///< rated output: kVA for kinds ratedInKva(), else kW
    double efficiencyPct = 100;      ///< at the design load
    double stepLoadPct = 0;          ///< generators: load accepted in one step, % of rating
    double rideThroughMin = 0;       ///< batteries: minutes at the rated kW
    double outputVdc = 0;            ///< power racks: DC output voltage
    double widthMm = 0, depthMm = 0; ///< floor footprint of a floor-standing unit on the hall
};

struct Price {
    double usd = 0;
    QString date;
    QString source;
};

/// @brief One catalog entry. Parsed figures plus the entry's canonical JSON, which is what a
/// design embeds so it opens the same on a machine with a different catalog.
struct CatalogItem {
    QString id;
    Category category = Category::Server;
    QString vendor, model, description, source;
    QString partNumber; ///< the vendor's orderable part number, empty when none is published
    int uHeight = 0;
    std::optional<double> weightKg;
    std::optional<double> powerTypicalW;
    std::optional<double> powerMaxW;
    std::optional<Price> price;
    std::optional<GpuSpec> gpu;
    std::optional<RackSpec> rack;
    std::optional<MediaSpec> media;
    std::optional<SwitchSpec> switchSpec;
    std::optional<double> coolingCapacityKw;
    QString coolingType;
    std::optional<double> feedKw;
    std::optional<PowerElementSpec> powerElement; ///< power-chain equipment, not a rack PDU
    std::optional<double> usableTb;
    std::optional<double> readGbps;  ///< storage node: sustained read throughput, Gb/s
    std::optional<double> writeGbps; ///< storage node: sustained write throughput, Gb/s
    bool rackScale = false;
    bool liquidCooled = false; ///< the system needs direct liquid cooling (NVL72, MI355X)
    /// Rack-scale systems: the trays the rack holds, bottom up (RackScale.h splits a system
    /// into them); empty: the system stays one device.
    std::vector<TraySlot> trays;
    TrayKind tray = TrayKind::None; ///< this entry is a tray of a rack-scale system
    std::vector<PortGroup> portGroups;
    std::vector<PortDef> ports; ///< expanded from portGroups
    std::string canonicalJson;  ///< compact, key-sorted JSON of the entry as read

    int gpuCount() const { return gpu ? gpu->count : 0; }
    /// Whether what it draws is IT load. A rack PDU's own electronics are a distribution loss:
    /// NVIDIA's rack figures (4 x 10.2 kW DGX H100 = 40.8 kW) count only what it feeds.
    bool isItLoad() const { return category != Category::Power || tray != TrayKind::None; }
    /// GPUs in one NVLink domain of this system (its GPU count when the catalog gives none).
    int nvlinkDomainGpus() const {
        return gpu ? (gpu->nvlinkDomainGpus > 0 ? gpu->nvlinkDomainGpus : gpu->count) : 0;
    }
    /// Number of catalog ports of a role (before any breakout).
    int portCount(PortRole role) const;
    /// Ports a device of this type exposes when its fabric ports are split @p breakout ways.
    int logicalPortCount(int breakout) const;
    /// Logical port @p index under @p breakout: fabric and compute ports split into lanes at
    /// speed / breakout; other ports unchanged. Index out of range returns nullopt.
    std::optional<LogicalPort> logicalPort(int breakout, int index) const;
    /// First port index of a role, or -1.
    int firstPort(PortRole role) const;
};

/// @brief A problem found while reading a catalog or design file: where and what.
struct FileError {
    QString file;
    int line = 0;   ///< 1-based, 0 when unknown
    int column = 0; ///< 1-based, 0 when unknown
    QString field;  ///< JSON pointer of the offending value, e.g. /items/3/powerMaxW
    QString message;
    QString toString() const; ///< "file:line:column: field: message"
};

/// @brief An ordered set of catalog items with an id index. The design embeds one;
/// the application keeps a library of bundled + user catalogs.
class Catalog {
public:
    TypeId add(CatalogItem item); ///< replaces an item of the same id, keeping its TypeId
    TypeId find(const QString& id) const;
    const CatalogItem& operator[](TypeId t) const { return m_items[t.value()]; }
    const CatalogItem* item(const QString& id) const;
    bool contains(TypeId t) const { return t.isValid() && t.value() < m_items.size(); }
    std::size_t size() const { return m_items.size(); }
    const std::vector<CatalogItem>& items() const { return m_items; }
    void clear();
    /// Drops the last @p n items (the entries an undone edit had embedded).
    void removeLast(std::size_t n);
    /// Compares the items only: the failure-rate table is not embedded in a design file.
    bool operator==(const Catalog& o) const;

    /// The failure rates read with this catalog (a file of family "failure-rates"), or null:
    /// a design's catalog has them when it was generated from a library that has them.
    const std::shared_ptr<const FailureRateTable>& failureRates() const { return m_rates; }
    void setFailureRates(std::shared_ptr<const FailureRateTable> rates) {
        m_rates = std::move(rates);
    }

private:
    std::vector<CatalogItem> m_items;
    std::unordered_map<QString, TypeId> m_index;
    std::shared_ptr<const FailureRateTable> m_rates; ///< shared: designs copy catalogs often
};

} // namespace cds
