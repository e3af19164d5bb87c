#pragma once

#include "../ByteSink.h"
#include "../DesignData.h"

#include <QByteArray>
#include <QString>

namespace cds {

/// Writes the IPAM part of the NetBox bundle into @p out: the design's IP plan
/// (model/addressing, from its pools in settings.addressing) as NetBox objects, each file as
/// its rows are produced. Everything is `reserved` (NetBox has no `planned` for IPAM objects):
/// - 13-loopbacks.csv (Devices > Interfaces > Import): a virtual `loopback0` on every routed
///   switch;
/// - 14-rirs.csv (IPAM > RIRs > Import): the registry the ASNs come from;
/// - 15-asns.csv (IPAM > ASNs > Import): one row per ASN the plan hands out;
/// - 16-prefixes.csv (IPAM > Prefixes > Import): the four pools (containers), each rack's
///   management and BMC subnet, and every point-to-point /31, scoped to @p site;
/// - 17-ip-addresses.csv (IPAM > IP Addresses > Import): both ends of every /31, the loopbacks
///   (role loopback), the rack gateways, and each device's management (primary) and BMC
///   (out-of-band) address on its port.
/// When the plan cannot be made (a pool too small, pools that overlap) no file is written and
/// @p planError says why. Returns false when a file could not be written (out.error()).
bool writeNetBoxIpam(const DesignData& d, const QString& site, FolderSink& out, QString* planError);

/// The README's steps for the IPAM files.
QByteArray netboxIpamReadme();

} // namespace cds
