#pragma once

#include "../DesignData.h"

#include <QByteArray>
#include <QString>

namespace cds {

/// @brief The IPAM part of the NetBox bundle: the design's IP plan (model/addressing) as
/// NetBox objects. Everything is `reserved` (NetBox has no `planned` for IPAM objects).
struct NetBoxIpamFiles {
    /// Devices > Interfaces > Import: a virtual `loopback0` on every routed switch.
    QByteArray loopbacksCsv;
    QByteArray rirsCsv; ///< IPAM > RIRs > Import: the registry the ASNs come from
    QByteArray asnsCsv; ///< IPAM > ASNs > Import: one row per ASN the plan hands out
    /// IPAM > Prefixes > Import: the four pools (containers), each rack's management and BMC
    /// subnet, and every point-to-point /31, scoped to the site.
    QByteArray prefixesCsv;
    /// IPAM > IP Addresses > Import: both ends of every /31, the loopbacks (role loopback),
    /// the rack gateways, and each device's management (primary) and BMC (out-of-band)
    /// address on its port.
    QByteArray addressesCsv;
    /// Why there are no IPAM files: the plan's error (a pool too small, pools that overlap).
    QString error;
};

/// The IPAM files for @p d at @p site from its address pools (settings.addressing).
NetBoxIpamFiles netboxIpam(const DesignData& d, const QString& site);

/// The README's steps for the IPAM files.
QByteArray netboxIpamReadme();

} // namespace cds
