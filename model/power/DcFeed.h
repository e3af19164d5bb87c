#pragma once
// Which racks an 800 V DC chain feeds (PowerBuildOptions::dc800): one rule for the chain's
// builder, which names their power racks as the feeds, and the generator, which leaves their AC
// rack PDUs out.

#include "../Catalog.h"

namespace cds {

/// Whether a rack holding @p t is fed at 800 V DC from power racks when the chain is built with
/// PowerBuildOptions::dc800: a rack-scale liquid-cooled system (GB200 / GB300 NVL72), or a tray
/// of one (a design holds such a system as its trays since formatVersion 5). Its power racks
/// feed the rack's power shelves and busbar in place of AC rack PDUs, as in NVIDIA's 800 VDC
/// architecture.
inline bool fedAt800VoltsDc(const CatalogItem& t) {
    return (t.rackScale && t.liquidCooled) || t.tray != TrayKind::None;
}

} // namespace cds
