#pragma once

#include "../Rule.h"

namespace cds {

/// @brief A port carrying two links, or a link on a port the device does not have.
class PortUseRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("PortUseRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Link ends of different speeds; a pinned medium that does not fit the ports.
class PortMismatchRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("PortMismatchRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief A switch whose fabric ports are all used: no spare port left (info), or links
/// planned on more ports than it has (error).
class PortExhaustionRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("PortExhaustionRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Downlink:uplink bandwidth of every leaf and spine, from its links, against the
/// fabric's target (leaves) or 1:1 (spines). A fabric claiming non-blocking is an error.
class OversubscriptionRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("OversubscriptionRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief Leaves reaching their spines (spines their cores) with unequal link counts, or
/// fewer of them than their peers; a leaf with fewer than two uplink paths.
class WiringBalanceRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("WiringBalanceRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief In a rail-optimized fabric, NIC i of a server must land on rail leaf i.
class RailAlignmentRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("RailAlignmentRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
};

/// @brief GPUs that cannot reach each other over the compute fabric, and a switch-hop
/// diameter above the 3-tier fat tree's 5 hops.
class HopCountRule final : public Rule {
public:
    explicit HopCountRule(int maxSwitchHops = 5)
        : m_maxHops(maxSwitchHops) {}
    QString name() const override { return QStringLiteral("HopCountRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;

private:
    int m_maxHops;
};

/// @brief A pinned medium shorter than its routed length; a link no catalog medium reaches.
class CableReachRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("CableReachRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
    bool readsPlacement() const override { return true; }
    bool checksLinksAlone() const override { return true; }
    /// Only @p links: the incremental re-check after a move (their routing is current).
    void checkLinks(const DesignData& d, const std::vector<LinkId>& links,
                    std::vector<Finding>& out) const override;
};

/// @brief A link between two halls of a campus whose cable or optics (pinned by the user, as
/// routing itself gives such a link single-mode optics only) are not single-mode: copper, an
/// AOC or multimode (`link.inter-hall-multimode`, warning). Between buildings the fibre is
/// single-mode, as TIA-942 and BICSI 002 lay out backbone cabling.
class InterHallMediaRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("InterHallMediaRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
    bool readsPlacement() const override { return true; } // a rack moved into another hall
    bool checksLinksAlone() const override { return true; }
    void checkLinks(const DesignData& d, const std::vector<LinkId>& links,
                    std::vector<Finding>& out) const override;

private:
    void checkLink(const DesignData& d, const std::vector<int>& rackHall, LinkId id, const Link& l,
                   std::vector<Finding>& out) const;
};

/// @brief Cables along the trays: a link no tray path carries (`link.no-pathway`), and trays
/// filled past their kind's fill limit (`tray.fill`: warning above the limit, error above the
/// tray's whole cross-section). Only designs with pathways are checked.
class PathwayRule final : public Rule {
public:
    QString name() const override { return QStringLiteral("PathwayRule"); }
    QStringList codes() const override;
    void check(const CheckContext& ctx, std::vector<Finding>& out) const override;
    bool readsPlacement() const override { return true; }
};

/// The incremental path after one rack moved: re-derives the length and medium of that
/// rack's links only and returns their reach findings (RackSpace and power are per rack and
/// unchanged by a move). @p index must be current; moving does not invalidate it.
std::vector<Finding> recheckMovedRack(DesignData& d, const DesignIndex& index, RackId rack);

} // namespace cds
