#pragma once

#include "Rule.h"

namespace cds {

/// @brief Devices overlapping in a rack's U space, or reaching past its top.
/// Mounting face is not considered: GPU servers and fabric switches are full depth.
class RackSpaceRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("RackSpaceRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Rack IT load against its cooling type's envelope (DesignSettings::cooling).
class PowerDensityRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("PowerDensityRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Devices or racks whose catalog entry has no power or weight figure.
class MissingDataRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("MissingDataRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Rack weight (rack + devices) against its static load rating and the floor limit.
class RackWeightRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("RackWeightRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Where racks stand: inside the hall, off every obstacle, not overlapping each other.
/// The studio refuses such moves; files, paste and generate can still make them.
class RackPlacementRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("RackPlacementRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
    bool readsPlacement() const override { return true; }
    bool readsTrays() const override { return false; }
};

/// @brief A campus's halls (model/site): no two overlap on the site, every rack stands in
/// one of them, and every pathway leads somewhere: an end in no hall and on no other pathway
/// (a duct bank to a hall that was removed) is a dead end. A design without halls is one hall,
/// the floor, and has nothing to check here.
class SiteRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("SiteRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
    bool readsPlacement() const override { return true; }
};

/// @brief Liquid-only systems (NVL72, MI355X) on racks without liquid cooling, and a CDU plant
/// that cannot carry the direct-liquid heat with one unit out of service (N+1).
class LiquidCoolingRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("LiquidCoolingRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief The heat the room's air must remove (air racks, what rear doors cannot carry, the
/// air share of direct-liquid racks) against the room's air cooling capacity, when the design
/// gives one: a warning above 90 % of it, an error above it. Quotes the airflow and the
/// inlet class.
class AirflowRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("AirflowRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Required ports (compute NICs, BMC...) with no cable.
class UnconnectedPortRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("UnconnectedPortRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Servers and switches whose names cannot become host names (Slurm, Kubernetes,
/// DNS): found while designing, before an export refuses them. names::hostNameProblem decides.
class HostNameRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("HostNameRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

} // namespace cds
