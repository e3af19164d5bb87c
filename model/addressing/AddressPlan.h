#pragma once

#include "../DesignData.h"

#include <cstdint>
#include <vector>

/// @file The IP plan derived from a design and its address pools (settings.addressing):
/// /31 point-to-point subnets on the routed fabric links, a /32 loopback and an ASN for each
/// routed switch, and a management and a BMC subnet for each rack. Derived, never stored.
namespace cds {

/// @brief A routed link's /31: the upper end (the switch nearer the core) takes the even
/// address, the lower end (a lower tier, or the host) the odd one.
struct P2pSubnet {
    LinkId link;
    Ipv4Prefix prefix;
    PortRef upper, lower;
};

/// @brief A routed switch's loopback /32 and BGP ASN.
struct SwitchAddress {
    DeviceId device;
    std::uint32_t loopback = 0;
    std::uint32_t asn = 0;
};

/// @brief A rack's management (in-band) or BMC subnet: the gateway takes the first address,
/// the devices the next ones, bottom of the rack first.
struct RackSubnet {
    RackId rack;
    Ipv4Prefix prefix;
    std::uint32_t gateway = 0;
    std::vector<std::pair<DeviceId, std::uint32_t>> devices;
};

/// @brief Everything the plan assigns, in the order the exports write it.
struct AddressPlan {
    AddressPools pools;
    std::vector<P2pSubnet> links;        ///< by fabric, then link id
    std::vector<SwitchAddress> switches; ///< by fabric, core first, then spines, then leaves
    std::vector<RackSubnet> management;  ///< racks holding hosts, in rack order
    std::vector<RackSubnet> bmc;         ///< racks holding devices with a BMC/OOB port
    int managementPrefixLength = 0;      ///< every rack's management subnet size, 0: none
    int bmcPrefixLength = 0;
    /// Why there is no plan: pools that overlap, or a pool too small for the design with the
    /// shortfall and the size that would do. Empty when the plan is complete.
    QString error;
};

/// True for a fabric whose links are routed (layer 3): Ethernet compute, storage and in-band
/// networks. InfiniBand is not IP-routed, and the out-of-band network is switched per rack.
bool isRoutedFabric(const Fabric& f);

/// "10.0.0.1/31": an address with its subnet's length, as interfaces carry it.
QString addressWithLength(std::uint32_t address, int length);

/// The logical port of @p v an address of @p role goes on (its first in-band or OOB port), or
/// -1 when its type has none.
int firstPortOfRole(const DesignData& d, const Device& v, PortRole role);

/// The plan for @p d from d.settings.addressing.
AddressPlan addressPlan(const DesignData& d);
/// The plan @p d would have with @p pools instead (the Address pools dialog checks with it).
AddressPlan addressPlan(const DesignData& d, const AddressPools& pools);

} // namespace cds
