#pragma once

#include "../Ids.h"

#include <QString>

#include <vector>

namespace cds {

enum class Severity : std::uint8_t { Error, Warning, Info };
QString severityKey(Severity s); ///< "error", "warning", "info"

/// @brief What a finding points at, so the GUI can select it.
struct ObjectRef {
    enum class Kind : std::uint8_t { Design, Rack, Device, Link, Fabric, Pathway, PowerElement };
    Kind kind = Kind::Design;
    std::uint32_t id = 0;
    static ObjectRef rack(RackId r) { return {Kind::Rack, r.value()}; }
    static ObjectRef device(DeviceId d) { return {Kind::Device, d.value()}; }
    static ObjectRef link(LinkId l) { return {Kind::Link, l.value()}; }
    static ObjectRef fabric(FabricId f) { return {Kind::Fabric, f.value()}; }
    static ObjectRef pathway(PathwayId p) { return {Kind::Pathway, p.value()}; }
    static ObjectRef powerElement(PowerElementId e) { return {Kind::PowerElement, e.value()}; }
    auto operator<=>(const ObjectRef&) const = default;
};
QString objectKindKey(ObjectRef::Kind k);

/// @brief One result of a check: stable code, severity, message, the objects concerned and
/// the rule and threshold that fired.
struct Finding {
    QString code; ///< stable, e.g. "rack.power-density"
    Severity severity = Severity::Warning;
    QString message;
    std::vector<ObjectRef> objects;
    QString rule;      ///< the rule class that fired, e.g. "PowerDensityRule"
    QString threshold; ///< e.g. "air: warn > 10 kW, max 15 kW (seed quick reference ...)"
    bool waived = false;
    QString waiverReason;
    /// Identity for waivers: code plus the objects, stable across saves.
    QString key() const;
};

struct FindingCounts {
    int errors = 0, warnings = 0, infos = 0, waived = 0;
};
FindingCounts countFindings(const std::vector<Finding>& f);

} // namespace cds
