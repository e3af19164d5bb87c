#pragma once
// The power chain's checks (model/power): each quotes the element, its load and its capacity.

#include "Rule.h"

namespace cds {

/// @brief An element above its capacity in normal operation (power.element-overload), or,
/// with one element of a redundant pair or group out, a survivor above it
/// (power.n1-overload, the worst case named).
class PowerCapacityRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("PowerCapacityRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief On a redundant chain, a rack that one failure leaves with no live feed: both its
/// feeds run through one element, or it has only one (power.single-corded); a rack drawing
/// power with no feed on the chain (power.unfed).
class PowerFeedRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("PowerFeedRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief The GPUs' synchronous power swing (PowerChain::transientPct) against the UPS and
/// battery capacity left in the worst case and the generators' step-load acceptance; and the
/// batteries' ride-through against the time the standby generators need to take the load
/// (power.transient-headroom).
class PowerTransientRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("PowerTransientRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Capacity at the UPS tier still unused after the worst single failure, above the
/// chain's threshold (power.stranded, info).
class PowerStrandedRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("PowerStrandedRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Where the power racks stand: a placed element's floor area (PowerElement::area) inside
/// its hall, off every obstacle, rack and other placed element (power.rack-floor).
class PowerFloorRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("PowerFloorRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
    bool readsPlacement() const override { return true; }
    bool readsTrays() const override { return false; }
};

} // namespace cds
