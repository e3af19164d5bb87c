#include "BuildPhases.h"

namespace cds {

namespace {

struct KindFacts {
    const char* key;
    const char* label;
    double labourHours; ///< per unit: planning estimates
    int leadWeeks;
    const char* leadSource;
};

// Lead times are estimates, each saying what it rests on; a purchasing team replaces them with
// its quotes. Labour: an integrator's planning figures per unit (unpack, mount or set, connect,
// label, test), estimates all.
constexpr std::array<KindFacts, kInstallKindCount> kKinds = {{
    {"rack", "Racks", 4, 8, "estimate: standard 42-52U cabinets, typical integrator quotes"},
    {"gpu-server", "GPU servers", 2, 16,
     "estimate: H100-class server lead times fell from 8-11 months to 3-4 months by early "
     "2024 (UBS analyst note, as reported by Tom's Hardware, 2024-02)"},
    {"server", "Servers", 1, 8, "estimate: volume x86 servers, typical integrator quotes"},
    {"storage", "Storage", 1.5, 10, "estimate: all-flash storage nodes, typical quotes"},
    {"switch", "Switches", 1.5, 20, "estimate: 400G/800G data-centre switches, typical quotes"},
    {"pdu", "Rack power", 0.5, 10, "estimate: intelligent rack PDUs, typical quotes"},
    {"cooling", "Cooling", 8, 20, "estimate: coolant distribution units and rear doors"},
    {"cable", "Cables", 0.25, 8, "estimate: DAC/AOC and fibre trunks, typical quotes"},
    {"transceiver", "Transceivers", 0.05, 16,
     "estimate: 400G/800G optics, supply tight through 2024-2025"},
    {"transformer", "Transformers", 40, 128,
     "estimate: US power transformer lead times averaged 128 weeks in 2025 (Wood Mackenzie "
     "research, as reported in the trade press); up to four years for large units (PwC, in "
     "pv magazine USA, 2026-05-11)"},
    {"switchgear", "Switchgear", 40, 44,
     "estimate: standard switchgear 20-44 weeks in 2026, custom medium-voltage gear longer "
     "(industry reports); the upper figure"},
    {"generator", "Generators", 40, 78,
     "estimate: 2 MW-class diesel generator sets, one to two years in 2024-2025 (industry "
     "reports)"},
    {"ups", "UPS and batteries", 16, 30, "estimate: large three-phase UPS modules"},
    {"distribution", "Busways and panels", 8, 12,
     "estimate: busway returned to near-2019 lead times by 2024 (industry reports)"},
}};

} // namespace

QString installKindKey(InstallKind k) {
    return QLatin1String(kKinds[std::size_t(k)].key);
}

QString installKindLabel(InstallKind k) {
    return QLatin1String(kKinds[std::size_t(k)].label);
}

std::optional<InstallKind> installKindFromKey(const QString& key) {
    for (int i = 0; i < kInstallKindCount; ++i)
        if (key == QLatin1String(kKinds[std::size_t(i)].key))
            return InstallKind(i);
    return std::nullopt;
}

std::array<double, kInstallKindCount> LabourHours::defaults() {
    std::array<double, kInstallKindCount> out{};
    for (int i = 0; i < kInstallKindCount; ++i)
        out[std::size_t(i)] = kKinds[std::size_t(i)].labourHours;
    return out;
}

LeadTime leadTimeOf(InstallKind k) {
    const KindFacts& f = kKinds[std::size_t(k)];
    return {f.leadWeeks, QLatin1String(f.leadSource)};
}

} // namespace cds
