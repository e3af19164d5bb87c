#pragma once

#include <QString>

/// @brief Every finding code, in one place: the stable identifiers that waivers, the problems
/// panel, `validate --json` and the README's rule tables use. A rule reports only these.
namespace cds::codes {

inline const QString kCoolingAirflow = QStringLiteral("cooling.airflow");
inline const QString kCoolingCduCapacity = QStringLiteral("cooling.cdu-capacity");

inline const QString kDataPowerMissing = QStringLiteral("data.power-missing");
inline const QString kDataWeightMissing = QStringLiteral("data.weight-missing");

inline const QString kFabricDiameter = QStringLiteral("fabric.diameter");
inline const QString kFabricNotNonBlocking = QStringLiteral("fabric.not-non-blocking");
inline const QString kFabricOversubscription = QStringLiteral("fabric.oversubscription");
inline const QString kFabricPartitioned = QStringLiteral("fabric.partitioned");
inline const QString kFabricRailMisaligned = QStringLiteral("fabric.rail-misaligned");
inline const QString kFabricSingleUplink = QStringLiteral("fabric.single-uplink");
inline const QString kFabricUnbalanced = QStringLiteral("fabric.unbalanced");

inline const QString kLinkInterHallMultimode = QStringLiteral("link.inter-hall-multimode");
inline const QString kLinkNoPathway = QStringLiteral("link.no-pathway");
inline const QString kLinkMediumMismatch = QStringLiteral("link.medium-mismatch");
inline const QString kLinkNoMedium = QStringLiteral("link.no-medium");
inline const QString kLinkReach = QStringLiteral("link.reach");
inline const QString kLinkSpeedMismatch = QStringLiteral("link.speed-mismatch");

inline const QString kNameInvalidHostname = QStringLiteral("name.invalid-hostname");

inline const QString kPortDoubleUse = QStringLiteral("port.double-use");
inline const QString kPortInvalid = QStringLiteral("port.invalid");
inline const QString kPortUnconnected = QStringLiteral("port.unconnected");

inline const QString kPowerElementOverload = QStringLiteral("power.element-overload");
inline const QString kPowerN1Overload = QStringLiteral("power.n1-overload");
inline const QString kPowerRackFloor = QStringLiteral("power.rack-floor");
inline const QString kPowerSingleCorded = QStringLiteral("power.single-corded");
inline const QString kPowerStranded = QStringLiteral("power.stranded");
inline const QString kPowerTransientHeadroom = QStringLiteral("power.transient-headroom");
inline const QString kPowerUnfed = QStringLiteral("power.unfed");

inline const QString kRackNeedsLiquid = QStringLiteral("rack.needs-liquid");
inline const QString kRackOnObstacle = QStringLiteral("rack.on-obstacle");
inline const QString kRackOutsideHall = QStringLiteral("rack.outside-hall");
inline const QString kRackOverlap = QStringLiteral("rack.overlap");
inline const QString kRackPowerDensity = QStringLiteral("rack.power-density");
inline const QString kRackUOverflow = QStringLiteral("rack.u-overflow");
inline const QString kRackUOverlap = QStringLiteral("rack.u-overlap");
inline const QString kRackWeightLimit = QStringLiteral("rack.weight-limit");

inline const QString kResilienceBlastRadius = QStringLiteral("resilience.blast-radius");
inline const QString kResilienceCduNoSpare = QStringLiteral("resilience.cdu-no-spare");
inline const QString kResilienceSharedUpstream = QStringLiteral("resilience.shared-upstream");

inline const QString kSiteHallOverlap = QStringLiteral("site.hall-overlap");
inline const QString kSitePathwayDeadEnd = QStringLiteral("site.pathway-dead-end");
inline const QString kSiteRackOutsideHalls = QStringLiteral("site.rack-outside-halls");

inline const QString kSwitchPortExhaustion = QStringLiteral("switch.port-exhaustion");

inline const QString kTrayFill = QStringLiteral("tray.fill");

} // namespace cds::codes
